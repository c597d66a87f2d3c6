/**
 * The Reports' calls, counted from the calls themselves (written once for both stores): each call
 * that has ended ringing (answered or missed) in a range, with the number dialled, and for each
 * missed call the first time its lead was called back. A lead counts as called back when a person
 * marks it Contacted or moves it on further (its first change of status after the call), so the
 * wait is what the caller lived through, whatever the inbox was busy with.
 */
import { all, type Work } from './steps.ts';

export interface CallFigureRow {
  started_at: number;
  dialled: string;
  source: string;
  status: 'answered' | 'missed';
  /** A missed call's first call back, or null while nobody has called back. */
  back_at: number | null;
}

export function* callFigures(start: number, end: number): Work<CallFigureRow[]> {
  const rows = yield* all(
    `SELECT c.started_at, c.dialled, c.source, c.status,
       (SELECT MIN(e.at) FROM lead_events e WHERE e.lead_id = c.lead_id AND e.kind = 'status' AND e.at >= c.started_at) AS back_at
     FROM calls c WHERE c.started_at >= ? AND c.started_at < ? AND c.status IN ('answered', 'missed') ORDER BY c.started_at`,
    start,
    end,
  );
  return rows.map((r) => ({
    started_at: Number(r.started_at),
    dialled: String(r.dialled),
    source: String(r.source),
    status: r.status === 'answered' ? 'answered' : 'missed',
    back_at: r.back_at === null || r.back_at === undefined ? null : Number(r.back_at),
  }));
}
