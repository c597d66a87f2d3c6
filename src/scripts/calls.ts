/**
 * Phone taps measured: a click (or tap, or Enter) on any `tel:` link sends the GA4 event
 * `click_to_call` with the page path and where the link was. Guarded like the other events (only
 * when gtag exists, and an error in it is swallowed) and never prevents the call itself.
 */
import { callLocation } from '../lib/call-tracking.ts';
import { sendEvent } from '../lib/analytics.ts';

document.addEventListener(
  'click',
  (event) => {
    const link = event.target instanceof Element ? event.target.closest('a[href^="tel:"]') : null;
    if (!link) return;
    sendEvent('click_to_call', {
      page_path: window.location.pathname,
      link_location: callLocation(link),
      // Sent with sendBeacon, so it is not lost when the phone app takes over.
      transport_type: 'beacon',
    });
  },
  { capture: true },
);
