/**
 * Attribution carried by every quote request: first-touch UTM values and gclid kept for
 * the visit, the landing page's referrer, and the page, path and device of the submission.
 */
import { deviceFromUserAgent, type TrackingFieldName } from '../../core/lead/fields.ts';

export const FIRST_TOUCH_KEY = 'crnz:first-touch';
export const campaignParams = ['utm_source', 'utm_medium', 'utm_campaign', 'utm_term', 'utm_content', 'gclid'] as const;
type CampaignParam = (typeof campaignParams)[number];

export type FirstTouch = Record<CampaignParam | 'referrer', string>;

/** Storage may be missing or throw (privacy modes); attribution is then best-effort, never an error. */
type KeyValueStore = Pick<Storage, 'getItem' | 'setItem'>;

function read(storage: KeyValueStore | undefined): FirstTouch | null {
  try {
    const raw = storage?.getItem(FIRST_TOUCH_KEY);
    return raw ? (JSON.parse(raw) as FirstTouch) : null;
  } catch {
    return null;
  }
}

function fromLanding(href: string, referrer: string): FirstTouch {
  const params = new URL(href).searchParams;
  const touch = { referrer } as FirstTouch;
  for (const key of campaignParams) touch[key] = params.get(key) ?? '';
  return touch;
}

/** Records the landing page's campaign values once per visit; later pages of the visit keep the first. */
export function captureFirstTouch(href: string, referrer: string, storage: KeyValueStore | undefined): FirstTouch {
  const existing = read(storage);
  if (existing) return existing;
  const touch = fromLanding(href, referrer);
  try {
    storage?.setItem(FIRST_TOUCH_KEY, JSON.stringify(touch));
  } catch {
    // Storage full or blocked: the values still go with a submit from this page.
  }
  return touch;
}

/** The hidden tracking fields for a submit made now from `href`. */
export function trackingValues(href: string, referrer: string, userAgent: string, storage: KeyValueStore | undefined): Record<TrackingFieldName, string> {
  const touch = captureFirstTouch(href, referrer, storage);
  const url = new URL(href);
  return { ...touch, page_url: href, path: url.pathname, device: deviceFromUserAgent(userAgent) };
}
