import type { CommitGroup, NorthStar } from '../../../core/lead/north-star.ts';
import { words } from '../app-words.ts';
import { count, duration, percent } from './format.ts';
import { DataTable, type TableRow } from './DataTable.tsx';
import { ReportSection } from './ReportSection.tsx';

const w = words.reports.northStar;

/** "March 2026" for a New Zealand month YYYY-MM. */
const monthFormat = new Intl.DateTimeFormat('en-NZ', { month: 'long', year: 'numeric', timeZone: 'UTC' });
const monthName = (month: string) => monthFormat.format(Date.parse(`${month}-01T00:00:00Z`));

function rowsOf(groups: readonly CommitGroup[], label: (key: string) => string): TableRow[] {
  return groups.map((g) => ({
    key: g.key,
    cells: [
      label(g.key),
      count(g.urgent),
      g.urgent ? `${percent(g.within, g.urgent)} (${count(g.within)})` : w.noRequests,
      g.urgent === 0 ? w.noRequests : g.p90Minutes === null ? w.nobody : duration(g.p90Minutes),
    ],
  }));
}

/** How soon someone committed to urgent requests, by the time of day they arrived, by month and by city. */
export function NorthStarBreakdown({ northStar }: { northStar: NorthStar }) {
  const c = northStar.committed;
  const columns = (first: string) => [first, w.requests, w.within, w.p90Column];
  return (
    <ReportSection title={w.breakdown}>
      <p className="mt-1 text-sm text-slate-700">{w.bandsNote}</p>
      <div className="mt-3 grid gap-4">
        <DataTable caption={w.byBand} columns={columns(w.bandColumn)} rows={rowsOf(c.byBand, (key) => w.bands[key as keyof typeof w.bands] ?? key)} />
        <DataTable caption={w.byMonth} columns={columns(w.monthColumn)} rows={rowsOf(c.byMonth, monthName)} />
        <DataTable caption={w.byCity} columns={columns(w.cityColumn)} rows={rowsOf(c.byCity, (key) => key || w.noCity)} />
      </div>
    </ReportSection>
  );
}
