/**
 * The escalation ladder's rows, written once for both stores (steps.ts): the owners' ladder, each
 * person's mobile, each lead's ladder as it runs, the steps that reached someone and the one-tap
 * acknowledgement links. What a ladder does, and when, is the dispatch rules' (dispatch/ladder.ts).
 */
import { z } from 'zod';
import { all, one, run, NOW_MS, type Work } from './steps.ts';
import { userRoles } from '../../core/lead/status.ts';
import { ladderChannels, type LadderChannelName } from '../../core/inbox-api/ladder-rules.ts';

export type LadderChannel = LadderChannelName;

/** One step: a person, a channel, and how many minutes after its round starts it goes. */
export const ladderStep = z.object({ user_id: z.string(), channel: z.enum(ladderChannels), after_minutes: z.number().int().min(0) });
export type LadderStep = z.output<typeof ladderStep>;

export interface LadderPolicy {
  steps: LadderStep[];
  /** How many times the steps run in all. */
  rounds: number;
  /** Minutes from one round's start to the next's. */
  every_minutes: number;
}

const stepList = z.array(ladderStep);
const parseSteps = (text: unknown): LadderStep[] => {
  try {
    const parsed = stepList.safeParse(JSON.parse(String(text)));
    return parsed.success ? parsed.data : [];
  } catch {
    return [];
  }
};

/** The owners' ladder, or undefined while they have set none. */
export function* storedPolicy(): Work<(LadderPolicy & { updated_at: number }) | undefined> {
  const row = yield* one('SELECT * FROM ladder_policy WHERE id = 1');
  if (!row) return undefined;
  return { steps: parseSteps(row.steps), rounds: Number(row.rounds), every_minutes: Number(row.every_minutes), updated_at: Number(row.updated_at) };
}

export function* savePolicy(policy: LadderPolicy, userId: string): Work<void> {
  yield* run(
    `INSERT INTO ladder_policy (id, steps, rounds, every_minutes, updated_at, updated_by) VALUES (1, ?, ?, ?, ${NOW_MS}, ?)
     ON CONFLICT (id) DO UPDATE SET steps = excluded.steps, rounds = excluded.rounds, every_minutes = excluded.every_minutes,
       updated_at = excluded.updated_at, updated_by = excluded.updated_by`,
    JSON.stringify(policy.steps),
    policy.rounds,
    policy.every_minutes,
    userId,
  );
}

/** Someone who may be on a ladder: every person of the business. */
export interface LadderPerson {
  id: string;
  email: string;
  role: (typeof userRoles)[number];
  mobile: string;
  /** When they joined: the business's first owner is the one who joined first. */
  since: number;
}

const personRow = z.object({ id: z.string(), email: z.string(), role: z.enum(userRoles), mobile: z.string().nullable(), since: z.coerce.number() });
const toPerson = (row: unknown): LadderPerson => {
  const p = personRow.parse(row);
  return { ...p, mobile: p.mobile ?? '' };
};
const PERSON_COLUMNS = 'id, email, role, mobile, created_at AS since';

export function* ladderPeople(): Work<LadderPerson[]> {
  return (yield* all(`SELECT ${PERSON_COLUMNS} FROM users ORDER BY email`)).map(toPerson);
}

export function* personById(id: string): Work<LadderPerson | undefined> {
  const row = yield* one(`SELECT ${PERSON_COLUMNS} FROM users WHERE id = ?`, id);
  return row && toPerson(row);
}

/** Sets a person's own mobile (empty: none); false when they are gone. */
export function* setMobile(userId: string, mobile: string): Work<boolean> {
  return (yield* run('UPDATE users SET mobile = ? WHERE id = ?', mobile, userId)) === 1;
}

/** One lead's ladder as it ran or runs. */
export interface LadderRun {
  lead_id: string;
  run: number;
  reason: string;
  steps: LadderStep[];
  rounds: number;
  every_minutes: number;
  started_at: number;
  acknowledged_by: string | null;
  acknowledged_email: string | null;
  acknowledged_via: string | null;
  acknowledged_at: number | null;
  ended_at: number | null;
  end_reason: string | null;
}

const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));
const str = (v: unknown) => (v === null || v === undefined ? null : String(v));
function toRun(row: Record<string, unknown>): LadderRun {
  return {
    lead_id: String(row.lead_id),
    run: Number(row.run),
    reason: String(row.reason),
    steps: parseSteps(row.steps),
    rounds: Number(row.rounds),
    every_minutes: Number(row.every_minutes),
    started_at: Number(row.started_at),
    acknowledged_by: str(row.acknowledged_by),
    acknowledged_email: str(row.acknowledged_email),
    acknowledged_via: str(row.acknowledged_via),
    acknowledged_at: num(row.acknowledged_at),
    ended_at: num(row.ended_at),
    end_reason: str(row.end_reason),
  };
}

export function* ladderOf(leadId: string): Work<LadderRun | undefined> {
  const row = yield* one('SELECT * FROM ladder_runs WHERE lead_id = ?', leadId);
  return row && toRun(row);
}

/**
 * Starts a lead's ladder: its first, or the next once the one before has ended. Undefined while
 * one runs (the start asked for is the same ladder), else the new ladder's number.
 */
export function* beginLadder(leadId: string, reason: string, policy: LadderPolicy): Work<number | undefined> {
  const row = yield* one(
    `INSERT INTO ladder_runs (lead_id, run, reason, steps, rounds, every_minutes, started_at) VALUES (?, 1, ?, ?, ?, ?, ${NOW_MS})
     ON CONFLICT (lead_id) DO UPDATE SET run = ladder_runs.run + 1, reason = excluded.reason, steps = excluded.steps, rounds = excluded.rounds,
       every_minutes = excluded.every_minutes, started_at = excluded.started_at, acknowledged_by = NULL, acknowledged_email = NULL,
       acknowledged_via = NULL, acknowledged_at = NULL, ended_at = NULL, end_reason = NULL
     WHERE ladder_runs.ended_at IS NOT NULL
     RETURNING run`,
    leadId,
    reason,
    JSON.stringify(policy.steps),
    policy.rounds,
    policy.every_minutes,
  );
  return row ? Number(row.run) : undefined;
}

/** Ends ladder `runNo` of the lead if it still runs, acknowledged by someone or not; true when this call ended it. */
export function* endLadder(leadId: string, runNo: number, reason: string, by?: { userId: string; email: string; via: string }): Work<boolean> {
  const changed = by
    ? yield* run(
        `UPDATE ladder_runs SET ended_at = ${NOW_MS}, end_reason = ?, acknowledged_by = ?, acknowledged_email = ?, acknowledged_via = ?, acknowledged_at = ${NOW_MS}
         WHERE lead_id = ? AND run = ? AND ended_at IS NULL`,
        reason,
        by.userId,
        by.email,
        by.via,
        leadId,
        runNo,
      )
    : yield* run(`UPDATE ladder_runs SET ended_at = ${NOW_MS}, end_reason = ? WHERE lead_id = ? AND run = ? AND ended_at IS NULL`, reason, leadId, runNo);
  return changed === 1;
}

/** A step that reached its person (kept once, however often its job ran). */
export function* recordWake(wake: { leadId: string; run: number; round: number; step: number; userId: string; channel: LadderChannel }): Work<void> {
  yield* run(
    `INSERT INTO ladder_wakes (lead_id, run, round, step, user_id, channel, at) VALUES (?, ?, ?, ?, ?, ?, ${NOW_MS})
     ON CONFLICT (lead_id, run, round, step) DO NOTHING`,
    wake.leadId,
    wake.run,
    wake.round,
    wake.step,
    wake.userId,
    wake.channel,
  );
}

/** Who ladder `runNo` of the lead reached, and by which channel, once each. */
export function* wokenBy(leadId: string, runNo: number): Work<{ userId: string; channel: LadderChannel }[]> {
  const rows = yield* all('SELECT DISTINCT user_id, channel FROM ladder_wakes WHERE lead_id = ? AND run = ? ORDER BY user_id, channel', leadId, runNo);
  return rows.map((r) => ({ userId: String(r.user_id), channel: z.enum(ladderChannels).parse(r.channel) }));
}

/** The ladders still running that reached this person by text: what an OK from their phone may be about. */
export function* textedLaddersOf(userId: string): Work<{ leadId: string; run: number }[]> {
  const rows = yield* all(
    `SELECT DISTINCT w.lead_id, w.run FROM ladder_wakes w JOIN ladder_runs r ON r.lead_id = w.lead_id AND r.run = w.run
     WHERE w.user_id = ? AND w.channel = 'sms' AND r.ended_at IS NULL ORDER BY w.lead_id`,
    userId,
  );
  return rows.map((r) => ({ leadId: String(r.lead_id), run: Number(r.run) }));
}

export function* addLadderLink(tokenHash: string, leadId: string, runNo: number, userId: string): Work<void> {
  yield* run(`INSERT INTO ladder_links (token_hash, lead_id, run, user_id, created_at) VALUES (?, ?, ?, ?, ${NOW_MS})`, tokenHash, leadId, runNo, userId);
}

/** What an acknowledgement link's token opens: the lead, its ladder's number, and whose link it is. */
export function* ladderLink(tokenHash: string): Work<{ leadId: string; run: number; userId: string } | undefined> {
  const row = yield* one('SELECT lead_id, run, user_id FROM ladder_links WHERE token_hash = ?', tokenHash);
  return row && { leadId: String(row.lead_id), run: Number(row.run), userId: String(row.user_id) };
}

/** The links of an ended ladder open nothing more: they are dropped with it. */
export function* dropLadderLinks(leadId: string): Work<void> {
  yield* run('DELETE FROM ladder_links WHERE lead_id = ?', leadId);
}

/** Back to the default ladder. */
export function* clearPolicy(): Work<void> {
  yield* run('DELETE FROM ladder_policy WHERE id = 1');
}

/** The leads whose ladder runs now: still open (`statuses`), not spam, and no partner holds them. */
export function* leadsWithRunningLadders(statuses: readonly string[]): Work<string[]> {
  const rows = yield* all(
    `SELECT r.lead_id FROM ladder_runs r JOIN leads l ON l.id = r.lead_id
     WHERE r.ended_at IS NULL AND l.spam = FALSE AND l.status IN (${statuses.map(() => '?').join(', ')})
     AND NOT EXISTS (SELECT 1 FROM partner_offers o WHERE o.lead_id = r.lead_id AND o.state = 'accepted')
     ORDER BY r.started_at`,
    ...statuses,
  );
  return rows.map((r) => String(r.lead_id));
}
