/**
 * The pages behind a review message's links, in the site's own look: a link that ended or was never
 * ours, and the unsubscribe page (one button, because mail scanners fetch every link they see and a
 * fetch must change nothing) with its answer.
 */
import { h, renderFragment } from '../html/render.ts';
import { Notice, Section } from '../partners/partner-page-parts.ts';
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
