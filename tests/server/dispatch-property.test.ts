/**
 * The dispatch state machine under random nights, on both stores with two instances: random
 * sequences of dispatch checks (by either instance, some at once), accepts, declines, time-outs,
 * pauses, removals, withdrawals and instance deaths (a claimed e-mail never finished) against one
 * urgent lead, under the default policy (three on-call partners at once, the business woken two
 * minutes in) and the one before it (one at a time) on alternate nights. After every step: never
 * more automatic offers waiting at once than the policy allows, no partner offered the job twice by
 * dispatch, at most one partner holds the job, the business woken at most once, a partner who did
 * not accept (or was removed) is never shown the customer, and an ended offer's link takes nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { dispatchLead } from '../../server/dispatch/dispatch.ts';
import { policyOf, type DispatchPolicy } from '../../server/dispatch/dispatch-policy.ts';
import { DEFAULTS } from '../../server/config.ts';
import { endOpenOffers, offerByToken, withdrawOffer } from '../../server/dispatch/partner-offers.ts';
import { answerOffer } from '../../server/dispatch/offer-answers.ts';
import { offersOfLead } from '../../server/storage/offer-records.ts';
import { changePartner, removePartner } from '../../server/storage/partner-records.ts';
import { all, run } from '../../server/storage/steps.ts';
import { secretHash } from '../../server/security/secrets.ts';
import { answerWords } from '../../server/partners/partner-words.ts';
import type { LeadStore } from '../../server/storage/types.ts';
import type { Partner } from '../../core/inbox-api/partners.ts';
import { addHamiltonTechnician } from '../support/partners.ts';
import { createTestStore, formBody, storeKinds, type TestStore } from '../support/stores.ts';
import { parseLead } from '../../core/lead/schema.ts';

const WAIT_MS = 15 * 60_000;
/** The default policy, and the one before it (a bare wait: one partner at a time). */
const POLICIES: (DispatchPolicy | number)[] = [{ ...DEFAULTS.dispatch }, WAIT_MS];
const PARTNERS = 4;
const words = { offered: (p: { name: string }) => `Offered to ${p.name}`, timedOut: (p: { name: string }) => `Timed out: ${p.name}` };

type Action =
  | { kind: 'dispatch'; by: 0 | 1 }
  | { kind: 'dispatchBoth' }
  | { kind: 'accept' | 'decline' | 'pause' | 'remove'; partner: number }
  | { kind: 'acceptBoth'; partners: [number, number] }
  | { kind: 'timeout' }
  | { kind: 'withdraw' }
  | { kind: 'death' };

const partner = fc.integer({ min: 0, max: PARTNERS - 1 });
const action: fc.Arbitrary<Action> = fc.oneof(
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('dispatch' as const), by: fc.constantFrom(0 as const, 1 as const) }) },
  { weight: 2, arbitrary: fc.constant({ kind: 'dispatchBoth' as const }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constantFrom('accept' as const, 'decline' as const), partner }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('acceptBoth' as const), partners: fc.tuple(partner, partner) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constantFrom('pause' as const, 'remove' as const), partner }) },
  { weight: 3, arbitrary: fc.constant({ kind: 'timeout' as const }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'withdraw' as const }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'death' as const }) },
);

/** The link token of an offer in these tests: known, so a partner can answer without an e-mail. */
const tokenOf = (offerId: string) => `property-token-${offerId}`;

describe.each(storeKinds)('the dispatch state machine on %s', (kind) => {
  let t: TestStore;
  let stores: [LeadStore, LeadStore];

  beforeAll(async () => {
    t = await createTestStore(kind);
    stores = [t.store, t.reopen()];
  });
  afterAll(async () => {
    await stores[1].close();
    await t.cleanup();
  });

  it('keeps its invariants through any night', async () => {
    let night = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(action, { minLength: 1, maxLength: 25 }), async (actions) => {
        night++;
        const policy = POLICIES[night % POLICIES.length]!;
        const [store] = stores;
        const partners: Partner[] = [];
        for (let i = 0; i < PARTNERS; i++) partners.push(await addHamiltonTechnician(store, `Night ${night} Tech ${i}`, `n${night}-t${i}-${kind}@x.nz`));
        const fields = Object.fromEntries(new URLSearchParams(formBody({ contact_name: `Night ${night} Cafe` })));
        const parsed = parseLead(fields);
        if (!parsed.ok || !parsed.lead) throw new Error('the sample lead did not parse');
        const lead = await store.insertLead(parsed.lead, { spam: false, purposes: [] });
        const mine = new Set(partners.map((p) => p.id));
        const disclosedTo = new Set<string>();

        /** Gives every offer of the lead a known link (as its e-mail would carry one). */
        const linkOffers = () =>
          store.transact(function* () {
            for (const row of yield* all('SELECT id FROM partner_offers WHERE lead_id = ? AND id NOT IN (SELECT offer_id FROM offer_links)', lead.id))
              yield* run(
                `INSERT INTO offer_links (offer_id, channel, token_hash, created_at) VALUES (?, 'email', ?, 0)`,
                String(row.id),
                secretHash(tokenOf(String(row.id))),
              );
          });
        const offerOf = async (index: number) => (await store.read(() => offersOfLead(lead.id))).find((o) => o.partner.id === partners[index]!.id);
        const answer = async (s: LeadStore, index: number, a: 'accept' | 'decline') => {
          const found = await offerOf(index);
          if (!found) return;
          const result = await s.transact(() =>
            answerOffer(secretHash(tokenOf(found.offer.id)), a === 'accept' ? { action: 'accept' } : { action: 'decline', reason: '' }, answerWords),
          );
          if (result.changed && a === 'accept') disclosedTo.add(found.partner.id);
        };

        for (const step of actions) {
          switch (step.kind) {
            case 'dispatch':
              await stores[step.by].transact(() => dispatchLead(lead.id, policy, words));
              break;
            case 'dispatchBoth':
              await Promise.all(stores.map((s) => s.transact(() => dispatchLead(lead.id, policy, words))));
              break;
            case 'accept':
            case 'decline':
              await answer(store, step.partner, step.kind);
              break;
            case 'acceptBoth':
              await Promise.all(step.partners.map((index, i) => answer(stores[i as 0 | 1], index, 'accept')));
              break;
            case 'pause':
              await store.transact(function* () {
                const done = yield* changePartner(partners[step.partner]!.id, { paused: true });
                if (done.ok) yield* endOpenOffers({ partnerId: done.partner.id }, 'partner_paused', () => 'paused');
              });
              break;
            case 'remove':
              await store.transact(function* () {
                const gone = yield* removePartner(partners[step.partner]!.id);
                if (gone) yield* endOpenOffers({ partnerId: gone.id }, 'partner_removed', () => 'removed');
              });
              break;
            case 'timeout':
              // The wait (and any link's accept-by) ran out for every offer waiting now, and the lead is older by as much.
              await store.transact(() =>
                run('UPDATE leads SET created_at = ? WHERE id = ?', new Date(Date.parse(lead.created_at) - WAIT_MS - 60_000).toISOString(), lead.id),
              );
              await store.transact(() =>
                run(
                  "UPDATE partner_offers SET created_at = created_at - ?, expires_at = expires_at - ? WHERE lead_id = ? AND state = 'open'",
                  WAIT_MS + 60_000,
                  400 * 86_400_000,
                  lead.id,
                ),
              );
              break;
            case 'withdraw': {
              const open = (await store.read(() => offersOfLead(lead.id))).filter((o) => o.offer.state === 'open');
              const last = open.at(-1);
              if (last) await store.transact(() => withdrawOffer(lead.id, last.offer.id, 'owner@example.nz', () => 'withdrawn'));
              break;
            }
            case 'death': {
              // An instance claims the e-mails waiting and dies holding them: nothing it held may be lost or doubled by the state.
              await stores[1].claimJobs({ purposes: ['offer', 'unaccepted', 'accepted'], limit: 5, leaseMs: 60_000, owner: 'dead instance' });
              break;
            }
          }
          await linkOffers();

          const offers = (await store.read(() => offersOfLead(lead.id))).filter((o) => mine.has(o.partner.id));
          const automaticWaiting = offers.filter((o) => o.offer.automatic && o.offer.state === 'open' && !o.offer.expired);
          expect(automaticWaiting.length, 'automatic offers waiting at once').toBeLessThanOrEqual(policyOf(policy).atOnce);
          const automaticTo = offers.filter((o) => o.offer.automatic).map((o) => o.partner.id);
          expect(automaticTo.length, 'partners offered the job twice by dispatch').toBe(new Set(automaticTo).size);
          const accepted = offers.filter((o) => o.offer.state === 'accepted');
          expect(accepted.length, 'partners holding the job').toBeLessThanOrEqual(1);
          const escalations = await store.read(() => all("SELECT id FROM outbox WHERE lead_id = ? AND purpose = 'dispatch-escalate'", lead.id));
          expect(escalations.length, 'escalations').toBeLessThanOrEqual(1);
          // Nobody but the partner who accepted (and is still on the list) sees the customer; an ended offer's link takes nothing.
          // Each rule is checked as the list of offers breaking it, so it is checked on every step, whatever the offers are.
          const views: { name: string; id: string; state: string; standing: string | undefined }[] = [];
          for (const { offer, partner: p } of offers)
            views.push({
              name: p.name,
              id: p.id,
              state: offer.state,
              standing: (await store.read(() => offerByToken(secretHash(tokenOf(offer.id)))))?.standing,
            });
          const names = (broken: typeof views) => broken.map((v) => v.name);
          expect(
            names(views.filter((v) => v.standing === 'held' && !(disclosedTo.has(v.id) && v.state === 'accepted'))),
            'partners who see the customer without having accepted',
          ).toEqual([]);
          expect(names(views.filter((v) => v.state !== 'open' && v.standing === 'open')), 'ended offers still open').toEqual([]);
          const removed = new Set((await store.read(() => all('SELECT id FROM partners WHERE removed_at IS NOT NULL'))).map((r) => String(r.id)));
          expect(
            names(views.filter((v) => removed.has(v.id) && (v.standing === 'open' || v.standing === 'held'))),
            'removed partners whose link still works',
          ).toEqual([]);
        }
        // Nothing is left pretending: free the dead instance's claims for the next night.
        await store.transact(() => run("UPDATE outbox SET locked_until = 0, claim_token = NULL WHERE status = 'pending'"));
        await store.transact(() => run("UPDATE leads SET status = 'lost' WHERE id = ?", lead.id));
        await store.transact(() => run('UPDATE partners SET on_call = FALSE WHERE removed_at IS NULL'));
      }),
      { numRuns: 25 },
    );
  }, 240_000);
});
