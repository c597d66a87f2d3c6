/**
 * The controls of a job a partner holds, on its offer page: where it stands ("On my way", on site,
 * done), "On site" and "Quote sent" (asked first, then undoable for a while), "On my way" with how
 * soon, "Job done", and "I can't do this job" with its reason.
 */
import { isNzMobile } from '../../core/partner/nz-mobile.ts';
import type { OfferView } from '../dispatch/partner-offers.ts';
import { HAND_BACK_REASON_MAX, ON_WAY_MINUTES, UNDO_WITHIN_MS } from '../dispatch/offer-answers.ts';
import { customerTexting } from '../dispatch/customer-updates.ts';
import { h, type ReactElement, type ReactNode } from '../html/render.ts';
import { ActionForm, Notice, when, type Confirming, type PageProblem } from './partner-page-parts.ts';
import { PARTNER_PATH, OFFER_TOKEN_PARAM } from './partner-links.ts';
import { partnerWords } from './partner-words.ts';

const w = partnerWords.page;

/** "On site" or "Quote sent": asked first, recorded, then undoable for a while. */
export function Progress({ view, token, confirming }: { view: OfferView; token: string; confirming: Confirming | undefined }): ReactNode {
  const { offer, lead } = view;
  const steps: {
    action: 'on_site' | 'quote_sent';
    at: number | null;
    label: string;
    recorded: (when: string) => string;
    ask: string;
    yes: string;
    shown: boolean;
  }[] = [
    { action: 'on_site', at: offer.on_site_at, label: w.onSite, recorded: w.onSiteAt, ask: w.confirmOnSite, yes: w.yesOnSite, shown: Boolean(lead?.urgent) },
    { action: 'quote_sent', at: offer.quote_sent_at, label: w.quoteSent, recorded: w.quoteSentAt, ask: w.confirmQuoteSent, yes: w.yesQuoteSent, shown: true },
  ];
  return steps
    .filter((step) => step.shown || step.at !== null)
    .map((step) => {
      if (step.at !== null)
        return h(
          'div',
          { key: step.action, className: 'mt-4' },
          h(Notice, null, step.recorded(when(step.at))),
          // A job done stays done: "On site" is no longer undone under it.
          offer.now - step.at < UNDO_WITHIN_MS &&
            offer.done_at === null &&
            h(
              ActionForm,
              { token, action: `undo_${step.action}`, label: w.undo(step.label), primary: false },
              h('p', { className: 'text-sm text-slate-700' }, w.undoHint),
            ),
        );
      if (confirming === step.action)
        return h(
          'div',
          { key: step.action, className: 'mt-4 rounded-lg border bg-slate-50 p-4' },
          h('p', { className: 'font-semibold text-brand-900', role: 'status' }, step.ask),
          h(ActionForm, { token, action: step.action, label: step.yes, primary: true, confirmed: true }),
          h(ActionForm, { token, action: 'view', label: w.notYet, primary: false }),
        );
      return h(ActionForm, { key: step.action, token, action: step.action, label: step.label, primary: step.action === 'on_site' || !lead?.urgent });
    });
}

/** Where a held job stands, first on its page: on the way, on site, done; or, just accepted, to contact the customer now. */
export function JobState({ view }: { view: OfferView }): ReactElement {
  const { offer } = view;
  if (offer.done_at !== null) return h(Notice, null, w.doneAt(when(offer.done_at)));
  if (offer.on_site_at !== null) return h(Notice, null, w.onSiteNow);
  if (offer.on_way_at !== null && offer.arrive_by !== null) return h(Notice, null, w.onWayAt(when(offer.arrive_by), textsTo(view)));
  return h(Notice, null, w.accepted);
}

/** Whether "On my way" texts this job's customer: texts are sent here and they gave an NZ mobile (and a STOP aside). */
const textsTo = (view: OfferView) => customerTexting() && isNzMobile(view.lead?.phone ?? '');

/** "On my way", with how soon: one press each, and the customer is texted where they can be. Only before "On site". */
export function OnMyWay({ view, token }: { view: OfferView; token: string }): ReactNode {
  const { offer } = view;
  const texted = textsTo(view);
  if (offer.on_way_at !== null || offer.on_site_at !== null || offer.done_at !== null) return null;
  return h(
    'form',
    { method: 'post', action: PARTNER_PATH, className: 'mt-4' },
    h(
      'fieldset',
      { 'aria-describedby': texted ? 'on-way-hint' : undefined },
      h('legend', { className: 'field-label' }, w.onMyWayLegend),
      h('input', { type: 'hidden', name: OFFER_TOKEN_PARAM, value: token }),
      h('input', { type: 'hidden', name: 'action', value: 'on_my_way' }),
      h(
        'div',
        { className: 'mt-2 grid gap-3' },
        ON_WAY_MINUTES.map((minutes, i) =>
          h(
            'button',
            { key: minutes, type: 'submit', name: 'minutes', value: String(minutes), className: `${i === 0 ? 'btn-primary' : 'btn-secondary'} w-full` },
            minutes === 60 ? w.withinHour : w.inMinutes(minutes),
          ),
        ),
      ),
      texted && h('p', { id: 'on-way-hint', className: 'mt-2 text-sm text-slate-700' }, w.onMyWayHint),
    ),
  );
}

/** "Job done", asked first; once recorded, nothing more to press. */
export function JobDone({ view, token, confirming }: { view: OfferView; token: string; confirming: Confirming | undefined }): ReactNode {
  if (view.offer.done_at !== null) return null;
  if (confirming === 'done')
    return h(
      'div',
      { className: 'mt-4 rounded-lg border bg-slate-50 p-4' },
      h('p', { className: 'font-semibold text-brand-900', role: 'status' }, w.confirmDone),
      h(ActionForm, { token, action: 'done', label: w.yesDone, primary: true, confirmed: true }),
      h(ActionForm, { token, action: 'view', label: w.notYet, primary: false }),
    );
  return h(ActionForm, { token, action: 'done', label: w.jobDone, primary: view.offer.on_site_at !== null });
}

/** "I can't do this job", with the reason it needs: the job goes back to the business at once. */
export function HandBack({ view, token, problem }: { view: OfferView; token: string; problem: PageProblem | undefined }): ReactNode {
  if (view.offer.done_at !== null) return null;
  const missing = problem === 'hand_back_reason';
  return h(
    'section',
    { className: 'mt-8 rounded-lg border p-4', 'aria-labelledby': 'hand-back' },
    h('h2', { id: 'hand-back', className: 'text-xl font-bold text-brand-900' }, w.handBack),
    h('p', { className: 'mt-2 text-slate-700' }, w.handBackIntro),
    h(
      ActionForm,
      { token, action: 'hand_back', label: w.handBackSend, primary: false },
      h('label', { htmlFor: 'hand-back-reason', className: 'field-label' }, w.handBackReason),
      missing && h('p', { id: 'hand-back-problem', className: 'mt-1 font-semibold text-alert-700', role: 'alert' }, w.handBackMissing),
      h('textarea', {
        id: 'hand-back-reason',
        name: 'reason',
        rows: 2,
        required: true,
        maxLength: HAND_BACK_REASON_MAX,
        className: 'field-input',
        'aria-invalid': missing ? true : undefined,
        'aria-describedby': missing ? 'hand-back-problem' : undefined,
      }),
    ),
  );
}
