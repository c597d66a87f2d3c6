/**
 * The logs of a whole run hold none of its secrets. The real server runs as a child process at
 * LOG_LEVEL=trace with a real mail server, and the test goes through every route that takes or
 * gives a secret, as the people using them would: an owner's one-time link opened and used, a
 * person invited from the inbox and signing in with the e-mailed link, then with an e-mailed
 * code, a passkey added, used and removed, CSRF tokens and session cookies throughout, a lead
 * offered to a partner whose e-mailed link is opened, viewed and accepted (and tampered with),
 * the export with the right and a wrong bearer token, a webhook whose address carries a key.
 * Every secret it met is then looked for in everything the server wrote, as sent and
 * percent-encoded. The log must still show those requests, with their secrets replaced, so the
 * test cannot pass by logging nothing. The visit beacon is logged only at debug.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { addHamiltonTechnician } from '../support/partners.ts';
import { invite } from '../../server/inbox/invite.ts';
import { softPasskey } from '../support/soft-authenticator.ts';
import { parseMail, startSmtp, startWebhookReceiver, waitFor, WEBHOOK_TEST_SECRET, type SmtpPeer } from '../support/peers.ts';
import { startServerAtOwnOrigin, tinySite, type OriginServer } from '../support/server-process.ts';
import { createTestStore, formBody, JSON_ACCEPT, type TestStore } from '../support/stores.ts';

const EXPORT_TOKEN = randomBytes(32).toString('base64url');
const HOOK_KEY = randomBytes(24).toString('hex');

interface LogLine {
  level: number;
  msg?: string;
  reqId?: string;
  req?: { url: string };
}

describe('secrets in the logs', () => {
  let t: TestStore;
  let smtp: SmtpPeer;
  let hook: Awaited<ReturnType<typeof startWebhookReceiver>>;
  let server: OriginServer;
  /** Every secret the run used or was given. */
  const secrets = new Map<string, string>([
    ['the export token', EXPORT_TOKEN],
    ['the webhook secret', WEBHOOK_TEST_SECRET],
    ['the webhook address key', HOOK_KEY],
  ]);
  const keep = (what: string, value: string | null | undefined) => {
    expect(value, what).toBeTruthy();
    secrets.set(what, value!);
    return value!;
  };

  /** A browser over HTTP: its cookies (each one a secret), Origin and the CSRF token with every change. */
  function browser(name: string) {
    const cookies = new Map<string, string>();
    let csrf = '';
    const send = async (method: string, path: string, body?: unknown) => {
      const res = await fetch(`${server.url}${path}`, {
        method,
        redirect: 'manual',
        headers: {
          cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; '),
          ...(method === 'GET' ? {} : { origin: server.origin, 'x-csrf-token': csrf }),
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      for (const line of res.headers.getSetCookie()) {
        const [pair = ''] = line.split(';');
        const cookie = pair.slice(0, pair.indexOf('='));
        const value = pair.slice(pair.indexOf('=') + 1);
        if (!value) cookies.delete(cookie);
        else {
          cookies.set(cookie, value);
          keep(`${name}'s ${cookie} cookie #${secrets.size}`, decodeURIComponent(value));
        }
      }
      const text = await res.text();
      return { status: res.status, json: () => JSON.parse(text) as Record<string, unknown> };
    };
    const api = (method: string, path: string, body?: unknown) => send(method, `/inbox/api${path}`, body);
    return {
      send,
      api,
      async open() {
        csrf = keep(`${name}'s CSRF token`, String((await api('GET', '/session')).json().csrfToken));
      },
    };
  }

  /** The text of the newest e-mail to `to` whose subject starts with `subject`. */
  async function mailTo(to: string, subject: string): Promise<string> {
    return waitFor(
      async () => {
        for (const raw of smtp.messages.filter((m) => m.to.includes(to)).reverse()) {
          const mail = await parseMail(raw);
          if (mail.subject?.startsWith(subject)) return String(mail.text);
        }
        return '';
      },
      { what: `the e-mail "${subject}" to ${to}` },
    );
  }
  /** The value of `param` in the first link of an e-mail that carries it. */
  const paramIn = (text: string, param: string) => [...text.matchAll(/https?:\/\/\S+/g)].map((m) => new URL(m[0]).searchParams.get(param)).find(Boolean);

  beforeAll(async () => {
    t = await createTestStore('sqlite');
    smtp = await startSmtp();
    hook = await startWebhookReceiver();
    server = await startServerAtOwnOrigin({
      DATABASE_URL: t.url,
      DIST_DIR: tinySite(),
      LOG_LEVEL: 'trace',
      SMTP_URL: smtp.url,
      LEAD_NOTIFY_TO: 'office@example.nz',
      LEADS_EXPORT_TOKEN: EXPORT_TOKEN,
      WEBHOOK_URL: `${hook.url}?key=${HOOK_KEY}`,
      WEBHOOK_SECRET: WEBHOOK_TEST_SECRET,
      OUTBOX_POLL_INTERVAL: '100ms',
    });
  });
  afterAll(async () => {
    server?.child.kill('SIGKILL');
    await server?.exited;
    await hook?.close();
    await smtp?.close();
    await t?.cleanup();
  });

  it('writes none of the secrets of a full run, at any level, and shows where they were redacted', async () => {
    // The first owner, added as the CLI adds them, opens their link and signs in with it.
    const first = await invite(t.store, { email: 'owner@example.nz', role: 'owner', publicOrigin: server.origin });
    const ownerLink = keep('the owner’s sign-in link', new URL(first!.link).searchParams.get('link'));
    const owner = browser('owner');
    expect([200, 404]).toContain((await owner.send('GET', `/inbox/?link=${ownerLink}`)).status);
    await owner.open();
    expect((await owner.api('POST', '/auth/link', { token: ownerLink })).status).toBe(200);
    // A used link, and one guessed, are refused.
    expect((await owner.api('POST', '/auth/link', { token: ownerLink })).status).toBe(401);
    expect((await owner.api('POST', '/auth/link', { token: keep('a guessed link', randomBytes(32).toString('base64url')) })).status).toBe(401);

    // The owner invites a person; the e-mailed link signs them in.
    const added = await owner.api('POST', '/users', { email: 'staff@example.nz', role: 'staff' });
    expect(added.status).toBe(201);
    const staffLink = keep('the invited person’s link', paramIn(await mailTo('staff@example.nz', 'You can now sign in'), 'link'));
    expect(String(added.json().link)).toContain(staffLink);
    const staff = browser('staff');
    await staff.send('GET', `/inbox/?link=${encodeURIComponent(staffLink)}`);
    await staff.open();
    expect((await staff.api('POST', '/auth/link', { token: staffLink })).status).toBe(200);

    // They sign in again elsewhere with an e-mailed code; a wrong one first.
    const phone = browser('phone');
    await phone.open();
    expect((await phone.api('POST', '/auth/code', { email: 'staff@example.nz' })).status).toBe(200);
    const code = keep('the e-mailed code', /\b(\d{6})\b/.exec(await mailTo('staff@example.nz', 'Your sign-in code'))?.[1]);
    const wrong = keep('a wrong code', String((Number(code) + 1) % 1_000_000).padStart(6, '0'));
    expect((await phone.api('POST', '/auth/code/verify', { email: 'staff@example.nz', code: wrong })).status).toBe(401);
    expect((await phone.api('POST', '/auth/code/verify', { email: 'staff@example.nz', code })).status).toBe(200);

    // The owner adds a passkey, signs in with it on another browser, and removes it from there.
    const passkey = softPasskey(server.origin);
    const addOptions = (await owner.api('POST', '/passkeys/options')).json();
    const registered = passkey.register(keep('a passkey challenge', String(addOptions.challenge)));
    const passkeyId = keep('the passkey’s id', String(registered.id));
    expect((await owner.api('POST', '/passkeys', { response: registered })).status).toBe(201);
    const laptop = browser('laptop');
    await laptop.open();
    const signInOptions = (await laptop.api('POST', '/auth/passkey/options')).json();
    const assertion = passkey.assert(keep('a sign-in challenge', String(signInOptions.challenge)));
    expect((await laptop.api('POST', '/auth/passkey/verify', { response: assertion })).status).toBe(200);
    expect((await laptop.api('DELETE', `/passkeys/${passkeyId}`)).status).toBe(200);
    expect((await laptop.api('POST', '/auth/sign-out')).status).toBe(200);

    // A quote arrives (notified by e-mail and webhook); the owner finds it and offers it to a partner.
    const partner = await addHamiltonTechnician(t.store, 'Waikato Cooling', 'partner@example.nz', { on_call: false });
    const quote = await fetch(`${server.url}/`, {
      method: 'POST',
      headers: JSON_ACCEPT,
      body: formBody({ contact_name: 'Quiet Customer', work_email: 'quiet@kaicafe.co.nz', timeframe: '1–2 weeks', site_type: 'Refit/Upgrade' }),
    });
    expect(quote.status).toBe(200);
    const found = await owner.api('GET', `/leads?view=all&q=${encodeURIComponent(keep('a search for a customer’s e-mail', 'quiet@kaicafe.co.nz'))}`);
    const lead = String((found.json().leads as { id: string }[])[0]!.id);
    expect((await owner.api('GET', `/people.json?email=${encodeURIComponent('quiet@kaicafe.co.nz')}`)).status).toBe(200);
    const offered = await owner.api('POST', `/leads/${lead}/offers`, { partner_id: partner.id });
    expect(offered.status).toBe(201);
    const offer = offered.json().offer as { id: string };

    // The partner opens the e-mailed link, presses Continue and accepts; a tampered link shows nothing.
    const offerToken = keep('the offer link’s token', paramIn(await mailTo('partner@example.nz', 'Job offer'), 't'));
    const form = (fields: Record<string, string>) =>
      fetch(`${server.url}/partner/offer`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', origin: server.origin, 'sec-fetch-site': 'same-origin' },
        body: new URLSearchParams(fields).toString(),
      }).then(async (res) => ({ status: res.status, body: await res.text() }));
    expect((await fetch(`${server.url}/partner/offer?t=${offerToken}`)).status).toBe(200);
    expect((await form({ t: offerToken, action: 'view' })).status).toBe(200);
    expect((await form({ t: offerToken, action: 'accept' })).body).toContain('Quiet Customer');
    const tampered = keep('a tampered offer token', `${offerToken.slice(0, -2)}xx`);
    expect((await form({ t: tampered, action: 'view' })).status).toBe(404);
    // The link pasted wrongly (a path that is no route, an address that cannot be decoded).
    expect((await fetch(`${server.url}/partner/offer/?t=${offerToken}`)).status).toBe(404);
    expect((await fetch(`${server.url}/partner/%E0%A4%A?t=${offerToken}`)).status).toBe(400);
    await mailTo('partner@example.nz', 'You have the job');

    // The partner’s "Your jobs" page from the offer e-mail’s link: a shortcut pressed, a job it may
    // not open, a tampered link; then the owner makes a new link, a job is opened from it (its own
    // new link), and the page is turned off.
    const offerText = await mailTo('partner@example.nz', 'Job offer');
    const jobsToken = keep('the jobs page link’s token', [...offerText.matchAll(/https?:\/\/\S+\/partner\/jobs\?t=(\S+)/g)][0]?.[1]);
    const jobsForm = (path: string, fields: Record<string, string>) =>
      fetch(`${server.url}${path}`, {
        method: 'POST',
        redirect: 'manual',
        headers: { 'content-type': 'application/x-www-form-urlencoded', origin: server.origin, 'sec-fetch-site': 'same-origin' },
        body: new URLSearchParams(fields).toString(),
      });
    expect((await fetch(`${server.url}/partner/jobs?t=${jobsToken}`)).status).toBe(200);
    expect((await jobsForm('/partner/jobs', { t: jobsToken, action: 'tonight' })).status).toBe(200);
    // A link made from an offer's e-mail lists the jobs but opens none.
    expect((await jobsForm('/partner/jobs/open', { t: jobsToken, offer: String(offer.id) })).status).toBe(403);
    expect((await fetch(`${server.url}/partner/jobs?t=${keep('a tampered jobs token', `${jobsToken.slice(0, -2)}xx`)}`)).status).toBe(404);
    const renewed = await owner.api('POST', `/partners/${partner.id}/page/renew`);
    expect(renewed.status).toBe(200);
    const renewedToken = keep('the renewed jobs page link’s token', new URL(String(renewed.json().link)).searchParams.get('t'));
    const opened = await jobsForm('/partner/jobs/open', { t: renewedToken, offer: String(offer.id) });
    expect(opened.status).toBe(303);
    keep('the job link opened from the jobs page', new URL(opened.headers.get('location') ?? '', server.url).searchParams.get('t'));
    expect((await fetch(`${server.url}${opened.headers.get('location')}`)).status).toBe(200);
    expect((await owner.api('POST', `/partners/${partner.id}/page/revoke`)).status).toBe(200);

    // The export with the right token, then a wrong one (answered after its delay).
    const exported = await fetch(`${server.url}/api/leads.csv?since=2020-01-01`, { headers: { authorization: `Bearer ${EXPORT_TOKEN}` } });
    expect(exported.status).toBe(200);
    expect(await exported.text()).toContain('Quiet Customer');
    const guess = keep('a wrong export token', randomBytes(32).toString('base64url'));
    expect((await fetch(`${server.url}/api/leads.csv`, { headers: { authorization: `Bearer ${guess}` } })).status).toBe(401);

    // A page view's beacon.
    const beacon = await fetch(`${server.url}/visit`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain', 'sec-fetch-site': 'same-origin', 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Firefox/140.0' },
      body: JSON.stringify({ kind: 'view', path: '/' }),
    });
    expect(beacon.status).toBe(204);

    await waitFor(() => hook.requests.length > 0 && smtp.messages.some((m) => m.to.includes('office@example.nz')), { what: 'the lead’s notifications' });
    // Stopped as in production, so everything it logged has been written.
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe('0');
    const output = server.output();

    // Digits alone are looked for as a number of their own: a timestamp may hold any six.
    const inLog = (form: string) => (/^\d+$/.test(form) ? new RegExp(`(?<![\\d.])${form}(?![\\d.])`).test(output) : output.includes(form));
    const encodings = (secret: string) => [
      secret,
      encodeURIComponent(secret),
      encodeURIComponent(encodeURIComponent(secret)),
      JSON.stringify(secret).slice(1, -1),
    ];
    const leaks = [...secrets].filter(([, secret]) => encodings(secret).some(inLog)).map(([what]) => what);
    expect(leaks).toEqual([]);

    const lines = output
      .split('\n')
      .filter((l) => l.startsWith('{'))
      .map((l) => JSON.parse(l) as LogLine);
    const urls = lines.flatMap((l) => (l.req ? [l.req.url] : []));
    for (const url of [
      '/inbox/?link=[redacted]',
      '/partner/offer?t=[redacted]',
      '/partner/jobs?t=[redacted]',
      '/partner/jobs/open',
      '/partner/offer/?t=[redacted]',
      '/partner/%E0%A4%A?t=[redacted]',
      '/inbox/api/passkeys/[redacted]',
      '/inbox/api/leads?view=all&q=[redacted]',
      '/inbox/api/people.json?email=[redacted]',
      '/api/leads.csv?since=2020-01-01',
    ])
      expect(urls, url).toContain(url);

    // The beacon's request lines are debug, never info.
    const beaconIds = new Set(lines.filter((l) => l.req?.url === '/visit').map((l) => l.reqId));
    expect(beaconIds.size).toBe(1);
    const beaconLines = lines.filter((l) => beaconIds.has(l.reqId));
    expect(beaconLines.map((l) => l.msg)).toEqual(expect.arrayContaining(['incoming request', 'request completed']));
    expect(beaconLines.filter((l) => l.level >= 30)).toEqual([]);
  }, 60_000);
});
