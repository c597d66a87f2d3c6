import { clockDay, span } from './time.ts';
import { words } from './app-words.ts';
import { useNow } from './useNow.ts';
import { closedJobStatuses, openJobStatuses } from '../../core/lead/status.ts';

interface AttendClockProps {
  /** ISO UTC: when an urgent lead must be attended by; null when it is not urgent. */
  attendBy: string | null;
  status: string;
  /** When the partner holding the job said they were on site (ms); the clock stops then. */
  onSiteAt?: number | null | undefined;
}

/** Within a minute either way counts as on time. */
const ON_TIME_MS = 60_000;

/**
 * The time left to attend an urgent lead, or how late it is: in words and colour, never colour
 * alone, counting down each minute. Once the partner holding the job is on site the clock stops and
 * says when, and how early or late that was ("On site 12:46 am today, 5 h 58 min early"). Nothing
 * when the lead is not urgent; nothing once it is won or lost, nor once it is quoted unless someone
 * was on site.
 */
export function AttendClock({ attendBy, status, onSiteAt = null }: AttendClockProps) {
  const now = useNow();
  if (!attendBy) return null;
  if (onSiteAt !== null) {
    if (closedJobStatuses.some((s) => s === status)) return null;
    const early = Date.parse(attendBy) - onSiteAt;
    const against = Math.abs(early) < ON_TIME_MS ? words.list.onTime : early > 0 ? words.list.early(span(early)) : words.list.late(span(early));
    return (
      <span className={`font-semibold ${early <= -ON_TIME_MS ? 'text-alert-700' : 'text-green-800'}`}>
        {words.list.onSite(clockDay(onSiteAt, now), against)}
      </span>
    );
  }
  if (!openJobStatuses.some((s) => s === status)) return null;
  const left = Date.parse(attendBy) - now;
  return left >= 0 ? (
    <span className="font-semibold text-brand-900">{words.list.timeLeft(span(left))}</span>
  ) : (
    <span className="font-semibold text-alert-700">{words.list.overdue(span(left))}</span>
  );
}
