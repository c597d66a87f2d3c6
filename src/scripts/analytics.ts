/**
 * Google Analytics 4 through gtag, only when the build set PUBLIC_GA_MEASUREMENT_ID (the head
 * then carries it in a meta element). Every event call elsewhere checks that window.gtag exists.
 */
const id = document.querySelector<HTMLMetaElement>('meta[name="ga-measurement-id"]')?.content;
if (id) {
  const w = window as unknown as { dataLayer: unknown[]; gtag: (...args: unknown[]) => void };
  w.dataLayer = w.dataLayer || [];
  w.gtag = function gtag() {
    // gtag.js reads the arguments object itself, as Google's snippet does.
    // eslint-disable-next-line prefer-rest-params
    w.dataLayer.push(arguments);
  };
  w.gtag('js', new Date());
  w.gtag('config', id);
  const s = document.createElement('script');
  s.async = true;
  s.src = `https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(id)}`;
  document.head.append(s);
}
