/**
 * The customer's notes as a partner reads them before accepting: any phone number, e-mail address
 * or link is out, whatever surrounds it, and the rest of the words stay; after accepting, links
 * are written as text.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { removedWords, withoutContactDetails, withoutLiveLinks } from '../../server/partners/customer-text.ts';

const digits = (n: number) => fc.array(fc.integer({ min: 0, max: 9 }), { minLength: n, maxLength: n }).map((d) => d.join(''));
/** New Zealand numbers as people type them: mobiles, landlines, freephone, with +64 or 0, spaced or not. */
const phone = fc
  .tuple(
    fc.constantFrom('021', '022', '027', '029', '09', '07', '03', '04', '0800', '+64 21', '+6427', '(09)'),
    digits(3),
    digits(4),
    fc.constantFrom(' ', '-', '', '.'),
  )
  .map(([prefix, a, b, sep]) => `${prefix}${sep || ' '}${a}${sep}${b}`);
const word = fc.stringMatching(/^[A-Za-z]{1,10}$/);
const email = fc
  .tuple(word, word, fc.constantFrom('co.nz', 'com', 'nz', 'net.nz'))
  .map(([user, host, tld]) => `${user.toLowerCase()}@${host.toLowerCase()}.${tld}`);
const link = fc
  .tuple(
    fc.constantFrom('https://', 'http://', 'www.', ''),
    word,
    fc.constantFrom('.com', '.co.nz', '.example', '.io'),
    fc.constantFrom('', '/login', '/a/b?c=d'),
  )
  .map(([scheme, host, tld, path]) => `${scheme}${host.toLowerCase()}${tld}${path}`);
const filler = fc.array(fc.constantFrom('Freezer', 'reading', '-8', 'since', 'Tuesday.', 'Two', 'units,', '1200mm', 'wide', 'and', 'call', 'on'), {
  maxLength: 6,
});

describe('the notes before a partner accepts', () => {
  it('never carry a phone number, e-mail address or link, and keep the words around them', () => {
    fc.assert(
      fc.property(filler, fc.oneof(phone, email, link), filler, (before, secret, after) => {
        const text = [...before, secret, ...after].join(' ');
        const shown = withoutContactDetails(text);
        expect(shown).not.toContain(secret);
        expect(shown).not.toMatch(/\d{3}[\s.-]?\d{4}/);
        expect(shown).not.toMatch(/@|https?:|www\./);
        // Words that start with a digit may be read as part of a number and go with it.
        const words = [...before, ...after].filter((word) => !/^\d/.test(word));
        expect(words.filter((word) => !shown.includes(word))).toEqual([]);
        expect(Object.values(removedWords).some((w) => shown.includes(w))).toBe(true);
      }),
      { numRuns: 500 },
    );
  });

  it('take out two or more numbers written one after the other, none of their digits left behind', () => {
    fc.assert(
      fc.property(fc.array(phone, { minLength: 2, maxLength: 4 }), filler, (numbers, after) => {
        const lastDigits = numbers.map((number) => number.replace(/\D/g, '').slice(-4));
        // The words after them may hold the same digits of their own ("1200mm" after "021 000 1200", seed -1467866956).
        fc.pre(lastDigits.every((digits) => !after.join(' ').replace(/\D/g, '').includes(digits)));
        const shown = withoutContactDetails([...numbers, ...after].join(' '));
        for (const digits of lastDigits) expect(shown.replace(/\D/g, '')).not.toContain(digits);
      }),
      { numRuns: 300 },
    );
    // That case itself: the numbers go, the size stays.
    const shown = withoutContactDetails('021 000 0000 021 000 1200 Freezer 1200mm');
    expect(shown).not.toMatch(/021|000 0000|000 1200/);
    expect(shown).toContain('Freezer 1200mm');
  });

  it('leave temperatures, sizes, dates and model numbers alone', () => {
    const text = 'Display freezer alarm going off, reading -8 °C since 2026-11-26. Model RX-2000, 2 x 1200mm, 3.5 kW.';
    expect(withoutContactDetails(text)).toBe(text);
  });
});

describe('the notes after a partner accepts', () => {
  it('write every link as text, and keep e-mail addresses and phone numbers as typed', () => {
    fc.assert(
      fc.property(link, email, phone, (url, address, number) => {
        const shown = withoutLiveLinks(`See ${url} or write to ${address}, ph ${number}`);
        expect(shown).toContain(address);
        // Past the address itself, which may hold "www." legitimately (a@www.co.nz).
        expect(shown.replace(address, '')).not.toMatch(/https?:\/\/|www\.[a-z]/i);
        expect(shown).toContain(number);
      }),
      { numRuns: 300 },
    );
  });
});
