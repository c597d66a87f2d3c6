/**
 * What people type reaches every e-mail and the partner page as text, never as markup: a lead's
 * name, company and notes and a partner's name, full of markup, script and entities, are stored
 * through the real endpoints, rendered by every e-mail and page that shows them, and read back by
 * Chromium's HTML parser, which must find no element or handler they could have made and every
 * value, character for character, in the text.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromium, type Browser, type Page } from 'playwright-core';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/http/app.ts';
import { leadEmail } from '../../server/outbox/lead-email.ts';
import { acknowledgementMail } from '../../server/outbox/acknowledgement.ts';
import { nudgeMail, reminderMail, unacceptedMail, type NoticeAddresses } from '../../server/outbox/lead-notices.ts';
import { acceptedMail, introducedMail, offerMail } from '../../server/outbox/partner-emails.ts';
import { inboxLead, type InboxLead } from '../../server/storage/lead-work.ts';
import { offerById, type OfferView } from '../../server/dispatch/partner-offers.ts';
import { addHamiltonTechnician, offerWithLink } from '../support/partners.ts';
import { INBOX_ORIGIN } from '../support/inbox-session.ts';
import { createTestStore, formBody, JSON_ACCEPT, type TestStore } from '../support/stores.ts';
import { chromiumArgs, chromiumPath } from '../support/chromium.ts';

const NAME = "Ana <script>alert(1)</script> \"><img src=x onerror=alert(2)> &amp; 'Co'";
const COMPANY = 'Kai "><img src=x onerror=alert(3)> <b>Cafe</b> &amp; Bar';
const NOTES = ['<script>alert(4)</script> two fridges', '"><img src=x onerror=alert(5)> running warm', 'Fish &amp; chips <b>bar</b>'];
const PARTNER = 'Cool "><img src=x onerror=alert(6)> <script>alert(7)</script> &amp; Sons';

let t: TestStore;
let app: FastifyInstance;
let browser: Browser;
let page: Page;
let lead: InboxLead;
let offerId: string;
let token: string;

beforeAll(async () => {
  t = await createTestStore('sqlite');
  app = await buildApp({ store: t.store, leadPurposes: [], inbox: { publicOrigin: INBOX_ORIGIN } });
  const res = await app.inject({
    method: 'POST',
    url: '/',
    headers: JSON_ACCEPT,
    payload: formBody({ contact_name: NAME, company_name: COMPANY, notes: NOTES.join('\n') }),
  });
  expect(res.statusCode, res.body).toBe(200);
  const [stored] = await t.store.listLeads();
  lead = (await t.store.read(() => inboxLead(stored!.id)))!;
  expect([lead.contact_name, lead.company_name, lead.notes]).toEqual([NAME, COMPANY, NOTES.join('\n')]);
  const partner = await addHamiltonTechnician(t.store, PARTNER, 'tech@partner.nz', { phone: '07 555 1234' });
  ({ offerId, token } = await offerWithLink(t.store, lead.id, partner.id));
  browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
  page = await browser.newPage();
});
afterAll(async () => {
  await browser?.close();
  await app?.close();
  await t?.cleanup();
});

/** The markup as a browser parses it (no script runs in DOMParser): what it made inside `scope`, and its text. */
function parse(html: string, scope: 'html' | 'main') {
  return page.evaluate(
    ([markup, selector]) => {
      const doc = new DOMParser().parseFromString(markup, 'text/html');
      const root = doc.querySelector(selector)!;
      const elements = [root, ...root.querySelectorAll('*')];
      return {
        active: elements.filter((e) => /^(script|img|iframe|object|embed|svg|style|link|b)$/i.test(e.tagName)).map((e) => e.outerHTML),
        handlers: elements.flatMap((e) => [...e.attributes].filter((a) => /^on/i.test(a.name)).map((a) => `${e.tagName} ${a.name}`)),
        text: root.textContent ?? '',
      };
    },
    [html, scope] as const,
  );
}

/** Every value shown as the very text typed, and nothing of them turned into an element or a handler. */
async function expectEscaped(what: string, html: string, shown: string[], scope: 'html' | 'main' = 'html') {
  const { active, handlers, text } = await parse(html, scope);
  expect(active, `${what}: elements made of typed text`).toEqual([]);
  expect(handlers, `${what}: event handlers`).toEqual([]);
  for (const value of shown) expect(text, `${what} shows ${value}`).toContain(value);
  expect(html, what).not.toMatch(/<script>alert|<img src=x|<b>(Cafe|bar)<\/b>/);
}

const noticeOptions = (): NoticeAddresses => ({
  to: ['quotes@example.nz'],
  urgentTo: [],
  inboxOrigin: INBOX_ORIGIN,
  messageIdDomain: 'example.nz',
});

async function view(): Promise<OfferView & { lead: InboxLead }> {
  const found = await t.store.read(() => offerById(offerId));
  expect(found?.lead).toBeDefined();
  return { ...found!, lead: found!.lead! };
}

function partnerPage(action: 'view' | 'accept') {
  return app.inject({
    method: 'POST',
    url: '/partner/offer',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: INBOX_ORIGIN, 'sec-fetch-site': 'same-origin' },
    payload: new URLSearchParams({ t: token, action }).toString(),
  });
}

describe('what people typed, in every e-mail and the partner page', () => {
  it("the business's lead e-mail, the acknowledgement, the nudge, the reminder and the escalation", async () => {
    await expectEscaped('the lead e-mail', leadEmail(lead, { to: ['quotes@example.nz'], inboxOrigin: INBOX_ORIGIN, messageIdDomain: 'example.nz' }).html, [
      NAME,
      COMPANY,
      ...NOTES,
    ]);
    await expectEscaped('the acknowledgement', acknowledgementMail(lead, 'example.nz').html, []);
    const options = noticeOptions();
    await expectEscaped('the nudge', nudgeMail(lead, new Date(), options).html, [NAME, COMPANY]);
    await expectEscaped('the reminder', reminderMail(lead, '2026-11-30', options).html, [NAME, COMPANY]);
    await expectEscaped('the escalation', unacceptedMail(lead, [{ name: PARTNER, phone: '07 555 0101', outcome: 'declined (“<b>busy</b>”)' }], options).html, [
      NAME,
      COMPANY,
      PARTNER,
    ]);
  });

  it("the partner's offer and the open job page", async () => {
    await expectEscaped('the offer e-mail', offerMail(await view(), token, { publicOrigin: INBOX_ORIGIN, messageIdDomain: 'example.nz' }).html, NOTES);
    const open = await partnerPage('view');
    expect(open.statusCode).toBe(200);
    await expectEscaped('the open job page', open.body, NOTES, 'main');
  });

  it('the accepted job page, the details e-mail to the partner and the introduction to the customer', async () => {
    const held = await partnerPage('accept');
    expect(held.statusCode).toBe(200);
    await expectEscaped('the held job page', held.body, [NAME, COMPANY, ...NOTES], 'main');
    const accepted = await view();
    expect(accepted.standing).toBe('held');
    await expectEscaped(
      'the details e-mail',
      acceptedMail(accepted, 'a-token-for-the-details-e-mail', { publicOrigin: 'https://www.example.nz', messageIdDomain: 'example.nz' }).html,
      [NAME, COMPANY, ...NOTES],
    );
    await expectEscaped('the introduction', introducedMail(accepted, { messageIdDomain: 'example.nz' }).html, [PARTNER]);
  });
});
