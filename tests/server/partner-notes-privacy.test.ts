/**
 * The customer's own name, company, phone and e-mail written into their notes, on both stores: an
 * offered partner reads none of them before accepting, in the offer e-mail, the offer text or the
 * job page, wherever in the notes and however written (any case, a first name alone, the company
 * without "Ltd", the number in any spacing or with +64), while the rest of the notes reaches them
 * whole, short words that hold a name inside them ("Jobs" holds "Jo") included.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/http/app.ts';
import { offerById, type OfferView } from '../../server/dispatch/partner-offers.ts';
import type { InboxLead } from '../../server/storage/lead-work.ts';
import { offerMail } from '../../server/outbox/partner-emails.ts';
import { offerText } from '../../server/outbox/partner-texts.ts';
import { offerMain } from '../../server/partners/partner-page-html.ts';
import { addHamiltonTechnician, offerWithLink } from '../support/partners.ts';
import { INBOX_ORIGIN } from '../support/inbox-session.ts';
import { createTestStore, formBody, JSON_ACCEPT, storeKinds, type TestStore } from '../support/stores.ts';

/** Words of the notes that are nobody's name: some hold a name inside them, and must stay. */
const FILLER = ['fridge', 'compressor', 'Jobs', 'bananas', 'Lithium', 'running', 'warm', 'seal', 'kitchen', 'Samples', 'door', 'Monday', 'Amanda'];
/** Real names, short ones too, none of them a filler word; and made-up ones no page says. */
const firstName = fc.oneof(fc.constantFrom('Jo', 'Ana', 'Mere', 'Sally', 'Tāne', 'Aroha', 'Li', 'Sam', 'Priya'), fc.stringMatching(/^[QXZ][a-z]{1,8}$/));
const lastName = fc.oneof(fc.constantFrom('Smith', 'Ngata', 'Te Whare', 'Van Der Berg', 'Ōtara'), fc.stringMatching(/^[QXZ][a-z]{2,10}$/));
const company = fc.oneof(fc.constantFrom('SecretCo', 'Ngā Kai Ltd', 'Frostbyte Limited'), fc.stringMatching(/^[QXZ][a-z]{3,10}( Ltd)?$/));
/** A mobile number as the form stores it. */
const phone = fc.tuple(fc.constantFrom('021', '022', '027'), fc.integer({ min: 1_000_000, max: 9_999_999 })).map(([prefix, rest]) => `${prefix} ${rest}`);

const sep = fc.constantFrom(' ', '-', '.', '', '  ', ' - ');
/** The number written in notes: grouped and spaced any way, with 0 or +64 in front, or without its area code. */
function phoneWritten(stored: string) {
  const digits = stored.replace(/\D/g, '');
  const national = digits.slice(1);
  return fc
    .tuple(fc.constantFrom('0', '+64', '+64 ', '(0', '+64-'), fc.array(sep, { minLength: 10, maxLength: 10 }), fc.boolean())
    .map(([front, gaps, whole]) => {
      const body = (whole ? national : national.slice(-7)).split('');
      const spaced = body.map((d, i) => (i === 0 ? d : `${gaps[i] ?? ''}${d}`)).join('');
      return whole ? `${front}${front === '(0' ? ')' : ''}${spaced}` : spaced;
    });
}
const cased = (text: string) => fc.constantFrom(text, text.toLowerCase(), text.toUpperCase());

/** A whole-word, any-case search for `words` in `text`. */
const hasWords = (text: string, words: string) =>
  new RegExp(`(?<![\\p{L}\\p{N}])${words.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/\s+/g, '\\s+')}(?![\\p{L}\\p{N}])`, 'iu').test(text);

describe.each(storeKinds)('the notes before a partner accepts, on %s', (kind) => {
  let t: TestStore;
  let app: FastifyInstance;
  let base: OfferView & { lead: InboxLead };
  let token: string;

  beforeAll(async () => {
    t = await createTestStore(kind);
    app = await buildApp({ store: t.store, leadPurposes: [], rateLimit: { max: 1000, windowMs: 600_000 } });
    expect((await app.inject({ method: 'POST', url: '/', headers: JSON_ACCEPT, payload: formBody({ contact_name: 'Notes Customer' }) })).statusCode).toBe(200);
    const [lead] = await t.store.listLeads();
    const partner = await addHamiltonTechnician(t.store, 'Notes Cooling', `notes-${kind}@partner.nz`);
    const offer = await offerWithLink(t.store, lead!.id, partner.id);
    token = offer.token;
    const view = (await t.store.read(() => offerById(offer.offerId)))!;
    expect(view.standing).toBe('open');
    base = { ...view, lead: view.lead! };
  });
  afterAll(async () => {
    await app.close();
    await t.cleanup();
  });

  /** What the partner reads before accepting, of a lead with these details and notes: the e-mail, the text, the job page. */
  function readBeforeAccepting(customer: Pick<InboxLead, 'contact_name' | 'company_name' | 'phone' | 'work_email' | 'notes'>) {
    const view = { ...base, lead: { ...base.lead, ...customer } };
    return {
      mail: JSON.stringify(offerMail(view, token, { publicOrigin: INBOX_ORIGIN, messageIdDomain: 'example.nz' })),
      text: offerText(view, token, INBOX_ORIGIN),
      page: offerMain(view, token),
    };
  }

  it('never shows the customer’s own name, company, phone or e-mail planted in the notes, and keeps every other word', () => {
    const customer = fc
      .record({ first: firstName, last: lastName, company, phone, local: fc.stringMatching(/^[a-z]{3,10}$/) })
      .filter(({ first, last }) => ![first, ...last.split(' ')].some((n) => FILLER.some((f) => f.toLowerCase() === n.toLowerCase())));
    fc.assert(
      fc.property(
        customer.chain((c) => {
          const contactName = `${c.first} ${c.last}`;
          const email = `${c.local}@${c.company.split(' ')[0]!.toLowerCase()}.co.nz`;
          const companyShort = c.company.replace(/ (Ltd|Limited)$/, '');
          const planted = fc.array(
            fc.oneof(cased(contactName), cased(c.first), cased(c.last), cased(c.company), cased(companyShort), cased(email), phoneWritten(c.phone)),
            { minLength: 1, maxLength: 6 },
          );
          const filler = fc.array(fc.constantFrom(...FILLER), { minLength: 1, maxLength: 8 });
          return fc.record({
            c: fc.constant({ ...c, contactName, email, companyShort }),
            planted,
            filler,
            order: fc.array(fc.nat(), { minLength: 14, maxLength: 14 }),
            joins: fc.array(fc.constantFrom(' ', ', ', '\n', '. '), { minLength: 14, maxLength: 14 }),
          });
        }),
        ({ c, planted, filler, order, joins }) => {
          // The planted details and the other words, mixed in an order of the run's own.
          const words = [...planted, ...filler].map((word, i) => ({ word, at: order[i] ?? i })).sort((a, b) => a.at - b.at);
          const notes = words.map(({ word }, i) => `${word}${i < words.length - 1 ? joins[i] : ''}`).join('');
          const read = readBeforeAccepting({ contact_name: c.contactName, company_name: c.company, phone: c.phone, work_email: c.email, notes });
          const digits = c.phone.replace(/\D/g, '');
          for (const [where, output] of Object.entries(read)) {
            // The words shown, not the markup's own (an <li> is no one's name).
            const shown = output.replace(/<[^>]*>/g, ' ');
            for (const secret of [c.contactName, c.first, ...c.last.split(' '), c.companyShort, c.email])
              expect(hasWords(shown, secret), `${where} shows "${secret}" of: ${notes}`).toBe(false);
            // Every planted detail written with a digit (the phone, however spaced) is gone, as a list checked on every run.
            expect(
              planted.filter((written) => /\d/.test(written) && shown.includes(written)),
              `${where}: ${notes}`,
            ).toEqual([]);
            expect(shown.replace(/\D/g, ''), `${where}: ${notes}`).not.toContain(digits.slice(1));
          }
          for (const kept of filler) {
            expect(read.mail, `the e-mail keeps "${kept}" of: ${notes}`).toContain(kept);
            expect(read.page, `the job page keeps "${kept}" of: ${notes}`).toContain(kept);
          }
        },
      ),
      // Each run renders an e-mail and a page: a hundred runs take seconds on a busy machine.
      { numRuns: 100 },
    );
  }, 120_000);

  it('the example as it was found: "Ask for Secret Sally at SecretCo"', () => {
    const read = readBeforeAccepting({
      contact_name: 'Secret Sally',
      company_name: 'SecretCo',
      phone: '021 555 0101',
      work_email: 'sally@secretco.nz',
      notes: 'Ask for Secret Sally at SecretCo. Sally is in from 7. Jobs for Jo and a cafe.',
    });
    for (const shown of [read.mail, read.page]) {
      expect(shown).not.toMatch(/Sally|SecretCo/i);
      expect(shown).toContain('Jobs for Jo and a cafe.');
    }
  });
});
