/**
 * The owner acting on a lapsed urgent lead, on both stores: every partner who covers its city and
 * service is listed, those tried before after the others and marked with what happened (no answer
 * in time, the text did not arrive, still waiting), and may be offered it again, though never while
 * an offer to them still waits; an offer from the inbox waits 15 minutes on an urgent lead and a day
 * on another unless another window is chosen (hostile windows refused with 400), and by text too
 * when the lead is urgent and the partner takes texts; and a text reads
 * "sent" in the timeline until a delivery receipt says "delivered".
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/http/app.ts';
import { addPartner } from '../../server/storage/partner-records.ts';
import { makeOffer, offerEnded } from '../../server/dispatch/partner-offers.ts';
import { keepReceipt, recordText } from '../../server/storage/text-work.ts';
import { run } from '../../server/storage/steps.ts';
import { acceptWindowNames } from '../../core/partner/accept-windows.ts';
import { cookieHeader, inboxSession, INBOX_ORIGIN } from '../support/inbox-session.ts';
import { createTestStore, formBody, JSON_ACCEPT, storeKinds, type TestStore } from '../support/stores.ts';

const MINUTE = 60_000;
const technician = { kind: 'technician' as const, industries: [], on_call: true, paused: false, services: ['Repair' as const] };

describe.each(storeKinds)('offering a lead again on %s', (kind) => {
  let t: TestStore;
  let app: FastifyInstance;
  const session = inboxSession(
    () => app,
    () => t.store,
  );
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    t = await createTestStore(kind);
    // A server that sends texts: an urgent lead offered from the inbox goes by text too.
    app = await buildApp({ store: t.store, leadPurposes: [], inbox: { publicOrigin: INBOX_ORIGIN, texts: true } });
    for (const [key, name, region, sms] of [
      ['ana', 'Ana Cooling', 'Hamilton', false],
      ['ben', 'Ben Fridge Co', 'Hamilton', true],
      ['cal', 'Cal Auckland', 'Auckland', false],
    ] as const) {
      const partner = await t.store.transact(() =>
        addPartner({ ...technician, name, email: `${key}@example.nz`, phone: sms ? '+64211234567' : '', regions: [region], sms }),
      );
      ids[key] = partner!.id;
    }
  });
  afterAll(async () => {
    await app.close();
    await t.cleanup();
  });

  let n = 0;
  async function newLead(fields: Record<string, string> = {}): Promise<string> {
    const name = `Te Rapa Dairy ${++n}`;
    expect((await app.inject({ method: 'POST', url: '/', headers: JSON_ACCEPT, payload: formBody({ contact_name: name, ...fields }) })).statusCode).toBe(200);
    return (await t.store.listLeads()).find((l) => l.contact_name === name)!.id;
  }

  /** Dispatch's offer to a partner, by text as well to one who takes them. */
  const dispatched = (leadId: string, partner: string) =>
    t.store
      .transact(() => makeOffer(leadId, ids[partner]!, null, (p) => `Offered to ${p.name}`, 15 * MINUTE, { texts: true }))
      .then((made) => {
        if (!made.ok) throw new Error(made.reason);
        return made.offer.id;
      });

  it('lists every partner who covers a lapsed urgent lead, tried ones marked, and offers it again for 15 minutes', async () => {
    const owner = await session.signedIn(`owner-${kind}@example.nz`);
    const lead = await newLead({ site_suburb: 'Te Rapa' });
    // Ana let it lapse; Ben's text did not arrive.
    const ana = await dispatched(lead, 'ana');
    await t.store.transact(() => run("UPDATE partner_offers SET state = 'withdrawn', end_reason = 'timed_out', answered_at = expires_at WHERE id = ?", ana));
    const ben = await dispatched(lead, 'ben');
    await t.store.transact(() => recordText({ sid: `SM-${kind}-ben`, offerId: ben, partnerId: ids.ben!, purpose: 'offer', status: 'undelivered' }));
    await t.store.transact(() => offerEnded(ben, 'undelivered', (p) => `The offer to ${p.name} did not arrive`));

    const partners = (await session.call(owner, 'GET', `/leads/${lead}/partners`)).json();
    expect(partners.suggestions.map((s: { name: string; tried: { outcome: string } | null }) => [s.name, s.tried?.outcome ?? null])).toEqual([
      ['Ana Cooling', 'no_answer'],
      ['Ben Fridge Co', 'text_undelivered'],
    ]);
    // Both are on call: at night, the ones to try first.
    expect(partners.suggestions.map((s: { on_call_now: boolean }) => s.on_call_now)).toEqual([true, true]);

    // Offered again from the inbox without a window: an urgent lead's quarter of an hour.
    const again = await session.call(owner, 'POST', `/leads/${lead}/offers`, { partner_id: ids.ana });
    expect(again.statusCode).toBe(201);
    const offer = again.json().offer;
    expect(offer.expires_at - offer.created_at).toBe(15 * MINUTE);
    // Not twice while it waits.
    const twice = await session.call(owner, 'POST', `/leads/${lead}/offers`, { partner_id: ids.ana });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error).toMatch(/still waiting/);
    const after = (await session.call(owner, 'GET', `/leads/${lead}/partners`)).json();
    expect(after.suggestions.find((s: { name: string }) => s.name === 'Ana Cooling').tried.outcome).toBe('waiting');
    // Ben, whose text bounced, offered again: by e-mail and by text, as the night needs.
    const byText = await session.call(owner, 'POST', `/leads/${lead}/offers`, { partner_id: ids.ben, accept_within: '1h' });
    expect(byText.statusCode).toBe(201);
    expect(byText.json().offer.channels.map((c: { channel: string }) => c.channel)).toEqual(['email', 'text']);
    expect(offer.channels.map((c: { channel: string }) => c.channel)).toEqual(['email']);
    // Automatic dispatch never goes back to a partner it tried.
    const auto = await t.store.transact(() => makeOffer(lead, ids.ben!, null, () => 'again', 15 * MINUTE));
    expect(auto).toEqual({ ok: false, reason: 'already' });
  });

  it('gives a lead that is not urgent a day unless another window is chosen, and refuses any other window with 400', async () => {
    const owner = await session.signedIn(`planner-${kind}@example.nz`);
    const planned = await newLead({ site_type: 'New build', timeframe: '30–60 days' });
    const day = await session.call(owner, 'POST', `/leads/${planned}/offers`, { partner_id: ids.ana });
    expect(day.statusCode).toBe(201);
    expect(day.json().offer.expires_at - day.json().offer.created_at).toBe(24 * 60 * MINUTE);
    const quarter = await session.call(owner, 'POST', `/leads/${planned}/offers`, { partner_id: ids.ben, accept_within: '15m' });
    expect(quarter.json().offer.expires_at - quarter.json().offer.created_at).toBe(15 * MINUTE);
    // Planned work is offered by e-mail only, even to a partner who takes texts.
    expect(quarter.json().offer.channels.map((c: { channel: string }) => c.channel)).toEqual(['email']);
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(fc.string({ maxLength: 40 }), fc.constantFrom('15', '15M', ' 15m', '1d', '__proto__', 'constructor', '24h\u0000')),
        async (within) => {
          fc.pre(!(acceptWindowNames as readonly string[]).includes(within));
          const res = await session.call(owner, 'POST', `/leads/${planned}/offers`, { partner_id: ids.cal, accept_within: within });
          expect(res.statusCode).toBe(400);
        },
      ),
      { numRuns: 40 },
    );
  });

  it('offers a tried partner again once when two instances are asked at the same moment', async () => {
    const other = t.reopen();
    const second = await buildApp({ store: other, leadPurposes: [], inbox: { publicOrigin: INBOX_ORIGIN, texts: true } });
    try {
      const owner = await session.signedIn(`twice-${kind}@example.nz`);
      const lead = await newLead();
      const ana = await dispatched(lead, 'ana');
      await t.store.transact(() => run("UPDATE partner_offers SET state = 'declined', answered_at = created_at WHERE id = ?", ana));
      const post = (server: FastifyInstance) =>
        server.inject({
          method: 'POST',
          url: `/inbox/api/leads/${lead}/offers`,
          headers: { cookie: cookieHeader(owner), origin: INBOX_ORIGIN, 'x-csrf-token': owner.csrf },
          payload: { partner_id: ids.ana },
        });
      const answers = await Promise.all([post(app), post(second)]);
      expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409]);
      const offers = (await session.call(owner, 'GET', `/leads/${lead}/partners`)).json().offers;
      expect(offers.map((o: { state: string }) => o.state)).toEqual(['declined', 'open']);
    } finally {
      // The second store closes with the test store's cleanup.
      await second.close();
    }
  });

  it('reads a text as sent until a delivery receipt says it was delivered', async () => {
    const owner = await session.signedIn(`receipts-${kind}@example.nz`);
    const lead = await newLead();
    const offer = await dispatched(lead, 'ben');
    // The text left: its job is done and Twilio took it.
    await t.store.transact(() => run(`UPDATE outbox SET status = 'done', delivered_at = ? WHERE offer_id = ?`, Date.now(), offer));
    const sid = `SM-${kind}-receipt`;
    await t.store.transact(() => recordText({ sid, offerId: offer, partnerId: ids.ben!, purpose: 'offer', status: 'sent' }));
    const lines = async () => (await session.call(owner, 'GET', `/leads/${lead}`)).json().timeline.map((e: { text: string }) => e.text) as string[];
    expect(await lines()).toEqual(expect.arrayContaining(['Job offer by text: Ben Fridge Co: sent', 'Job offer: Ben Fridge Co: sent']));
    expect((await lines()).filter((line) => line.endsWith('delivered'))).toEqual([]);
    await t.store.transact(() => keepReceipt(sid, 'delivered', ''));
    expect((await lines()).filter((line) => line.endsWith('delivered'))).toEqual(['Job offer by text: Ben Fridge Co: delivered']);
  });
});
