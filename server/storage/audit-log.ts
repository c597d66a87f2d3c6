/** The audit log, written once for both stores: who did what from where, newest first, paged by cursor. */
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { epochMs } from '../../core/date-schema.ts';
import { all, run, NOW_MS, type Work } from './steps.ts';
import { jsonCursor } from './paging-cursor.ts';

// Bounded, so a forged cursor cannot carry a number the database would overflow on.
export const auditCursor = jsonCursor(z.object({ at: epochMs, id: z.string().min(1).max(100) }));

export interface AuditEntry {
  id: string;
  at: number;
  actor_email: string | null;
  action: string;
  detail: string;
  ip: string;
}

const auditRow = z.object({
  id: z.string(),
  at: z.coerce.number(),
  actor_email: z.string().nullable(),
  action: z.string(),
  detail: z.string(),
  ip: z.string(),
});

export function* audit(entry: Omit<AuditEntry, 'id' | 'at'>): Work<void> {
  yield* run(
    `INSERT INTO audit_log (id, at, actor_email, action, detail, ip) VALUES (?, ${NOW_MS}, ?, ?, ?, ?)`,
    randomUUID(),
    entry.actor_email,
    entry.action,
    entry.detail.slice(0, 500),
    entry.ip,
  );
}

/** Newest first; `before` is the last entry of the previous page. */
export function* auditEntries({
  before,
  since,
  limit,
}: {
  before?: { at: number; id: string } | undefined;
  since?: number | undefined;
  limit: number;
}): Work<AuditEntry[]> {
  const where: string[] = [];
  const params: unknown[] = [];
  if (before) {
    where.push('(at, id) < (?, ?)');
    params.push(before.at, before.id);
  }
  if (since !== undefined) {
    where.push('at >= ?');
    params.push(since);
  }
  const rows = yield* all(`SELECT * FROM audit_log ${where.length ? `WHERE ${where.join(' AND ')}` : ''} ORDER BY at DESC, id DESC LIMIT ?`, ...params, limit);
  return rows.map((r) => auditRow.parse(r));
}
