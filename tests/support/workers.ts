/**
 * Outbox workers in tests: a test that hands the worker a lead's senders (each given the lead, as the
 * e-mail, acknowledgement and webhook senders are) gets them as the worker's job senders here, the
 * way the server's own senders.ts builds them, so no test wires the lead look-up by hand.
 */
import type { LeadPurpose } from '../../server/storage/purposes.ts';
import type { LeadStore } from '../../server/storage/types.ts';
import { aboutLead, type JobSender, type LeadSender } from '../../server/outbox/worker.ts';

export function aboutLeads(store: LeadStore, senders: Partial<Record<LeadPurpose, LeadSender>>): Partial<Record<LeadPurpose, JobSender>> {
  return Object.fromEntries(Object.entries(senders).map(([purpose, send]) => [purpose, aboutLead(store, send)]));
}
