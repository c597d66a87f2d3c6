/** Partners and offers as the tests and benches set them up: the partner the inbox would add, the link its e-mail would carry. */
import type { PartnerInput } from '../../core/inbox-api/partners.ts';
import { addPartner } from '../../server/storage/partner-records.ts';
import { makeOffer } from '../../server/storage/partner-offers.ts';
import { run } from '../../server/storage/steps.ts';
import { randomToken, secretHash } from '../../server/inbox/secrets.ts';
import type { LeadStore } from '../../server/storage/types.ts';

/** Adds an on-call repair technician covering Hamilton (with `changes`); throws when nothing was stored. */
export async function addHamiltonTechnician(store: LeadStore, name: string, email: string, changes: Partial<PartnerInput> = {}) {
  const partner = await store.transact(() =>
    addPartner({
      name,
      email,
      phone: '',
      kind: 'technician',
      regions: ['Hamilton'],
      services: ['Repair'],
      industries: [],
      on_call: true,
      paused: false,
      ...changes,
    }),
  );
  if (!partner) throw new Error(`partner ${email} not stored`);
  return partner;
}

/**
 * Offers a lead to a partner from the inbox and gives back the offer link's token, made as the
 * offer e-mail's sender makes it: a fresh token, only its hash stored.
 */
export async function offerWithLink(store: LeadStore, leadId: string, partnerId: string): Promise<{ offerId: string; token: string }> {
  const made = await store.transact(() => makeOffer(leadId, partnerId, null, (p) => `Offered to ${p.name}`));
  if (!made.ok) throw new Error(made.reason);
  const token = randomToken();
  await store.transact(() => run('UPDATE partner_offers SET token_hash = ? WHERE id = ?', secretHash(token), made.offer.id));
  return { offerId: made.offer.id, token };
}
