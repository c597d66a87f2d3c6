import { span } from './time.ts';
import { words } from './app-words.ts';
import { useNow } from './useNow.ts';

/** Statuses in which nobody has yet quoted or closed the job, so the response promise is still running. */
const running = new Set(['new', 'contacted']);

/**
 * The time left to attend an urgent lead, or how late it is: in words and colour, never colour
 * alone, counting down each minute. Nothing once the lead is quoted, won or lost, or when it is not urgent.
 */
export function AttendClock({ attendBy, status }: { attendBy: string | null; status: string }) {
  const now = useNow();
  if (!attendBy || !running.has(status)) return null;
  const left = Date.parse(attendBy) - now;
  return left >= 0 ? (
    <span className="font-semibold text-brand-900">{words.list.timeLeft(span(left))}</span>
  ) : (
    <span className="font-semibold text-alert-700">{words.list.overdue(span(left))}</span>
  );
}
