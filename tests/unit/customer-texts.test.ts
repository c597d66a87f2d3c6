/**
 * The customer's texts at their longest realistic values: each within two GSM-7 parts, in plain
 * GSM-7 letters whatever the names hold (a macron or an emoji would halve the room), with no link,
 * the business's 24/7 line and how to stop them; and first names read from an address only when it
 * names a person.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { acknowledgedText, committedText, CUSTOMER_TEXT_PARTS, handedBackText, nobodyYetText, onMyWayText } from '../../server/outbox/customer-texts.ts';
import { firstNameOf } from '../../server/dispatch/customer-updates.ts';
import { textParts } from '../../server/sms/segments.ts';
import { textWords } from '../../server/sms/text-words.ts';
import type { InboxLead } from '../../server/storage/lead-work.ts';

/** An urgent Hamilton request at 6:45 am on a Wednesday, New Zealand time: on site by 12:45 pm, the longest time of day. */
const lead = { created_at: '2026-11-24T17:45:00.000Z', city: 'Hamilton', urgent: true } as InboxLead;
const LONGEST_NAME = 'Whakatāne Commercial Refrigeration & Air Conditioning Services Limited (Waikato branch)';
const LONGEST_PHONE = '+64 (0)21 1234 5678 ext 999';
const ARRIVE = Date.parse('2026-11-25T23:45:00.000Z');

function expectCustomerText(text: string) {
  const parts = textParts(text);
  expect(parts.encoding, text).toBe('GSM-7');
  expect(parts.segments, text).toBeLessThanOrEqual(CUSTOMER_TEXT_PARTS);
  expect(text).not.toMatch(/https?:|www\.|\.(?:nz|com)\b\//i);
  expect(text).toContain('Reply STOP');
}

describe('the texts to a customer', () => {
  it('stay within two parts, in GSM-7, with no link, at the longest names and numbers', () => {
    const texts = [
      committedText({ name: LONGEST_NAME, phone: LONGEST_PHONE }, lead),
      acknowledgedText('Bartholomew', lead),
      acknowledgedText(undefined, lead),
      onMyWayText({ name: LONGEST_NAME, phone: LONGEST_PHONE }, ARRIVE),
      handedBackText({ name: LONGEST_NAME }),
      nobodyYetText(),
    ];
    for (const text of texts) expectCustomerText(text);
    expect(texts[0]).toMatch(
      /^Commercial Refrigeration NZ: Whakatane Commercial .* has taken your urgent job and is due on site by \w{3} \d{1,2}:\d{2} [ap]m\. Their number: \+64/,
    );
    expect(texts[3]).toMatch(/is on the way to you and expects to arrive by \w{3} \d{1,2}:\d{2} [ap]m\./);
    for (const text of [texts[0], texts[1], texts[4], texts[5]]) expect(text).toContain('0800 374 343');
    expect(texts[5]).toContain('we have not yet found a technician');
    // Nothing promised that nobody stands behind: the business aims, it does not promise.
    expect(texts[1]).toContain('We aim to have someone on site by');
  });

  it('says who, their number and when, for an ordinary name', () => {
    expect(committedText({ name: 'Hannah Lee', phone: '021 555 0202' }, lead)).toBe(
      'Commercial Refrigeration NZ: Hannah Lee has taken your urgent job and is due on site by Wed 12:45 pm. Their number: 021 555 0202. Anything else, call us 24/7 on 0800 374 343. Reply STOP to stop these texts.',
    );
  });

  it('hold any partner name and phone within two parts and GSM-7', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 120, unit: 'grapheme' }), fc.string({ maxLength: 40 }), (name, phone) => {
        expectCustomerText(committedText({ name, phone }, lead));
        expectCustomerText(onMyWayText({ name, phone }, ARRIVE));
        expectCustomerText(handedBackText({ name }));
      }),
      { numRuns: 300 },
    );
  });

  it('answer a customer’s reply without a link', () => {
    expect(textParts(textWords.customer.noted).segments).toBe(1);
    expect(textWords.customer.noted).toContain('0800 374 343');
  });

  it('name the person who acknowledged by their address only when it names a person', () => {
    expect(firstNameOf('hannah.lee@kaicafe.co.nz')).toBe('Hannah');
    expect(firstNameOf('TAMA@example.nz')).toBe('Tama');
    for (const email of ['office@example.nz', 'quotes@example.nz', 'j@example.nz', '007@example.nz', 'info.desk@example.nz'])
      expect(firstNameOf(email)).toBeUndefined();
  });
});
