/**
 * The partner's "Your jobs" page as HTML, in the job page's own look (partner-page-html.ts) and for
 * the same phone at night: whether they are on call and a way to change it, then their offers and
 * jobs, each with a button to its job page. Plain forms, no script. Of each job it shows only what
 * the job page shows before accepting: the service, the area, the times.
 */
import type { Partner } from '../../core/inbox-api/partners.ts';
import { attendBy } from '../../core/lead/response-targets.ts';
import { jobStateOf, type EarlierJob, type PartnerJob } from '../dispatch/partner-jobs.ts';
import { placeOf } from './job-facts.ts';
import { nzTime } from '../../core/nz-time.ts';
import { h, renderFragment, type ReactElement, type ReactNode } from '../html/render.ts';
import { CallBusiness } from './partner-page-html.ts';
import { Notice, Section } from './partner-page-parts.ts';
import { JOBS_OPEN_PATH, JOBS_PATH, OFFER_TOKEN_PARAM } from './partner-links.ts';
import { MAX_ON_CALL_DAYS, toNzLocal, tonightUntil, type OnCallPick } from './on-call-times.ts';
import { partnerWords } from './partner-words.ts';
import { DAY_MS } from '../../core/nz-time.ts';

const w = partnerWords.jobs;
const when = (ms: number) => nzTime(new Date(ms).toISOString());

/** What the page says above the partner's on-call time after a press: saved, or why the time typed was not. */
export type JobsNotice =
  { saved: OnCallPick & { ok: true } } | { problem: (OnCallPick & { ok: false })['problem'] } | { open: 'not_theirs' | 'ended' | 'limited' };

export interface JobsPageProps {
  partner: Partner;
  jobs: readonly PartnerJob[];
  /** Jobs they held that have ended lately: their state only. */
  earlier?: readonly EarlierJob[];
  token: string;
  /** Opened by the owner's own link to the page: each job has its button. Otherwise the page only lists them. */
  full: boolean;
  now: Date;
  notice?: JobsNotice | undefined;
}

const hidden = (name: string, value: string) => h('input', { type: 'hidden', name, value });

/** Where they stand now: their own time while it runs, the office's switch otherwise. */
function onCallLine(partner: Partner): string {
  if (!partner.on_call_now) return w.notOnCall;
  return partner.on_call_until === null ? w.onCallNoEnd : w.onCallUntil(when(partner.on_call_until));
}

function problemText(problem: (OnCallPick & { ok: false })['problem']): string {
  return problem === 'past' ? w.pastTime : problem === 'far' ? w.tooFar(MAX_ON_CALL_DAYS) : w.badTime;
}

/** "On call until" a time they type, or a shortcut; each a plain form post back to the page. */
function OnCall({ partner, token, now, notice }: JobsPageProps): ReactElement {
  const problem = notice && 'problem' in notice ? problemText(notice.problem) : undefined;
  const saved = notice && 'saved' in notice ? notice.saved.until : undefined;
  const running = partner.on_call_now && partner.on_call_until !== null ? partner.on_call_until : undefined;
  return h(
    'section',
    { className: 'mt-8', 'aria-labelledby': 'on-call' },
    h('h2', { id: 'on-call', className: 'text-xl font-bold text-brand-900' }, w.onCallHeading),
    // Just saved, the line says so (the time as stored); otherwise where they stand.
    saved !== undefined
      ? h(Notice, null, saved === 'off' ? w.savedOff : w.savedOn(when(saved)))
      : h('p', { className: 'mt-4 text-lg font-bold text-brand-900' }, onCallLine(partner)),
    h('p', { className: 'mt-2 text-slate-700' }, w.onCallIntro),
    h(
      'form',
      { method: 'post', action: JOBS_PATH, className: 'mt-4' },
      hidden(OFFER_TOKEN_PARAM, token),
      hidden('action', 'until'),
      h('label', { htmlFor: 'until', className: 'field-label' }, w.until),
      h('p', { id: 'until-hint', className: 'text-sm text-slate-700' }, w.untilHint),
      problem && h('p', { id: 'until-problem', className: 'mt-1 font-semibold text-alert-700', role: 'alert' }, problem),
      h('input', {
        type: 'datetime-local',
        id: 'until',
        name: 'until',
        required: true,
        min: toNzLocal(now),
        max: toNzLocal(new Date(now.getTime() + MAX_ON_CALL_DAYS * DAY_MS)),
        // Their own time while it runs; otherwise the next 7:00 am, a time that can be saved as it is.
        defaultValue: toNzLocal(new Date(running ?? tonightUntil(now).getTime())),
        className: 'field-input mt-1',
        'aria-describedby': problem ? 'until-hint until-problem' : 'until-hint',
        'aria-invalid': problem ? true : undefined,
      }),
      h('button', { type: 'submit', className: 'btn-primary w-full mt-3' }, w.save),
    ),
    h(
      'form',
      { method: 'post', action: JOBS_PATH, className: 'mt-6' },
      h(
        'fieldset',
        null,
        h('legend', { className: 'field-label' }, w.shortcuts),
        hidden(OFFER_TOKEN_PARAM, token),
        h(
          'div',
          { className: 'mt-2 grid gap-3' },
          h('button', { type: 'submit', name: 'action', value: 'tonight', className: 'btn-secondary w-full' }, w.tonight),
          h('button', { type: 'submit', name: 'action', value: 'weekend', className: 'btn-secondary w-full', 'aria-describedby': 'weekend-hint' }, w.weekend),
          h('button', { type: 'submit', name: 'action', value: 'off', className: 'btn-secondary w-full' }, w.off),
        ),
        h('p', { id: 'weekend-hint', className: 'mt-2 text-sm text-slate-700' }, w.weekendHint),
      ),
    ),
  );
}

/** A job's state as a badge on its card: where it stands, in words a glance takes in. */
function StateBadge({ job }: { job: PartnerJob | EarlierJob }): ReactElement {
  return h(
    'span',
    { className: 'inline-flex rounded-full border bg-slate-50 px-4 py-2 text-sm font-bold text-brand-900' },
    h('span', { className: 'sr-only' }, `${w.stateLabel}: `),
    w.states[jobStateOf(job)],
  );
}

/** One offer or job: what and where, its state and times, and the button that opens its job page (or where to open it from). */
function JobItem({ job, token, full }: { job: PartnerJob; token: string; full: boolean }): ReactElement {
  const { lead, offer, standing } = job;
  const what = [lead.service_type || partnerWords.page.title, placeOf(lead, false)].filter(Boolean).join(' · ');
  const onSiteBy = attendBy(lead);
  const page = partnerWords.page;
  return h(
    'li',
    { className: 'rounded-lg border p-4' },
    h('h3', { className: 'text-lg font-bold text-brand-900 break-words' }, what),
    h(
      'p',
      { className: 'mt-2 flex flex-wrap gap-2' },
      h(StateBadge, { job }),
      lead.urgent &&
        h('span', { className: 'inline-flex rounded-full border bg-red-50 px-4 py-2 text-sm font-bold uppercase tracking-wide text-brand-900' }, page.urgent),
    ),
    standing === 'open' && h('p', { className: 'mt-2 font-semibold text-brand-900' }, page.acceptBy(when(offer.expires_at))),
    onSiteBy && offer.on_site_at === null && h('p', { className: 'mt-2 font-semibold text-brand-900' }, page.onSiteBy(nzTime(onSiteBy))),
    offer.arrive_by !== null && offer.on_site_at === null && h('p', { className: 'mt-2 text-slate-700' }, w.arriveBy(when(offer.arrive_by))),
    full
      ? h(
          'form',
          { method: 'post', action: JOBS_OPEN_PATH, className: 'mt-3' },
          hidden(OFFER_TOKEN_PARAM, token),
          hidden('offer', offer.id),
          h('button', { type: 'submit', className: `${standing === 'open' ? 'btn-primary' : 'btn-secondary'} w-full`, 'aria-label': w.openName(what) }, w.open),
        )
      : h('p', { className: 'mt-3 text-slate-700' }, w.openFromMessage),
  );
}

interface JobListProps {
  id: string;
  heading: string;
  empty: string;
  jobs: readonly PartnerJob[];
  token: string;
  full: boolean;
}

function JobList({ id, heading, empty, jobs, token, full }: JobListProps): ReactNode {
  return h(
    'section',
    { className: 'mt-8', 'aria-labelledby': id },
    h('h2', { id, className: 'text-xl font-bold text-brand-900' }, heading),
    jobs.length === 0
      ? h('p', { className: 'mt-2 text-slate-700' }, empty)
      : h(
          'ul',
          { className: 'mt-4 grid gap-4 list-none' },
          jobs.map((job) => h(JobItem, { key: job.offer.id, job, token, full })),
        ),
  );
}

/** Jobs they held that have ended: what, where and how it ended; nothing to press, nothing of the customer. */
function EarlierList({ jobs }: { jobs: readonly EarlierJob[] }): ReactElement {
  return h(
    'section',
    { className: 'mt-8', 'aria-labelledby': 'earlier' },
    h('h2', { id: 'earlier', className: 'text-xl font-bold text-brand-900' }, w.earlierHeading),
    h(
      'ul',
      { className: 'mt-4 grid gap-4 list-none' },
      jobs.map((job) =>
        h(
          'li',
          { key: job.offer.id, className: 'rounded-lg border p-4' },
          h(
            'h3',
            { className: 'text-lg font-bold text-brand-900 break-words' },
            [job.lead.service_type || partnerWords.page.title, placeOf(job.lead, false)].filter(Boolean).join(' · '),
          ),
          h('p', { className: 'mt-2' }, h(StateBadge, { job })),
          job.offer.accepted_at !== null && h('p', { className: 'mt-2 text-slate-700' }, w.acceptedAt(when(job.offer.accepted_at))),
        ),
      ),
    ),
  );
}

function JobsPage(props: JobsPageProps): ReactElement {
  const { partner, jobs, token, full, notice } = props;
  const openNotice = notice && 'open' in notice ? notice.open : undefined;
  return h(
    Section,
    { heading: w.title },
    h('p', { className: 'mt-2 text-lg font-semibold text-brand-900' }, w.forName(partner.name)),
    openNotice && h(Notice, null, openNotice === 'not_theirs' ? w.notTheirs : openNotice === 'limited' ? w.limited : w.ended),
    !full && openNotice !== 'limited' && h('p', { className: 'mt-4 text-slate-700' }, w.listOnly),
    h(OnCall, props),
    h(JobList, {
      id: 'offers',
      heading: w.offersHeading,
      empty: w.noOffers,
      jobs: jobs.filter((j) => j.standing === 'open'),
      token,
      full,
    }),
    h(JobList, { id: 'held', heading: w.heldHeading, empty: w.noHeld, jobs: jobs.filter((j) => j.standing === 'held'), token, full }),
    props.earlier && props.earlier.length > 0 && h(EarlierList, { jobs: props.earlier }),
    h(CallBusiness),
  );
}

export function jobsMain(props: JobsPageProps): string {
  return renderFragment(h(JobsPage, props));
}

/** A link to the page that no longer opens it (or never did): only that, and whom to call. */
export function jobsGoneMain(): string {
  return renderFragment(h(Section, { heading: w.goneTitle }, h(Notice, null, w.gone), h(CallBusiness)));
}

/** The way from a job page to the partner's page, above the job (a thumb finds it without scrolling past it), when its link may be shown. */
export function jobsLinkMain(url: string | undefined): string {
  return url
    ? renderFragment(
        h(
          'div',
          { className: 'container-page max-w-2xl pt-4' },
          h(
            'a',
            { href: url, className: 'inline-flex min-h-11 items-center gap-2 font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-900' },
            h('span', { 'aria-hidden': true }, '←'),
            partnerWords.yourJobs,
          ),
        ),
      )
    : '';
}
