import { useQuery } from '@tanstack/react-query';
import { DEFAULT_REPORT_WEEKS } from '../../../core/lead/insight.ts';
import { nzLastWeeks } from '../../../core/nz-time.ts';
import { api } from '../api.ts';
import { words } from '../app-words.ts';
import { ui } from '../ui.ts';
import { Alert, errorMessage } from '../Alert.tsx';
import { longDate } from './format.ts';
import { RangeForm } from './RangeForm.tsx';
import { InsightSections } from './InsightSections.tsx';
import { GoogleAdsExport } from './GoogleAdsExport.tsx';
import { VisitSections } from './VisitSections.tsx';
import { CallSections } from './CallSections.tsx';
import { BackupStatus } from './BackupStatus.tsx';
import { NorthStarFigures } from './NorthStarFigures.tsx';
import { ReviewFigures } from './ReviewFigures.tsx';
import { JobAppFigures } from './JobAppFigures.tsx';
import type { SessionUser } from '../../../core/inbox-api/contract.ts';

const w = words.reports;

export interface ReportsViewProps {
  user: SessionUser;
  /** New Zealand dates YYYY-MM-DD, inclusive; empty for the default range's end. */
  from: string;
  to: string;
  go: (href: string) => void;
}

/** The reports for a date range: where leads came from, what for, how far they got, what they were worth, how fast they were answered; then the visits they came from. */
export function ReportsView({ user, from, to, go }: ReportsViewProps) {
  // An end the address leaves out is the default range's, known here as on the server, so the
  // fields show the range at once and nothing typed into them is replaced when the answer comes.
  const fallback = nzLastWeeks(DEFAULT_REPORT_WEEKS, new Date());
  const shownFrom = from || fallback.from;
  const shownTo = to || fallback.to;
  const reports = useQuery({
    queryKey: ['reports', shownFrom, shownTo],
    queryFn: () => api('GET /reports', { querystring: { from: shownFrom, to: shownTo } }),
  });
  const insight = reports.data;

  return (
    <>
      <h1 className={ui.h1}>{w.heading}</h1>
      {insight && <p className="mt-1 text-slate-700">{w.range(longDate(insight.from), longDate(insight.to))}</p>}
      {/* First, on a phone too: how soon someone committed to the urgent requests, and the promise kept. */}
      {insight && insight.total > 0 && (
        <div className="mt-4">
          <NorthStarFigures northStar={insight.northStar} />
        </div>
      )}
      {user.role === 'owner' && <BackupStatus />}
      {/* Keyed on the range, so the fields show the new dates after a quick link or Back. */}
      <RangeForm key={`${shownFrom}|${shownTo}`} from={shownFrom} to={shownTo} go={go} />
      <Alert message={errorMessage(reports.error, words.tryAgain)} />
      {reports.isPending ? (
        <p className="mt-6 text-slate-700">{words.loading}</p>
      ) : !insight ? null : insight.total === 0 ? (
        <p className="mt-6 text-slate-700">{w.empty(longDate(insight.from), longDate(insight.to))}</p>
      ) : (
        <InsightSections insight={insight} />
      )}
      <VisitSections from={shownFrom} to={shownTo} />
      <CallSections from={shownFrom} to={shownTo} />
      {user.role === 'owner' && (
        <div className="mt-4">
          <ReviewFigures from={shownFrom} to={shownTo} />
        </div>
      )}
      <JobAppFigures from={shownFrom} to={shownTo} />
      {user.role === 'owner' && <GoogleAdsExport />}
    </>
  );
}
