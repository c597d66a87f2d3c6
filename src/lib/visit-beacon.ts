/**
 * The visit beacon's one way out: a small JSON body by navigator.sendBeacon to the lead server on
 * the page's own origin. No cookie is read or set and nothing is written to storage here; the
 * first-touch values it carries are the ones the quote form sends (lib/tracking.ts), cut to what the
 * counts need (the referrer as its origin, a Google Ads click as a yes or no).
 */
import { BEACON_PATH, type Beacon, type BeaconTouch } from '../../core/visit/beacon-fields.ts';
import type { FirstTouch } from './tracking.ts';

export function sendBeacon(beacon: Beacon): void {
  try {
    navigator.sendBeacon(BEACON_PATH, JSON.stringify(beacon));
  } catch {
    // No sendBeacon (an old browser) or the queue is full: a page view goes uncounted, nothing breaks.
  }
}

function origin(url: string): string {
  return URL.canParse(url) ? new URL(url).origin : '';
}

/** What a page view says of where the visit came from; a referrer on the site itself says nothing. */
export function beaconTouch(touch: FirstTouch, siteOrigin: string): BeaconTouch {
  const referrer = origin(touch.referrer);
  return {
    utm_source: touch.utm_source.slice(0, 100),
    utm_medium: touch.utm_medium.slice(0, 100),
    utm_campaign: touch.utm_campaign.slice(0, 100),
    gclid: touch.gclid ? '1' : '',
    referrer: referrer === siteOrigin ? '' : referrer.slice(0, 200),
  };
}
