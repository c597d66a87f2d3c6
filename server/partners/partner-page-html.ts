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
import { jobFacts, placeOf } from './job-facts.ts';
import { smsHref } from '../../core/phone-links.ts';
import { siteMapHref } from '../../core/lead/site-address.ts';
import { nzTime } from '../../core/nz-time.ts';
import { telHref } from '../../core/phone-links.ts';
import { h, renderFragment, type ReactElement } from '../html/render.ts';
import { partnerWords } from './partner-words.ts';
import { ActionForm, LinkButton, Lines, Notice, Section, when, type Confirming, type PageProblem } from './partner-page-parts.ts';
import { HandBack, JobDone, JobState, OnMyWay, Progress } from './held-job-html.ts';
import { withoutContactDetails, withoutLiveLinks } from './customer-text.ts';

const w = partnerWords.page;

type Lead = NonNullable<OfferView['lead']>;

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
