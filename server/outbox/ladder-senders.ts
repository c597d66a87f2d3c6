/**
 * The escalation ladder's senders, run by the outbox like every other job (claimed once across
 * instances, retried, fenced): a step wakes its person by an alert pushed to the inbox app (with a
 * one-tap acknowledgement link), by a text, or by a phone call that asks them to press 1; once
 * someone has the lead, those it reached by alert or text are told who. Whether a step is still wanted is decided as it runs, under the lead's hold (ladder.ts); a
 * step that reached its person is kept, so an acknowledgement knows whom to tell.
 */
import { randomToken, secretHash } from '../security/secrets.ts';
import { placeHref } from '../../core/inbox-links.ts';
import { nzMobileE164 } from '../../core/partner/nz-mobile.ts';
import { dueStep, takenMessage, type LadderReason } from '../dispatch/ladder.ts';
import { ladderWords } from '../dispatch/ladder-words.ts';
import { addLadderLink, recordWake } from '../storage/ladder-records.ts';
import type { LeadStore } from '../storage/types.ts';
import { TextRefused, type TwilioCaller, type TwilioClient } from '../sms/twilio-client.ts';
import { LADDER_RING_SECONDS, ladderCallTwiml } from '../voice/ladder-call.ts';
import { textWords } from '../sms/text-words.ts';
import { byTransport, PermanentFailure, type JobSender } from './worker.ts';

/** Where an alert's one tap posts: the token is the whole authority, and ends with the ladder. */
export const ACK_PATH = '/ack';

/** One alert to a person's phones (server/push/push-sender.ts's pushToPerson, with its store). */
export type PushToPerson = (
  userId: string,
  message: { title: string; body: string; url: string; ackUrl?: string; topic: string },
  signal?: AbortSignal,
) => Promise<{ sent: number; gone: number; failed: number }>;

export interface LadderSenderOptions {
  store: LeadStore;
  publicOrigin: string;
  /** Alerts to the inbox app; a push step sends nothing without it. */
  push?: PushToPerson | undefined;
  /** Texts; an instance without Twilio carries no text jobs (the worker's transports). */
  client?: TwilioClient | undefined;
  /** Calls; an instance that cannot place them carries no call jobs. */
  caller?: TwilioCaller | undefined;
}

/** Twilio refused this number for good: another try gets the same answer. */
const refusedForGood = (error: unknown): never => {
  if (error instanceof TextRefused) throw new PermanentFailure(error.message);
  throw error;
};

const send = (client: TwilioClient | undefined, mobile: string, body: string, signal?: AbortSignal) => {
  const to = nzMobileE164(mobile);
  if (!client || !to) return Promise.resolve(false);
  return client.send({ to, body: textWords.plain(body) }, signal).then(() => true, refusedForGood);
};

export function createLadderSenders({ store, publicOrigin, push, client, caller }: LadderSenderOptions): { ladder: JobSender; 'ladder-taken': JobSender } {
  const origin = new URL(publicOrigin).origin;
  const leadUrl = (leadId: string) => placeHref({ kind: 'lead', id: leadId }, origin);

  const pushStep: JobSender = async (job, signal) => {
    const due = await store.transact(function* () {
      const step = yield* dueStep(job.period);
      if (!step || step.step.channel !== 'push') return undefined;
      const token = randomToken();
      yield* addLadderLink(secretHash(token), step.lead.id, step.ladder.run, step.person.id);
      return { ...step, token };
    });
    if (!due || !push) return;
    const reason = due.ladder.reason as LadderReason;
    const result = await push(
      due.person.id,
      {
        title: ladderWords.push.title(due.job),
        body: ladderWords.push.body(due.job, reason),
        url: leadUrl(due.lead.id),
        ackUrl: `${origin}${ACK_PATH}/${due.token}`,
        topic: due.lead.id,
      },
      signal,
    );
    if (result.sent > 0)
      await store.transact(() =>
        recordWake({ leadId: due.lead.id, run: due.ladder.run, round: due.round, step: due.stepNo, userId: due.person.id, channel: 'push' }),
      );
  };

  const textStep: JobSender = async (job, signal) => {
    const due = await store.transact(function* () {
      const step = yield* dueStep(job.period);
      return step && step.step.channel === 'sms' ? step : undefined;
    });
    if (!due) return;
    if (await send(client, due.person.mobile, ladderWords.text(due.job, due.ladder.reason as LadderReason), signal))
      await store.transact(() =>
        recordWake({ leadId: due.lead.id, run: due.ladder.run, round: due.round, step: due.stepNo, userId: due.person.id, channel: 'sms' }),
      );
  };

  const callStep: JobSender = async (job, signal) => {
    const due = await store.transact(function* () {
      const step = yield* dueStep(job.period);
      return step && step.step.channel === 'voice' ? step : undefined;
    });
    const to = due && nzMobileE164(due.person.mobile);
    if (!due || !to || !caller || !job.period) return;
    await caller.call({ to, twiml: ladderCallTwiml(due.job, origin, job.period), ringSeconds: LADDER_RING_SECONDS }, signal).catch(refusedForGood);
    await store.transact(() =>
      recordWake({ leadId: due.lead.id, run: due.ladder.run, round: due.round, step: due.stepNo, userId: due.person.id, channel: 'voice' }),
    );
  };

  const taken = (channel: 'push' | 'sms'): JobSender => {
    return async (job, signal) => {
      const message = await store.read(() => takenMessage(job.period));
      if (!message) return;
      if (channel === 'sms') {
        await send(client, message.person.mobile, ladderWords.takenText(message.job, message.by), signal);
        return;
      }
      if (!push) return;
      const words = ladderWords.push.taken(message.job, message.by);
      await push(message.person.id, { ...words, url: leadUrl(message.leadId), topic: message.leadId }, signal);
    };
  };

  return {
    ladder: byTransport({ push: pushStep, sms: textStep, voice: callStep }),
    'ladder-taken': byTransport({ push: taken('push'), sms: taken('sms') }),
  };
}
