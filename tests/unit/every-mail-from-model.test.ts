/**
 * Every e-mail the server can send is built from the mail model: each builder returns the blocks,
 * whose text and HTML parts are rendered from them alone, and only the mailer talks to nodemailer,
 * taking nothing but such a mail. A builder added without being listed here fails the last check.
 */
import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseLead } from '../../core/lead/schema.ts';
import { mailText, type Mail } from '../../server/outbox/mail-model.ts';
import { mailHtml } from '../../server/html/mail-html.ts';
import { leadEmail } from '../../server/outbox/lead-email.ts';
import { acknowledgementMail } from '../../server/outbox/acknowledgement.ts';
import { acceptedMail, endedMail, introducedMail, offerMail } from '../../server/outbox/partner-emails.ts';
import { nudgeMail, reminderMail, unacceptedMail } from '../../server/outbox/lead-notices.ts';
import { gapsMail, overnightMail, pricesMail } from '../../server/outbox/owner-notices.ts';
import { digestMail, type Digest } from '../../server/outbox/digest-email.ts';
import { handedBackMail, jobDoneMail, nobodyYetMail } from '../../server/outbox/job-emails.ts';
import { codeMail, linkMail } from '../../server/inbox/mail.ts';
import { reviewMail } from '../../server/reviews/review-mail.ts';
import type { InboxLead } from '../../server/storage/lead-work.ts';
import type { OfferView } from '../../server/dispatch/partner-offers.ts';

const root = new URL('../..', import.meta.url).pathname;

const lead = {
  ...parseLead({
    contact_name: 'Mere Tane',
    company_name: 'Kai Cafe',
    work_email: 'mere@kaicafe.co.nz',
    phone: '021 555 0101',
    notes: 'Two fridges running warm',
    service_type: 'Repair',
    city: 'Hamilton',
    timeframe: 'Urgent (24–72h)',
  }).lead!,
  id: '00000000-0000-4000-8000-000000000013',
  created_at: '2026-11-23T18:55:00.000Z',
  spam: false,
  spam_reason: '',
  urgent: true,
  status: 'new',
  job_value_cents: null,
  lost_reason: null,
  follow_up_on: '2026-11-30',
  status_changed_at: null,
  first_action_at: null,
} as InboxLead;
const offer = { id: 'offer-1', created_at: Date.parse('2026-11-23T19:00:00Z'), expires_at: Date.parse('2026-11-23T19:15:00Z'), accepted_at: null };
const view = {
  offer: { ...offer, end_reason: 'taken', state: 'ended', accepted_via: 'email', automatic: true, decline_reason: '' },
  partner: { name: 'Ana Cooling', email: 'ana@example.nz', phone: '07 555 0199', kind: 'technician' },
  lead,
  standing: 'held',
  alsoOffered: [],
} as unknown as OfferView & { lead: InboxLead };
const addresses = { to: ['office@example.nz'], urgentTo: ['oncall@example.nz'], inboxOrigin: 'https://www.example.nz', messageIdDomain: 'example.nz' };
const links = { publicOrigin: 'https://www.example.nz', messageIdDomain: 'example.nz' };
const age = { date: '2025-01-23', days: 676, stale: true, pages: [{ title: 'Prices', date: '2025-01-23' }] };
const digest = {
  monday: '2026-11-30',
  insight: {
    total: 1,
    bySource: [{ label: 'Direct', count: 1 }],
    byService: [],
    partners: { byPartner: [], promise: [] },
    response: { businessHours: { medianMinutes: 12, waiting: 0 }, afterHours: { medianMinutes: null, waiting: 0 } },
  },
  visits: { visitors: 4, quotes: 1 },
  won: { count: 0, cents: 0 },
  spamHeld: 0,
  stillNew: 1,
  dead: [],
} as unknown as Digest;

/** Every e-mail builder of the server, by its exported name, each with a mail it builds. */
const builders: Record<string, () => Mail> = {
  leadEmail: () => leadEmail(lead, addresses, 'Offered automatically to Ana Cooling'),
  acknowledgementMail: () => acknowledgementMail(lead, 'example.nz'),
  offerMail: () => offerMail(view, 'token', links, 'https://www.example.nz/partner/jobs?t=j'),
  acceptedMail: () => acceptedMail(view, 'token', links),
  endedMail: () => endedMail(view, links),
  introducedMail: () => introducedMail(view, links),
  nudgeMail: () => nudgeMail(lead, new Date('2026-11-23T20:00:00Z'), addresses),
  reminderMail: () => reminderMail(lead, '2026-11-30', addresses),
  unacceptedMail: () => unacceptedMail(lead, [{ name: 'Ana Cooling', phone: '07 555 0199', outcome: 'declined' }], addresses),
  overnightMail: () => overnightMail('2026-11-24', [{ lead, holder: undefined, escalated: true }], ['owner@example.nz'], addresses),
  gapsMail: () => gapsMail('2026-11-23', [{ city: 'Hamilton', partners: [] }], ['owner@example.nz'], addresses),
  pricesMail: () => pricesMail(age, ['owner@example.nz'], addresses),
  digestMail: () => digestMail(digest, ['owner@example.nz'], addresses),
  nobodyYetMail: () => nobodyYetMail(lead, 'example.nz'),
  jobDoneMail: () => jobDoneMail(lead, 'Ana Cooling', 'offer-1', addresses),
  handedBackMail: () => handedBackMail(lead, 'Ana Cooling', 'Van broke down', 'offer-1', addresses),
  codeMail: () => codeMail('staff@example.nz', '123456'),
  linkMail: () => linkMail('staff@example.nz', 'https://www.example.nz/inbox/sign-in?t=x'),
  reviewMail: () => reviewMail(lead, true, { origin: 'https://www.example.nz', reviewToken: 'r', stopToken: 's', messageIdDomain: 'example.nz' }),
};

function sourceFiles(folder: string): string[] {
  return readdirSync(join(root, folder), { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.ts'))
    .map((f) => join(folder, f));
}

describe('every e-mail the server sends', () => {
  it.each(Object.keys(builders))('%s is blocks, and both its parts are rendered from them', (name) => {
    const mail = builders[name]!();
    expect(mail.sections.flat().filter(Boolean).length).toBeGreaterThan(1);
    expect(mail.subject).not.toBe('');
    expect(mail.text).toBe(mailText(mail));
    expect(mail.html).toBe(mailHtml(mail));
    expect(mail.html).toMatch(/^<!doctype html><html lang="en-NZ">/);
  });

  const files = sourceFiles('server');

  it('goes out through the mailer alone, which alone knows nodemailer', () => {
    const nodemailer = files.filter((f) => /from 'nodemailer'/.test(readFileSync(join(root, f), 'utf8')));
    expect(nodemailer).toEqual(['server/outbox/mailer.ts']);
    // Every other call of sendMail is the mailer's, which takes a Mail (built by composeMail).
    const calls = files.flatMap((f) =>
      readFileSync(join(root, f), 'utf8')
        .split('\n')
        .filter((line) => /\.sendMail\(/.test(line) && !/\bmailer\.sendMail\(/.test(line))
        .map((line) => `${f}: ${line.trim()}`),
    );
    expect(calls).toEqual(['server/outbox/mailer.ts: await used.sendMail(message);']);
  });

  it('is built by a builder listed here, from the model, with no HTML written by hand', () => {
    const exported = files.flatMap((f) =>
      [...readFileSync(join(root, f), 'utf8').matchAll(/^export (?:const|function) (\w+(?:Mail|Email))\b/gm)].map((m) => m[1]!),
    );
    expect(exported.filter((name) => name !== 'composeMail').sort()).toEqual(Object.keys(builders).sort());
    // The builders' modules (the model itself renders the text part, so it is not one of them).
    const mailModules = files.filter(
      (f) => f !== 'server/outbox/mail-model.ts' && /^export (?:const|function) \w+(?:Mail|Email)\b/m.test(readFileSync(join(root, f), 'utf8')),
    );
    expect(mailModules.length).toBeGreaterThanOrEqual(7);
    for (const file of mailModules) {
      const source = readFileSync(join(root, file), 'utf8');
      expect(source, file).not.toMatch(/renderDocument|email-parts\.ts|\.join\('\\n'\)/);
    }
  });
});
