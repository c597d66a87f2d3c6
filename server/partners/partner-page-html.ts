/**
 * The partner page as HTML, for a phone at night: its own bar (the business and its after-hours
 * number, no site menu or marketing footer), the job first, then what the partner can do next as
 * plain forms (no script: it works in any mail app's browser). It wears the site's stylesheet when
 * the server has the built site, and uses only class names that stylesheet already has. Each page
 * is a component rendered by server/html/render.ts, which escapes every value.
 */
import { business } from '../../core/business.ts';
import { mailtoHref } from '../../core/mailto.ts';
import { attendBy } from '../../core/lead/response-targets.ts';
import { type OfferView } from '../dispatch/partner-offers.ts';
import { HAND_BACK_REASON_MAX, ON_WAY_MINUTES, UNDO_WITHIN_MS } from '../dispatch/offer-answers.ts';
import { jobFacts, placeOf } from './job-facts.ts';
import { customerTexting } from '../dispatch/customer-updates.ts';
import { isNzMobile } from '../../core/partner/nz-mobile.ts';
import { smsHref } from '../../core/phone-links.ts';
import { siteMapHref } from '../../core/lead/site-address.ts';
import { nzTime } from '../../core/nz-time.ts';
import { telHref } from '../../core/phone-links.ts';
import { h, renderFragment, type ReactElement, type ReactNode } from '../html/render.ts';
import { PARTNER_PATH, OFFER_TOKEN_PARAM } from './partner-links.ts';
import { partnerWords } from './partner-words.ts';
import { withoutContactDetails, withoutLiveLinks } from './customer-text.ts';

const w = partnerWords.page;
const when = (ms: number) => nzTime(new Date(ms).toISOString());

export type PartnerAction = 'view' | 'accept' | 'decline' | 'on_site' | 'quote_sent' | 'undo_on_site' | 'undo_quote_sent' | 'on_my_way' | 'done' | 'hand_back';
/** A step that asks before it records: "On site", "Quote sent" and "Job done". */
export type Confirming = 'on_site' | 'quote_sent' | 'done';
/** What the page says after a press that recorded nothing: a hand back without its reason. */
export type PageProblem = 'hand_back_reason';

type Lead = NonNullable<OfferView['lead']>;

/** One answer as a form post back to the page: the token, the action, and `children` before them (the decline's reason). */
function ActionForm({
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
function Lines({ text }: { text: string }): ReactNode {
  return text.split(/\r?\n/).flatMap((line, i) => (i === 0 ? [line] : [h('br', { key: i }), line]));
}

export function Notice({ children }: { children?: ReactNode }): ReactElement {
  return h('p', { className: 'mt-4 text-lg font-semibold text-brand-900', role: 'status' }, children);
}

/** A link as a full-width button a thumb can hit. */
function LinkButton({ href, primary, children }: { href: string; primary: boolean; children?: ReactNode }): ReactElement {
  return h('a', { href, className: `${primary ? 'btn-primary' : 'btn-secondary'} w-full` }, children);
}

/** The business's own number, the one to ring about the job at any hour. */
export function CallBusiness(): ReactElement {
  return h(
    'div',
    { className: 'mt-6' },
    h(LinkButton, { href: business.emergencyLine.href, primary: false }, `${w.callBusiness} ${business.emergencyLine.display}`),
  );
}

/** The deadlines that are true: when to accept by (while the offer waits) and, for urgent work, when someone must be on site. */
function Deadlines({ view, lead }: { view: OfferView; lead: Lead }): ReactElement {
  const onSiteBy = attendBy(lead);
  return h(
    'div',
    { className: 'mt-4 grid gap-2' },
    lead.urgent &&
      h(
        'p',
        null,
        h('span', { className: 'inline-flex rounded-full border bg-red-50 px-4 py-2 text-sm font-bold uppercase tracking-wide text-brand-900' }, w.urgent),
      ),
    view.standing === 'open' && h('p', { className: 'text-lg font-bold text-brand-900' }, w.acceptBy(when(view.offer.expires_at))),
    onSiteBy && h('p', { className: 'text-lg font-bold text-brand-900' }, w.onSiteBy(nzTime(onSiteBy))),
  );
}

/** Where the job is: the suburb and city before accepting, the whole address with a map and the way in after. */
function Where({ lead, held }: { lead: Lead; held: boolean }): ReactElement {
  const place = placeOf(lead, held);
  const map = siteMapHref(lead);
  return h(
    'div',
    { className: 'mt-4' },
    h('p', { className: 'text-slate-700' }, `${w.where}: `, h('strong', null, place)),
    held &&
      lead.access_notes &&
      h('p', { className: 'mt-2 font-semibold text-brand-900' }, `${w.access}: `, h(Lines, { text: withoutLiveLinks(lead.access_notes) })),
    held && map && h('div', { className: 'mt-3' }, h(LinkButton, { href: map, primary: false }, w.map)),
  );
}

function FactItems({ lead, budget }: { lead: Lead; budget: boolean }): ReactElement {
  const facts = jobFacts(lead);
  return h(
    'ul',
    { className: 'mt-4 grid gap-2' },
    facts.map((f, i) => h('li', { key: i, className: 'text-slate-700' }, `${f.label}: `, h('strong', null, f.value))),
    budget && lead.budget_range && h('li', { className: 'text-slate-700' }, `${w.budget}: `, h('strong', null, lead.budget_range)),
  );
}

/** What a partner who holds the job may read of the customer, and the three ways to reach them as big buttons. */
function Customer({ lead }: { lead: Lead }): ReactElement {
  const tel = lead.phone ? telHref(lead.phone) : undefined;
  const sms = lead.phone ? smsHref(lead.phone) : undefined;
  const c = partnerWords.customer;
  return h(
    'div',
    { className: 'mt-6' },
    h('h2', { className: 'text-xl font-bold text-brand-900' }, w.customerHeading),
    h(
      'ul',
      { className: 'mt-2 grid gap-2' },
      h('li', null, `${c.name}: `, h('strong', null, lead.contact_name)),
      lead.company_name && h('li', null, `${c.company}: `, h('strong', null, lead.company_name)),
      lead.phone && h('li', null, `${c.phone}: `, h('strong', null, lead.phone)),
      h('li', { className: 'break-all' }, `${c.email}: `, h('strong', null, lead.work_email)),
    ),
    h(
      'div',
      { className: 'mt-4 grid gap-3' },
      tel && h(LinkButton, { href: tel, primary: true }, w.call(lead.contact_name)),
      sms && h(LinkButton, { href: sms, primary: false }, w.text(lead.contact_name)),
      h(LinkButton, { href: mailtoHref(lead.work_email), primary: !tel }, w.email(lead.contact_name)),
    ),
  );
}

/** "On site" or "Quote sent": asked first, recorded, then undoable for a while. */
function Progress({ view, token, confirming }: { view: OfferView; token: string; confirming: Confirming | undefined }): ReactNode {
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
function JobState({ view }: { view: OfferView }): ReactElement {
  const { offer } = view;
  if (offer.done_at !== null) return h(Notice, null, w.doneAt(when(offer.done_at)));
  if (offer.on_site_at !== null) return h(Notice, null, w.onSiteNow);
  if (offer.on_way_at !== null && offer.arrive_by !== null) return h(Notice, null, w.onWayAt(when(offer.arrive_by), textsTo(view)));
  return h(Notice, null, w.accepted);
}

/** Whether "On my way" texts this job's customer: texts are sent here and they gave an NZ mobile (and a STOP aside). */
const textsTo = (view: OfferView) => customerTexting() && isNzMobile(view.lead?.phone ?? '');

/** "On my way", with how soon: one press each, and the customer is texted where they can be. Only before "On site". */
function OnMyWay({ view, token }: { view: OfferView; token: string }): ReactNode {
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
function JobDone({ view, token, confirming }: { view: OfferView; token: string; confirming: Confirming | undefined }): ReactNode {
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
function HandBack({ view, token, problem }: { view: OfferView; token: string; problem: PageProblem | undefined }): ReactNode {
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

/** An ended offer or job: what happened, and whom to call. Nothing of the customer. */
function Ended({ heading, message }: { heading: string; message: string }): ReactElement {
  return h(Section, { heading }, h(Notice, null, message), h('p', { className: 'mt-4 text-slate-700' }, w.callUs), h(CallBusiness));
}

const endings = { closed: w.closed, declined: w.declined, taken: w.taken, expired: w.expired, withdrawn: w.withdrawn, gone: w.gone } as const;

/** What an ended link says: a job taken back from its holder says so plainly (they may be on their way). */
const endingOf = (view: OfferView, standing: keyof typeof endings) =>
  standing === 'withdrawn' && view.offer.end_reason === 'handed_back'
    ? w.handedBack
    : standing === 'withdrawn' && view.offer.accepted_at !== null
      ? w.takenBack
      : endings[standing];

/** The job and the partner's next step; the customer only while the partner holds the job. */
function OfferPage({
  view,
  token,
  confirming,
  problem,
}: {
  view: OfferView;
  token: string;
  confirming: Confirming | undefined;
  problem: PageProblem | undefined;
}): ReactElement {
  const { lead, standing, partner } = view;
  if (!lead) return h(Ended, { heading: w.title, message: w.gone });
  const heading = w.heading([lead.service_type || w.title, lead.city].filter(Boolean).join(' · '));
  const budget = partner.kind !== 'technician';
  const notesOf = (text: string) => lead.notes && h('p', { className: 'mt-4 text-slate-700' }, h(Lines, { text }));
  switch (standing) {
    case 'held': {
      // A question just asked, or a step just recorded, comes first: a form post opens the page at the top.
      const progressFirst = confirming !== undefined || view.offer.on_site_at !== null || view.offer.quote_sent_at !== null;
      const steps = [
        h(OnMyWay, { key: 'way', view, token }),
        h(Progress, { key: 'progress', view, token, confirming: confirming === 'done' ? undefined : confirming }),
        h(JobDone, { key: 'done', view, token, confirming }),
      ];
      // After accepting the partner reads the notes whole, links as text only.
      return h(
        Section,
        { heading },
        h(JobState, { view }),
        progressFirst && steps,
        h(Deadlines, { view, lead }),
        h(Customer, { lead }),
        h(Where, { lead, held: true }),
        !progressFirst && steps,
        h(FactItems, { lead, budget }),
        notesOf(withoutLiveLinks(lead.notes)),
        h(HandBack, { view, token, problem }),
        h(CallBusiness),
      );
    }
    case 'open':
      return h(
        Section,
        { heading },
        h(Deadlines, { view, lead }),
        h(Where, { lead, held: false }),
        h(FactItems, { lead, budget }),
        notesOf(withoutContactDetails(lead.notes, lead)),
        withoutContactDetails(lead.notes, lead) !== lead.notes && h('p', { className: 'mt-2 text-sm text-slate-700' }, partnerWords.notesHidden),
        h(ActionForm, { token, action: 'accept', label: w.accept, primary: true }),
        h(
          'div',
          { className: 'mt-6' },
          h(
            ActionForm,
            { token, action: 'decline', label: w.decline, primary: false },
            h('label', { htmlFor: 'reason', className: 'field-label' }, w.reason),
            h('textarea', { id: 'reason', name: 'reason', rows: 2, maxLength: 500, className: 'field-input' }),
          ),
        ),
        h(CallBusiness),
      );
    default:
      return h(Ended, { heading, message: endingOf(view, standing) });
  }
}

/** The page's own bar in place of the site's header: who sent the job, and their after-hours number. */
export function partnerHeader(): string {
  return renderFragment(
    h(
      'header',
      { className: 'bg-brand-900 text-white' },
      h(
        'div',
        { className: 'container-page flex flex-wrap items-center justify-between gap-2 py-3' },
        h('span', { className: 'font-bold' }, business.name),
        h('a', { className: 'btn-on-dark', href: business.emergencyLine.href }, `${w.afterHours}: ${business.emergencyLine.display}`),
      ),
    ),
  );
}

/** The first page a link opens: nothing of the job, one button (a mail scanner fetching the link presses nothing). */
export function continueMain(token: string): string {
  return renderFragment(
    h(
      Section,
      { heading: w.title },
      h('p', { className: 'mt-4 text-slate-700' }, w.continueIntro),
      h(ActionForm, { token, action: 'view', label: w.continue, primary: true }),
    ),
  );
}

/**
 * An ended offer's link, before Continue: saying it has ended (and whom to call) reveals nothing of
 * the job, so a partner woken for nothing learns it from the first page.
 */
export function endedMain(view: OfferView): string | undefined {
  if (view.standing === 'open' || view.standing === 'held') return undefined;
  return renderFragment(h(Ended, { heading: w.title, message: endingOf(view, view.standing) }));
}

export function invalidMain(): string {
  return renderFragment(h(Ended, { heading: w.invalidTitle, message: w.invalid }));
}

/** A post that did not come from the page itself. */
export function refusedMain(): string {
  return renderFragment(h('p', { className: 'container-page py-8' }, w.refused));
}

export function offerMain(view: OfferView, token: string, confirming?: Confirming, problem?: PageProblem): string {
  return renderFragment(h(OfferPage, { view, token, confirming, problem }));
}
