/**
 * Calls to the business's numbers, written once for both stores (steps.ts): who takes calls, each
 * call as it runs and ends, and each person it rang. Every change of a call's state is a guarded
 * UPDATE (only from the state it leaves), so a webhook taken on two instances at once changes it
 * once. What a call does, and when, is the voice rules' (server/voice/).
 */
import { z } from 'zod';
import { all, one, run, NOW_MS, type Row, type Work } from './steps.ts';

/** Someone who may take calls: a person of the business (user) or a partner, and the number to ring. */
export const callAnswerer = z.object({ kind: z.enum(['user', 'partner']), id: z.string().min(1).max(64), phone: z.string().min(1).max(32) });
export type CallAnswerer = z.output<typeof callAnswerer>;

export interface CallAnswerers {
  office: CallAnswerer[];
  after_hours: CallAnswerer[];
}

const answererList = z.array(callAnswerer);
const parseList = (text: unknown): CallAnswerer[] => {
  try {
    const parsed = answererList.safeParse(JSON.parse(String(text)));
    return parsed.success ? parsed.data : [];
  } catch {
    return [];
  }
};

/** Who takes calls, as the owners set it (both lists empty while they have set none). */
export function* storedAnswerers(): Work<CallAnswerers & { updated_at: number | null }> {
  const row = yield* one('SELECT * FROM call_answerers WHERE id = 1');
  if (!row) return { office: [], after_hours: [], updated_at: null };
  return { office: parseList(row.office), after_hours: parseList(row.after_hours), updated_at: Number(row.updated_at) };
}

export function* saveAnswerers(answerers: CallAnswerers, userId: string): Work<void> {
  yield* run(
    `INSERT INTO call_answerers (id, office, after_hours, updated_at, updated_by) VALUES (1, ?, ?, ${NOW_MS}, ?)
     ON CONFLICT (id) DO UPDATE SET office = excluded.office, after_hours = excluded.after_hours, updated_at = excluded.updated_at, updated_by = excluded.updated_by`,
    JSON.stringify(answerers.office),
    JSON.stringify(answerers.after_hours),
    userId,
  );
}

export const callStatuses = ['ringing', 'answered', 'missed'] as const;
export type CallStatus = (typeof callStatuses)[number];

export interface CallRow {
  sid: string;
  dialled: string;
  source: string;
  caller: string;
  after_hours: boolean;
  started_at: number;
  ended_at: number | null;
  status: CallStatus;
  answered_kind: 'user' | 'partner' | null;
  answered_by: string | null;
  answered_name: string | null;
  answered_at: number | null;
  talk_seconds: number | null;
  recording_sid: string | null;
  recording_url: string | null;
  recording_seconds: number | null;
  transcript: string | null;
  lead_id: string | null;
  texted_at: number | null;
}

export const legResults = ['ringing', 'answered', 'no-answer', 'busy', 'failed', 'no-key'] as const;
export type LegResult = (typeof legResults)[number];

export interface CallLeg {
  call_sid: string;
  step: number;
  person_kind: 'user' | 'partner';
  person_id: string;
  name: string;
  started_at: number;
  ended_at: number | null;
  result: LegResult;
}

const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));
const text = (v: unknown) => (v === null || v === undefined ? null : String(v));

function callRow(r: Row): CallRow {
  return {
    sid: String(r.sid),
    dialled: String(r.dialled),
    source: String(r.source),
    caller: String(r.caller),
    after_hours: Boolean(r.after_hours),
    started_at: Number(r.started_at),
    ended_at: num(r.ended_at),
    status: String(r.status) as CallStatus,
    answered_kind: text(r.answered_kind) as CallRow['answered_kind'],
    answered_by: text(r.answered_by),
    answered_name: text(r.answered_name),
    answered_at: num(r.answered_at),
    talk_seconds: num(r.talk_seconds),
    recording_sid: text(r.recording_sid),
    recording_url: text(r.recording_url),
    recording_seconds: num(r.recording_seconds),
    transcript: text(r.transcript),
    lead_id: text(r.lead_id),
    texted_at: num(r.texted_at),
  };
}

const legRow = (r: Row): CallLeg => ({
  call_sid: String(r.call_sid),
  step: Number(r.step),
  person_kind: String(r.person_kind) as CallLeg['person_kind'],
  person_id: String(r.person_id),
  name: String(r.name),
  started_at: Number(r.started_at),
  ended_at: num(r.ended_at),
  result: String(r.result) as LegResult,
});

/** Keeps a call that has just come in; false when it was kept before (Twilio's webhook taken twice). */
export function* startCall(call: { sid: string; dialled: string; source: string; caller: string; afterHours: boolean }): Work<boolean> {
  const made = yield* run(
    `INSERT INTO calls (sid, dialled, source, caller, after_hours, started_at, status) VALUES (?, ?, ?, ?, ?, ${NOW_MS}, 'ringing') ON CONFLICT (sid) DO NOTHING`,
    call.sid,
    call.dialled,
    call.source,
    call.caller,
    call.afterHours,
  );
  return made === 1;
}

export function* callBySid(sid: string): Work<CallRow | undefined> {
  const row = yield* one('SELECT * FROM calls WHERE sid = ?', sid);
  return row ? callRow(row) : undefined;
}

/** A lead's calls, oldest first. */
export function* callsOfLead(leadId: string): Work<CallRow[]> {
  return (yield* all('SELECT * FROM calls WHERE lead_id = ? ORDER BY started_at, sid', leadId)).map(callRow);
}

/** The people a call rang, in turn. */
export function* legsOfCall(sid: string): Work<CallLeg[]> {
  return (yield* all('SELECT * FROM call_legs WHERE call_sid = ? ORDER BY step', sid)).map(legRow);
}

/** Starts ringing one person; false when this step was started before. */
export function* startLeg(leg: { sid: string; step: number; kind: CallLeg['person_kind']; id: string; name: string }): Work<boolean> {
  const made = yield* run(
    `INSERT INTO call_legs (call_sid, step, person_kind, person_id, name, started_at, result) VALUES (?, ?, ?, ?, ?, ${NOW_MS}, 'ringing') ON CONFLICT (call_sid, step) DO NOTHING`,
    leg.sid,
    leg.step,
    leg.kind,
    leg.id,
    leg.name,
  );
  return made === 1;
}

/** Ends a step still ringing with its result; false when it had ended already. */
export function* endLeg(sid: string, step: number, result: Exclude<LegResult, 'ringing'>): Work<boolean> {
  return (yield* run(`UPDATE call_legs SET result = ?, ended_at = ${NOW_MS} WHERE call_sid = ? AND step = ? AND result = 'ringing'`, result, sid, step)) === 1;
}

/** A person pressed 1: the call is theirs. False when the call was no longer ringing (answered, or missed already). */
export function* answerCall(sid: string, by: { kind: CallLeg['person_kind']; id: string; name: string }): Work<boolean> {
  return (
    (yield* run(
      `UPDATE calls SET status = 'answered', answered_kind = ?, answered_by = ?, answered_name = ?, answered_at = ${NOW_MS} WHERE sid = ? AND status = 'ringing'`,
      by.kind,
      by.id,
      by.name,
      sid,
    )) === 1
  );
}

/** Nobody answered: the call is missed. False when it was answered or missed already. */
export function* missCall(sid: string): Work<boolean> {
  return (yield* run(`UPDATE calls SET status = 'missed' WHERE sid = ? AND status = 'ringing'`, sid)) === 1;
}

/** The call is over (the caller or the person hung up); false when it had ended already. */
export function* endCall(sid: string): Work<boolean> {
  return (yield* run(`UPDATE calls SET ended_at = ${NOW_MS} WHERE sid = ? AND ended_at IS NULL`, sid)) === 1;
}

/** How long the person who answered talked with the caller; false when it was kept already. */
export function* setTalkSeconds(sid: string, seconds: number): Work<boolean> {
  return (yield* run(`UPDATE calls SET talk_seconds = ? WHERE sid = ? AND status = 'answered' AND talk_seconds IS NULL`, seconds, sid)) === 1;
}

/** The lead the call became; false when it had one already. */
export function* setCallLead(sid: string, leadId: string): Work<boolean> {
  return (yield* run('UPDATE calls SET lead_id = ? WHERE sid = ? AND lead_id IS NULL', leadId, sid)) === 1;
}

/** The text back went to the caller; false when it had gone already. */
export function* markCallTexted(sid: string): Work<boolean> {
  return (yield* run(`UPDATE calls SET texted_at = ${NOW_MS} WHERE sid = ? AND texted_at IS NULL`, sid)) === 1;
}

/** The voicemail's recording (its address is Twilio's, fetched only with the account's credentials). */
export function* addRecording(sid: string, recording: { sid: string; url: string; seconds: number }): Work<boolean> {
  return (
    (yield* run(
      'UPDATE calls SET recording_sid = ?, recording_url = ?, recording_seconds = ? WHERE sid = ? AND recording_sid IS NULL',
      recording.sid,
      recording.url,
      recording.seconds,
      sid,
    )) === 1
  );
}

export function* addTranscript(sid: string, transcript: string): Work<boolean> {
  return (yield* run('UPDATE calls SET transcript = ? WHERE sid = ? AND transcript IS NULL', transcript, sid)) === 1;
}

/** Forgets a call's recording and transcript (an owner deleted it, or it is past keeping). */
export function* forgetRecording(sid: string): Work<boolean> {
  return (
    (yield* run(
      'UPDATE calls SET recording_sid = NULL, recording_url = NULL, recording_seconds = NULL, transcript = NULL WHERE sid = ? AND recording_sid IS NOT NULL',
      sid,
    )) === 1
  );
}
