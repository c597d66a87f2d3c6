import type { Dialect } from '../migrations.ts';

/**
 * Version 34: what an urgent request was told when it arrived.
 * - `leads.nobody_on_call`: true when, at the moment the request was stored, no on-call partner
 *   covered its city and service, so the thank-you page and the acknowledgement led with the 24/7
 *   line rather than a technician's response time. Null for every lead before it and for a lead
 *   the question did not arise for (not urgent, or a business that does not dispatch); null rather
 *   than false so that an instance still running the previous release, whose rows lack the key,
 *   stores leads while both run side by side (store_lead builds the row from the JSON it is given).
 */
export function migration(dialect: Dialect): string[] {
  return [`ALTER TABLE leads ADD COLUMN nobody_on_call ${dialect === 'sqlite' ? 'INTEGER' : 'BOOLEAN'}`];
}
