/**
 * Counts the visit, after the page has loaded: one page view, the quote form's funnel (scrolled
 * into view, first field touched) and, once the visitor first scrolls, taps or types, the page's
 * Core Web Vitals (web-vitals is fetched only then, so it costs a page nothing on load and nothing
 * in a lab test that never touches the page).
 */
import { FORM_NAME } from '../../core/lead/fields.ts';
import { captureFirstTouch } from '../lib/tracking.ts';
import { beaconTouch, sendBeacon } from '../lib/visit-beacon.ts';
// The library's own module file by its address: imported as is when wanted, with no loader of the
// bundler's on the page (that alone would double this script's size).
import webVitalsUrl from 'web-vitals?url';
import type * as WebVitals from 'web-vitals';

const path = window.location.pathname;
const forms = `form[name="${FORM_NAME}"]`;

function countVisit() {
  let storage: Storage | undefined;
  try {
    storage = window.sessionStorage;
  } catch {
    storage = undefined;
  }
  sendBeacon({ kind: 'view', path, ...beaconTouch(captureFirstTouch(window.location.href, document.referrer, storage), window.location.origin) });

  const shown = document.querySelectorAll(forms);
  if (shown.length && 'IntersectionObserver' in window) {
    const seen = new IntersectionObserver((entries) => {
      if (!entries.some((e) => e.isIntersecting)) return;
      seen.disconnect();
      sendBeacon({ kind: 'seen', path });
    });
    shown.forEach((form) => seen.observe(form));
  }
  const started = (event: Event) => {
    if (!(event.target instanceof Element) || !event.target.closest(forms)) return;
    document.removeEventListener('focusin', started);
    sendBeacon({ kind: 'started', path });
  };
  document.addEventListener('focusin', started);

  const firstTouch = ['pointerdown', 'keydown', 'scroll', 'touchstart'];
  const loadVitals = () => {
    for (const type of firstTouch) window.removeEventListener(type, loadVitals, true);
    // Each sent once web-vitals has its final value (mostly when the page is hidden); the browser
    // kept the entries from before the first interaction, so LCP and CLS count from the start.
    void (import(/* @vite-ignore */ webVitalsUrl) as Promise<typeof WebVitals>).then(({ onCLS, onINP, onLCP }) => {
      const report = (metric: { name: string; value: number }) => {
        if (metric.name === 'LCP' || metric.name === 'INP' || metric.name === 'CLS')
          sendBeacon({ kind: 'vital', path, metric: metric.name, value: metric.value });
      };
      onLCP(report);
      onINP(report);
      onCLS(report);
    });
  };
  for (const type of firstTouch) window.addEventListener(type, loadVitals, { capture: true, passive: true });
}

if (document.readyState === 'complete') setTimeout(countVisit);
else window.addEventListener('load', () => setTimeout(countVisit), { once: true });
