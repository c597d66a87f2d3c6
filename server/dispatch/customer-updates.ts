/**
 * What the customer of an urgent lead is told as their job moves: who has committed to it, that
 * someone is on the way, or, when nobody has, the honest truth and the 24/7 line. This first form
 * tells nothing yet; the customer's texts and e-mails are queued here.
 */
import type { Work } from '../storage/steps.ts';

export type CustomerUpdate = 'committed' | 'on_my_way' | 'nobody_yet';

/** Queues the update for the lead's customer (once per lead and kind); true when this call queued it. */
export function* tellCustomer(_leadId: string, _update: CustomerUpdate): Work<boolean> {
  return false;
}
