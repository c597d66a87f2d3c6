/**
 * The lead server as the text-message tests meet it: two instances over one database with dispatch
 * and texts on, each with its own outbox worker, a real SMTP peer and the local stand-in for
 * Twilio's Messages API. Instance A (apps[0]) listens on PUBLIC_ORIGIN, where the stand-in posts
 * its delivery receipts; instance B (apps[1]) is reached by inject.
 */
import pino from 'pino';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/http/app.ts';
import { loadConfig } from '../../server/config.ts';
import { OutboxWorker } from '../../server/outbox/worker.ts';
import { createMailedJobSenders } from '../../server/outbox/senders.ts';
import { mailerFor, type Mailer } from '../../server/outbox/mailer.ts';
import { createDispatchRunner } from '../../server/outbox/dispatch-runner.ts';
import type { LeadStore } from '../../server/storage/types.ts';
import { startSmtp, type SmtpPeer } from './peers.ts';
import { startFakeTwilio, type FakeTwilio } from './fake-twilio.ts';
import { freePort } from './server-process.ts';
import { createTestStore, type StoreKind, type TestStore } from './stores.ts';

export const silentLog = pino({ level: 'silent' });

export interface TextRig {
  t: TestStore;
  smtp: SmtpPeer;
  twilio: FakeTwilio;
  origin: string;
  apps: FastifyInstance[];
  workers: OutboxWorker[];
  stores: LeadStore[];
  /** One mailer for both workers, closed with the rig: its pooled connection would otherwise hold the SMTP peer open. */
  mailer: Mailer;
  close: () => Promise<void>;
}

export async function startTextRig(kind: StoreKind, account: { accountSid: string; authToken: string; from: string }): Promise<TextRig> {
  const t = await createTestStore(kind);
  const smtp = await startSmtp();
  const twilio = await startFakeTwilio({ accountSid: account.accountSid, authToken: account.authToken });
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const config = loadConfig({
    SMTP_URL: smtp.url,
    PUBLIC_ORIGIN: origin,
    TWILIO_ACCOUNT_SID: account.accountSid,
    TWILIO_AUTH_TOKEN: account.authToken,
    TWILIO_FROM: account.from,
    TWILIO_API_URL: twilio.url,
  });
  const stores = [t.store, t.reopen()];
  const mailer = mailerFor(config)!;
  const apps = await Promise.all(
    stores.map((store) =>
      buildApp({
        store,
        leadPurposes: [],
        dispatch: true,
        inbox: { publicOrigin: origin },
        texts: { authToken: account.authToken, publicOrigin: origin },
      }),
    ),
  );
  await apps[0]!.listen({ host: '127.0.0.1', port });
  const workers = stores.map(
    (store) =>
      new OutboxWorker({
        store,
        senders: { ...createMailedJobSenders(config, store, mailer), dispatch: createDispatchRunner(store, 15 * 60_000, { texts: true }) },
        log: silentLog,
        pollIntervalMs: 50,
        maxAttempts: 4,
        backoff: { baseMs: 20, maxMs: 50 },
      }),
  );
  for (const w of workers) w.start();
  return {
    t,
    smtp,
    twilio,
    origin,
    apps,
    workers,
    stores,
    mailer,
    close: async () => {
      for (const w of workers) await w.stop();
      for (const app of apps) await app.close();
      mailer.close();
      await twilio.close();
      await smtp.close();
      await t.cleanup();
    },
  };
}
