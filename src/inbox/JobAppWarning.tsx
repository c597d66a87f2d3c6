import { linkHandler, placeHref } from './place.ts';
import { jobAppWords } from './job-app-words.ts';
import { ui } from './ui.ts';
import { useJobApp } from './useJobApp.ts';

/** Owners, on every page: the job app has stopped taking the key (revoked or expired), with the way to mend it. */
export function JobAppWarning({ go }: { go: (href: string) => void }) {
  const app = useJobApp().data;
  if (!app?.vendor || !app.refused) return null;
  const href = placeHref({ kind: 'people' });
  return (
    <div role="alert" className="mb-4 rounded-md border-2 border-alert-700 bg-red-50 p-3 text-alert-700">
      <p className="font-semibold">{jobAppWords.warning(app.vendor)}</p>
      <a href={`${href}#job-app-heading`} onClick={linkHandler(go, href)} className={`${ui.link} mt-1 inline-block`}>
        {jobAppWords.warningLink}
      </a>
    </div>
  );
}
