import { useQuery } from '@tanstack/react-query';
import { api } from '../api.ts';
import { words } from '../app-words.ts';
import { clockDay, fileSize } from '../time.ts';
import { ui } from '../ui.ts';

const w = words.reports.backups;

/** Owners: the newest scheduled backup (when, how big) and a failed attempt in words; nothing when this server takes no scheduled backups. */
export function BackupStatus() {
  const query = useQuery({ queryKey: ['backups'], queryFn: () => api('GET /backups') });
  const backups = query.data?.backups;
  if (!backups) return null;
  const { last, failure } = backups;
  return (
    <section aria-labelledby="backups-heading" className={`${ui.card} mt-4 ${failure ? 'border-alert-700 bg-red-50' : ''}`}>
      <h2 id="backups-heading" className={ui.h2}>
        {w.heading}
      </h2>
      {failure && (
        <>
          <p className="mt-1 font-semibold break-words text-alert-700">{w.failed(clockDay(failure.at), failure.error)}</p>
          <p className="mt-1 text-slate-800">{w.failedHint}</p>
        </>
      )}
      <p className="mt-1 text-slate-800">{last ? w.last(clockDay(last.at), fileSize(last.bytes)) : w.none}</p>
    </section>
  );
}
