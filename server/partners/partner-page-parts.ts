/**
 * The building blocks every server page for partners and customers is made of (the offer page, "Your
 * jobs", the review links): a page's one section and heading, a status line, a link as a big button,
 * a press as a plain form post back to the offer page, and the customer's own line breaks.
 */
import { nzTime } from '../../core/nz-time.ts';
import { h, type ReactElement, type ReactNode } from '../html/render.ts';
import { PARTNER_PATH, OFFER_TOKEN_PARAM } from './partner-links.ts';

/** A time as the partner reads it, in New Zealand. */
export const when = (ms: number) => nzTime(new Date(ms).toISOString());

export type PartnerAction = 'view' | 'accept' | 'decline' | 'on_site' | 'quote_sent' | 'undo_on_site' | 'undo_quote_sent' | 'on_my_way' | 'done' | 'hand_back';
/** A step that asks before it records: "On site", "Quote sent" and "Job done". */
export type Confirming = 'on_site' | 'quote_sent' | 'done';
/** What the page says after a press that recorded nothing: a hand back without its reason. */
export type PageProblem = 'hand_back_reason';

/** One answer as a form post back to the page: the token, the action, and `children` before them (the decline's reason). */
export function ActionForm({
  token,
  action,
  label,
  primary,
  confirmed = false,
  children,
}: {
  token: string;
  action: PartnerAction;
  label: string;
  primary: boolean;
  confirmed?: boolean;
  children?: ReactNode;
}): ReactElement {
  return h(
    'form',
    { method: 'post', action: PARTNER_PATH, className: 'mt-4' },
    children,
    h('input', { type: 'hidden', name: OFFER_TOKEN_PARAM, value: token }),
    h('input', { type: 'hidden', name: 'action', value: action }),
    confirmed && h('input', { type: 'hidden', name: 'confirm', value: 'yes' }),
    h('button', { type: 'submit', className: `${primary ? 'btn-primary' : 'btn-secondary'} w-full` }, label),
  );
}

export function Section({ heading, children }: { heading: string; children?: ReactNode }): ReactElement {
  return h(
    'section',
    { className: 'section bg-white' },
    h('div', { className: 'container-page max-w-2xl' }, h('h1', { id: 'page-title', className: 'text-2xl font-bold text-brand-900' }, heading), children),
  );
}

/** The customer's own line breaks kept as <br>: the site's stylesheet has no pre-line rule to lean on. */
export function Lines({ text }: { text: string }): ReactNode {
  return text.split(/\r?\n/).flatMap((line, i) => (i === 0 ? [line] : [h('br', { key: i }), line]));
}

export function Notice({ children }: { children?: ReactNode }): ReactElement {
  return h('p', { className: 'mt-4 text-lg font-semibold text-brand-900', role: 'status' }, children);
}

/** A link as a full-width button a thumb can hit. */
export function LinkButton({ href, primary, children }: { href: string; primary: boolean; children?: ReactNode }): ReactElement {
  return h('a', { href, className: `${primary ? 'btn-primary' : 'btn-secondary'} w-full` }, children);
}
