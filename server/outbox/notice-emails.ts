/**
 * The senders of the scheduler's e-mails: the nudge about a lead nobody has answered, the follow-up
 * reminder, the evening note of cities nobody is on call for, and the weekly digest. Each reads what it needs when it is sent, so a lead answered or
 * re-dated between queueing and sending gets no stale e-mail. The Message-ID derives from the
 * notice, so a send repeated after a crash is folded by mail clients.
 */
import type { Transporter } from 'nodemailer';
import { business } from '../../core/business.ts';
import { formatMinutes, formatNzd, type Insight } from '../../core/lead/insight.ts';
import { openJobStatuses, statusLabels } from '../../core/lead/status.ts';
import { inboxLead, type InboxLead } from '../storage/lead-work.ts';
import {
  digestCounts,
  escalatedLeads,
  leadsWonBetween,
  ownerEmails,
  tonightsGaps,
  urgentLeadsBetween,
  type CityGap,
  type GapPartner,
} from '../storage/notice-queue.ts';
import { nightAfter, nightBefore, OVERNIGHT_AT_MINUTES } from './scheduler.ts';
import { holdersOf, offersOfLead, type Holder, type Offer } from '../storage/partner-offers.ts';
import { attendBy } from '../../core/lead/response-targets.ts';
import type { LeadStore, OutboxJob } from '../storage/types.ts';
import type { SchedulerPurpose } from '../storage/purposes.ts';
import { insightFor, rangeInstants } from '../leads/range-insight.ts';
import { visitsFor } from '../visits/visit-insight.ts';
import { addDays, nzInstant } from '../../core/nz-time.ts';
import { inboxHomeUrl, inboxLeadUrl, inboxReportsUrl, inboxSiteUrl, placeHref } from '../../core/inbox-links.ts';
import { publishedPriceAge, type PriceAge } from '../site/price-age.ts';
import { notificationRecipients } from './email.ts';
import { nzTime, telHref } from './lead-email.ts';
import { Fragment, h, renderDocument, type ReactNode } from '../html/render.ts';
import { Button, EmailPage, Heading, Title } from '../html/email-parts.ts';
import { noticeCopy as copy } from './email-words.ts';
import { PermanentFailure, type JobSender } from './worker.ts';
import { inboxWords } from '../inbox/inbox-words.ts';

export interface NoticeOptions {
  store: LeadStore;
  transport: Transporter;
  from: string;
  /** The business's inbox(es): nudges and reminders; the digest when the inbox has no owner yet. */
  to: string[];
  /** Also told of an urgent lead nobody has called. */
  urgentTo: string[];
  inboxOrigin: string;
  messageIdDomain: string;
  /** The clock the digest's "still New" and "now" are read by (tests move it). */
  now?: () => Date;
}

export interface NoticeMail {
  to: string[];
  subject: string;
  text: string;
  html: string;
  messageId: string;
  /** Sent as high priority, as an urgent lead's own e-mail is. */
  urgent?: boolean;
}

const who = (lead: InboxLead) => [lead.company_name || lead.contact_name, lead.service_type, lead.city].filter(Boolean).join(', ');

const paragraphs = (lines: string[]) => lines.map((l, i) => h('p', { key: i, style: { margin: '0 0 8px' } }, l));

/** One partner tried for an urgent job and what came of it, for the escalation. */
export interface TriedPartner {
  name: string;
  phone: string;
  outcome: string;
}

/** A phone number as a tap-to-call link where it can be one, plain text where not. */
function Phone({ phone }: { phone: string }): ReactNode {
  const tel = telHref(phone);
  return tel ? h('a', { href: tel, style: { fontWeight: '700', color: '#0b5ea8' } }, phone) : phone;
}

/**
 * The lead as a nudge, reminder or escalation names it: who, how to reach them (the phone a
 * tap-to-call link), where it stands, `extra` lines (the escalation's times and partners), and the link.
 */
function leadMail(
  lead: InboxLead,
  subject: string,
  intro: string,
  options: NoticeOptions,
  extra: { lines: string[]; html: ReactNode } = { lines: [], html: null },
): Omit<NoticeMail, 'to' | 'messageId'> {
  const url = inboxLeadUrl(options.inboxOrigin, lead.id);
  const facts = [copy.status(statusLabels[lead.status]), ...(lead.phone ? [copy.phone(lead.phone)] : []), copy.email(lead.work_email)];
  return {
    subject,
    text: [intro, '', ...facts, ...extra.lines, '', `${copy.openLead}: ${url}`].join('\n'),
    html: renderDocument(
      h(
        EmailPage,
        { title: subject },
        h(Title, null, who(lead)),
        paragraphs([intro, copy.status(statusLabels[lead.status])]),
        lead.phone && h('p', { style: { margin: '0 0 8px' } }, copy.phoneLabel, h(Phone, { phone: lead.phone })),
        paragraphs([copy.email(lead.work_email)]),
        extra.html,
        h('p', { style: { margin: '16px 0 0' } }, h(Button, { href: url, filled: true }, copy.openLead)),
      ),
    ),
  };
}

/** The nudge for a lead still New: to the business, and for an urgent lead the urgent address too. */
export function nudgeMail(lead: InboxLead, now: Date, options: NoticeOptions): NoticeMail {
  const urgent = lead.urgent;
  const waited = formatMinutes((now.getTime() - Date.parse(lead.created_at)) / 60_000);
  const intro = `${copy.nudgeIntro(lead.contact_name || who(lead), waited)} (${nzTime(lead.created_at)})`;
  return {
    ...leadMail(lead, copy.nudgeSubject(who(lead), urgent), intro, options),
    to: notificationRecipients(lead, options.to, options.urgentTo),
    messageId: `<nudge-${lead.id}@${options.messageIdDomain}>`,
  };
}

/**
 * The escalation of an urgent job no on-call partner accepted, to the business and the urgent
 * address, marked urgent like the lead's own e-mail: when it arrived and by when someone must be on
 * site, every partner tried and what came of it, each number a tap-to-call link.
 */
export function unacceptedMail(lead: InboxLead, tried: readonly TriedPartner[], options: NoticeOptions): NoticeMail {
  const onSiteBy = attendBy(lead);
  const times = [copy.arrived(nzTime(lead.created_at)), ...(onSiteBy ? [copy.onSiteBy(nzTime(onSiteBy))] : [])];
  const lines = ['', ...times, '', `${copy.triedHeading}:`, ...tried.map((p) => `- ${p.name}${p.phone ? ` (${p.phone})` : ''}: ${p.outcome}`)];
  const tel = lead.phone ? telHref(lead.phone) : undefined;
  const html = [
    tel && h('p', { key: 'call', style: { margin: '16px 0' } }, h(Button, { href: tel, filled: true }, copy.callCustomer(lead.contact_name || who(lead)))),
    paragraphs(times),
    h(Heading, { key: 'tried' }, copy.triedHeading),
    h(
      'ul',
      { key: 'list', style: { paddingLeft: '20px', margin: '0 0 12px' } },
      tried.map((p, i) =>
        h('li', { key: i }, h('strong', null, p.name), p.phone ? [' (', h(Phone, { key: 'p', phone: p.phone }), ')'] : null, `: ${p.outcome}`),
      ),
    ),
  ];
  return {
    ...leadMail(lead, copy.unacceptedSubject(who(lead)), copy.unacceptedIntro(lead.contact_name || who(lead), tried.length), options, { lines, html }),
    to: notificationRecipients(lead, options.to, options.urgentTo),
    messageId: `<unaccepted-${lead.id}@${options.messageIdDomain}>`,
    urgent: true,
  };
}

/** One urgent lead of the night as the summary lists it. */
export interface NightLead {
  lead: InboxLead;
  holder: Holder | undefined;
  escalated: boolean;
}

/** Where an urgent lead of the night stands, in one of four words: the summary's groups. */
export function nightState({ lead, holder, escalated }: NightLead): 'onSite' | 'taken' | 'escalated' | 'open' {
  if (holder?.on_site_at) return 'onSite';
  if (holder) return 'taken';
  if (escalated) return 'escalated';
  return openJobStatuses.includes(lead.status) ? 'open' : 'taken';
}

/** The owners' 7:00 summary of the night's urgent leads: how many were taken, on site, escalated and still open, each with its link. */
export function overnightMail(
  date: string,
  night: readonly NightLead[],
  to: string[],
  options: Pick<NoticeOptions, 'inboxOrigin' | 'messageIdDomain'>,
): NoticeMail {
  const o = copy.overnight;
  const groups = (['open', 'escalated', 'taken', 'onSite'] as const).map((state) => ({ state, leads: night.filter((n) => nightState(n) === state) }));
  const subject = o.subject(night.length, groups[0]!.leads.length + groups[1]!.leads.length);
  const count = groups.map((g) => o.count[g.state](g.leads.length)).join(', ');
  const line = (n: NightLead) => o.line(who(n.lead), nzTime(n.lead.created_at), n.holder?.name);
  const day = nzTime(nzInstant(date, OVERNIGHT_AT_MINUTES).toISOString());
  const text = [
    o.intro(day),
    count,
    '',
    ...groups.flatMap((g) =>
      g.leads.length ? [`${o.heading[g.state]}:`, ...g.leads.map((n) => `- ${line(n)}: ${inboxLeadUrl(options.inboxOrigin, n.lead.id)}`), ''] : [],
    ),
  ].join('\n');
  const html = renderDocument(
    h(
      EmailPage,
      { title: subject },
      h(Title, null, subject),
      paragraphs([o.intro(day), count]),
      groups.map(
        (g) =>
          g.leads.length > 0 &&
          h(
            Fragment,
            { key: g.state },
            h(Heading, null, o.heading[g.state]),
            h(
              'ul',
              { style: { paddingLeft: '20px', margin: '0 0 12px' } },
              g.leads.map((n) =>
                h('li', { key: n.lead.id }, h('a', { href: inboxLeadUrl(options.inboxOrigin, n.lead.id), style: { color: '#0b5ea8' } }, line(n))),
              ),
            ),
          ),
      ),
    ),
  );
  return { to, subject, text, html, messageId: `<overnight-${date}@${options.messageIdDomain}>` };
}

const andList = new Intl.ListFormat('en-NZ', { type: 'conjunction' });
const eveningFormat = new Intl.DateTimeFormat('en-NZ', { timeZone: 'UTC', weekday: 'short', day: 'numeric', month: 'short' });

/** Why a partner who could cover a gap is not covering it tonight. */
function notCovering(p: GapPartner): string {
  const g = copy.gaps;
  if (p.bounced) return g.bounced;
  return p.onCallUntil === null ? g.notOnCall : g.onCallUntil(nzTime(new Date(p.onCallUntil).toISOString()));
}

/**
 * The owners' evening note of the cities nobody is on call for tonight (`date`, the New Zealand date
 * the night starts on): each city with its partners who could cover it, their numbers tap-to-call,
 * and the link to the inbox's Partners page where the owner turns someone on call.
 */
export function gapsMail(date: string, gaps: readonly CityGap[], to: string[], options: Pick<NoticeOptions, 'inboxOrigin' | 'messageIdDomain'>): NoticeMail {
  const g = copy.gaps;
  const cities = andList.format(gaps.map((gap) => gap.city));
  const subject = g.subject(cities);
  const intro = g.intro(cities, eveningFormat.format(new Date(`${date}T00:00:00Z`)).replace(',', ''));
  const partners = placeHref({ kind: 'partners' }, options.inboxOrigin);
  const text = [
    intro,
    '',
    ...gaps.flatMap((gap) =>
      (gap.partners.length
        ? [`${g.couldCover(gap.city)}:`, ...gap.partners.map((p) => `- ${p.name}${p.phone ? ` (${p.phone})` : ''}: ${notCovering(p)}`)]
        : [g.nobody(gap.city)]
      ).concat(''),
    ),
    `${g.openPartners}: ${partners}`,
  ].join('\n');
  const html = renderDocument(
    h(
      EmailPage,
      { title: subject },
      h(Title, null, subject),
      paragraphs([intro]),
      gaps.map((gap) =>
        h(
          Fragment,
          { key: gap.city },
          h(Heading, null, gap.city),
          gap.partners.length
            ? h(
                'ul',
                { style: { paddingLeft: '20px', margin: '0 0 12px' } },
                gap.partners.map((p, i) =>
                  h('li', { key: i }, h('strong', null, p.name), p.phone ? [' (', h(Phone, { key: 'p', phone: p.phone }), ')'] : null, `: ${notCovering(p)}`),
                ),
              )
            : paragraphs([g.nobody(gap.city)]),
        ),
      ),
      h('p', { style: { margin: '16px 0 0' } }, h(Button, { href: partners, filled: true }, g.openPartners)),
    ),
  );
  return { to, subject, text, html, messageId: `<gaps-${date}@${options.messageIdDomain}>` };
}

export function reminderMail(lead: InboxLead, date: string, options: NoticeOptions): NoticeMail {
  return {
    ...leadMail(lead, copy.reminderSubject(who(lead)), copy.reminderIntro(lead.contact_name || who(lead), date), options),
    to: options.to,
    messageId: `<reminder-${lead.id}-${date}@${options.messageIdDomain}>`,
  };
}

/** What the weekly digest says. */
export interface Digest {
  /** The Monday the digest is sent (its week is the seven days before). */
  monday: string;
  insight: Insight;
  /** The week's visitors (a day's visitors added up) and their quote rate, quote requests per visitor. */
  visits: { visitors: number; quotes: number };
  won: { count: number; cents: number };
  spamHeld: number;
  stillNew: number;
  dead: OutboxJob[];
  /** The website's price date line, when it is past its monthly check. */
  prices?: PriceAge | undefined;
}

/** The figures of the week before `monday`, read now. */
export async function loadDigest(store: LeadStore, monday: string): Promise<Digest> {
  const from = addDays(monday, -7);
  const to = addDays(monday, -1);
  const { start, end } = rangeInstants(from, to);
  const insight = await insightFor(store, from, to);
  const { visitors, quotes } = await visitsFor(store, from, to);
  const won = await store.read(() => leadsWonBetween(start, end));
  const counts = await store.read(() => digestCounts(start, end));
  const prices = await publishedPriceAge(store, nzInstant(monday, 0));
  return {
    monday,
    insight,
    visits: { visitors, quotes },
    won: { count: won.length, cents: won.reduce((sum, l) => sum + (l.job_value_cents ?? 0), 0) },
    ...counts,
    ...(prices?.stale ? { prices } : {}),
  };
}

const dayFormat = new Intl.DateTimeFormat('en-NZ', { timeZone: 'UTC', day: 'numeric', month: 'short', year: 'numeric' });

/** Two calendar dates as people write a range: "16–22 Nov 2026", "30 Nov – 6 Dec 2026". */
function dayRange(from: string, to: string): string {
  return dayFormat.formatRange(new Date(`${from}T00:00:00Z`), new Date(`${to}T00:00:00Z`));
}

/** The week's offers to partners and the emergency promise, on one line. */
function partnersLine({ partners }: Insight): string {
  const total = <T>(rows: readonly T[], figure: (row: T) => number) => rows.reduce((sum, row) => sum + figure(row), 0);
  return copy.partners(
    total(partners.byPartner, (p) => p.offers),
    total(partners.byPartner, (p) => p.accepted),
    total(partners.promise, (p) => p.kept),
    total(partners.promise, (p) => p.urgent),
  );
}

/** The digest as sections of lines: the same words in the text part and the HTML part. */
function digestSections(digest: Digest): { heading?: string; lines: string[] }[] {
  const { insight } = digest;
  const { businessHours, afterHours } = insight.response;
  const counts = (list: { label: string; count: number }[]) => (list.length ? list.map((c) => `${c.label}: ${c.count}`) : [copy.none]);
  return [
    { lines: [copy.digestIntro(business.name), copy.leadsTotal(insight.total), copy.visitors(digest.visits.visitors, digest.visits.quotes)] },
    {
      heading: copy.bySource,
      lines: counts(insight.bySource.filter((c) => c.count > 0)),
    },
    { heading: copy.byService, lines: counts(insight.byService) },
    { lines: [copy.wonValue(formatNzd(digest.won.cents), digest.won.count)] },
    { lines: [partnersLine(insight)] },
    {
      heading: copy.firstContact,
      lines: [
        `${copy.businessHours}: ${formatMinutes(businessHours.medianMinutes)}${businessHours.waiting ? ` (${copy.waiting(businessHours.waiting)})` : ''}`,
        `${copy.afterHours}: ${formatMinutes(afterHours.medianMinutes)}${afterHours.waiting ? ` (${copy.waiting(afterHours.waiting)})` : ''}`,
      ],
    },
    { lines: [copy.stillNew(digest.stillNew), copy.spamHeld(digest.spamHeld)] },
    {
      lines: digest.dead.length
        ? [
            copy.dead(digest.dead.length),
            ...digest.dead.map((job) => `- ${copy.deadLine(inboxWords.notification(job.purpose, false), job.last_error)}`),
            copy.deadHint,
          ]
        : [copy.noDead],
    },
    ...(digest.prices ? [{ heading: copy.prices.heading, lines: [copy.prices.line(digest.prices.days)] }] : []),
  ];
}

/**
 * The one reminder that the website's prices, last verified `age.date`, are past the monthly check
 * its price guide promises: every page with a date line and its date, and the Site section's link.
 */
export function pricesMail(age: PriceAge, to: string[], options: Pick<NoticeOptions, 'inboxOrigin' | 'messageIdDomain'>): NoticeMail {
  const p = copy.prices;
  const subject = p.subject(age.days);
  const date = dayFormat.format(new Date(`${age.date}T00:00:00Z`));
  const lines = age.pages.map((page) => p.page(page.title, dayFormat.format(new Date(`${page.date}T00:00:00Z`))));
  const site = inboxSiteUrl(options.inboxOrigin);
  const text = [p.intro(age.days, date), '', `${p.pagesHeading}:`, ...lines.map((l) => `- ${l}`), '', p.howTo, '', `${p.openSite}: ${site}`].join('\n');
  const html = renderDocument(
    h(
      EmailPage,
      { title: subject },
      h(Title, null, subject),
      paragraphs([p.intro(age.days, date)]),
      h(Heading, null, p.pagesHeading),
      h(
        'ul',
        { style: { paddingLeft: '20px', margin: '0 0 12px' } },
        lines.map((l, i) => h('li', { key: i }, l)),
      ),
      paragraphs([p.howTo]),
      h('p', { style: { margin: '16px 0 0' } }, h(Button, { href: site, filled: true }, p.openSite)),
    ),
  );
  return { to, subject, text, html, messageId: `<prices-${age.date}@${options.messageIdDomain}>` };
}

export function digestMail(digest: Digest, to: string[], options: Pick<NoticeOptions, 'inboxOrigin' | 'messageIdDomain'>): NoticeMail {
  const range = dayRange(addDays(digest.monday, -7), addDays(digest.monday, -1));
  const subject = copy.digestSubject(range);
  const sections = digestSections(digest);
  const inbox = inboxHomeUrl(options.inboxOrigin);
  const reports = inboxReportsUrl(options.inboxOrigin, addDays(digest.monday, -7), addDays(digest.monday, -1));
  const text = [
    copy.digestHeading(range),
    '',
    ...sections.flatMap((s) => [...(s.heading ? [s.heading.toUpperCase()] : []), ...s.lines, '']),
    `${copy.openReports}: ${reports}`,
    `${copy.openInbox}: ${inbox}`,
  ].join('\n');
  const html = renderDocument(
    h(
      EmailPage,
      { title: subject },
      h(Title, null, copy.digestHeading(range)),
      sections.map((s, i) => h(Fragment, { key: i }, s.heading ? h(Heading, null, s.heading) : h('div', { style: { height: '12px' } }), paragraphs(s.lines))),
      h(
        'p',
        { style: { margin: '20px 0 0' } },
        h(Button, { href: reports, filled: true }, copy.openReports),
        h(Button, { href: inbox, filled: false }, copy.openInbox),
      ),
    ),
  );
  return { to, subject, text, html, messageId: `<digest-${digest.monday}@${options.messageIdDomain}>` };
}

/** The digest's readers: the inbox's owners, or the business's inbox while there is none. */
export async function digestRecipients(store: LeadStore, fallback: string[]): Promise<string[]> {
  const owners = await store.read(() => ownerEmails());
  return owners.length ? owners : fallback;
}

/** What came of an offer, in the escalation's words. */
function outcomeOf(offer: Offer): string {
  if (offer.state === 'declined') return copy.outcome.declined(offer.decline_reason);
  if (offer.end_reason === 'undelivered') return copy.outcome.undelivered;
  if (offer.end_reason === 'timed_out' || offer.state === 'open') return copy.outcome.noAnswer;
  return copy.outcome.withdrawn;
}

export async function sendNotice(transport: Transporter, from: string, mail: NoticeMail, signal?: AbortSignal): Promise<void> {
  if (signal?.aborted) throw new Error('send cancelled');
  await transport.sendMail({
    from,
    to: mail.to,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    messageId: mail.messageId,
    ...(mail.urgent ? { priority: 'high' as const } : {}),
  });
}

export function createNoticeSenders(options: NoticeOptions): Record<SchedulerPurpose, JobSender> {
  const { store, transport, from } = options;
  const now = options.now ?? (() => new Date());
  const leadOf = async (job: OutboxJob) => {
    const lead = job.lead_id ? await store.read(() => inboxLead(job.lead_id!)) : undefined;
    if (!lead) throw new PermanentFailure('lead no longer exists');
    return lead;
  };
  const senders: Record<SchedulerPurpose, JobSender> = {
    nudge: async (job, signal) => {
      const lead = await leadOf(job);
      // Answered (or marked spam) since it was queued: nothing to nudge about.
      if (lead.status !== 'new' || lead.spam) return;
      await sendNotice(transport, from, nudgeMail(lead, now(), options), signal);
    },
    reminder: async (job, signal) => {
      const lead = await leadOf(job);
      // The date was changed or cleared since it was queued: that reminder is no longer wanted.
      if (!job.period || lead.follow_up_on !== job.period || lead.spam) return;
      await sendNotice(transport, from, reminderMail(lead, job.period, options), signal);
    },
    unaccepted: async (job, signal) => {
      const lead = await leadOf(job);
      const offers = await store.read(() => offersOfLead(lead.id));
      // Taken, or closed, since it was queued: nobody needs telling.
      if (offers.some((o) => o.offer.state === 'accepted') || lead.spam) return;
      const tried = offers
        .filter((o) => o.offer.automatic)
        .map(({ offer, partner }) => ({ name: partner.name, phone: partner.phone, outcome: outcomeOf(offer) }));
      await sendNotice(transport, from, unacceptedMail(lead, tried, options), signal);
    },
    overnight: async (job, signal) => {
      if (!job.period) throw new PermanentFailure('overnight summary without its date');
      const { start, end } = nightBefore(job.period);
      const night = await store.read(function* () {
        const leads = yield* urgentLeadsBetween(start, end);
        const holders = yield* holdersOf(leads.map((l) => l.id));
        const escalated = new Set((yield* escalatedLeads(leads.map((l) => l.id))) as string[]);
        return leads.map((lead) => ({ lead, holder: holders.get(lead.id), escalated: escalated.has(lead.id) }));
      });
      if (night.length === 0) return;
      await sendNotice(transport, from, overnightMail(job.period, night, await digestRecipients(store, options.to), options), signal);
    },
    gaps: async (job, signal) => {
      if (!job.period) throw new PermanentFailure('gap note without its date');
      const night = nightAfter(job.period);
      // The night is over (the worker was down all of it): a note about it would only mislead.
      if (now() >= night.end) return;
      const gaps = await store.read(() => tonightsGaps(night));
      // Someone went on call since it was queued: every city is covered, nothing to say.
      if (gaps.length === 0) return;
      await sendNotice(transport, from, gapsMail(job.period, gaps, await digestRecipients(store, options.to), options), signal);
    },
    prices: async (job, signal) => {
      const age = await publishedPriceAge(store, now());
      // Verified since it was queued (the date line moved on), or no longer past the check: nothing to remind.
      if (!age?.stale || age.date !== job.period) return;
      await sendNotice(transport, from, pricesMail(age, await digestRecipients(store, options.to), options), signal);
    },
    digest: async (job, signal) => {
      if (!job.period) throw new PermanentFailure('digest job without its week');
      const digest = await loadDigest(store, job.period);
      await sendNotice(transport, from, digestMail(digest, await digestRecipients(store, options.to), options), signal);
    },
  };
  return senders;
}
