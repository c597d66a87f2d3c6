/**
 * Every call that ends, missed or answered, becomes a lead (source "Phone", the number dialled and
 * its source name, the caller's number and the time), stored the moment the call is decided:
 * - a missed call's lead says who was rung and for how long; after hours it is urgent and starts the
 *   escalation ladder, as an urgent form request nobody took does;
 * - an answered call's lead records who answered (a named person committed at once, the
 *   'acknowledged' event) and then how long they talked;
 * - a caller on an NZ mobile who was missed is texted back once, as soon as they hang up (never
 *   while they may still be leaving a voicemail), unless they replied STOP; their replies join the
 *   lead, as any customer's do.
 * The lead is stored through the store's own insert (so its e-mail and web hook go as a form
 * lead's do), keyed by its content: the lead of one call stored twice (a retry after a crash, two
 * instances) is the same lead. Linking it to the call is a guarded update, so its events are written once.
 */
import { leadColumns, timeframes, type Lead } from '../../core/lead/schema.ts';
import { nzMobileE164 } from '../../core/partner/nz-mobile.ts';
import type { LeadPurpose, LeadStore } from '../storage/types.ts';
import type { Work } from '../storage/steps.ts';
import { enqueue } from '../storage/job-queue.ts';
import { addEvent } from '../storage/lead-work.ts';
import { REPEAT_WINDOW_MS } from '../storage/submission-key.ts';
import { callBySid, legsOfCall, markCallTexted, setCallLead, type CallRow } from '../storage/call-records.ts';
import { personById } from '../storage/ladder-records.ts';
import { anyPartnerById } from '../storage/offer-records.ts';
import { customerTexting, CUSTOMER_TEXT_PURPOSE } from '../dispatch/customer-updates.ts';
import { textsStoppedFor } from '../storage/customer-text-records.ts';
import { startLadder } from '../dispatch/ladder.ts';
import { textTime } from '../outbox/partner-texts.ts';
import { nationalNumber, voiceWords } from './voice-words.ts';

const ev = voiceWords.events;

/** The lead a call becomes: every field empty but who, what and where from; urgent when it was missed after hours. */
export function callLead(call: CallRow): Lead {
  const empty = Object.fromEntries(leadColumns.map((c) => [c, ''])) as Lead;
  return {
    ...empty,
    contact_name: voiceWords.lead.name,
    phone: call.caller ? nationalNumber(call.caller) : '',
    notes: voiceWords.lead.notes({
      dialled: call.dialled,
      source: call.source,
      at: textTime(call.started_at),
      answeredBy: call.status === 'answered' ? (call.answered_name ?? undefined) : undefined,
    }),
    timeframe: call.status === 'missed' && call.after_hours ? timeframes[0] : '',
    utm_source: call.source,
    utm_medium: 'phone',
  };
}

/** The caller is texted back, once: the call was missed, they have hung up, its lead is stored and their number takes texts. */
export function* textBackIfDue(sid: string): Work<boolean> {
  const call = yield* callBySid(sid);
  if (!call || call.status !== 'missed' || call.ended_at === null || !call.lead_id || !customerTexting()) return false;
  const to = nzMobileE164(call.caller);
  if (!to || (yield* textsStoppedFor(to)) || !(yield* markCallTexted(sid))) return false;
  return yield* enqueue({ purpose: CUSTOMER_TEXT_PURPOSE.missed_call, of: { lead: call.lead_id } });
}

/** The address of whoever answered, for the 'acknowledged' event (the time someone committed). */
function* answererEmail(call: CallRow): Work<string | null> {
  if (!call.answered_by) return null;
  if (call.answered_kind === 'user') return (yield* personById(call.answered_by))?.email ?? null;
  return (yield* anyPartnerById(call.answered_by)).email;
}

/** Ties the stored lead to its call (once) and writes what the call did on it. */
export function* linkCallLead(sid: string, leadId: string): Work<boolean> {
  if (!(yield* setCallLead(sid, leadId))) return false;
  const call = (yield* callBySid(sid))!;
  if (call.status === 'answered') {
    const name = call.answered_name ?? '';
    yield* addEvent(leadId, 'acknowledged', yield* answererEmail(call), ev.answered(name));
    if (call.talk_seconds !== null) yield* addEvent(leadId, 'customer', null, ev.talked(name, call.talk_seconds));
  } else {
    const legs = yield* legsOfCall(sid);
    yield* addEvent(
      leadId,
      'customer',
      null,
      ev.missed(legs.map((l) => ({ name: l.name, seconds: Math.round(((l.ended_at ?? l.started_at) - l.started_at) / 1000) }))),
    );
    if (call.recording_seconds !== null) yield* addEvent(leadId, 'customer', null, ev.voicemail(call.recording_seconds));
    if (call.transcript) yield* addEvent(leadId, 'customer', null, ev.transcript(call.transcript));
    if (call.after_hours) yield* startLadder(leadId, 'missed_call');
  }
  yield* textBackIfDue(sid);
  return true;
}

/** After a step that may have changed what the lead says: the talk time, the voicemail, the hang-up. */
export function* callNews(sid: string, news: { talked?: boolean; voicemail?: boolean }): Work<void> {
  const call = yield* callBySid(sid);
  if (!call?.lead_id) return;
  if (news.talked && call.talk_seconds !== null) yield* addEvent(call.lead_id, 'customer', null, ev.talked(call.answered_name ?? '', call.talk_seconds));
  if (news.voicemail && call.recording_seconds !== null) yield* addEvent(call.lead_id, 'customer', null, ev.voicemail(call.recording_seconds));
  yield* textBackIfDue(sid);
}

/** Stores the lead of a call that has been decided (missed or answered), once; its id, or undefined while the call still rings. */
export async function storeCallLead(store: LeadStore, sid: string, purposes: readonly LeadPurpose[]): Promise<string | undefined> {
  const call = await store.read(() => callBySid(sid));
  if (!call || call.status === 'ringing') return undefined;
  if (call.lead_id) return call.lead_id;
  // The visitor's acknowledgement is an e-mail, and a caller gave none.
  const lead = await store.insertLead(callLead(call), {
    spam: false,
    purposes: purposes.filter((p) => p !== 'acknowledgement'),
    repeatWindowMs: REPEAT_WINDOW_MS,
  });
  await store.transact(() => linkCallLead(sid, lead.id));
  return lead.id;
}
