/**
 * The pages behind a review message's links, in the site's own look: a link that ended or was never
 * ours, and the unsubscribe page (one button, because mail scanners fetch every link they see and a
 * fetch must change nothing) with its answer, and the page a review link opens on its way to Google.
 */
import { h, renderFragment } from '../html/render.ts';
import { LinkButton, Notice, Section } from '../partners/partner-page-parts.ts';
import { reviewWords } from './review-words.ts';

const w = reviewWords.page;

export function messageMain(heading: string, message: string): string {
  return renderFragment(h(Section, { heading }, h(Notice, null, message)));
}

export function unsubscribeMain(action: string): string {
  return renderFragment(
    h(
      Section,
      { heading: w.unsubscribeTitle },
      h('p', { className: 'mt-4 text-slate-700' }, w.unsubscribeAsk),
      h('form', { method: 'post', action, className: 'mt-6' }, h('button', { type: 'submit', className: 'btn-primary' }, w.unsubscribeButton)),
    ),
  );
}

/**
 * The page a review link opens: its script counts the press and goes on to Google at once; without
 * script, the button goes there. A mail system's scanner mostly fetches the page and runs no script,
 * so it counts nothing, whatever browser it claims to be; one that runs the page in a browser it
 * drives says so (navigator.webdriver), and is sent on without being counted.
 */
export function goMain(google: string, script: string): string {
  return renderFragment(
    h(
      Section,
      { heading: w.goTitle },
      h(Notice, null, w.going),
      h('div', { className: 'mt-6' }, h(LinkButton, { href: google, primary: true }, w.goButton)),
      h('script', { src: script, defer: true }),
    ),
  );
}

/**
 * The script of that page: the press is posted to the link's own address (a beacon outlives the
 * page it leaves), then the page is swapped for Google's, so Back returns to the message. Plain
 * JavaScript served as it is: a few lines need no build step.
 */
export const PRESS_SCRIPT = `(() => {
  const google = document.querySelector('main a[href^="https://search.google.com/"]');
  if (!google) return;
  if (!navigator.webdriver) navigator.sendBeacon(location.pathname);
  location.replace(google.href);
})();
`;
