/** What a page view's beacon says of where the visit came from: only what the counts need. */
import { describe, expect, it } from 'vitest';
import { beaconTouch } from '../../src/lib/visit-beacon.ts';
import type { FirstTouch } from '../../src/lib/tracking.ts';

const touch = (fields: Partial<FirstTouch>): FirstTouch => ({
  utm_source: '',
  utm_medium: '',
  utm_campaign: '',
  utm_term: '',
  utm_content: '',
  gclid: '',
  referrer: '',
  ...fields,
});

describe('the beacon’s first touch', () => {
  it('keeps the referring site’s origin, not its page, and a Google Ads click as a yes', () => {
    expect(beaconTouch(touch({ referrer: 'https://www.google.co.nz/search?q=cool+room+auckland', gclid: 'Cj0KCQiA-secret' }), 'https://site.nz')).toEqual({
      utm_source: '',
      utm_medium: '',
      utm_campaign: '',
      gclid: '1',
      referrer: 'https://www.google.co.nz',
    });
  });

  it('says nothing of a referrer on the site itself, and cuts campaign values to what the server takes', () => {
    const sent = beaconTouch(touch({ referrer: 'https://site.nz/contact', utm_campaign: 'x'.repeat(300) }), 'https://site.nz');
    expect(sent.referrer).toBe('');
    expect(sent.utm_campaign).toHaveLength(100);
    expect(JSON.stringify({ kind: 'view', path: '/a-long-page-path-of-the-site', ...sent }).length).toBeLessThan(1024);
  });
});
