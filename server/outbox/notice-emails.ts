/**
 * The senders of the scheduler's e-mails: the nudge about a lead nobody has answered, the follow-up
 * reminder and the weekly digest. Each reads what it needs when it is sent, so a lead answered or
 * re-dated between queueing and sending gets no stale e-mail. The Message-ID derives from the
 * notice, so a send repeated after a crash is folded by mail clients.
 */
import type { Transporter } from 'nodemailer';
import { business } from '../../core/business.ts';
import { formatMinutes, formatNzd, type Insight } from '../../core/lead/insight.ts';
import { statusLabels } from '../../core/lead/status.ts';
import { inboxLead, type InboxLead } from '../storage/lead-work.ts';
import { digestCounts, leadsWonBetween, ownerEmails } from '../storage/notice-queue.ts';
import { offersOfLead } from '../storage/partner-offers.ts';
import type { LeadStore, NoticeChannel, OutboxJob } from '../storage/types.ts';
import { insightFor, rangeInstants } from '../leads/range-insight.ts';
import { visitsFor } from '../visits/visit-insight.ts';
import { addDays } from '../../core/nz-time.ts';
import { inboxHomeUrl, inboxLeadUrl, inboxReportsUrl } from '../../core/inbox-links.ts';
import { notificationRecipients } from './email.ts';
import { escapeHtml } from '../../core/escape-html.ts';
import { button, emailPage, h2, nzTime } from './lead-email.ts';
import { noticeCopy as copy } from './email-words.ts';
import { PermanentFailure, type NoticeSender } from './worker.ts';
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
}

const who = (lead: InboxLead) => [lead.company_name || lead.contact_name, lead.service_type, lead.city].filter(Boolean).join(', ');

const paragraphs = (lines: string[]) => lines.map((l) => `<p style="margin:0 0 8px">${escapeHtml(l)}</p>`).join('');

/** The lead as a nudge or reminder names it: who, how to reach them, where it stands, and the link. */
function leadMail(lead: InboxLead, subject: string, intro: string, options: NoticeOptions): Omit<NoticeMail, 'to' | 'messageId'> {
  const url = inboxLeadUrl(options.inboxOrigin, lead.id);
  const facts = [copy.status(statusLabels[lead.status]), ...(lead.phone ? [copy.phone(lead.phone)] : []), copy.email(lead.work_email)];
  return {
    subject,
    text: [intro, '', ...facts, '', `${copy.openLead}: ${url}`].join('\n'),
    html: emailPage(
      subject,
      `<h1 style="font-size:20px;margin:0 0 12px">${escapeHtml(who(lead))}</h1>${paragraphs([intro, ...facts])}<p style="margin:16px 0 0"><a href="${escapeHtml(url)}" ${button(true)}>${escapeHtml(copy.openLead)}</a></p>`,
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

/** The escalation of an urgent job no on-call partner accepted: to the business and the urgent address. */
export function unacceptedMail(lead: InboxLead, asked: number, options: NoticeOptions): NoticeMail {
  return {
    ...leadMail(lead, copy.unacceptedSubject(who(lead)), copy.unacceptedIntro(lead.contact_name || who(lead), asked), options),
    to: notificationRecipients(lead, options.to, options.urgentTo),
    messageId: `<unaccepted-${lead.id}@${options.messageIdDomain}>`,
  };
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
  return {
    monday,
    insight,
    visits: { visitors, quotes },
    won: { count: won.length, cents: won.reduce((sum, l) => sum + (l.job_value_cents ?? 0), 0) },
    ...counts,
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
            ...digest.dead.map((job) => `- ${copy.deadLine(inboxWords.notification(job.channel, false), job.last_error)}`),
            copy.deadHint,
          ]
        : [copy.noDead],
    },
  ];
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
  const html = emailPage(
    subject,
    `<h1 style="font-size:20px;margin:0 0 12px">${escapeHtml(copy.digestHeading(range))}</h1>${sections
      .map((s) => `${s.heading ? `<h2 ${h2}>${escapeHtml(s.heading)}</h2>` : '<div style="height:12px"></div>'}${paragraphs(s.lines)}`)
      .join(
        '',
      )}<p style="margin:20px 0 0"><a href="${escapeHtml(reports)}" ${button(true)}>${escapeHtml(copy.openReports)}</a><a href="${escapeHtml(inbox)}" ${button(false)}>${escapeHtml(copy.openInbox)}</a></p>`,
  );
  return { to, subject, text, html, messageId: `<digest-${digest.monday}@${options.messageIdDomain}>` };
}

/** The digest's readers: the inbox's owners, or the business's inbox while there is none. */
export async function digestRecipients(store: LeadStore, fallback: string[]): Promise<string[]> {
  const owners = await store.read(() => ownerEmails());
  return owners.length ? owners : fallback;
}

export async function sendNotice(transport: Transporter, from: string, mail: NoticeMail, signal?: AbortSignal): Promise<void> {
  if (signal?.aborted) throw new Error('send cancelled');
  await transport.sendMail({ from, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html, messageId: mail.messageId });
}

export function createNoticeSenders(options: NoticeOptions): Record<NoticeChannel, NoticeSender> {
  const { store, transport, from } = options;
  const now = options.now ?? (() => new Date());
  const leadOf = async (job: OutboxJob) => {
    const lead = job.lead_id ? await store.read(() => inboxLead(job.lead_id!)) : undefined;
    if (!lead) throw new PermanentFailure('lead no longer exists');
    return lead;
  };
  const senders: Record<NoticeChannel, NoticeSender> = {
    nudge: async (job, signal) => {
      const lead = await leadOf(job);
      // Answered (or marked spam) since it was queued: nothing to nudge about.
      if (lead.status !== 'new' || lead.spam) return;
      await sendNotice(transport, from, nudgeMail(lead, now(), options), signal);
    },
    reminder: async (job, signal) => {
      const lead = await leadOf(job);
      // The date was changed or cleared since it was queued: that reminder is no longer wanted.
      if (!job.about || lead.follow_up_on !== job.about || lead.spam) return;
      await sendNotice(transport, from, reminderMail(lead, job.about, options), signal);
    },
    unaccepted: async (job, signal) => {
      const lead = await leadOf(job);
      const offers = await store.read(() => offersOfLead(lead.id));
      // Taken, or closed, since it was queued: nobody needs telling.
      if (offers.some((o) => o.offer.state === 'accepted') || lead.spam) return;
      const asked = offers.filter((o) => o.offer.offered_by === null).length;
      await sendNotice(transport, from, unacceptedMail(lead, asked, options), signal);
    },
    digest: async (job, signal) => {
      if (!job.about) throw new PermanentFailure('digest job without its week');
      const digest = await loadDigest(store, job.about);
      await sendNotice(transport, from, digestMail(digest, await digestRecipients(store, options.to), options), signal);
    },
  };
  return senders;
}
