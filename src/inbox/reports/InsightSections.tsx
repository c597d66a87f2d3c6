import type { Insight, LabelCount } from '../../../core/lead/insight.ts';
import { words } from '../app-words.ts';
import { count, percent } from './format.ts';
import { ReportSection } from './ReportSection.tsx';
import { SummaryFigures } from './SummaryFigures.tsx';
import { WeeklySourcesChart } from './WeeklySourcesChart.tsx';
import { BarList, type BarRow } from './BarList.tsx';
import { FunnelChart } from './FunnelChart.tsx';
import { WonValue } from './WonValue.tsx';
import { ResponseChart } from './ResponseChart.tsx';
import { PartnerReports } from './PartnerReports.tsx';
import { NorthStarBreakdown } from './NorthStarBreakdown.tsx';

const w = words.reports;

/** Breakdown rows for the bar charts (the server sends them biggest first), each with its share of the range's leads. */
function countRows(counts: LabelCount[], total: number): BarRow[] {
  return counts.map((c) => ({
    key: c.label,
    label: c.label,
    value: c.count,
    valueText: count(c.count),
    note: percent(c.count, total),
    endText: w.leadsBar(c.count, count(c.count), percent(c.count, total)),
  }));
}

/** Every report for a range that has leads, one section each. */
export function InsightSections({ insight }: { insight: Insight }) {
  const breakdowns = [
    { title: w.breakdown.service, column: w.breakdown.serviceColumn, counts: insight.byService },
    { title: w.breakdown.city, column: w.breakdown.cityColumn, counts: insight.byCity },
    { title: w.breakdown.page, column: w.breakdown.pageColumn, counts: insight.byPage },
    { title: w.breakdown.campaign, column: w.breakdown.campaignColumn, counts: insight.byCampaign },
  ];
  return (
    <div className="mt-6 grid gap-6">
      <SummaryFigures insight={insight} />
      {insight.northStar.committed.urgent > 0 && <NorthStarBreakdown northStar={insight.northStar} />}
      <ReportSection title={w.weekly.heading}>
        <WeeklySourcesChart weeks={insight.weeks} />
      </ReportSection>
      <div className="grid items-start gap-6 lg:grid-cols-2">
        {breakdowns.map((b) => (
          <ReportSection key={b.title} title={b.title}>
            <BarList
              title={b.title}
              labelHeading={b.column}
              valueHeading={w.breakdown.leads}
              noteHeading={w.breakdown.share}
              rows={countRows(b.counts, insight.total)}
              limit={10}
            />
          </ReportSection>
        ))}
      </div>
      <ReportSection title={w.funnel.heading}>
        <FunnelChart funnel={insight.funnel} lost={insight.lost} lostReasons={insight.lostReasons} />
      </ReportSection>
      <ReportSection title={w.wonValue.heading}>
        <WonValue won={insight.won} />
      </ReportSection>
      <ReportSection title={w.response.heading}>
        <ResponseChart weeks={insight.weeks} response={insight.response} />
      </ReportSection>
      <ReportSection title={w.partners.heading}>
        <PartnerReports partners={insight.partners} />
      </ReportSection>
    </div>
  );
}
