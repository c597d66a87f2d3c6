/**
 * The escalation ladder: when nobody has committed to an urgent lead, people of the business are
 * woken in turn until one of them acknowledges it. This first form only queues the business's
 * "nobody has accepted" e-mail, once per lead; the ladder's steps replace it.
 */
import type { Work } from '../storage/steps.ts';
import { enqueue } from '../storage/job-queue.ts';

/** Why a ladder starts for a lead. */
export type LadderReason = 'nobody_covers' | 'nobody_accepted' | 'handed_back';

/** Starts the lead's ladder (once: a second start while one runs is the same ladder); true when this call started it. */
export function* startLadder(leadId: string, _why: LadderReason): Work<boolean> {
  return yield* enqueue({ purpose: 'unaccepted', of: { lead: leadId } });
}
