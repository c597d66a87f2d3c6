/**
 * The reports' median time to accept by channel, on both stores: offers accepted on their page
 * (from the e-mail's link) and by a YES to their text, each through the real accept (answerOffer),
 * counted apart per partner; an acceptance from before the channel was recorded counts in the
 * overall median only, and a partner with no acceptance one way has no median that way. The
 * customer's e-mail naming the partner says their details went by text, through Twilio, when they did.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseLead } from '../../core/lead/schema.ts';
import { addDays, nzParts } from '../../core/nz-time.ts';
import { insightBetween } from '../../server/leads/range-insight.ts';
import { secretHash } from '../../server/security/secrets.ts';
import { answerWords } from '../../server/partners/partner-words.ts';
import { offerByToken } from '../../server/dispatch/partner-offers.ts';
import { answerOffer } from '../../server/dispatch/offer-answers.ts';
import { introducedMail } from '../../server/outbox/partner-emails.ts';
import { all, run } from '../../server/storage/steps.ts';
import { addHamiltonTechnician, offerWithLink } from '../support/partners.ts';
import { createTestStore, formBody, storeKinds, type TestStore } from '../support/stores.ts';

const MINUTE = 60_000;

describe.each(storeKinds)('time to accept by channel on %s', (kind) => {
  let t: TestStore;

  beforeAll(async () => {
    t = await createTestStore(kind);
  });
  afterAll(() => t?.cleanup());

  let leads = 0;
  async function newLead(): Promise<string> {
    leads++;
    const parsed = parseLead(Object.fromEntries(new URLSearchParams(formBody({ contact_name: `Customer ${leads}`, company_name: `Cafe ${leads}` }))));
    if (!parsed.ok || !parsed.lead) throw new Error('the sample lead did not parse');
    return (await t.store.insertLead(parsed.lead, { spam: false, purposes: [] })).id;
  }

  /** A new lead offered to the partner and accepted through its link the way `via` says, `minutes` after the offer was made. */
  async function acceptedVia(partnerId: string, via: 'email' | 'sms', minutes: number): Promise<string> {
    const { offerId, token } = await offerWithLink(t.store, await newLead(), partnerId);
    const answered = await t.store.transact(() => answerOffer(secretHash(token), { action: 'accept' }, answerWords, false, via));
    expect(answered.changed).toBe(true);
    // The offer is moved back in time rather than waited for: its acceptance stays as the accept recorded it.
    await t.store.transact(() => run('UPDATE partner_offers SET created_at = accepted_at - ? WHERE id = ?', minutes * MINUTE, offerId));
    return token;
  }

  it('gives each partner’s median from offer to accept for the page and for text replies apart', async () => {
    const ana = await addHamiltonTechnician(t.store, 'Ana Cooling', `ana-${kind}@example.nz`);
    const ben = await addHamiltonTechnician(t.store, 'Ben Fridge Co', `ben-${kind}@example.nz`);
    await acceptedVia(ana.id, 'email', 4);
    await acceptedVia(ana.id, 'email', 10);
    await acceptedVia(ana.id, 'sms', 2);
    for (const minutes of [8, 1, 3]) await acceptedVia(ben.id, 'sms', minutes);
    // Accepted before the channel was recorded: in the overall median, in neither channel's.
    const legacy = await newLead();
    await t.store.transact(() =>
      run(
        `INSERT INTO partner_offers (id, lead_id, partner_id, state, created_at, expires_at, answered_at, accepted_at, accepted_via)
         VALUES ('legacy', ?, ?, 'accepted', ?, ?, ?, ?, '')`,
        legacy,
        ana.id,
        Date.now() - 10 * MINUTE,
        Date.now() + 60 * MINUTE,
        Date.now() - 9 * MINUTE,
        Date.now() - 9 * MINUTE,
      ),
    );

    // The accept recorded where each was accepted.
    const channels = await t.store.read(() => all('SELECT accepted_via AS via, COUNT(*) AS n FROM partner_offers GROUP BY accepted_via ORDER BY accepted_via'));
    expect(channels.map((r) => [r.via, Number(r.n)])).toEqual([
      ['', 1],
      ['email', 2],
      ['sms', 4],
    ]);

    const today = nzParts(new Date()).date;
    const { partners } = await t.store.read(() => insightBetween(addDays(today, -1), today));
    const speed = (name: string) => {
      const p = partners.byPartner.find((b) => b.name === name)!;
      return { overall: p.medianAcceptMinutes, via: p.medianAcceptMinutesVia };
    };
    // Ana: 4 and 10 minutes on the page, 2 by text; 1, 2, 4 and 10 in all.
    expect(speed('Ana Cooling')).toEqual({ overall: 3, via: { email: 7, sms: 2 } });
    // Ben: 1, 3 and 8 by text, never on the page.
    expect(speed('Ben Fridge Co')).toEqual({ overall: 3, via: { email: null, sms: 3 } });
  });

  it('tells the customer their details went by text, through Twilio, only when the partner took the job by text', async () => {
    const cara = await addHamiltonTechnician(t.store, 'Cara Chillers', `cara-${kind}@example.nz`);
    for (const [via, says] of [
      ['sms', true],
      ['email', false],
    ] as const) {
      const token = await acceptedVia(cara.id, via, 5);
      const view = await t.store.read(() => offerByToken(secretHash(token)));
      const mail = introducedMail({ ...view!, lead: view!.lead! }, { messageIdDomain: 'example.nz' });
      expect(mail.text.includes('through Twilio'), via).toBe(says);
      expect(mail.html.includes('through Twilio'), via).toBe(says);
    }
  });
});
