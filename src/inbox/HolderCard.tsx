import type { LeadDetail } from '../../core/inbox-api/contract.ts';
import { closedJobStatuses } from '../../core/lead/status.ts';
import { clockDay } from './time.ts';
import { words } from './app-words.ts';
import { AttendClock } from './AttendClock.tsx';
import { HolderLine } from './HolderLine.tsx';

export interface HolderCardProps {
  holder: NonNullable<LeadDetail['holder']>;
  attendBy: string | null;
  status: LeadDetail['status'];
}

/**
 * At the top of a lead a partner holds: who, their phone to tap, and how far they have got: accepted,
 * on the way, on site (against the attend-by time while the job is open), quote sent; and, once they
 * pressed "Job done", that the lead is the business's to mark Won or Lost.
 */
export function HolderCard({ holder, attendBy, status }: HolderCardProps) {
  const w = words.leadPartners;
  const clocked = holder.on_site_at !== null && attendBy !== null && !closedJobStatuses.includes(status);
  return (
    <div className="rounded-lg border-2 border-brand-600 bg-white px-4 py-3 shadow-sm">
      <HolderLine name={holder.name} phone={holder.phone} />
      <p className="mt-1 flex flex-wrap gap-x-3 text-sm text-slate-700">
        <span>{w.acceptedAt(clockDay(holder.accepted_at))}</span>
        {clocked ? (
          <AttendClock attendBy={attendBy} status={status} onSiteAt={holder.on_site_at} />
        ) : (
          holder.on_site_at !== null && <span>{w.onSite(clockDay(holder.on_site_at))}</span>
        )}
        {holder.on_way_at !== null && holder.arrive_by !== null && holder.on_site_at === null && <span>{w.onWay(clockDay(holder.arrive_by))}</span>}
        {holder.quote_sent_at !== null && <span>{w.quoteSent(clockDay(holder.quote_sent_at))}</span>}
      </p>
      {holder.done_at !== null && !closedJobStatuses.includes(status) && (
        <p className="mt-1 text-sm font-semibold text-brand-900">{w.doneMarkIt(clockDay(holder.done_at))}</p>
      )}
    </div>
  );
}
