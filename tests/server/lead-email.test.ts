/**
 * The notification e-mail as the owner meets it: sent through the outbox to a real SMTP peer,
 * parsed with mailparser as a mail client would, read as text, and rendered in Chromium at 390 px
 * (a phone). Screenshots go to test-results/ (ignored) for a person to look at.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pino from 'pino';
import { mkdirSync } from 'node:fs';
import { simpleParser, type ParsedMail, type AddressObject } from 'mailparser';
import { chromium, type Browser } from 'playwright-core';
import { buildApp } from '../../server/http/app.ts';
import { OutboxWorker } from '../../server/outbox/worker.ts';
import { createEmailSender } from '../../server/outbox/email.ts';
import { createMailer } from '../../server/outbox/mailer.ts';
import { createAcknowledgementSender } from '../../server/outbox/acknowledgement.ts';
import { nzTime } from '../../core/nz-time.ts';
import { telHref } from '../../core/phone-links.ts';
import type { LeadPurpose } from '../../server/storage/purposes.ts';
import { createTestStore, formBody, JSON_ACCEPT, type TestStore } from '../support/stores.ts';
import { aboutLeads } from '../support/workers.ts';
import { startSmtp, type SmtpPeer } from '../support/peers.ts';
import { chromiumArgs, chromiumPath } from '../support/chromium.ts';
import { business } from '../../src/config/site.ts';
import { rangeText } from '../../core/lead/response-targets.ts';
import released from '#business-details' with { type: 'json' };
import type { BusinessDetails } from '../../core/business-details.ts';

const silent = pino({ level: 'silent' });
const OWNER = ['quotes@example.nz', 'owner@example.nz'];
const ON_CALL = ['oncall@example.nz', '0211234567@sms.example.nz'];

let t: TestStore;
let smtp: SmtpPeer;

beforeAll(async () => {
  t = await createTestStore('sqlite');
  smtp = await startSmtp();
});
afterAll(async () => {
  await smtp.close();
  await t.cleanup();
});

/** Posts a lead through the real endpoint, runs the outbox once, and returns the parsed messages it sent. */
async function deliver(overrides: Record<string, string>, purposes: LeadPurpose[] = ['new-lead'], details?: BusinessDetails): Promise<ParsedMail[]> {
  const before = smtp.messages.length;
  const businessDetails = () => details;
  const app = await buildApp({ store: t.store, leadPurposes: purposes, businessDetails });
  const res = await app.inject({ method: 'POST', url: '/', headers: JSON_ACCEPT, payload: formBody(overrides) });
  await app.close();
  expect(res.statusCode, res.body).toBe(200);
  const worker = new OutboxWorker({
    store: t.store,
    businessDetails,
    log: silent,
    pollIntervalMs: 50,
    maxAttempts: 3,
    senders: aboutLeads(t.store, {
      'new-lead': createEmailSender({
        mailer: createMailer({ smtpUrl: smtp.url }),
        to: OWNER,
        urgentTo: ON_CALL,
        from: 'website@example.nz',
        messageIdDomain: 'example.nz',
      }),
      acknowledgement: createAcknowledgementSender({
        mailer: createMailer({ smtpUrl: smtp.url }),
        from: 'website@example.nz',
        replyTo: 'quotes@example.nz',
        messageIdDomain: 'example.nz',
      }),
    }),
  });
  await worker.runOnce();
  const raw = smtp.messages.slice(before);
  return Promise.all(raw.map(async (m) => Object.assign(await simpleParser(m.raw), { envelopeTo: m.to })));
}

function addresses(a: AddressObject | AddressObject[] | undefined): string[] {
  return (Array.isArray(a) ? a : a ? [a] : []).flatMap((o) => o.value.map((v) => v.address ?? ''));
}

function envelope(mail: ParsedMail): string[] {
  return (mail as ParsedMail & { envelopeTo: string[] }).envelopeTo;
}

describe('the notification e-mail', () => {
  let urgent: ParsedMail;
  let calm: ParsedMail;
  let browser: Browser;

  beforeAll(async () => {
    [urgent] = (await deliver({ company_name: 'Kai Cafe', contact_name: 'Mere Tane' })) as [ParsedMail];
    [calm] = (await deliver({
      contact_name: 'Sam <b>Lee</b>',
      company_name: '',
      phone: '',
      service_type: 'Installation',
      city: 'Auckland',
      timeframe: '30–60 days',
      site_type: 'New build',
      num_units: '',
      budget_range: '',
      industry: '',
      notes: 'Fit-out of a new deli.\nSee www.samsdeli.co.nz for the floor plan.',
      utm_source: '',
      utm_medium: '',
      utm_campaign: '',
      gclid: '',
      referrer: '',
      path: '/installation',
      device: 'desktop',
    })) as [ParsedMail];
    browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
    // Two deliveries and a browser start: allow for a loaded two-core machine.
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
  });

  it('puts urgency first in the subject, then service, city and company', () => {
    expect(urgent.subject).toBe('URGENT · Repair · Hamilton · Kai Cafe');
    expect(calm.subject).toBe('Quote request · Installation · Auckland · Sam <b>Lee</b>');
  });

  it('sends an urgent lead to every owner address and the on-call list, a calm one to the owners only', () => {
    expect(addresses(urgent.to).sort()).toEqual([...OWNER, ...ON_CALL].sort());
    expect(envelope(urgent).sort()).toEqual([...OWNER, ...ON_CALL].sort());
    expect(envelope(calm).sort()).toEqual([...OWNER].sort());
    // mailparser reads X-Priority / Importance into one 'priority' header.
    expect(urgent.headers.get('priority')).toBe('high');
    expect(calm.headers.get('priority')).toBeUndefined();
  });

  it('reads top to bottom as the owner needs it in the text part', () => {
    const text = urgent.text!;
    const order = [
      'URGENT – call back first',
      'Mere Tane',
      'Kai Cafe',
      'Phone: 021 555 0101',
      'E-mail: mere@kaicafe.co.nz',
      'PROJECT DETAILS',
      'Two under-counter fridges',
      'WHAT THEY CHOSE',
      'WHERE THIS CAME FROM',
      'Received',
    ];
    const positions = order.map((s) => text.indexOf(s));
    expect(
      positions.every((p) => p >= 0),
      JSON.stringify(Object.fromEntries(order.map((s, i) => [s, positions[i]]))),
    ).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
    expect(text).toContain('Timeframe: Urgent (24–72h)');
    expect(text).toContain('- Sent from the page /hamilton');
    expect(text).toContain('- Campaign: google / cpc / waikato');
    expect(text).toContain('- From a Google Ads click');
    expect(text).toContain('- Arrived from www.google.com');
    expect(text).toContain('- On a mobile');
    // New Zealand time with its zone, not UTC.
    expect(text).toMatch(/Received (Mon|Tue|Wed|Thu|Fri|Sat|Sun) \d{1,2} [A-Z][a-z]{2} \d{4}, \d{1,2}:\d{2} (am|pm) NZ(DT|ST)/);
    expect(text).not.toMatch(/\d{4}-\d{2}-\d{2}T\d{2}:/);
    console.info(`\n--- text part of the urgent lead ---\nSubject: ${urgent.subject}\n\n${text}\n---`);
  });

  it('leaves empty choices out and never shows a bare "-"', () => {
    const text = calm.text!;
    for (const label of ['Number of units', 'Budget range', 'Industry', 'Company name']) expect(text).not.toContain(`${label}:`);
    expect(text).not.toMatch(/: -$/m);
    expect(text).toContain('No phone number given');
    expect(text).toContain('No campaign or referring site recorded');
    expect(text).not.toContain('Google Ads');
    expect(text).not.toContain('URGENT');
    expect(calm.html).not.toContain('tel:');
  });

  it('links the phone and the address, and escapes everything the visitor typed', () => {
    const html = String(urgent.html);
    expect(html).toContain('href="tel:0215550101"');
    expect(html).toContain('href="mailto:mere@kaicafe.co.nz?subject=');
    const calmHtml = String(calm.html);
    expect(calmHtml).toContain('Sam &lt;b&gt;Lee&lt;/b&gt;');
    expect(calmHtml).not.toContain('<b>Lee</b>');
  });

  it.each([
    ['urgent', () => urgent],
    ['calm', () => calm],
  ])('renders the %s e-mail for a 390 px phone: nothing wider than the screen, call and e-mail buttons big enough to tap', async (name, mail) => {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2 });
    try {
      await page.setContent(String(mail().html));
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      const buttons = page.locator('a[href^="tel:"], a[href^="mailto:"]');
      const count = await buttons.count();
      expect(count).toBe(name === 'urgent' ? 2 : 1);
      for (let i = 0; i < count; i++) {
        const box = (await buttons.nth(i).boundingBox())!;
        expect(box.height).toBeGreaterThanOrEqual(44);
        expect(box.y + box.height, 'button in the first screen').toBeLessThanOrEqual(844);
      }
      mkdirSync('test-results/email', { recursive: true });
      await page.screenshot({ path: `test-results/email/${name}-390.png`, fullPage: true });
    } finally {
      await page.close();
    }
  });
});

describe('the acknowledgement to the visitor', () => {
  it('confirms the choices and the site’s promises, gives the emergency line, replies to the business, and repeats no free text', async () => {
    const mails = await deliver({ notes: 'Visit http://spam.example now', timeframe: '1–2 weeks', site_type: 'Refit/Upgrade' }, [
      'new-lead',
      'acknowledgement',
    ]);
    const ack = mails.find((m) => m.subject?.startsWith('We have your quote request'));
    expect(ack, 'an acknowledgement was sent').toBeDefined();
    expect(envelope(ack!)).toEqual(['mere@kaicafe.co.nz']);
    expect(addresses(ack!.replyTo)).toEqual(['quotes@example.nz']);
    const text = ack!.text!;
    expect(text).toContain('Service type: Repair');
    expect(text).toContain(`within ${business.promises.emailReplyWithin}`);
    expect(text).toContain(`within ${business.promises.quoteWithin}`);
    expect(text).toContain(business.emergencyLine.display);
    expect(text).not.toContain('spam.example');
    expect(text).not.toContain('Mere');
    expect(String(ack!.html)).toContain(`href="${business.emergencyLine.href}"`);
  });

  it('leads an urgent request with the area’s response target and the 24/7 line, not the quote’s 24 hours', async () => {
    const mails = await deliver({ notes: 'Chiller at 11 degrees', site_street: '12 Grey Street' }, ['new-lead', 'acknowledgement']);
    const ack = mails.find((m) => m.subject === `A technician will call you – ${business.name}`);
    expect(ack, 'an urgent acknowledgement was sent').toBeDefined();
    const text = ack!.text!;
    expect(text.split('\n').slice(0, 4)).toEqual([
      'Thanks, we have your urgent request',
      '',
      `A technician will call you; we aim to be on site in Hamilton within ${rangeText('Hamilton')}.`,
      `Call ${business.emergencyLine.display} (${business.emergencyLine.digits}), 24/7, if it gets worse or you need us sooner.`,
    ]);
    expect(text).not.toContain(`within ${business.promises.quoteWithin}`);
    expect(text).not.toContain('12 Grey Street');
    expect(String(ack!.html)).toContain(`href="${business.emergencyLine.href}"`);
  });

  it('states the business details of the version the instance serves, not the release’s', async () => {
    const published: BusinessDetails = {
      ...(released as BusinessDetails),
      emergencyLine: { digits: '0800 265 366', shownAs: '0800 COLD ON' },
      promises: { ...(released as BusinessDetails).promises, quoteWithinHours: 48 },
    };
    const mails = await deliver({ timeframe: '1–2 weeks', site_type: 'Refit/Upgrade' }, ['new-lead', 'acknowledgement'], published);
    // Read with ordinary spaces: the number is kept on one line with non-breaking ones.
    const text = mails.find((m) => m.subject?.startsWith('We have your quote request'))!.text!.replace(/\u00a0/g, ' ');
    expect(text).toContain('Your free, no-obligation quote follows within 48 hours.');
    expect(text).toContain('Call our 24/7 emergency line, 0800 COLD ON. (0800 265 366)');
    expect(text).not.toContain(business.emergencyLine.digits.replace(/\u00a0/g, ' '));
  });

  it('is never sent for spam', async () => {
    const mails = await deliver({ 'bot-field': 'x' }, ['new-lead', 'acknowledgement']);
    expect(mails).toHaveLength(0);
  });
});

describe('formatting helpers', () => {
  it('shows New Zealand time with daylight saving and standard time', () => {
    expect(nzTime('2026-11-22T18:55:08.847Z')).toBe('Mon 23 Nov 2026, 7:55 am NZDT');
    expect(nzTime('2026-07-01T00:30:00Z')).toBe('Wed 1 Jul 2026, 12:30 pm NZST');
  });

  it('dials only digits and a leading plus', () => {
    expect(telHref('021 555 0101')).toBe('tel:0215550101');
    expect(telHref('+64 (9) 555-0101 ext')).toBe('tel:+6495550101');
    expect(telHref('call me')).toBeUndefined();
    expect(telHref('"><script>')).toBeUndefined();
  });
});
