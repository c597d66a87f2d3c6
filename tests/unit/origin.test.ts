/**
 * "Where this came from" in words: the tracking fields a quote request carried become the sentences
 * the lead e-mail and the inbox's lead page both show, never `utm_source` or `gclid` themselves.
 */
import { describe, expect, it } from 'vitest';
import { trackingFields, type TrackingFieldName } from '../../core/lead/fields.ts';
import { originLines } from '../../core/lead/origin.ts';
import { originLines as emailOriginLines } from '../../server/outbox/lead-email.ts';
import type { StoredLead } from '../../server/storage/types.ts';

const none = Object.fromEntries(trackingFields.map((f) => [f.name, ''])) as Record<TrackingFieldName, string>;
const tracked = (fields: Partial<Record<TrackingFieldName, string>>) => ({ ...none, ...fields });

const examples = [
  tracked({}),
  tracked({ path: '/emergency-repairs', device: 'mobile' }),
  tracked({
    path: '/auckland',
    utm_source: 'google',
    utm_medium: 'cpc',
    utm_campaign: 'auckland-repairs',
    utm_term: 'fridge repair',
    utm_content: 'ad-2',
    gclid: 'Cj0KCQiA-example',
    page_url: 'https://commercialrefrigeration.nz/auckland?gclid=Cj0KCQiA-example',
    device: 'desktop',
  }),
  tracked({ referrer: 'https://www.facebook.com/some/post', path: '/cool-rooms' }),
  tracked({ referrer: 'not an address', utm_term: 'walk-in freezer' }),
];

describe('where a lead came from, in words', () => {
  it('says the page, the campaign, a Google Ads click, the referring site and the device as sentences', () => {
    expect(originLines(examples[2]!)).toEqual([
      'Sent from the page /auckland',
      'Campaign: google / cpc / auckland-repairs (term “fridge repair”, ad “ad-2”)',
      'From a Google Ads click',
      'On a desktop',
    ]);
    expect(originLines(examples[3]!)).toEqual(['Sent from the page /cool-rooms', 'Arrived from www.facebook.com']);
    expect(originLines(examples[0]!)).toEqual(['No campaign or referring site recorded (typed in, bookmarked or an app)']);
    // A referrer that is not an address is left out rather than shown raw.
    expect(originLines(examples[4]!)).toEqual(['Campaign: (term “walk-in freezer”)']);
  });

  it('never shows a field’s name or the raw page address', () => {
    for (const lead of examples)
      for (const line of originLines(lead)) {
        expect(line).not.toMatch(/utm_|gclid|page_url|Cj0KCQiA/);
        expect(line).not.toContain('https://');
      }
  });

  it('is word for word what the lead e-mail says', () => {
    for (const lead of examples) expect(originLines(lead)).toEqual(emailOriginLines(lead as unknown as StoredLead));
  });
});
