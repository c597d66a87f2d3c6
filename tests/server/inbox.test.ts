/**
 * The inbox's API on both stores, driven with inject as the app drives it (session cookie, Origin,
 * CSRF token): sign-in by link and e-mailed code (through a real SMTP peer), the refusals, and the
 * work on a lead from arrival to won.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/http/app.ts';
import { createInboxMailer } from '../../server/inbox/mail.ts';
import { createMailer } from '../../server/outbox/mailer.ts';
import { invite } from '../../server/inbox/invite.ts';
import { one, run } from '../../server/storage/steps.ts';
import { startSmtp, waitFor, type SmtpPeer } from '../support/peers.ts';
import { inboxSession, INBOX_ORIGIN } from '../support/inbox-session.ts';
import { createTestStore, formBody, JSON_ACCEPT, storeKinds, type TestStore } from '../support/stores.ts';

const ORIGIN = INBOX_ORIGIN;

describe.each(storeKinds)('the inbox API on %s', (kind) => {
  let t: TestStore;
  let app: FastifyInstance;
  let smtp: SmtpPeer;

  beforeEach(async () => {
    t = await createTestStore(kind);
    smtp = await startSmtp();
    app = await buildApp({
      store: t.store,
      leadPurposes: ['new-lead'],
      inbox: {
        publicOrigin: ORIGIN,
        mailer: createInboxMailer(createMailer({ smtpUrl: smtp.url }), 'website@example.nz'),
        signInLimit: { max: 50, windowMs: 600_000 },
      },
    });
  });
  afterEach(async () => {
    await app.close();
    await smtp.close();
    await t.cleanup();
  });

  const { openBrowser, call, signedIn } = inboxSession(
    () => app,
    () => t.store,
  );

  /** The code of the first sign-in e-mail, once it has reached the SMTP peer (it is sent after the answer). */
  async function mailedCode(): Promise<string> {
    const mail = await waitFor(() => smtp.messages[0], { what: 'the sign-in code e-mail' });
    return /sign-in code is (\d{6})/.exec(mail.raw)![1]!;
  }

  async function postLead(fields: Record<string, string> = {}) {
    const res = await app.inject({ method: 'POST', url: '/', headers: JSON_ACCEPT, payload: formBody(fields) });
    expect(res.statusCode).toBe(200);
    const [lead] = (await t.store.listLeads({ includeSpam: true })).filter((l) => l.contact_name === (fields.contact_name ?? 'Mere Tane'));
    return lead!;
  }

  it("gives an urgent lead its attend-by time from its area's response target, in the list and on the lead", async () => {
    const staff = await signedIn(`clock-${kind}@example.nz`, 'staff');
    const urgent = await postLead({ contact_name: 'Clock Urgent', city: 'Dunedin' });
    const planned = await postLead({ contact_name: 'Clock Planned', city: 'Dunedin', timeframe: 'Planning stage', site_type: 'New build', path: '/dunedin' });
    const due = new Date(Date.parse(String(urgent.created_at)) + 12 * 3_600_000).toISOString();
    const { leads } = (await call(staff, 'GET', '/leads?view=all&q=Clock')).json();
    expect(Object.fromEntries(leads.map((l: { contact_name: string; attend_by: string | null }) => [l.contact_name, l.attend_by]))).toEqual({
      'Clock Urgent': due,
      'Clock Planned': null,
    });
    expect((await call(staff, 'GET', `/leads/${urgent.id}`)).json().lead.attend_by).toBe(due);
    expect((await call(staff, 'GET', `/leads/${planned.id}`)).json().lead.attend_by).toBeNull();
  });

  it('answers no session with 401, and every answer is no-store and noindex', async () => {
    const browser = await openBrowser();
    const res = await call(browser, 'GET', '/leads');
    expect(res.statusCode).toBe(401);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['x-robots-tag']).toBe('noindex, nofollow');
    expect(res.json().error).toMatch(/Sign in/);
  });

  it('signs in with a one-time link once; the used link gives no entry', async () => {
    const added = await invite(t.store, { email: 'owner@example.nz', role: 'owner', publicOrigin: ORIGIN });
    expect(added!.link).toMatch(/^http:\/\/localhost:4321\/inbox\/\?link=/);
    const token = new URL(added!.link).searchParams.get('link')!;
    const first = await openBrowser();
    const ok = await call(first, 'POST', '/auth/link', { token });
    expect(ok.json().user).toMatchObject({ email: 'owner@example.nz', role: 'owner', passkeys: 0 });
    const cookie = (ok.cookies as { name: string; httpOnly?: boolean; sameSite?: string; path?: string; secure?: boolean }[]).find(
      (c) => c.name === 'inbox_session',
    );
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/inbox' });
    expect(cookie?.secure).toBeFalsy(); // loopback http: a Secure cookie would never come back
    expect((await call(first, 'GET', '/leads')).statusCode).toBe(200);
    const second = await openBrowser();
    expect((await call(second, 'POST', '/auth/link', { token })).statusCode).toBe(401);
    expect((await call(second, 'GET', '/leads')).statusCode).toBe(401);
  });

  it('refuses an expired link', async () => {
    const added = await invite(t.store, { email: 'late@example.nz', role: 'staff', publicOrigin: ORIGIN });
    await t.store.transact(() => run('UPDATE sign_in_secrets SET expires_at = 0'));
    const browser = await openBrowser();
    expect((await call(browser, 'POST', '/auth/link', { token: new URL(added!.link).searchParams.get('link')! })).statusCode).toBe(401);
  });

  it('e-mails a code through SMTP to a known address only, and signs in with it once', async () => {
    await invite(t.store, { email: 'staff@example.nz', role: 'staff', publicOrigin: ORIGIN });
    const browser = await openBrowser();
    const unknown = await call(browser, 'POST', '/auth/code', { email: 'nobody@example.nz' });
    const known = await call(browser, 'POST', '/auth/code', { email: 'Staff@Example.nz' });
    expect(unknown.json()).toEqual(known.json());
    const code = await mailedCode();
    expect(smtp.messages.map((m) => m.to)).toEqual([['staff@example.nz']]);
    const res = await call(browser, 'POST', '/auth/code/verify', { email: 'staff@example.nz', code });
    expect(res.json().user.role).toBe('staff');
    const again = await openBrowser();
    expect((await call(again, 'POST', '/auth/code/verify', { email: 'staff@example.nz', code })).statusCode).toBe(401);
  });

  it('kills a code after 5 wrong tries: the 6th is refused even when right', async () => {
    await invite(t.store, { email: 'staff@example.nz', role: 'staff', publicOrigin: ORIGIN });
    const browser = await openBrowser();
    await call(browser, 'POST', '/auth/code', { email: 'staff@example.nz' });
    const code = await mailedCode();
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) expect((await call(browser, 'POST', '/auth/code/verify', { email: 'staff@example.nz', code: wrong })).statusCode).toBe(401);
    expect((await call(browser, 'POST', '/auth/code/verify', { email: 'staff@example.nz', code })).statusCode).toBe(401);
    expect((await call(browser, 'GET', '/leads')).statusCode).toBe(401);
  });

  it('refuses an expired code', async () => {
    await invite(t.store, { email: 'staff@example.nz', role: 'staff', publicOrigin: ORIGIN });
    const browser = await openBrowser();
    await call(browser, 'POST', '/auth/code', { email: 'staff@example.nz' });
    const code = await mailedCode();
    await t.store.transact(() => run("UPDATE sign_in_secrets SET expires_at = 0 WHERE kind = 'code'"));
    expect((await call(browser, 'POST', '/auth/code/verify', { email: 'staff@example.nz', code })).statusCode).toBe(401);
  });

  it('limits sign-in attempts per account with 429 and Retry-After', async () => {
    await app.close();
    app = await buildApp({ store: t.store, inbox: { publicOrigin: ORIGIN, signInLimit: { max: 3, windowMs: 600_000 } } });
    const browser = await openBrowser();
    const answers = [];
    for (let i = 0; i < 4; i++) answers.push((await call(browser, 'POST', '/auth/code/verify', { email: 'a@example.nz', code: '123456' })).statusCode);
    expect(answers).toEqual([401, 401, 401, 429]);
  });

  it('changes nothing for a request from another origin or without the CSRF token', async () => {
    const owner = await signedIn('owner@example.nz');
    const lead = await postLead();
    const foreign = await call(owner, 'POST', `/leads/${lead.id}/status`, { status: 'contacted' }, { origin: 'https://evil.example' });
    expect(foreign.statusCode).toBe(403);
    const noToken = await call(owner, 'POST', `/leads/${lead.id}/status`, { status: 'contacted' }, { 'x-csrf-token': 'forged' });
    expect(noToken.statusCode).toBe(403);
    const deleted = await call(owner, 'DELETE', `/leads/${lead.id}`, undefined, { origin: 'null' });
    expect(deleted.statusCode).toBe(403);
    const detail = await call(owner, 'GET', `/leads/${lead.id}`);
    expect(detail.json().lead.status).toBe('new');
    expect(detail.json().timeline.map((e: { kind: string }) => e.kind)).toEqual(['arrived']);
  });

  it('lets staff work leads but not export, delete or manage people (403)', async () => {
    const staff = await signedIn('staff@example.nz', 'staff');
    const lead = await postLead();
    expect((await call(staff, 'POST', `/leads/${lead.id}/status`, { status: 'contacted' })).statusCode).toBe(200);
    expect((await call(staff, 'GET', '/leads.csv?view=all')).statusCode).toBe(403);
    expect((await call(staff, 'GET', `/people.json?email=${encodeURIComponent(lead.work_email)}`)).statusCode).toBe(403);
    expect((await call(staff, 'DELETE', `/leads/${lead.id}`)).statusCode).toBe(403);
    expect((await call(staff, 'POST', '/users', { email: 'x@example.nz', role: 'owner' })).statusCode).toBe(403);
    expect((await call(staff, 'GET', '/audit')).statusCode).toBe(403);
    expect(await t.store.getLead(lead.id)).toBeDefined();
  });

  it('ends a removed user’s session at once, and keeps the last owner', async () => {
    const owner = await signedIn('owner@example.nz');
    const staff = await signedIn('staff@example.nz', 'staff');
    expect((await call(staff, 'GET', '/leads')).statusCode).toBe(200);
    const users = (await call(owner, 'GET', '/users')).json().users as { id: string; email: string }[];
    const staffId = users.find((u) => u.email === 'staff@example.nz')!.id;
    const ownerId = users.find((u) => u.email === 'owner@example.nz')!.id;
    expect((await call(owner, 'DELETE', `/users/${staffId}`)).statusCode).toBe(200);
    expect((await call(staff, 'GET', '/leads')).statusCode).toBe(401);
    expect((await call(owner, 'PATCH', `/users/${ownerId}`, { role: 'staff' })).statusCode).toBe(409);
    expect((await call(owner, 'DELETE', `/users/${ownerId}`)).statusCode).toBe(409);
  });

  it('signs out: the session row goes, so the cookie no longer works', async () => {
    const owner = await signedIn('owner@example.nz');
    const stolen = owner.cookies.get('inbox_session')!;
    expect((await call(owner, 'POST', '/auth/sign-out', {})).statusCode).toBe(200);
    const replay = await app.inject({ method: 'GET', url: '/inbox/api/leads', headers: { cookie: `inbox_session=${stolen}` } });
    expect(replay.statusCode).toBe(401);
  });

  it('lists urgent New leads first, counts each view, searches names and notes, and pages by cursor', async () => {
    const owner = await signedIn('owner@example.nz');
    await postLead({ contact_name: 'Ana Calm', timeframe: '30–60 days', site_type: 'New build' });
    await postLead({ contact_name: 'Bob Urgent', timeframe: 'Urgent (24–72h)' });
    const later = await postLead({ contact_name: 'Cat Later', timeframe: 'Planning stage', site_type: 'New build' });
    await postLead({ contact_name: 'Spam Bot', 'bot-field': 'x' });
    const list = (await call(owner, 'GET', '/leads?view=new')).json();
    expect(list.leads.map((l: { contact_name: string }) => l.contact_name)).toEqual(['Bob Urgent', 'Cat Later', 'Ana Calm']);
    expect(list.leads[0].urgent).toBe(true);
    expect(list.counts).toMatchObject({ new: 3, contacted: 0, spam: 1, all: 3 });
    const page1 = (await call(owner, 'GET', '/leads?view=all&limit=2')).json();
    const page2 = (await call(owner, 'GET', `/leads?view=all&limit=2&cursor=${page1.next}`)).json();
    expect([...page1.leads, ...page2.leads].map((l: { contact_name: string }) => l.contact_name)).toEqual(['Bob Urgent', 'Cat Later', 'Ana Calm']);
    expect(page2.next).toBeNull();
    await call(owner, 'POST', `/leads/${later.id}/notes`, { text: 'Wants a Skope quote for the blast chiller' });
    const found = (await call(owner, 'GET', '/leads?view=all&q=BLAST%20chiller')).json();
    expect(found.leads.map((l: { id: string }) => l.id)).toEqual([later.id]);
    expect((await call(owner, 'GET', '/leads?view=all&q=100%25')).json().leads).toEqual([]);
    expect((await call(owner, 'GET', '/leads?view=all&cursor=not-a-cursor')).statusCode).toBe(400);
  });

  it('works a lead to Won: status with job value, note, follow-up, timeline with who and when, and the audit log', async () => {
    const owner = await signedIn('owner@example.nz');
    const lead = await postLead({ timeframe: 'Urgent (24–72h)' });
    expect((await call(owner, 'POST', `/leads/${lead.id}/status`, { status: 'won' })).json().fields).toHaveProperty('job_value');
    expect((await call(owner, 'POST', `/leads/${lead.id}/status`, { status: 'lost' })).json().fields).toHaveProperty('lost_reason');
    expect((await call(owner, 'POST', `/leads/${lead.id}/status`, { status: 'contacted' })).json().lead.status).toBe('contacted');
    expect((await call(owner, 'POST', `/leads/${lead.id}/notes`, { text: 'Called, site visit Tuesday' })).statusCode).toBe(201);
    expect((await call(owner, 'PUT', `/leads/${lead.id}/follow-up`, { date: '2026-12-01' })).json().lead.follow_up_on).toBe('2026-12-01');
    expect((await call(owner, 'PUT', `/leads/${lead.id}/follow-up`, { date: '1 Dec' })).statusCode).toBe(400);
    const won = await call(owner, 'POST', `/leads/${lead.id}/status`, { status: 'won', job_value: 12500.5 });
    expect(won.json().lead).toMatchObject({ status: 'won', job_value: 12500.5, lost_reason: null });
    const detail = (await call(owner, 'GET', `/leads/${lead.id}`)).json();
    expect(detail.timeline.map((e: { text: string }) => e.text)).toEqual([
      expect.stringContaining('Quote request arrived'),
      'Status: Contacted',
      'Called, site visit Tuesday',
      'Follow up on 2026-12-01',
      'Status: Won, job value $12,500.50',
    ]);
    expect(detail.timeline.slice(1).every((e: { actor_email: string }) => e.actor_email === 'owner@example.nz')).toBe(true);
    expect(detail.notifications).toEqual([expect.objectContaining({ purpose: 'new-lead', state: 'pending', can_send_again: false })]);
    // Won leaves the New view and its urgent priority with it.
    expect((await call(owner, 'GET', '/leads?view=won')).json().leads.map((l: { id: string }) => l.id)).toEqual([lead.id]);
    const audit = (await call(owner, 'GET', '/audit')).json().entries.map((e: { action: string }) => e.action);
    expect(audit).toEqual(expect.arrayContaining(['Signed in (one-time link)', expect.stringContaining('Status: Won')]));
  });

  it('releases a lead from spam once, queueing its notification; a second release is 409', async () => {
    const owner = await signedIn('owner@example.nz');
    const spam = await postLead({ contact_name: 'Held Back', notes: 'Buy cheap viagra now http://a.example http://b.example http://c.example' });
    expect(spam.spam).toBe(true);
    expect(await t.store.listJobs(spam.id)).toEqual([]);
    const released = await call(owner, 'POST', `/leads/${spam.id}/not-spam`, {});
    expect(released.json().lead.spam).toBe(false);
    expect((await t.store.listJobs(spam.id)).map((j) => j.purpose)).toEqual(['new-lead']);
    expect((await call(owner, 'POST', `/leads/${spam.id}/not-spam`, {})).statusCode).toBe(409);
    expect(await t.store.listJobs(spam.id)).toHaveLength(1);
  });

  it('sends a dead notification again, and refuses one that is not failed', async () => {
    const owner = await signedIn('owner@example.nz');
    const lead = await postLead();
    const [job] = await t.store.claimJobs({ purposes: ['new-lead'], limit: 1, leaseMs: 60_000, owner: 'test' });
    expect((await call(owner, 'POST', `/notifications/${job!.id}/send-again`, {})).statusCode).toBe(409);
    await t.store.failJob(job!, '550 mailbox unavailable', null);
    const detail = (await call(owner, 'GET', `/leads/${lead.id}`)).json();
    expect(detail.notifications[0]).toMatchObject({ state: 'dead', last_error: '550 mailbox unavailable', can_send_again: true });
    const again = await call(owner, 'POST', `/notifications/${job!.id}/send-again`, {});
    expect(again.json().notification).toMatchObject({ state: 'failed', attempts: 0 });
    expect((await t.store.listJobs(lead.id))[0]!.status).toBe('pending');
  });

  it('exports a view as CSV with status, job value, follow-up and notes, guarded against formulas', async () => {
    const owner = await signedIn('owner@example.nz');
    const lead = await postLead({ company_name: '=HYPERLINK("x")' });
    await call(owner, 'POST', `/leads/${lead.id}/status`, { status: 'won', job_value: 900 });
    await call(owner, 'POST', `/leads/${lead.id}/notes`, { text: 'Paid on time' });
    const csv = await call(owner, 'GET', '/leads.csv?view=won');
    expect(csv.headers['content-type']).toMatch(/text\/csv/);
    const [header, row] = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(header).toMatch(/,status,job_value,lost_reason,follow_up_on,inbox_notes$/);
    expect(row).toContain(`"'=HYPERLINK(""x"")"`);
    expect(row).toMatch(/"won","900","","","Paid on time"$/);
    expect((await call(owner, 'GET', '/leads.csv?view=lost')).body.trim().split('\r\n')).toHaveLength(1);
  });

  it('exports every lead of one person as JSON, and deletes a lead with its timeline', async () => {
    const owner = await signedIn('owner@example.nz');
    const lead = await postLead();
    await call(owner, 'POST', `/leads/${lead.id}/notes`, { text: 'A note' });
    const person = await call(owner, 'GET', `/people.json?email=${encodeURIComponent(lead.work_email.toUpperCase())}`);
    expect(person.headers['content-disposition']).toMatch(/attachment/);
    expect(person.json().leads).toHaveLength(1);
    expect(person.json().disclosed_to).toEqual([]);
    expect(person.json().leads[0].timeline.map((e: { text: string }) => e.text)).toContain('A note');
    const rowsOf = async (table: 'lead_events' | 'outbox') =>
      Number((await t.store.read(() => one(`SELECT COUNT(*) AS n FROM ${table} WHERE lead_id = ?`, lead.id)))!.n);
    expect(await rowsOf('lead_events')).toBeGreaterThan(0);
    expect(await rowsOf('outbox')).toBeGreaterThan(0);
    expect((await call(owner, 'DELETE', `/leads/${lead.id}`)).statusCode).toBe(200);
    expect(await t.store.getLead(lead.id)).toBeUndefined();
    // Its timeline and notifications go with it: nothing of the person is left behind.
    expect(await rowsOf('lead_events')).toBe(0);
    expect(await rowsOf('outbox')).toBe(0);
    expect((await call(owner, 'GET', `/leads/${lead.id}`)).statusCode).toBe(404);
  });
  it("answers bad input with one shape: the field's sentence, the route's own refusal, or the general sentence", async () => {
    const browser = await openBrowser();
    // Who may ask comes before what was asked: a bad body from nobody is refused as nobody's.
    expect((await call(browser, 'POST', `/leads/x/notes`, { text: 5 })).json()).toEqual({ error: 'Sign in to use the lead inbox.' });
    const email = 'Enter an e-mail address.';
    expect((await call(browser, 'POST', '/auth/code', { email: 'nobody' })).json()).toEqual({ error: email, fields: { email } });
    const badCode = await call(browser, 'POST', '/auth/code/verify', { email: 'a@example.nz' });
    expect([badCode.statusCode, badCode.json().error]).toEqual([401, expect.stringMatching(/^That code is wrong/)]);
    expect((await call(browser, 'POST', '/auth/link', {})).statusCode).toBe(401);
    expect((await call(browser, 'POST', '/auth/passkey/verify', { response: { id: 'x' } })).statusCode).toBe(401);

    const owner = await signedIn('owner@example.nz');
    const lead = await postLead();
    const jobValue = 'Enter the job value in dollars, from 0.01 to 10 million, for example 4500.';
    expect((await call(owner, 'POST', `/leads/${lead.id}/status`, { status: 'won', job_value: 0.001 })).json()).toEqual({
      error: jobValue,
      fields: { job_value: jobValue },
    });
    expect((await call(owner, 'POST', `/leads/${lead.id}/status`, { status: 'sold' })).json()).toEqual({ error: 'That request was not valid.' });
    const noteLength = 'Write a note of 1 to 4,000 characters.';
    expect((await call(owner, 'POST', `/leads/${lead.id}/notes`, {})).json()).toEqual({ error: noteLength, fields: { text: noteLength } });
    const date = 'Enter a date such as 2026-12-01.';
    expect((await call(owner, 'PUT', `/leads/${lead.id}/follow-up`, { date: '2026-02-30' })).json()).toEqual({ error: date, fields: { date } });
    expect((await call(owner, 'POST', '/users', { email: 'new@example.nz', role: 'boss' })).json()).toEqual({ error: email, fields: { email } });
    expect((await call(owner, 'GET', '/people.json?email=x')).json()).toEqual({ error: email });
    expect((await call(owner, 'GET', '/reports?from=2026-03-01&to=2026-01-01')).json().error).toMatch(/^Choose a range of dates/);
    expect((await call(owner, 'GET', '/google-ads.csv?since=soon')).json()).toEqual({ error: date });
    expect((await call(owner, 'GET', '/audit?before=forged')).json()).toEqual({ error: 'That request was not valid.' });
    const passkey = await call(owner, 'POST', '/passkeys', { response: 'none' });
    expect([passkey.statusCode, passkey.json()]).toEqual([400, { error: 'The passkey could not be added. Try again.' }]);
  });
});
