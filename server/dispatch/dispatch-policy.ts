/**
 * How urgent work is offered, as figures: how many on-call partners hear of a job at once, how long
 * each has to accept, and how soon the business's own people are woken alongside when nobody has
 * accepted. Read by dispatch (dispatch.ts) and set from the server's configuration (config.ts keeps
 * the defaults: three at once, five minutes each, the owners woken alongside after two); a test or
 * the night's benchmark passes its own.
 *
 * Why these defaults: a woken technician who answers at all answers within a few minutes, and one
 * who stays silent used to hold the job alone for the whole wait. Offering every on-call partner who
 * covers the job at once (first accept wins) means one silent phone no longer costs the customer
 * anything; a short wait frees each slot for the next partner soon; and when nobody has accepted two
 * minutes after the request, the owners are woken too, so that a person of the business, who
 * acknowledges within a couple of minutes, still commits inside the five minutes a customer with a
 * failing cool room is worth. bench/README.md has the night's figures behind them.
 */

import { MAX_OPEN_OFFERS } from './partner-offers.ts';

export interface DispatchPolicy {
  /** How long each automatic offer may wait for an accept (its "Accept by"). */
  acceptWithinMs: number;
  /** How many on-call partners are offered the job at once, 1 to MAX_OPEN_OFFERS: the first to accept has it. */
  atOnce: number;
  /**
   * How long after the request, with nobody having accepted, the escalation ladder starts while the
   * offers still run; null: only once every on-call partner has declined, lapsed or not been reached.
   */
  wakeAfterMs: number | null;
}

/** A policy held to what an offer allows: at least one partner at a time and no more than MAX_OPEN_OFFERS. */
export const heldToLimits = (p: DispatchPolicy): DispatchPolicy => ({ ...p, atOnce: Math.min(MAX_OPEN_OFFERS, Math.max(1, Math.floor(p.atOnce))) });

/**
 * The policy dispatch followed before: one on-call partner at a time, each holding the job alone for
 * the whole wait, and the business told only when none was left. Kept for comparison (the night's
 * benchmark runs it as "before") and for a business that wants it.
 */
export const oneAtATime = (acceptWithinMs: number): DispatchPolicy => ({ acceptWithinMs, atOnce: 1, wakeAfterMs: null });

/** A policy as given: a bare wait is one partner at a time with that wait. */
export const policyOf = (given: DispatchPolicy | number): DispatchPolicy => heldToLimits(typeof given === 'number' ? oneAtATime(given) : given);
