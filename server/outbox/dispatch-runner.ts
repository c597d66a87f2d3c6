/**
 * The dispatch job: the next step of one urgent lead's dispatch (server/dispatch/dispatch.ts), run by the
 * worker like any other job, so it is claimed once across instances and retried if the database
 * fails. It is queued with an urgent lead and whenever an offer of one ends early (a decline, a
 * withdrawal, a partner paused or removed), so the next on-call partner hears at once; the
 * scheduler's minute check still moves on offers whose wait ran out.
 */
import { dispatchLead } from '../dispatch/dispatch.ts';
import type { LeadStore } from '../storage/types.ts';
import { partnerWords } from '../partners/partner-words.ts';
import type { JobSender } from './worker.ts';

const e = partnerWords.events;
/** The timeline's lines for what dispatch does by itself. */
export const dispatchWords = { offered: (p: { name: string }) => e.dispatched(p.name), timedOut: (p: { name: string }) => e.timedOut(p.name) };

/** `texts`: text messages are configured, so automatic offers also go by text to partners who take them. */
export function createDispatchRunner(store: LeadStore, acceptWithinMs: number, { texts = false }: { texts?: boolean } = {}): JobSender {
  return async (job) => {
    if (!job.lead_id) return;
    await store.transact(() => dispatchLead(job.lead_id!, acceptWithinMs, dispatchWords, { texts }));
  };
}
