/**
 * The plain text boxes' "Insert…": what it writes around the selection, and that nothing outside
 * the selected words changes; and where a link may lead.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { insertBlock, LINK_TARGET } from '../../src/inbox/site/text-format.ts';

describe('the text buttons', () => {
  it('link only to a page of the site, a secure address, an e-mail or a phone number', () => {
    for (const ok of ['/contact', '/', '/blog/lease-vs-buy#costs', 'https://www.energywise.govt.nz/', 'mailto:info@example.co.nz', 'tel:+64800374343'])
      expect(LINK_TARGET.test(ok), ok).toBe(true);
    for (const bad of ['javascript:alert(1)', 'http://example.com', 'contact', '/a b', '/a)(b', 'https://', 'data:text/html,x', ''])
      expect(LINK_TARGET.test(bad), bad).toBe(false);
  });

  it('put a figure where the cursor is, spaced from the words either side', () => {
    const at = (text: string, caret: string, end = caret) => ({ text, start: text.indexOf(caret), end: text.indexOf(end) + end.length });
    // Among words: spaced from a word either side, not from the stop or bracket beside it.
    const call = insertBlock({ text: 'Call us on.', start: 10, end: 10 }, '<EmergencyLine />');
    expect(call.text).toBe('Call us on <EmergencyLine />.');
    expect(call.text.slice(call.start, call.end)).toBe('<EmergencyLine />');
    expect(insertBlock({ text: 'From now', start: 4, end: 4 }, '<Price of="displayFridge" />').text).toBe('From <Price of="displayFridge" /> now');
    expect(insertBlock({ text: '(x)', start: 1, end: 2 }, '<Business />').text).toBe('(<Business />)');
    // The selected words are replaced, as typing over them would.
    expect(insertBlock(at('Costs NZ$1,500 to NZ$4,000.', 'NZ$1,500', 'NZ$4,000'), '<Price of="displayFridge" />').text).toBe(
      'Costs <Price of="displayFridge" />.',
    );
  });

  it('keep the text either side of a figure put among words', () => {
    const selected = fc
      .tuple(fc.string({ unit: fc.constantFrom('a', ' ', '\n', '.', '(', '1', '|') }), fc.nat(), fc.nat())
      .map(([text, a, b]) => ({ text, start: Math.min(a, b) % (text.length + 1), end: Math.max(a, b) % (text.length + 1) }))
      .filter((s) => s.start <= s.end);
    fc.assert(
      fc.property(selected, (s) => {
        const out = insertBlock(s, '<Business />');
        expect(out.text.slice(out.start, out.end)).toBe('<Business />');
        // Before and after it, the text as it was, give or take the one space that parts it from a word.
        expect([s.text.slice(0, s.start), `${s.text.slice(0, s.start)} `]).toContain(out.text.slice(0, out.start));
        expect([s.text.slice(s.end), ` ${s.text.slice(s.end)}`]).toContain(out.text.slice(out.end));
      }),
      { numRuns: 500 },
    );
  });
});
