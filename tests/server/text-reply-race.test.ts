/**
 * A partner's YES text that loses a race to their own accept, on both stores: the job page's accept,
 * or their own other YES, lands between the reply's reading of the waiting offer and its taking of
 * the lead (driven in that order inside the reply's own unit of work, so the race is the same every
 * run). They hold the job, so they are told so, never that it was taken; the text with the
 * customer's details is queued once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/http/app.ts';
import { armOffer, makeOffer } from '../../server/dispatch/partner-offers.ts';
import { answerOffer } from '../../server/dispatch/offer-answers.ts';
import { replyFrom, type ReplyOutcome } from '../../server/dispatch/text-replies.ts';
import { all, type Query, type Work } from '../../server/storage/steps.ts';
import { randomToken, secretHash } from '../../server/security/secrets.ts';
import { answerWords } from '../../server/partners/partner-words.ts';
import type { Partner } from '../../core/inbox-api/partners.ts';
import { addHamiltonTechnician } from '../support/partners.ts';
import { createTestStore, formBody, JSON_ACCEPT, storeKinds, type TestStore } from '../support/stores.ts';

/** Runs `work`, and `first` just before `work` first asks for a step that `at` picks. */
function* runsFirst<T>(first: () => Work<unknown>, at: (query: Query) => boolean, work: Work<T>): Work<T> {
  let ran = false;
  let step = work.next();
  while (!step.done) {
    if (!ran && at(step.value)) {
      ran = true;
      yield* first();
    }
    step = work.next(yield step.value);
  }
  if (!ran) throw new Error('the step to run before never came');
  return step.value;
}

/** The reply taking the lead's row: after it has read which offer waits. */
const takingTheLead = (query: Query) => query.mode === 'run' && query.sql.startsWith('UPDATE leads SET priority = priority');

describe.each(storeKinds)('a YES text beaten by the partner’s own accept on %s', (kind) => {
  let t: TestStore;
  let app: FastifyInstance;
  let leads = 0;

  beforeAll(async () => {
    t = await createTestStore(kind);
    app = await buildApp({ store: t.store, leadPurposes: [], rateLimit: { max: 1000, windowMs: 600_000 } });
  });
  afterAll(async () => {
    await app.close();
    await t.cleanup();
  });

  /** A texted offer to a partner of the test's own, its e-mail's and text's links armed as the senders arm them. */
  async function textedOffer(partner: Partner) {
    const name = `Race Customer ${++leads}`;
    expect((await app.inject({ method: 'POST', url: '/', headers: JSON_ACCEPT, payload: formBody({ contact_name: name }) })).statusCode).toBe(200);
    const lead = (await t.store.listLeads()).find((l) => l.contact_name === name)!;
    const made = await t.store.transact(() => makeOffer(lead.id, partner.id, null, (p) => `Offered to ${p.name}`, undefined, { texts: true }));
    if (!made.ok) throw new Error(made.reason);
    const jobs = (await t.store.claimJobs({ purposes: ['offer'], limit: 1000, leaseMs: 60_000, owner: 'text-reply-race' })).filter(
      (j) => j.offer_id === made.offer.id,
    );
    expect(jobs.map((j) => j.transport).sort()).toEqual(['email', 'sms']);
    const tokens: Record<string, string> = {};
    for (const job of jobs) {
      const channel = job.transport === 'sms' ? 'sms' : 'email';
      tokens[channel] = randomToken();
      await t.store.transact(() => armOffer(job, () => tokens[channel]!, secretHash, { channel }));
      expect(await t.store.completeJob(job)).toBe(true);
    }
    return { offerId: made.offer.id, emailToken: tokens.email!, smsToken: tokens.sms! };
  }

  const detailsTexts = (offerId: string) =>
    t.store.read(() => all("SELECT id FROM outbox WHERE purpose = 'accepted' AND transport = 'sms' AND offer_id = ?", offerId));
  const yes = (phone: string) => replyFrom(phone, 'accept', answerWords, false);

  it('after the job page’s accept: the job is theirs, and the details go by text once', async () => {
    const phone = '021 555 0611';
    const partner = await addHamiltonTechnician(t.store, 'Page First Cooling', `page-first-${kind}@partner.nz`, { phone, sms: true });
    const { offerId, emailToken } = await textedOffer(partner);
    const outcome: ReplyOutcome = await t.store.transact(() =>
      runsFirst(() => answerOffer(secretHash(emailToken), { action: 'accept' }, answerWords, false, 'email'), takingTheLead, yes(phone)),
    );
    expect(outcome.kind).toBe('held');
    expect(await detailsTexts(offerId)).toHaveLength(1);
    // A third YES later changes nothing more.
    expect((await t.store.transact(() => yes(phone))).kind).toBe('held');
    expect(await detailsTexts(offerId)).toHaveLength(1);
  });

  it('after their own other YES: the job is theirs, and the details go by text once', async () => {
    const phone = '021 555 0622';
    const partner = await addHamiltonTechnician(t.store, 'Double Yes Cooling', `double-yes-${kind}@partner.nz`, { phone, sms: true });
    const { offerId } = await textedOffer(partner);
    let other: ReplyOutcome | undefined;
    const outcome: ReplyOutcome = await t.store.transact(() =>
      runsFirst(
        function* () {
          other = yield* yes(phone);
        },
        takingTheLead,
        yes(phone),
      ),
    );
    expect(other?.kind).toBe('accepted');
    expect(outcome.kind).toBe('held');
    expect(await detailsTexts(offerId)).toHaveLength(1);
  });

  it('still tells a partner beaten by someone else that the job was taken', async () => {
    const phone = '021 555 0633';
    const partner = await addHamiltonTechnician(t.store, 'Too Late Cooling', `too-late-${kind}@partner.nz`, { phone, sms: true });
    const rival = await addHamiltonTechnician(t.store, 'Rival Cooling', `rival-${kind}@partner.nz`);
    const { offerId } = await textedOffer(partner);
    const lead = (await t.store.read(() => all('SELECT lead_id FROM partner_offers WHERE id = ?', offerId)))[0]!.lead_id as string;
    const made = await t.store.transact(() => makeOffer(lead, rival.id, null, (p) => `Offered to ${p.name}`));
    if (!made.ok) throw new Error(made.reason);
    const rivalToken = randomToken();
    const job = (await t.store.claimJobs({ purposes: ['offer'], limit: 1000, leaseMs: 60_000, owner: 'text-reply-race' })).find(
      (j) => j.offer_id === made.offer.id,
    )!;
    await t.store.transact(() => armOffer(job, () => rivalToken, secretHash));
    const outcome = await t.store.transact(() =>
      runsFirst(() => answerOffer(secretHash(rivalToken), { action: 'accept' }, answerWords, false, 'email'), takingTheLead, yes(phone)),
    );
    expect(outcome).toMatchObject({ kind: 'ended', how: 'taken' });
    expect(await detailsTexts(offerId)).toHaveLength(0);
  });
});
