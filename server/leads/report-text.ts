/**
 * The reports as text for the command line: the same figures as the inbox's Reports and the
 * digest (one Insight), where leads came from first, then how soon someone committed to the urgent
 * ones, how far they got and how fast someone answered.
 */
import { formatMinutes, formatNzd, type Insight, type LabelCount, type ResponseStat } from '../../core/lead/insight.ts';
import { lostReasonLabels, statusLabels } from '../../core/lead/status.ts';
import { COMMIT_PERCENTILE, COMMIT_WITHIN_MS, type CommitGroup, type hourBands } from '../../core/lead/north-star.ts';

/** A share as "12.5%"; a share of nothing has no value and is a dash. */
function percent(part: number, whole: number): string {
  return whole ? `${((100 * part) / whole).toFixed(1)}%` : '–';
}

/** Where the range's leads came from: the five sources, campaign, page, city, service and week. */
export function formatSources(insight: Insight, since?: string): string {
  const lines = [
    `Leads${since ? ` since ${since}` : ''}: ${insight.total} (spam left out)`,
    `With a Google Ads click (gclid): ${insight.withGclid} (${percent(insight.withGclid, insight.total)})`,
  ];
  const sections: [string, LabelCount[]][] = [
    ['By source', insight.bySource],
    ['By campaign', insight.byCampaign],
    ['By page the form was sent from', insight.byPage],
    ['By city', insight.byCity],
    ['By service', insight.byService],
    ['By week (starting Monday, NZ time)', insight.weeks.filter((w) => w.total > 0).map((w) => ({ label: w.week, count: w.total }))],
  ];
  for (const [title, counts] of sections) {
    lines.push('', title);
    const width = Math.max(10, ...counts.map((c) => c.label.length));
    for (const c of counts) lines.push(`  ${c.label.padEnd(width)}  ${String(c.count).padStart(5)}  ${percent(c.count, insight.total).padStart(6)}`);
    if (!counts.length) lines.push('  (no leads)');
  }
  return `${lines.join('\n')}\n`;
}

const COUNT_HEADINGS = ['Offers', 'Accepted', 'Declined', 'No answer', 'Withdrawn', 'Waiting'];
const width = (partners: Insight['partners']) => Math.max(10, ...partners.byPartner.map((p) => p.name.length));

/** Each partner's offers and answers, then the promise kept by city; nothing when neither has a figure. */
function partnerLines({ partners }: Insight): string[] {
  const lines: string[] = [];
  if (partners.byPartner.length) {
    lines.push(
      '',
      'Partners (offers = accepted + declined + no answer + withdrawn + waiting; median time to accept; won value of their jobs)',
      `  ${'Partner'.padEnd(width(partners))}  ${COUNT_HEADINGS.map((h) => h.padStart(9)).join('  ')}  ${'To accept'.padStart(10)}  ${'Won value'.padStart(14)}`,
    );
    for (const p of partners.byPartner) {
      const counts = [p.offers, p.accepted, p.declined, p.noAnswer, p.withdrawn, p.waiting].map((n) => String(n).padStart(9)).join('  ');
      lines.push(
        `  ${p.name.padEnd(width(partners))}  ${counts}  ${formatMinutes(p.medianAcceptMinutes).padStart(10)}  ${formatNzd(p.won.cents).padStart(14)}`,
      );
      for (const r of p.declineReasons) lines.push(`    declined: ${r.label} (${r.count})`);
      for (const o of p.onSite) lines.push(`    on site in ${o.city}: ${o.count}, ${o.inTime} by the promised time`);
    }
  }
  if (partners.promise.length) {
    lines.push('', 'Urgent leads reached by the promised time, by city (leads whose attend-by time has passed or who were attended)');
    for (const p of partners.promise) lines.push(`  ${p.city.padEnd(12)}  ${p.kept} of ${p.urgent}  ${percent(p.kept, p.urgent).padStart(6)}`);
  }
  return lines;
}

const COMMIT_MINUTES = COMMIT_WITHIN_MS / 60_000;
const BAND_NAMES: Record<(typeof hourBands)[number], string> = { office: 'Office hours', evening: 'Evening', night: 'Night (10 pm to 7 am)' };

/** One group's share within the mark and its percentile, on one line after its label. */
function commitLine(label: string, g: CommitGroup, width: number): string {
  const p90 = g.p90Minutes === null ? 'more than 1 in 10 have nobody' : `${COMMIT_PERCENTILE}th percentile ${formatMinutes(g.p90Minutes)}`;
  return `  ${label.padEnd(width)}  ${g.within} of ${g.urgent}  ${percent(g.within, g.urgent).padStart(6)}  ${p90}`;
}

/**
 * The North star first, as the Reports show it: urgent requests someone committed to (a partner
 * accepted, or a person of the business acknowledged) within 5 minutes, by time of day, month and
 * city; then how many were on site by the promised time.
 */
function northStarLines({ northStar: { committed, onSite } }: Insight): string[] {
  if (!committed.urgent && !committed.waiting) return [];
  const lines = ['', `Urgent requests someone committed to within ${COMMIT_MINUTES} minutes (a partner accepted, or someone here acknowledged)`];
  lines.push(commitLine('All', committed, 22));
  if (committed.waiting) lines.push(`  ${committed.waiting} under ${COMMIT_MINUTES} minutes old, not counted yet`);
  for (const band of committed.byBand) if (band.urgent) lines.push(commitLine(BAND_NAMES[band.key as keyof typeof BAND_NAMES] ?? band.key, band, 22));
  for (const month of committed.byMonth) lines.push(commitLine(month.key, month, 22));
  for (const city of committed.byCity) lines.push(commitLine(city.key || '(not given)', city, 22));
  lines.push(`  On site by the promised time: ${onSite.kept} of ${onSite.due} already due`);
  return lines;
}

function responseLine(label: string, stat: ResponseStat): string {
  return `  ${label.padEnd(16)}  median ${formatMinutes(stat.medianMinutes).padStart(10)}  90th percentile ${formatMinutes(stat.p90Minutes).padStart(10)}  (${stat.answered} answered, ${stat.waiting} waiting)`;
}

/** The funnel, won value, lost reasons and time to first contact, after the counts. */
export function formatInsight(insight: Insight): string {
  const lines = [...northStarLines(insight), '', 'Funnel (furthest stage reached)'];
  const first = insight.funnel[0]?.count ?? 0;
  for (const { stage, count } of insight.funnel)
    lines.push(`  ${statusLabels[stage].padEnd(10)}  ${String(count).padStart(5)}  ${percent(count, first).padStart(6)}`);
  lines.push(`  ${statusLabels.lost.padEnd(10)}  ${String(insight.lost).padStart(5)}  ${percent(insight.lost, first).padStart(6)}`);
  for (const { reason, count } of insight.lostReasons) lines.push(`    ${lostReasonLabels[reason].padEnd(16)}  ${String(count).padStart(5)}`);
  lines.push('', `Won value: ${formatNzd(insight.won.cents)} from ${insight.won.count} job(s)`);
  for (const [title, values] of [
    ['by source', insight.won.bySource],
    ['by campaign', insight.won.byCampaign],
  ] as const) {
    if (!values.length) continue;
    lines.push(`  ${title}`);
    const width = Math.max(10, ...values.map((v) => v.label.length));
    for (const v of values) lines.push(`    ${v.label.padEnd(width)}  ${String(v.count).padStart(4)}  ${formatNzd(v.cents).padStart(14)}`);
  }
  lines.push('', 'Time to first contact (arrival to the first status change or note)');
  lines.push(responseLine('Business hours', insight.response.businessHours), responseLine('After hours', insight.response.afterHours));
  const weeks = insight.weeks.filter((w) => w.total > 0);
  if (weeks.length) {
    lines.push('', 'Time to first contact by week (median: business hours / after hours)');
    for (const w of weeks)
      lines.push(
        `  ${w.week}  ${formatMinutes(w.response.businessHours.medianMinutes).padStart(10)}  ${formatMinutes(w.response.afterHours.medianMinutes).padStart(10)}`,
      );
  }
  lines.push(...partnerLines(insight));
  return `${lines.join('\n')}\n`;
}
