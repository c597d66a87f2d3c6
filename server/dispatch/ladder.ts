/**
 * The escalation ladder: when nobody has committed to an urgent lead, the people of the business are
 * woken in turn until one of them acknowledges it, modelled on an on-call escalation policy.
 *
 * - The owners' ladder is an ordered list of steps (a person, a channel: an alert pushed to the
 *   inbox app or a text, and how many minutes after its round starts the step goes), run a set
 *   number of rounds a set number of minutes apart. Each step's time is counted from the start of
 *   its round, not from the step before: a step's time never moves when another step is added,
 *   removed or fails, and "push and text at once" is two steps at 0 minutes. With nothing set, every
 *   owner is pushed and texted at once, again every 10 minutes, three times.
 * - Starting a ladder queues every step of every round at once, each a job of the one outbox with
 *   its due time, keyed by its period (lead, ladder, round, step), all in the same unit of work as
 *   the ladder's row. So each step is sent once across instances, a crash loses none (the worker
 *   claims it again when its lease ends) and none is queued twice.
 * - Each step decides when it runs, under the lead's hold, whether it is still wanted: a ladder
 *   acknowledged, a job a partner took, a lead closed or marked spam sends nothing more; the first
 *   step that finds a partner took it tells those already woken which partner has it.
 * - The first acknowledgement (the push's one tap, "I've got this" in the inbox, or OK by text)
 *   ends the ladder, writes the lead's 'acknowledged' event (its time is when someone committed),
 *   tells the customer and tells everyone the ladder already reached who has it, once each.
 * - The business's "nobody has accepted" e-mail stays the ladder's companion when partners were
 *   tried and none took it (the morning summary counts those leads as escalated); a lead that nobody
 *   on call covers already said so in its own urgent e-mail, and a job handed back in the
 *   hand-back's, so neither gets a second one.
 */
import type { Work } from '../storage/steps.ts';
import { enqueue } from '../storage/job-queue.ts';
import { addEvent, inboxLead, type InboxLead } from '../storage/lead-work.ts';
import { holdLead, offersOfLead } from '../storage/offer-records.ts';
import { openJobStatuses } from '../../core/lead/status.ts';
import { nzMobileE164 } from '../../core/partner/nz-mobile.ts';
import {
  beginLadder,
  dropLadderLinks,
  endLadder,
  ladderOf,
  ladderPeople,
  personById,
  storedPolicy,
  textedLaddersOf,
  wokenBy,
  type LadderChannel,
  type LadderPerson,
  type LadderPolicy,
  type LadderRun,
  type LadderStep,
} from '../storage/ladder-records.ts';
import { tellCustomer } from './customer-updates.ts';
import { codeCandidates } from '../sms/job-codes.ts';
import { toGsm7 } from '../sms/segments.ts';
import { ladderChannels } from '../../core/inbox-api/ladder-rules.ts';
import { ladderWords, type AckVia, type LadderJob } from './ladder-words.ts';
import type { ReadReply } from '../sms/reply-words.ts';

/** Why a ladder starts for a lead. */
export type LadderReason = 'nobody_covers' | 'nobody_accepted' | 'handed_back' | 'missed_call';

/** The ladder when owners have set none: every owner, by push and by text, at once; three rounds 10 minutes apart. */
export const DEFAULT_ROUNDS = 3;
export const DEFAULT_EVERY_MINUTES = 10;
/** Where the server can place calls, the default also rings the first owner this long into each round: a ringing phone wakes people a notification does not. */
export const DEFAULT_RING_AFTER_MINUTES = 5;

export function defaultPolicy(people: readonly LadderPerson[]): LadderPolicy {
  const owners = people.filter((p) => p.role === 'owner');
  const steps = owners.flatMap((p): LadderStep[] => [
    { user_id: p.id, channel: 'push', after_minutes: 0 },
    { user_id: p.id, channel: 'sms', after_minutes: 0 },
  ]);
  const first = owners.toSorted((a, b) => a.since - b.since || a.id.localeCompare(b.id))[0];
  if (first && reaches.voice) steps.push({ user_id: first.id, channel: 'voice', after_minutes: DEFAULT_RING_AFTER_MINUTES });
  return { steps, rounds: DEFAULT_ROUNDS, every_minutes: DEFAULT_EVERY_MINUTES };
}

/** The ladder in force: the owners' own, or the default; `custom` says which. */
export function* ladderPolicy(): Work<{ policy: LadderPolicy; custom: boolean; people: LadderPerson[] }> {
  const people = yield* ladderPeople();
  const stored = yield* storedPolicy();
  if (stored) return { policy: { steps: stored.steps, rounds: stored.rounds, every_minutes: stored.every_minutes }, custom: true, people };
  return { policy: defaultPolicy(people), custom: false, people };
}

/** The channels beyond the alerts this server can use: set as the senders are made. */
const reaches = { sms: false, voice: false };
/**
 * Whether the ladder texts: on where the server sends texts (Twilio is set up), set as the senders
 * are made. Off, no text step is queued (none would ever be sent); the alerts still are.
 */
export function textLadder(on: boolean): void {
  reaches.sms = on;
}
/** Whether the ladder rings: on where the server places calls (Twilio's voice number is set); off, no call step is queued. */
export function ringLadder(on: boolean): void {
  reaches.voice = on;
}
/** The ways this server can wake a person, for the owners' ladder editor. */
export const ladderChannelsOn = (): LadderChannel[] => ladderChannels.filter((c) => c === 'push' || reaches[c]);

/** Whether a step can reach its person at all: still one of the business, and for a text or a call, that channel on and a mobile. */
const canReach = (step: LadderStep, people: readonly LadderPerson[]) => {
  const person = people.find((p) => p.id === step.user_id);
  return Boolean(person && (step.channel === 'push' || (reaches[step.channel] && nzMobileE164(person.mobile))));
};

/** The code a ladder's text carries, so a reply can name the job ("OK K7P"): the same for the same lead. */
export const ladderCode = (leadId: string) => codeCandidates(`ladder:${leadId}`, 1)[0]!;

/** The job as a ladder's push or text names it: in GSM-7 letters, bounded. */
export function ladderJob(lead: InboxLead): LadderJob {
  const bounded = (text: string, max: number) => toGsm7(text.replace(/[\p{Cc}\p{Cf}\s]+/gu, ' ').trim()).slice(0, max);
  return {
    what: bounded([lead.service_type || 'refrigeration', lead.city].filter(Boolean).join(', '), 60),
    who: bounded(lead.company_name || lead.contact_name || 'A customer', 40),
    code: ladderCode(lead.id),
  };
}

const isOpen = (lead: InboxLead | undefined): lead is InboxLead => Boolean(lead && !lead.spam && openJobStatuses.includes(lead.status));

/** A step's key: the lead, its ladder, the round and the step (both from 1). */
export const stepPeriod = (leadId: string, run: number, round: number, step: number) => `${leadId}/${run}/${round}/${step}`;
/** A "who has it" message's key: one per ladder, person and channel. */
const takenPeriod = (leadId: string, run: number, userId: string, channel: LadderChannel) => `${leadId}/${run}/${userId}/${channel}`;

function parsePeriod(period: string | null): { leadId: string; run: number; a: string; b: string } | undefined {
  const parts = (period ?? '').split('/');
  if (parts.length !== 4 || !parts[0] || !/^\d+$/.test(parts[1]!)) return undefined;
  return { leadId: parts[0], run: Number(parts[1]), a: parts[2]!, b: parts[3]! };
}

/**
 * Starts the lead's ladder (once: a second start while one runs is the same ladder); true when this
 * call started it or queued the "nobody has accepted" e-mail. A lead that had a ladder gets another
 * only when a partner hands it back: the scheduler's next look at a lead nobody covers must not
 * wake everyone again after someone acknowledged it.
 */
export function* startLadder(leadId: string, why: LadderReason): Work<boolean> {
  if (!(yield* holdLead(leadId))) return false;
  const lead = yield* inboxLead(leadId);
  if (!isOpen(lead)) return false;
  if ((yield* offersOfLead(leadId)).some((o) => o.offer.state === 'accepted')) return false;
  const mailed = why === 'nobody_accepted' ? yield* enqueue({ purpose: 'unaccepted', of: { lead: leadId } }) : false;
  if (why !== 'handed_back' && (yield* ladderOf(leadId))) return mailed;
  const { policy, people } = yield* ladderPolicy();
  const steps = policy.steps.filter((s) => canReach(s, people));
  const run = yield* beginLadder(leadId, why, { ...policy, steps });
  if (run === undefined) return mailed;
  for (let round = 1; round <= policy.rounds; round++)
    for (const [i, step] of steps.entries())
      yield* enqueue({
        purpose: 'ladder',
        transport: step.channel,
        of: { period: stepPeriod(leadId, run, round, i + 1) },
        delayMs: ((round - 1) * policy.every_minutes + step.after_minutes) * 60_000,
      });
  yield* addEvent(leadId, 'ladder', null, ladderWords.events.started(why, new Set(steps.map((s) => s.user_id)).size));
  return true;
}

/** A step that is still wanted as it runs: the lead, its ladder, the step and its person. */
export interface DueStep {
  lead: InboxLead;
  ladder: LadderRun;
  round: number;
  stepNo: number;
  step: LadderStep;
  person: LadderPerson;
  job: LadderJob;
}

/**
 * Whether a ladder's lead still needs someone, under its hold: false (and the ladder ended) once a
 * partner holds the job or the lead has closed; a ladder already ended sends nothing.
 */
function* stillWanted(leadId: string, runNo: number): Work<{ lead: InboxLead; ladder: LadderRun } | undefined> {
  if (!(yield* holdLead(leadId))) return undefined;
  const ladder = yield* ladderOf(leadId);
  if (!ladder || ladder.run !== runNo || ladder.ended_at !== null) return undefined;
  const lead = yield* inboxLead(leadId);
  const taken = (yield* offersOfLead(leadId)).some((o) => o.offer.state === 'accepted');
  if (!isOpen(lead) || taken) {
    yield* endLadder(leadId, runNo, taken ? 'taken' : 'closed');
    yield* dropLadderLinks(leadId);
    // Those already woken go back to sleep knowing which partner has it.
    if (taken) yield* tellWoken(leadId, runNo);
    return undefined;
  }
  return { lead, ladder };
}

/** The step a ladder job is, when it is still wanted now (see stillWanted); undefined: send nothing. */
export function* dueStep(period: string | null): Work<DueStep | undefined> {
  const key = parsePeriod(period);
  if (!key || !/^\d+$/.test(key.a) || !/^\d+$/.test(key.b)) return undefined;
  const wanted = yield* stillWanted(key.leadId, key.run);
  if (!wanted) return undefined;
  const stepNo = Number(key.b);
  const step = wanted.ladder.steps[stepNo - 1];
  const person = step && (yield* personById(step.user_id));
  if (!step || !person) return undefined;
  return { ...wanted, round: Number(key.a), stepNo, step, person, job: ladderJob(wanted.lead) };
}

/** A "who has it" message still to send: to whom, about which job, naming who acknowledged. */
export function* takenMessage(period: string | null): Work<{ person: LadderPerson; job: LadderJob; by: string; leadId: string } | undefined> {
  const key = parsePeriod(period);
  if (!key) return undefined;
  const ladder = yield* ladderOf(key.leadId);
  const lead = yield* inboxLead(key.leadId);
  if (!ladder || !lead || ladder.run !== key.run) return undefined;
  // A person who acknowledged it, or the partner who took it.
  const by = ladder.acknowledged_email ?? (yield* offersOfLead(lead.id)).find((o) => o.offer.state === 'accepted')?.partner.name;
  const person = yield* personById(key.a);
  if (!person || !by) return undefined;
  return { person, job: ladderJob(lead), by, leadId: lead.id };
}

/**
 * Tells everyone ladder `runNo` reached (but `except`, who has it) who has the lead, once per person
 * and channel; a call is not placed again to say so (its person's alerts and texts say it).
 */
function* tellWoken(leadId: string, runNo: number, except?: string): Work<void> {
  for (const woken of yield* wokenBy(leadId, runNo))
    if (woken.userId !== except && woken.channel !== 'voice')
      yield* enqueue({ purpose: 'ladder-taken', transport: woken.channel, of: { period: takenPeriod(leadId, runNo, woken.userId, woken.channel) } });
}

export type AckOutcome =
  | { kind: 'acknowledged'; lead: InboxLead; person: LadderPerson }
  /** Someone had already acknowledged it (perhaps the same person, a moment before). */
  | { kind: 'already'; by: string; mine: boolean }
  /** No ladder runs for it: none started, or a partner took it, or it closed. */
  | { kind: 'ended' };

/**
 * A person of the business says they have the lead. The first acknowledgement of a running ladder
 * wins (instances asking at once take turns on the lead's hold, and the second finds it ended).
 */
export function* acknowledgeLadder(leadId: string, personId: string, via: AckVia, runNo?: number): Work<AckOutcome> {
  const ladder = yield* ladderOf(leadId);
  if (!ladder || (runNo !== undefined && ladder.run !== runNo)) return { kind: 'ended' };
  const wanted = yield* stillWanted(leadId, ladder.run);
  if (!wanted) {
    const after = yield* ladderOf(leadId);
    return after?.acknowledged_email ? { kind: 'already', by: after.acknowledged_email, mine: after.acknowledged_by === personId } : { kind: 'ended' };
  }
  const person = yield* personById(personId);
  if (!person) return { kind: 'ended' };
  if (!(yield* endLadder(leadId, ladder.run, 'acknowledged', { userId: person.id, email: person.email, via }))) return { kind: 'ended' };
  yield* dropLadderLinks(leadId);
  yield* addEvent(leadId, 'acknowledged', person.email, ladderWords.events.acknowledged(person.email, via));
  yield* tellCustomer(leadId, 'committed');
  yield* tellWoken(leadId, ladder.run, person.id);
  return { kind: 'acknowledged', lead: wanted.lead, person };
}

/**
 * A person pressed 1 on the ladder's call of step `period`: acknowledged as the step's person, once
 * the callback's signature proved Twilio sent it (the step names whom the call rang).
 */
export function* acknowledgeByCall(period: string): Work<AckOutcome> {
  const key = parsePeriod(period);
  if (!key || !/^\d+$/.test(key.b)) return { kind: 'ended' };
  const ladder = yield* ladderOf(key.leadId);
  const step = ladder?.run === key.run ? ladder.steps[Number(key.b) - 1] : undefined;
  if (!step || step.channel !== 'voice') return { kind: 'ended' };
  return yield* acknowledgeLadder(key.leadId, step.user_id, 'voice', key.run);
}

export type LadderReply =
  { kind: 'acknowledged'; phone: string } | { kind: 'already'; by: string } | { kind: 'which'; jobs: LadderJob[] } | { kind: 'help'; jobs: LadderJob[] };

/**
 * A text from a person of the business whose ladder texted them and still runs: OK (or any yes)
 * acknowledges the job its code names, or their only one; with several and no code, it asks which.
 * Undefined when the number is nobody's on a running ladder: the reply is then a partner's matter.
 */
export function* ladderReplyFrom(from: string, read: ReadReply): Work<LadderReply | undefined> {
  const number = nzMobileE164(from);
  if (!number) return undefined;
  const people = (yield* ladderPeople()).filter((p) => nzMobileE164(p.mobile) === number);
  const open: { leadId: string; run: number; personId: string; job: LadderJob }[] = [];
  for (const person of people)
    for (const l of yield* textedLaddersOf(person.id)) {
      const lead = yield* inboxLead(l.leadId);
      if (lead) open.push({ ...l, personId: person.id, job: ladderJob(lead) });
    }
  if (open.length === 0) return undefined;
  const named = read.code ? open.filter((o) => o.job.code === read.code) : open;
  if (read.intent !== 'accept') return { kind: 'help', jobs: open.map((o) => o.job) };
  if (named.length !== 1) return { kind: 'which', jobs: open.map((o) => o.job) };
  const target = named[0]!;
  const outcome = yield* acknowledgeLadder(target.leadId, target.personId, 'sms', target.run);
  if (outcome.kind === 'acknowledged') return { kind: 'acknowledged', phone: outcome.lead.phone };
  if (outcome.kind === 'already') return { kind: 'already', by: outcome.by };
  return { kind: 'help', jobs: open.filter((o) => o !== target).map((o) => o.job) };
}

/** The one answer to a person's reply to the ladder's text. */
export function ladderReplyText(reply: LadderReply): string {
  const r = ladderWords.replies;
  switch (reply.kind) {
    case 'acknowledged':
      return r.acknowledged(reply.phone);
    case 'already':
      return r.already(reply.by);
    case 'which':
      return r.which(reply.jobs);
    case 'help':
      return r.help(reply.jobs);
  }
}

/** Where a lead's ladder stands, for the inbox: whether it runs (so "I've got this" is offered), and who has it. */
export function* ladderStanding(leadId: string): Work<{ running: boolean; acknowledgedBy: string | null; acknowledgedAt: number | null } | undefined> {
  const ladder = yield* ladderOf(leadId);
  if (!ladder) return undefined;
  const lead = yield* inboxLead(leadId);
  const taken = (yield* offersOfLead(leadId)).some((o) => o.offer.state === 'accepted');
  return {
    running: ladder.ended_at === null && isOpen(lead) && !taken,
    acknowledgedBy: ladder.acknowledged_email,
    acknowledgedAt: ladder.acknowledged_at,
  };
}
