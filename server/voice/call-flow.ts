/**
 * A call to the business's numbers, step by step as Twilio reports it, over the storage's steps (so
 * once for both stores). Each step is decided from the call's stored state, never from what the
 * webhook claims alone: a call counts as answered only once a person rung pressed 1 (a mobile's
 * voicemail picks up but presses nothing), and the state changes by guarded updates, so two
 * instances taking the same moment at once change it once.
 *
 * - In: the call is kept, and the people who take calls now (in or after office hours, a partner
 *   only while on call by the one rule) are rung in turn, 20 s each, at most three. The caller hears
 *   the business's name and a holding message, then the ringing.
 * - Each person who answers hears a whisper and must press 1; any other key, or none, is a ring
 *   that was not taken.
 * - A ring that ends untaken moves to the next person, and after the last to the voicemail: the
 *   call is then missed. A call whose caller hangs up before anyone took it is missed too.
 * - A missed or answered call becomes a lead (call-leads.ts), once the step that decided it commits.
 */
import type { Work } from '../storage/steps.ts';
import { isBusinessTime } from '../../core/nz-time.ts';
import { canTakeUrgentNow } from '../dispatch/urgent-rule.ts';
import { firstNameOf } from '../dispatch/customer-updates.ts';
import { partnerById } from '../storage/partner-records.ts';
import { personById } from '../storage/ladder-records.ts';
import {
  answerCall,
  callBySid,
  endCall,
  endLeg,
  legsOfCall,
  missCall,
  setTalkSeconds,
  startCall,
  startLeg,
  storedAnswerers,
  type CallAnswerer,
  type CallLeg,
  type CallRow,
  type LegResult,
} from '../storage/call-records.ts';
import { callableNumber } from '../../core/inbox-api/call-answerers.ts';

/** How long each person's phone rings, and how many people one call rings at most. */
export const RING_SECONDS = 20;
export const MOST_RUNG = 3;

/** Someone a call can ring now: who, their name as the timeline says it, and the number. */
export interface Ringable {
  kind: CallAnswerer['kind'];
  id: string;
  name: string;
  phone: string;
}

/** Who takes a call now, in order: the owners' list for the time of day, without anyone who cannot take it. */
export function* ringableNow(afterHours: boolean): Work<Ringable[]> {
  const lists = yield* storedAnswerers();
  const out: Ringable[] = [];
  for (const entry of afterHours ? lists.after_hours : lists.office) {
    const phone = callableNumber(entry.phone);
    if (!phone || out.some((r) => r.kind === entry.kind && r.id === entry.id)) continue;
    if (entry.kind === 'user') {
      const person = yield* personById(entry.id);
      if (person) out.push({ kind: 'user', id: person.id, name: firstNameOf(person.email) ?? person.email, phone });
    } else {
      const partner = yield* partnerById(entry.id);
      // A partner takes calls only while on call, by the rule dispatch reads.
      if (partner && canTakeUrgentNow(partner)) out.push({ kind: 'partner', id: partner.id, name: partner.name, phone });
    }
    if (out.length === MOST_RUNG) break;
  }
  return out;
}

/** What the caller's side does next. */
export type CallNext =
  /** Ring this person as step `step`. */
  | { kind: 'ring'; step: number; person: Ringable; first: boolean; afterHours: boolean }
  /** Nobody (more) to ring: the caller is offered the voicemail; the call is missed. */
  | { kind: 'voicemail' }
  /** The call is over or was never ours: hang up. */
  | { kind: 'hangup' };

/** The outcome of a step for the caller, and whether it decided the call (so its lead is due). */
export interface CallStep {
  next: CallNext;
  /** The call was missed or answered just now: its lead is due (call-leads.ts). */
  decided: boolean;
}

/** The next person after `step` (none past the third), their ring started; else the voicemail, the call missed. */
function* ringNextOrMiss(call: Pick<CallRow, 'sid' | 'after_hours'>, step: number): Work<CallStep> {
  const people = step < MOST_RUNG ? yield* ringableNow(call.after_hours) : [];
  const person = people[step];
  if (person && (yield* startLeg({ sid: call.sid, step: step + 1, kind: person.kind, id: person.id, name: person.name })))
    return { next: { kind: 'ring', step: step + 1, person, first: step === 0, afterHours: call.after_hours }, decided: false };
  return { next: { kind: 'voicemail' }, decided: yield* missCall(call.sid) };
}

/** A call has come in: kept, and its first person rung (or the voicemail, when nobody takes calls now). */
export function* callIn(call: { sid: string; dialled: string; source: string; caller: string }, at = new Date()): Work<CallStep> {
  const afterHours = !isBusinessTime(at);
  if (!(yield* startCall({ ...call, afterHours }))) return { next: { kind: 'hangup' }, decided: false };
  return yield* ringNextOrMiss({ sid: call.sid, after_hours: afterHours }, 0);
}

/** The ring of `step` as stored, while the call still rings. */
function* ringingLeg(sid: string, step: number): Work<{ call: CallRow; leg: CallLeg } | undefined> {
  const call = yield* callBySid(sid);
  if (!call || call.status !== 'ringing') return undefined;
  const leg = (yield* legsOfCall(sid)).find((l) => l.step === step);
  return leg && leg.result === 'ringing' ? { call, leg } : undefined;
}

/** The person rung answered their phone: whether to play them the whisper (the call still rings for them). */
export function* whisperFor(sid: string, step: number): Work<{ afterHours: boolean } | undefined> {
  const found = yield* ringingLeg(sid, step);
  return found && { afterHours: found.call.after_hours };
}

/** The person rung pressed `digits`: true when they took the call (1, on a ring still wanted). */
export function* keyPressed(sid: string, step: number, digits: string): Work<CallStep & { taken: boolean }> {
  const found = digits === '1' ? yield* ringingLeg(sid, step) : undefined;
  if (!found || !(yield* answerCall(sid, { kind: found.leg.person_kind, id: found.leg.person_id, name: found.leg.name })))
    return { next: { kind: 'hangup' }, decided: false, taken: false };
  yield* endLeg(sid, step, 'answered');
  return { next: { kind: 'hangup' }, decided: true, taken: true };
}

/** Twilio's DialCallStatus as the ring's result: a phone that answered without a 1 pressed is 'no-key'. */
function legResult(dialStatus: string): Exclude<LegResult, 'ringing' | 'answered'> {
  if (dialStatus === 'busy') return 'busy';
  if (dialStatus === 'failed') return 'failed';
  if (dialStatus === 'completed' || dialStatus === 'answered') return 'no-key';
  return 'no-answer';
}

/**
 * The ring of `step` ended (<Dial>'s action). A call answered at that step is over once its ring
 * ends: its talk time is kept. Otherwise the ring is counted untaken and the next person is rung,
 * or, when the caller has hung up meanwhile (`callerGone`), the call is missed.
 */
export function* ringEnded(
  sid: string,
  step: number,
  dial: { status: string; seconds: number | null; callerGone: boolean },
): Work<CallStep & { talked: boolean }> {
  const call = yield* callBySid(sid);
  if (!call) return { next: { kind: 'hangup' }, decided: false, talked: false };
  const legs = yield* legsOfCall(sid);
  const leg = legs.find((l) => l.step === step);
  if (call.status === 'answered') {
    const talked = leg?.result === 'answered' && (yield* setTalkSeconds(sid, dial.seconds ?? 0));
    yield* endCall(sid);
    return { next: { kind: 'hangup' }, decided: false, talked };
  }
  if (!leg || !(yield* endLeg(sid, step, legResult(dial.status)))) return { next: { kind: 'hangup' }, decided: false, talked: false };
  if (call.status !== 'ringing' || dial.callerGone) {
    const decided = yield* missCall(sid);
    yield* endCall(sid);
    return { next: { kind: 'hangup' }, decided, talked: false };
  }
  return { ...(yield* ringNextOrMiss(call, step)), talked: false };
}

/**
 * The call ended, however it ended (its status callback, or the voicemail's end): a call still
 * ringing (the caller hung up during the greeting or a ring) is missed. True when this decided it.
 */
export function* callOver(sid: string): Work<{ decided: boolean; known: boolean }> {
  const call = yield* callBySid(sid);
  if (!call) return { decided: false, known: false };
  const decided = yield* missCall(sid);
  if (decided) for (const leg of (yield* legsOfCall(sid)).filter((l) => l.result === 'ringing')) yield* endLeg(sid, leg.step, 'no-answer');
  yield* endCall(sid);
  return { decided, known: true };
}
