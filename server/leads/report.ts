/**
 * Where leads come from: counts by source / medium, campaign, page, city, service and week, and
 * the share with a Google Ads click. Spam is left out by the caller.
 */
import type { StoredLead } from '../storage/types.ts';
import { nzWeekOf } from './nz-time.ts';

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
