/**
 * What the business is told about an urgent lead says what is true, on both stores: the "still not
 * called" nudge is not queued about a lead a partner holds or is being offered right now (and comes
 * due again once the offer lapses), and the "nobody has accepted" e-mail names the channel that
 * failed when an offer never reached its partner (the text did not arrive; the e-mail bounced).
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { parseLead } from '../../core/lead/schema.ts';
import { leadsAwaitingNudge } from '../../server/storage/notice-queue.ts';
import { offerChannels } from '../../server/storage/offer-channels.ts';
import { offerRowById } from '../../server/storage/offer-records.ts';
import { makeOffer } from '../../server/dispatch/partner-offers.ts';
import { outcomeOf } from '../../server/outbox/lead-notices.ts';
import { noticeCopy } from '../../server/outbox/email-words.ts';
import { recordText } from '../../server/storage/text-work.ts';
import { run } from '../../server/storage/steps.ts';
import { addHamiltonTechnician } from '../support/partners.ts';
import { createTestStore, storeKinds, type TestStore } from '../support/stores.ts';

describe.each(storeKinds)('escalation words on %s', (kind) => {
  let t: TestStore;
  beforeEach(async () => {
    t = await createTestStore(kind);
  });
  afterEach(async () => {
    await t.cleanup();
  });

  async function urgentLead(): Promise<string> {
    const parsed = parseLead({
      contact_name: 'Mere Tane',
      work_email: 'mere@kaicafe.co.nz',
      phone: '021 555 0101',
      city: 'Hamilton',
      service_type: 'Repair',
      timeframe: 'Urgent (24–72h)',
      site_type: 'Repair call-out',
    });
    if (!parsed.lead) throw new Error(JSON.stringify(parsed.errors));
    return (await t.store.insertLead(parsed.lead, { spam: false, purposes: [] })).id;
  }
  const awaiting = async () => (await t.store.read(() => leadsAwaitingNudge(new Date(0)))).map((l) => l.id);

  it('no nudge while a partner is offered the job or holds it; due again once the offer lapses', async () => {
    const lead = await urgentLead();
    const ana = await addHamiltonTechnician(t.store, 'Ana Cooling', 'ana@x.nz');
    expect(await awaiting()).toEqual([lead]);
    const made = await t.store.transact(() => makeOffer(lead, ana.id, null, (p) => `Offered to ${p.name}`, 15 * 60_000));
    if (!made.ok) throw new Error(made.reason);
    expect(await awaiting()).toEqual([]);
    // Its accept-by passed: nobody is being offered it now.
    await t.store.transact(() => run('UPDATE partner_offers SET expires_at = 0 WHERE id = ?', made.offer.id));
    expect(await awaiting()).toEqual([lead]);
    await t.store.transact(() => run("UPDATE partner_offers SET state = 'accepted' WHERE id = ?", made.offer.id));
    expect(await awaiting()).toEqual([]);
  });

  it('names the text that did not arrive, and the e-mail that bounced', async () => {
    const lead = await urgentLead();
    const ana = await addHamiltonTechnician(t.store, 'Ana Cooling', 'ana@x.nz', { phone: '021 555 0202', sms: true });
    const ben = await addHamiltonTechnician(t.store, 'Ben Fridge', 'ben@x.nz');
    const byText = await t.store.transact(() => makeOffer(lead, ana.id, null, (p) => `Offered to ${p.name}`, 15 * 60_000, { texts: true }));
    const byMail = await t.store.transact(() => makeOffer(lead, ben.id, null, (p) => `Offered to ${p.name}`, 15 * 60_000));
    if (!byText.ok || !byMail.ok) throw new Error('not offered');
    await t.store.transact(function* () {
      yield* recordText({ sid: `SM${'1'.repeat(32)}`, offerId: byText.offer.id, partnerId: ana.id, purpose: 'offer', status: 'undelivered' });
      yield* run("UPDATE partner_offers SET state = 'withdrawn', end_reason = 'undelivered' WHERE lead_id = ?", lead);
    });
    const words = await t.store.read(function* () {
      const channels = yield* offerChannels(lead);
      return [byText.offer.id, byMail.offer.id].map(function (id) {
        return { id, channels: channels.get(id) };
      });
    });
    const outcome = async (id: string, channels: Parameters<typeof outcomeOf>[1]) => outcomeOf((await t.store.read(() => offerRowById(id)))!, channels);
    expect(await outcome(words[0]!.id, words[0]!.channels)).toBe(noticeCopy.outcome.textUndelivered);
    expect(await outcome(words[1]!.id, words[1]!.channels)).toBe(noticeCopy.outcome.emailUndelivered);
  });
});
