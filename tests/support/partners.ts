/** Partners and offers as the tests and benches set them up: the partner the inbox would add, the link its e-mail would carry. */
import type { PartnerInput } from '../../core/inbox-api/partners.ts';
import { addPartner } from '../../server/storage/partner-records.ts';
import { armOffer, makeOffer } from '../../server/dispatch/partner-offers.ts';
import { randomToken, secretHash } from '../../server/security/secrets.ts';
import type { LeadStore } from '../../server/storage/types.ts';

/** An on-call repair technician covering Hamilton (with `changes`), as the inbox's form or the spreadsheet gives one. */
export const hamiltonTechnician = (name: string, email: string, changes: Partial<PartnerInput> = {}): PartnerInput => ({
  name,
  email,
  phone: '',
  kind: 'technician',
  regions: ['Hamilton'],
  services: ['Repair'],
  industries: [],
  on_call: true,
  paused: false,
  sms: false,
  ...changes,
});

/** Adds an on-call repair technician covering Hamilton (with `changes`); throws when nothing was stored. */
export async function addHamiltonTechnician(store: LeadStore, name: string, email: string, changes: Partial<PartnerInput> = {}) {
  const partner = await store.transact(() => addPartner(hamiltonTechnician(name, email, changes)));
  if (!partner) throw new Error(`partner ${email} not stored`);
  return partner;
}

/**
 * Offers a lead to a partner (as dispatch does) and gives back the offer link's token, minted as the
 * offer e-mail's sender mints it: the offer's e-mail job is claimed as a worker claims it, armed
 * (the token kept with the job, its hash with the offer) and completed as after the e-mail left;
 * only the token is known here, as the e-mail would carry it. Nothing else may be sending offers on
 * this store (a worker with e-mail would take the job first): that throws.
 */
export async function offerWithLink(store: LeadStore, leadId: string, partnerId: string): Promise<{ offerId: string; token: string }> {
  const made = await store.transact(() => makeOffer(leadId, partnerId, null, (p) => `Offered to ${p.name}`));
  if (!made.ok) throw new Error(made.reason);
  const claimed = await store.claimJobs({ purposes: ['offer'], limit: 1000, leaseMs: 60_000, owner: 'tests/support/partners.ts' });
  const job = claimed.find((j) => j.offer_id === made.offer.id);
  // Other offers' e-mails are not this call's to send: given back as they were.
  for (const other of claimed) if (other !== job) await store.releaseJob(other);
  if (!job) throw new Error(`the e-mail job of offer ${made.offer.id} was not there to claim: is a worker sending offers on this store?`);
  const token = randomToken();
  const armed = await store.transact(() => armOffer(job, () => token, secretHash));
  if (armed?.token !== token) throw new Error(`offer ${made.offer.id} was not armed with its token`);
  if (!(await store.completeJob(job))) throw new Error(`the e-mail job of offer ${made.offer.id} was taken over before it was done`);
  return { offerId: made.offer.id, token };
}
