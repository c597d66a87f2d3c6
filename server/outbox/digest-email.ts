/**
 * The owners' weekly digest: the week's leads, visitors, wins, partners, first-contact times and
 * failed notifications, read when it is sent; its Message-ID derives from the week.
 */
import { business } from '../../core/business.ts';
import { formatMinutes, formatNzd, type Insight } from '../../core/lead/insight.ts';
import { inboxHomeUrl, inboxReportsUrl } from '../../core/inbox-links.ts';
import { addDays, nzInstant } from '../../core/nz-time.ts';
import { digestCounts, leadsWonBetween, ownerEmails } from '../storage/notice-queue.ts';
import type { LeadStore, OutboxJob } from '../storage/types.ts';
import { insightFor, rangeInstants } from '../leads/range-insight.ts';
import { visitsFor } from '../visits/visit-insight.ts';
import { publishedPriceAge, type PriceAge } from '../site/price-age.ts';
import { inboxWords } from '../inbox/inbox-words.ts';
import { composeMail, type Block, type Mail } from './mail-model.ts';
import { noticeCopy as copy } from './email-words.ts';
import { dayFormat } from './owner-notices.ts';
import type { NoticeAddresses } from './lead-notices.ts';
import type { JobAppReport } from '../../core/inbox-api/job-app.ts';
import type { JobAppVendor } from '../../core/inbox-api/job-app-vendors.ts';
import { jobAppConnection, jobAppCounts } from '../storage/job-app-records.ts';
import { jobAppWords } from '../jobapp/job-app-words.ts';

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
  /** The job app's week, while one is connected: its sends, and its refusal of the key. */
  jobApp?: { vendor: JobAppVendor; report: JobAppReport; refusal: string | null } | undefined;
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
  const jobApp = await store.read(function* () {
    const connection = yield* jobAppConnection();
    return connection && { vendor: connection.vendor, report: yield* jobAppCounts(start, end), refusal: connection.refusal };
  });
  return {
    monday,
    insight,
    visits: { visitors, quotes },
    won: { count: won.length, cents: won.reduce((sum, l) => sum + (l.job_value_cents ?? 0), 0) },
    ...counts,
    ...(prices?.stale ? { prices } : {}),
    ...(jobApp ? { jobApp } : {}),
  };
}

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

/** The job app's lines: a refused key first, as nothing reaches the app until it is replaced. */
function jobAppSection({ vendor, report, refusal }: NonNullable<Digest['jobApp']>) {
  const words = jobAppWords.digest;
  return { heading: words.heading, lines: [...(refusal ? [words.refused(vendor, refusal)] : []), words.sent(vendor, report.sent, report.failed)] };
}

/** The digest's figures as sections of lines, each under its heading or a little space. */
function digestSections(digest: Digest): Block[][] {
  const { insight } = digest;
  const { businessHours, afterHours } = insight.response;
  const counts = (list: { label: string; count: number }[]) => (list.length ? list.map((c) => `${c.label}: ${c.count}`) : [copy.none]);
  const firstContact = (label: string, { medianMinutes, waiting }: typeof businessHours) =>
    `${label}: ${formatMinutes(medianMinutes)}${waiting ? ` (${copy.waiting(waiting)})` : ''}`;
  const sections: { heading?: string; lines: string[] }[] = [
    { lines: [copy.digestIntro(business.name), copy.leadsTotal(insight.total), copy.visitors(digest.visits.visitors, digest.visits.quotes)] },
    { heading: copy.bySource, lines: counts(insight.bySource.filter((c) => c.count > 0)) },
    { heading: copy.byService, lines: counts(insight.byService) },
    { lines: [copy.wonValue(formatNzd(digest.won.cents), digest.won.count)] },
    { lines: [partnersLine(insight)] },
    { heading: copy.firstContact, lines: [firstContact(copy.businessHours, businessHours), firstContact(copy.afterHours, afterHours)] },
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
    ...(digest.jobApp ? [jobAppSection(digest.jobApp)] : []),
  ];
  return sections.map((s) => [
    s.heading ? { kind: 'heading', text: s.heading } : { kind: 'spacer' },
    ...s.lines.map((line): Block => ({ kind: 'paragraph', content: [line], look: 'tight' })),
  ]);
}

export function digestMail(digest: Digest, to: string[], options: Pick<NoticeAddresses, 'inboxOrigin' | 'messageIdDomain'>): Mail {
  const [from, until] = [addDays(digest.monday, -7), addDays(digest.monday, -1)];
  const range = dayRange(from, until);
  return composeMail({
    subject: copy.digestSubject(range),
    headings: 'capitals',
    to,
    messageId: `<digest-${digest.monday}@${options.messageIdDomain}>`,
    sections: [
      [{ kind: 'title', text: copy.digestHeading(range) }],
      ...digestSections(digest),
      [
        {
          kind: 'buttons',
          space: 'wide',
          buttons: [
            { href: inboxReportsUrl(options.inboxOrigin, from, until), label: copy.openReports, tone: 'filled' },
            { href: inboxHomeUrl(options.inboxOrigin), label: copy.openInbox, tone: 'outlined' },
          ],
        },
      ],
    ],
  });
}

/** The digest's readers: the inbox's owners, or the business's inbox while there is none. */
export async function digestRecipients(store: LeadStore, fallback: string[]): Promise<string[]> {
  const owners = await store.read(() => ownerEmails());
  return owners.length ? owners : fallback;
}
