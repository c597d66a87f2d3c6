/**
 * The dispatch jobs (server/dispatch/dispatch.ts), run by the worker like any other job, so each is
 * claimed once across instances and retried if the database fails:
 * - dispatch: the next step of one urgent lead, queued with the lead and whenever an offer of one
 *   ends early (a decline, a withdrawal, a partner paused or removed), so the next on-call partner
 *   hears at once;
 * - dispatch-due: the same, at the moment an offer's wait ends (keyed by the offer) or the business
 *   is to be woken alongside (keyed by the lead), so dispatch moves on time; the scheduler's minute
 *   check still looks as well;
 * - dispatch-escalate: the business woken for the lead (its ladder started), once per lead.
 */
import { dispatchLead, escalate } from '../dispatch/dispatch.ts';
import type { DispatchPolicy } from '../dispatch/dispatch-policy.ts';
import type { LadderReason } from '../dispatch/ladder.ts';
import type { LeadStore } from '../storage/types.ts';
import { offerRowById } from '../storage/offer-records.ts';
import { partnerWords } from '../partners/partner-words.ts';
import type { JobSender } from './worker.ts';

const e = partnerWords.events;
/** The timeline's lines for what dispatch does by itself. */
export const dispatchWords = { offered: (p: { name: string }) => e.dispatched(p.name), timedOut: (p: { name: string }) => e.timedOut(p.name) };

const LADDER_REASONS: readonly LadderReason[] = ['nobody_covers', 'nobody_accepted', 'handed_back'];

/**
 * The senders of the dispatch jobs under `policy` (or a bare wait: one partner at a time). `texts`:
 * text messages are configured, so automatic offers also go by text to partners who take them.
 */
export function createDispatchRunners(
  store: LeadStore,
  policy: DispatchPolicy | number,
  { texts = false }: { texts?: boolean } = {},
): Record<'dispatch' | 'dispatch-due' | 'dispatch-escalate', JobSender> {
  const step = (leadId: string) => store.transact(() => dispatchLead(leadId, policy, dispatchWords, { texts }));
  return {
    dispatch: async (job) => {
      if (job.lead_id) await step(job.lead_id);
    },
    'dispatch-due': async (job) => {
      const leadId = job.lead_id ?? (job.offer_id ? (await store.read(() => offerRowById(job.offer_id!)))?.lead_id : undefined);
      if (leadId) await step(leadId);
    },
    'dispatch-escalate': async (job) => {
      const why = LADDER_REASONS.find((r) => r === job.period) ?? 'nobody_accepted';
      if (job.lead_id) await store.transact(() => escalate(job.lead_id!, why));
    },
  };
}

/** The dispatch job alone (tests that drive one lead's steps by hand). */
export function createDispatchRunner(store: LeadStore, policy: DispatchPolicy | number, options: { texts?: boolean } = {}): JobSender {
  return createDispatchRunners(store, policy, options).dispatch;
}
