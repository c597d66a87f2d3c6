/**
 * The visits of a range beside the leads they became: the database's daily totals and lead counts
 * (storage/visit-counts.ts) shaped into the VisitReport the Reports view and the weekly digest read.
 */
import { leadSources, sourceLabels, type LeadSource } from '../../core/lead/insight.ts';
import { pagePath, vitalMetrics, type PageKind, type VitalMetric } from '../../core/visit/beacon-fields.ts';
import {
  deviceLabels,
  OTHER_CAMPAIGN,
  p75OfBuckets,
  visitDevices,
  type FormFunnelRow,
  type VisitReport,
  type VisitRow,
  type VitalFigure,
} from '../../core/visit/visit-figures.ts';
import { visitCounts, type VisitCounts } from '../storage/visit-counts.ts';
import type { Work } from '../storage/steps.ts';
import type { LeadStore } from '../storage/types.ts';
import { rangeInstants } from '../leads/range-insight.ts';

const campaignLabel = (value: string) => value || '(none)';
const deviceLabel = (value: string) => deviceLabels[value as keyof typeof deviceLabels] ?? (value || '(not given)');
const sourceLabel = (value: string) => sourceLabels[value as LeadSource] ?? value;

type Totals = Omit<VisitRow, 'label'>;

/** Rows by label, visitors and views from the visits, quotes from the leads; biggest first unless `order` is given. */
function rowsBy(
  counts: VisitCounts,
  visitorsLabel: (row: { source: string; campaign: string; device: string }) => string,
  leadLabel: (lead: VisitCounts['leads'][number]) => string,
  order?: readonly string[],
): VisitRow[] {
  const rows = new Map<string, Totals>(order?.map((label) => [label, { visitors: 0, views: 0, quotes: 0 }]));
  const row = (label: string) => rows.get(label) ?? rows.set(label, { visitors: 0, views: 0, quotes: 0 }).get(label)!;
  for (const v of counts.visitors) row(visitorsLabel(v)).visitors += v.visitors;
  for (const v of counts.views) row(visitorsLabel(v)).views += v.views;
  for (const lead of counts.leads) row(leadLabel(lead)).quotes += lead.count;
  const list = [...rows].map(([label, totals]) => ({ label, ...totals }));
  return order ? list : list.sort(biggestFirst);
}

const biggestFirst = (a: VisitRow, b: VisitRow) => b.visitors - a.visitors || b.quotes - a.quotes || a.label.localeCompare(b.label);

function pageRows(counts: VisitCounts): VisitRow[] {
  const rows = new Map<string, VisitRow>();
  const row = (page: string) => rows.get(page) ?? rows.set(page, { label: page, visitors: 0, views: 0, quotes: 0 }).get(page)!;
  for (const p of counts.pages) {
    row(p.page).visitors += p.visitors;
    row(p.page).views += p.views;
  }
  for (const lead of counts.leads) row(pagePath(lead.path) || '(unknown)').quotes += lead.count;
  return [...rows.values()].sort(biggestFirst);
}

function funnelRows(counts: VisitCounts): FormFunnelRow[] {
  const rows = new Map<string, FormFunnelRow>();
  const row = (page: string) => rows.get(page) ?? rows.set(page, { page, seen: 0, started: 0, sent: 0 }).get(page)!;
  for (const f of counts.forms) {
    row(f.page).seen += f.seen;
    row(f.page).started += f.started;
  }
  for (const lead of counts.leads) row(pagePath(lead.path) || '(unknown)').sent += lead.count;
  return [...rows.values()].sort((a, b) => b.seen - a.seen || b.sent - a.sent || a.page.localeCompare(b.page));
}

function vitalFigures(counts: VisitCounts): VitalFigure[] {
  const figure = (metric: VitalMetric, kind: PageKind | null, device: VitalFigure['device']): VitalFigure => {
    const buckets = new Map<number, number>();
    for (const v of counts.vitals) {
      if (v.metric !== metric || (kind && v.kind !== kind) || (device && v.device !== device)) continue;
      buckets.set(v.bucket, (buckets.get(v.bucket) ?? 0) + v.samples);
    }
    let samples = 0;
    for (const n of buckets.values()) samples += n;
    return { metric, kind, device, samples, p75: p75OfBuckets(metric, buckets) };
  };
  const groups = [...new Set(counts.vitals.map((v) => `${v.kind}|${v.device}`))].sort();
  return vitalMetrics.flatMap((metric) => [
    figure(metric, null, null),
    ...groups
      .map((group) => {
        const [kind, device] = group.split('|') as [PageKind, (typeof visitDevices)[number]];
        return figure(metric, kind, device);
      })
      .filter((f) => f.samples > 0),
  ]);
}

/**
 * The campaign a lead is counted under beside the visits: its own where the visits have it, else
 * "(other)". The campaign rows are the visits' bounded set (see storage/visit-counts.ts), so quote
 * posts carrying invented campaigns add no rows of their own either.
 */
function leadCampaign(counts: VisitCounts): (lead: VisitCounts['leads'][number]) => string {
  const counted = new Set([...counts.visitors, ...counts.views].map((v) => v.campaign));
  return (lead) => campaignLabel(lead.campaign === '' || counted.has(lead.campaign) ? lead.campaign : OTHER_CAMPAIGN);
}

/** The VisitReport of a range from the database's counts. */
export function shapeVisits(counts: VisitCounts, from: string, to: string): VisitReport {
  const sum = <T>(rows: T[], n: (row: T) => number) => rows.reduce((total, row) => total + n(row), 0);
  return {
    from,
    to,
    visitors: sum(counts.visitors, (v) => v.visitors),
    views: sum(counts.views, (v) => v.views),
    quotes: sum(counts.leads, (l) => l.count),
    byPage: pageRows(counts),
    bySource: rowsBy(
      counts,
      (v) => sourceLabel(v.source),
      (l) => sourceLabel(l.source),
      leadSources.map((s) => sourceLabels[s]),
    ),
    byCampaign: rowsBy(counts, (v) => campaignLabel(v.campaign), leadCampaign(counts)),
    byDevice: rowsBy(
      counts,
      (v) => deviceLabel(v.device),
      (l) => deviceLabel(l.device),
      visitDevices.map((d) => deviceLabels[d]),
    ),
    formFunnel: funnelRows(counts),
    vitals: vitalFigures(counts),
  };
}

/** The visits of the NZ dates `from` to `to` (inclusive) and the leads of the same days. */
export function* visitsBetween(from: string, to: string): Work<VisitReport> {
  const { start, end } = rangeInstants(from, to);
  return shapeVisits(yield* visitCounts(from, to, start, end), from, to);
}

/** The VisitReport of a range, read where it cannot hold up the server (a worker thread on SQLite). */
export function visitsFor(store: LeadStore, from: string, to: string): Promise<VisitReport> {
  return store.readAside(import.meta.url, visitsBetween, from, to);
}
