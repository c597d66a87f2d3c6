import { useQuery } from '@tanstack/react-query';
import type { VisitReport } from '../../../core/visit/visit-figures.ts';
import { api } from '../api.ts';
import { words } from '../app-words.ts';
import { Alert, errorMessage } from '../Alert.tsx';
import { count, quoteRateCell } from './format.ts';
import { ReportSection } from './ReportSection.tsx';
import { VisitBreakdown } from './VisitBreakdown.tsx';
import { FormFunnelList } from './FormFunnelList.tsx';
import { WebVitals } from './WebVitals.tsx';
import { FigureTiles } from './FigureTiles.tsx';

const w = words.reports.visits;

/** The range's visits in four figures: visitors, page views, quote requests and the quote rate. */
function VisitFigures({ visits }: { visits: VisitReport }) {
  const figures = [
    { label: w.visitors, value: count(visits.visitors) },
    { label: w.views, value: count(visits.views) },
    { label: w.quotes, value: count(visits.quotes) },
    { label: w.rate, value: quoteRateCell(visits.quotes, visits.visitors) },
  ];
  return <FigureTiles figures={figures} />;
}

/** The visits of the range beside the leads they became, the quote form's funnel by page and the Web Vitals. */
export function VisitSections({ from, to }: { from: string; to: string }) {
  const query = useQuery({ queryKey: ['visits', from, to], queryFn: () => api('GET /visits', { querystring: { from, to } }) });
  const visits = query.data;
  if (query.error) return <Alert message={errorMessage(query.error, words.tryAgain)} />;
  if (!visits) return <p className="mt-6 text-slate-700">{w.loading}</p>;
  const breakdowns = [
    { title: w.byPage, column: w.page, rows: visits.byPage, limit: 10 },
    { title: w.bySource, column: w.source, rows: visits.bySource },
    { title: w.byCampaign, column: w.campaign, rows: visits.byCampaign, limit: 10 },
    { title: w.byDevice, column: w.device, rows: visits.byDevice },
  ];
  return (
    <div className="mt-6 grid gap-6">
      <ReportSection title={w.heading}>
        <p className="mt-1 text-slate-700">{w.intro}</p>
        {visits.views === 0 ? <p className="mt-3 text-slate-700">{w.empty}</p> : <VisitFigures visits={visits} />}
      </ReportSection>
      {visits.views > 0 && (
        <div className="grid items-start gap-6 lg:grid-cols-2">
          {breakdowns.map((b) => (
            <ReportSection key={b.title} title={b.title}>
              <VisitBreakdown title={b.title} column={b.column} rows={b.rows} {...(b.limit ? { limit: b.limit } : {})} />
            </ReportSection>
          ))}
        </div>
      )}
      <ReportSection title={words.reports.formFunnel.heading}>
        <FormFunnelList rows={visits.formFunnel} />
      </ReportSection>
      <ReportSection title={words.reports.vitals.heading}>
        <WebVitals vitals={visits.vitals} />
      </ReportSection>
    </div>
  );
}
