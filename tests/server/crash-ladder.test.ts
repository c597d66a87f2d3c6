/**
 * A SIGKILL mid-ladder, on both stores, with real server processes and a slow stand-in for Twilio:
 * no step of the escalation ladder is lost, and none is sent twice but the one in flight when its
 * instance died (the process cannot know whether Twilio took it, so it is sent again: at most one
 * more copy, as for an e-mail in flight).
 *
 * Two owners with mobiles, a ladder of one text each, three rounds. The stand-in takes each text
 * when its request arrives and answers 1.5 s later; the test waits until it holds a ladder text
 * unanswered, SIGKILLs the instance whose claim that step is (the outbox row names the process),
 * starts another, then brings rounds 2 and 3 due (moving their due times rather than waiting) and
 * counts what each owner received once everything is done.
 *
 * PostgreSQL: two instances on one database, the killed one replaced. SQLite: one instance, killed
 * and restarted on the same file.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createServer, type Server } from 'node:http';
import { randomBytes } from 'node:crypto';
import { invite } from '../../server/inbox/invite.ts';
import { savePolicy, setMobile } from '../../server/storage/ladder-records.ts';
import { startLadder, textLadder } from '../../server/dispatch/ladder.ts';
import { startSmtp, waitFor } from '../support/peers.ts';
import { serverFleet, type ServerProcess } from '../support/server-process.ts';
import { createTestStore, formBody, JSON_ACCEPT, rawQuery, storeKinds, type StoreKind } from '../support/stores.ts';

const cleanups: (() => Promise<unknown> | unknown)[] = [];
afterEach(async () => {
  for (const fn of cleanups.splice(0).reverse()) await fn();
});

const SID = `AC${'3c'.repeat(16)}`;
const TOKEN = 'crash-ladder-token-0123456789abcd';
const ANSWER_MS = 1500;
const ORIGIN = 'http://localhost:8080';
const ARI = { email: 'ari@kaicool.nz', mobile: '021 444 0101', e164: '+64214440101' };
const BO = { email: 'bo@kaicool.nz', mobile: '022 444 0202', e164: '+64224440202' };

interface Held {
  to: string;
  body: string;
  answered: boolean;
}

/** Twilio's Messages API, slowly: each text is taken as its request arrives and answered ANSWER_MS later. */
async function slowTwilio(): Promise<{ url: string; texts: Held[]; close: () => Promise<void> }> {
  const texts: Held[] = [];
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (d: Buffer) => (body += d.toString()));
    req.on('end', () => {
      const form = new URLSearchParams(body);
      const held: Held = { to: form.get('To') ?? '', body: form.get('Body') ?? '', answered: false };
      texts.push(held);
      setTimeout(() => {
        held.answered = true;
        if (res.destroyed) return;
        res.writeHead(201, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ sid: `SM${randomBytes(16).toString('hex')}`, status: 'queued' }));
      }, ANSWER_MS);
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    texts,
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}

describe.each(storeKinds)('an instance SIGKILLed mid-ladder on %s', (kind: StoreKind) => {
  it('loses no step, and sends none twice but the one in flight', async () => {
    const t = await createTestStore(kind);
    cleanups.push(() => t.cleanup());
    const smtp = await startSmtp();
    cleanups.push(() => smtp.close());
    const twilio = await slowTwilio();
    cleanups.push(() => twilio.close());
    const env = {
      DATABASE_URL: t.url,
      SMTP_URL: smtp.url,
      LEAD_NOTIFY_TO: 'office@example.nz',
      LEAD_NOTIFY_FROM: 'website@example.nz',
      PUBLIC_ORIGIN: ORIGIN,
      HSTS: 'false',
      TWILIO_ACCOUNT_SID: SID,
      TWILIO_AUTH_TOKEN: TOKEN,
      TWILIO_FROM: '+6498870000',
      TWILIO_API_URL: twilio.url,
      OUTBOX_POLL_INTERVAL: '200ms',
      OUTBOX_RETRY_BASE: '500ms',
      // A killed instance's claims come back when the lease ends. A text (1.5 s at the stand-in) is cut
      // off seconds after it answered, and the lease leaves seconds beyond that for the commit: on a
      // loaded machine a live instance's send is neither cut off nor outlived by its claim.
      OUTBOX_LEASE: '10s',
      OUTBOX_SEND_TIMEOUT: '5s',
    };
    const fleet = serverFleet(env);
    cleanups.push(() => fleet.close());
    const start = fleet.start;
    let live: ServerProcess[] = [];
    for (let i = 0; i < (kind === 'postgres' ? 2 : 1); i++) live.push(await start());

    const ids: string[] = [];
    for (const who of [ARI, BO]) {
      const added = (await invite(t.store, { email: who.email, role: 'owner', publicOrigin: ORIGIN }))!;
      await t.store.transact(() => setMobile(added.user.id, who.mobile));
      ids.push(added.user.id);
    }
    await t.store.transact(() =>
      savePolicy(
        {
          steps: ids.map((user_id) => ({ user_id, channel: 'sms' as const, after_minutes: 0 })),
          rounds: 3,
          every_minutes: 10,
        },
        ids[0]!,
      ),
    );
    const posted = await fetch(`${live[0]!.url}/`, { method: 'POST', headers: JSON_ACCEPT, body: formBody({ city: 'Wellington' }) });
    expect(posted.status).toBe(200);
    const lead = (await t.store.listLeads()).at(-1)!.id;
    // As dispatch does when nobody covers the lead (the servers text: so does this call).
    textLadder(true);
    expect(await t.store.transact(() => startLadder(lead, 'nobody_covers'))).toBe(true);

    const p = (n: number) => (kind === 'postgres' ? `$${n}` : '?');
    // 1. A round-1 text held unanswered: its sender is killed.
    const inFlight = await waitFor(() => twilio.texts.find((m) => !m.answered), { what: 'a ladder text at the stand-in', timeoutMs: 20_000, intervalMs: 20 });
    const to = inFlight.to === ARI.e164 ? 0 : 1;
    const [row] = await rawQuery<{ claimed_by: string | null }>(kind, t.url, `SELECT claimed_by FROM outbox WHERE purpose = 'ladder' AND period = ${p(1)}`, [
      `${lead}/1/1/${to + 1}`,
    ]);
    const pid = Number(/:(\d+):[^:]+$/.exec(row?.claimed_by ?? '')?.[1]);
    const sender = live.find((s) => s.child.pid === pid);
    if (!sender) throw new Error(`the step is claimed by ${row?.claimed_by ?? 'nobody'}, not a running instance`);
    // Checked and sent in one turn of the event loop: no answer can come in between.
    const unansweredAtKill = !inFlight.answered;
    sender.child.kill('SIGKILL');
    expect(await sender.exited).toBe('SIGKILL');
    expect(unansweredAtKill).toBe(true);
    // The steps the dead instance still held, done or not at the stand-in: each may go once more
    // (it cannot have recorded one as sent). Read after its death, so nothing changes under it.
    const held = await rawQuery<{ period: string; claimed_by: string | null; status: string }>(
      kind,
      t.url,
      `SELECT period, claimed_by, status FROM outbox WHERE purpose = 'ladder'`,
    );
    const heldAtKill = [1, 2].map(
      (step) => held.filter((j) => j.status !== 'done' && j.claimed_by?.includes(`:${pid}:`) && j.period.endsWith(`/${step}`)).length,
    );
    live = live.filter((s) => s !== sender);
    live.push(await start());

    // 2. Rounds 2 and 3 come due; everything drains.
    await rawQuery(kind, t.url, `UPDATE outbox SET next_attempt_at = 0 WHERE purpose = 'ladder' AND status = 'pending' AND period NOT LIKE ${p(1)}`, [
      `${lead}/1/1/%`,
    ]);
    await waitFor(
      async () => {
        const jobs = await rawQuery<{ status: string }>(kind, t.url, `SELECT status FROM outbox WHERE purpose = 'ladder'`);
        return jobs.length === 6 && jobs.every((j) => j.status === 'done') && twilio.texts.every((m) => m.answered);
      },
      { what: 'every step done', timeoutMs: 40_000, intervalMs: 100 },
    );
    for (const s of live) s.child.kill('SIGTERM');
    expect(await Promise.all(live.map((s) => s.exited))).toEqual(live.map(() => '0'));

    const copies = [ARI, BO].map((who) => twilio.texts.filter((m) => m.to === who.e164).length);
    console.log(
      `[${kind}] texts: ${[ARI, BO].map((who, i) => `${who.email} ${copies[i]} (${heldAtKill[i]} held at the kill)`).join(', ')}; the step watched was ${[ARI, BO][to]!.email}'s`,
    );
    // Three rounds each, none lost; a step held unanswered at the kill (one instance may have had both owners' in flight) at most once more, the rest exactly once.
    for (const i of [0, 1]) {
      expect(copies[i]).toBeGreaterThanOrEqual(3);
      expect(copies[i]).toBeLessThanOrEqual(3 + heldAtKill[i]!);
    }
    expect(copies[to]).toBe(4);
  }, 90_000);
});
