/**
 * Where leads come from: counts by source / medium, campaign, page, city, service and week, and
 * the share with a Google Ads click. Spam is left out by the caller.
 */
import type { StoredLead } from '../storage/types.ts';
import { nzWeekOf } from '../../core/nz-time.ts';
import { formatMinutes, formatNzd, type Insight, type ResponseStat } from '../../core/lead/insight.ts';
import { lostReasonLabels, statusLabels } from '../../core/lead/status.ts';

export interface Count {
  label: string;
  count: number;
}

export interface LeadReport {
  total: number;
  withGclid: number;
  sections: { title: string; counts: Count[] }[];
}

/** The Monday (New Zealand date) of the week the lead arrived, as YYYY-MM-DD. */
export function weekOf(iso: string): string {
  return nzWeekOf(new Date(iso));
}

function host(url: string): string {
  return URL.canParse(url) ? new URL(url).host : '';
}

/** Source / medium as Google Analytics names them: UTM values first, then a Google Ads click, a referring site, or direct. */
export function sourceMedium(lead: StoredLead): string {
  if (lead.utm_source || lead.utm_medium) return `${lead.utm_source || '(not set)'} / ${lead.utm_medium || '(not set)'}`;
  if (lead.gclid) return 'google / cpc';
  const referrer = host(lead.referrer);
  return referrer ? `${referrer} / referral` : '(direct) / (none)';
}

function countBy(leads: StoredLead[], key: (lead: StoredLead) => string, order: 'count' | 'label' = 'count'): Count[] {
  const counts = new Map<string, number>();
  for (const lead of leads) counts.set(key(lead), (counts.get(key(lead)) ?? 0) + 1);
  return [...counts]
    .map(([label, count]) => ({ label, count }))
    .sort((a, b) => (order === 'label' ? a.label.localeCompare(b.label) : b.count - a.count || a.label.localeCompare(b.label)));
}

export function buildReport(leads: StoredLead[]): LeadReport {
  return {
    total: leads.length,
    withGclid: leads.filter((l) => l.gclid).length,
    sections: [
      { title: 'By source / medium', counts: countBy(leads, sourceMedium) },
      { title: 'By campaign', counts: countBy(leads, (l) => l.utm_campaign || '(none)') },
      { title: 'By page the form was sent from', counts: countBy(leads, (l) => l.path || '(unknown)') },
      { title: 'By city', counts: countBy(leads, (l) => l.city || '(not given)') },
      { title: 'By service', counts: countBy(leads, (l) => l.service_type || '(not given)') },
      { title: 'By week (starting Monday, NZ time)', counts: countBy(leads, (l) => weekOf(l.created_at), 'label') },
    ],
  };
}

function percent(part: number, whole: number): string {
  return whole ? `${((100 * part) / whole).toFixed(1)}%` : '0.0%';
}

export function formatReport(report: LeadReport, since?: Date): string {
  const lines = [
    `Leads${since ? ` since ${since.toISOString().slice(0, 10)}` : ''}: ${report.total} (spam left out)`,
    `With a Google Ads click (gclid): ${report.withGclid} (${percent(report.withGclid, report.total)})`,
  ];
  for (const { title, counts } of report.sections) {
    lines.push('', title);
    const width = Math.max(10, ...counts.map((c) => c.label.length));
    for (const c of counts) lines.push(`  ${c.label.padEnd(width)}  ${String(c.count).padStart(5)}  ${percent(c.count, report.total).padStart(6)}`);
    if (!counts.length) lines.push('  (no leads)');
  }
  return `${lines.join('\n')}\n`;
}

function responseLine(label: string, stat: ResponseStat): string {
  return `  ${label.padEnd(16)}  median ${formatMinutes(stat.medianMinutes).padStart(10)}  90th percentile ${formatMinutes(stat.p90Minutes).padStart(10)}  (${stat.answered} answered, ${stat.waiting} waiting)`;
}

/** The funnel, won value, lost reasons and time to first contact, after the counts. */
export function formatInsight(insight: Insight): string {
  const lines = ['', 'Funnel (furthest stage reached)'];
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
  return `${lines.join('\n')}\n`;
}
