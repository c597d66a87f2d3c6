/**
 * Google Analytics 4 through gtag, only when the build set PUBLIC_GA_MEASUREMENT_ID (the head
 * then carries it in a meta element). Events elsewhere go through sendEvent (src/lib/analytics.ts).
 */
import '../lib/analytics.ts';

const id = document.querySelector<HTMLMetaElement>('meta[name="ga-measurement-id"]')?.content;
if (id) {
  const dataLayer = (window.dataLayer ??= []);
  window.gtag = function gtag() {
    // gtag.js reads the arguments object itself, as Google's snippet does.
    // eslint-disable-next-line prefer-rest-params
    dataLayer.push(arguments);
  };
  window.gtag('js', new Date());
  window.gtag('config', id);
  const s = document.createElement('script');
  s.async = true;
  s.src = `https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(id)}`;
  document.head.append(s);
}
