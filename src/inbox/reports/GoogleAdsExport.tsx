import { apiHref } from '../api.ts';
import { words } from '../app-words.ts';
import { ui } from '../ui.ts';
import { ReportSection } from './ReportSection.tsx';

const w = words.reports.googleAds;

/** The owners' download of the Google Ads conversion file: quote requests and won jobs with their value. */
export function GoogleAdsExport() {
  return (
    <div className="mt-6">
      <ReportSection title={w.heading}>
        <p className="mt-2 max-w-prose text-slate-700">{w.intro}</p>
        <a className={`${ui.secondary} mt-3`} href={apiHref('GET /google-ads.csv')} download>
          {w.download}
        </a>
      </ReportSection>
    </div>
  );
}
