/**
 * `npm start`: validates the configuration, builds the site if needed, opens the lead store
 * (SQLite by default, PostgreSQL when DATABASE_URL says so), starts the outbox worker and serves.
 */
import { enableCompileCache } from 'node:module';
import { join, resolve } from 'node:path';
import pino from 'pino';
import { loadConfig, textsConfigured, voiceConfigured, type Config } from './config.ts';
import { buildApp } from './http/app.ts';
import { loggerOptions } from './http/log-redaction.ts';
import { createStore, describeStore, sqliteFileOf } from './storage/open-store.ts';
import { OutboxWorker } from './outbox/worker.ts';
import { createLeadSenders, createMailedJobSenders } from './outbox/senders.ts';
import { Scheduler } from './outbox/scheduler.ts';
import { createDispatchRunners } from './outbox/dispatch-runner.ts';
import { createJobAppSender } from './jobapp/send-to-job-app.ts';
import { mailerFor } from './outbox/mailer.ts';
import { usePushSettings } from './push/push-keys.ts';
import { pushToPerson } from './push/push-sender.ts';
import { createLadderSenders } from './outbox/ladder-senders.ts';
import { ringLadder, textLadder } from './dispatch/ladder.ts';
import { createTwilioCaller, createTwilioClient, createTwilioRecordings } from './sms/twilio-client.ts';
import { createRecordingDeleter } from './outbox/recording-deletes.ts';
import { createInboxMailer } from './inbox/mail.ts';
import { ensureBuilt } from './build-site.ts';
import { BackupSchedule } from './backup/schedule.ts';
import { TRANSPORTS, type LeadPurpose } from './storage/purposes.ts';
import { LiveSite } from './site/live-site.ts';
import { photoFiles } from './storage/site-photos.ts';
import { SiteBuilder } from './site/site-builder.ts';
import { QuickPreview } from './site/quick-preview.ts';
import { ContentChecker } from './site/content-checker.ts';
import { SitePublisher } from './site/site-publisher.ts';

const root = resolve(import.meta.dirname, '..');

let config: Config;
try {
  config = loadConfig();
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}

const log = pino(loggerOptions(config.LOG_LEVEL));
const distDir = resolve(root, config.DIST_DIR);
const workDir = resolve(root, config.SITE_WORK_DIR);

// Node's compile cache, in the work folder (the checkout may be read-only), for this process's later
// modules and, through the environment, every process and thread it starts: a site build, its
// compressor and the content checker then start without stripping their TypeScript and compiling
// again, each in about 17 MB less memory.
process.env.NODE_COMPILE_CACHE ??= join(workDir, 'node-compile-cache');
enableCompileCache();

try {
  await ensureBuilt(root, distDir, { log: (message) => log.info(message) });
} catch (error) {
  log.fatal({ err: error }, 'cannot build the site');
  process.exit(1);
}

const store = createStore(config.DATABASE_URL, (error) => log.warn({ err: error }, 'database connection error'));
log.info({ database: store.kind }, `leads are stored in the ${describeStore(config.DATABASE_URL)}`);
try {
  await store.migrate();
} catch (error) {
  log.fatal({ err: error }, 'cannot open the lead database');
  process.exit(1);
}
// Alerts to phones are signed with the environment's VAPID pair when it gives one, else the database's.
usePushSettings(store, config);

// The site as published in the site editor: the newest version built on any instance, fetched before this instance serves.
const site = new LiveSite(distDir);
// One process for the site editor's checks and quick previews: they load the same schemas and compiler.
const checker = new ContentChecker();
const publisher = new SitePublisher({
  store,
  root,
  site,
  log,
  checkEveryMs: config.SITE_CHECK_INTERVAL,
  buildLeaseMs: config.SITE_BUILD_LEASE,
  builder: new SiteBuilder({ root, workDir, releaseDist: distDir, photos: (ids) => store.read(() => photoFiles(ids)) }),
  checker,
  quickPreview: config.SITE_QUICK_PREVIEW ? new QuickPreview({ root, checker }) : undefined,
});
await publisher.catchUp();
// The e-mails, texts and pages this server writes state the served version's business details.
const businessDetails = () => publisher.businessDetails;

// One SMTP transport for the process: every e-mail, from a lead's to a sign-in code, goes through it.
const mailer = mailerFor(config);
const leadSenders = createLeadSenders(config, store, mailer);
const leadPurposes = Object.keys(leadSenders) as LeadPurpose[];
if (!config.SMTP_URL) log.warn('SMTP_URL is not set: leads are stored but no notification e-mail is sent');
if (config.SMTP_ALLOW_PLAINTEXT) log.warn('SMTP_ALLOW_PLAINTEXT is set: lead e-mails may cross the network without TLS');

const mailed = createMailedJobSenders(config, store, mailer);
// Urgent work goes to on-call partners by e-mail: dispatch runs whenever e-mail does.
const dispatch = Object.keys(mailed).length > 0;
const texts = dispatch && textsConfigured(config);
// Calls go where texts do, once a number to call from is set.
const calls = texts && voiceConfigured(config);
const dispatchPolicy = {
  acceptWithinMs: config.DISPATCH_ACCEPT_WITHIN,
  atOnce: config.DISPATCH_AT_ONCE,
  wakeAfterMs: config.DISPATCH_WAKE_AFTER > 0 ? config.DISPATCH_WAKE_AFTER : null,
};
if (textsConfigured(config) && !dispatch) log.warn('TWILIO_* is set but SMTP_URL is not: texts go with dispatch, which needs e-mail, so none are sent');
// The escalation ladder goes with dispatch: alerts to the inbox app always, texts where Twilio is set up, calls where it can call.
textLadder(texts);
ringLadder(calls);
const twilioAccount = { accountSid: config.TWILIO_ACCOUNT_SID!, authToken: config.TWILIO_AUTH_TOKEN!, apiUrl: config.TWILIO_API_URL };
// Voicemails stay at Twilio: played through the inbox, and deleted there when they go here.
const recordings = calls ? createTwilioRecordings(twilioAccount) : undefined;
const ladder = dispatch
  ? createLadderSenders({
      store,
      publicOrigin: config.PUBLIC_ORIGIN,
      push: (userId, message, signal) => pushToPerson(store, userId, message, signal),
      client: texts ? createTwilioClient({ ...twilioAccount, from: config.TWILIO_FROM! }) : undefined,
      caller: calls ? createTwilioCaller({ ...twilioAccount, from: config.TWILIO_VOICE_FROM! }) : undefined,
    })
  : {};
// The job app's sends need nothing but the network: every instance runs them.
const jobAppUrls = { servicem8: config.SERVICEM8_API_URL, fergus: config.FERGUS_API_URL };
const senders = {
  'job-app': createJobAppSender(store, jobAppUrls),
  ...leadSenders,
  ...mailed,
  ...(dispatch ? createDispatchRunners(store, dispatchPolicy, { texts }) : {}),
  ...ladder,
  ...(recordings ? createRecordingDeleter(recordings) : {}),
};
const worker = new OutboxWorker({
  store,
  senders,
  // An instance without Twilio leaves texts and calls to one with it.
  transports: TRANSPORTS.filter((t) => (t !== 'sms' || texts) && (t !== 'voice' || calls)),
  log,
  pollIntervalMs: config.OUTBOX_POLL_INTERVAL,
  maxAttempts: config.OUTBOX_MAX_ATTEMPTS,
  backoff: { baseMs: config.OUTBOX_RETRY_BASE },
  leaseMs: config.OUTBOX_LEASE,
  sendTimeoutMs: config.OUTBOX_SEND_TIMEOUT,
  concurrency: config.OUTBOX_CONCURRENCY,
  businessDetails,
});
const scheduler =
  Object.keys(mailed).length > 0
    ? new Scheduler({
        store,
        log,
        intervalMs: config.NOTICE_CHECK_INTERVAL,
        urgentAfterMs: config.NUDGE_URGENT_AFTER,
        afterMs: config.NUDGE_AFTER,
        dispatchPolicy,
        texts,
        businessDetails,
      })
    : undefined;
// Scheduled copies of the embedded database (config.ts refuses BACKUP_DIR with PostgreSQL).
const databaseFile = sqliteFileOf(config.DATABASE_URL);
const backups =
  config.BACKUP_DIR && databaseFile
    ? new BackupSchedule({ databaseFile, folder: resolve(config.BACKUP_DIR), everyMs: config.BACKUP_EVERY, keep: config.BACKUP_KEEP, log })
    : undefined;
const app = await buildApp({
  store,
  site,
  businessDetails,
  leadPurposes,
  rateLimit: { max: config.RATE_LIMIT_MAX, windowMs: config.RATE_LIMIT_WINDOW },
  visits: { rateLimit: { max: config.VISIT_RATE_LIMIT_MAX, windowMs: config.VISIT_RATE_LIMIT_WINDOW } },
  exportToken: config.LEADS_EXPORT_TOKEN,
  trustProxy: config.TRUST_PROXY,
  hsts: config.HSTS,
  logger: log,
  dispatch,
  texts: texts ? { authToken: config.TWILIO_AUTH_TOKEN!, publicOrigin: config.PUBLIC_ORIGIN } : undefined,
  phoneLine: calls ? { authToken: config.TWILIO_AUTH_TOKEN!, publicOrigin: config.PUBLIC_ORIGIN, numbers: config.TWILIO_VOICE_NUMBERS } : undefined,
  backups: backups && (() => backups.state()),
  inbox: {
    site: publisher,
    publicOrigin: config.PUBLIC_ORIGIN,
    urgentCopy: config.LEAD_NOTIFY_URGENT_TO.length > 0,
    texts,
    phoneLine: calls,
    mailer: mailer && createInboxMailer(mailer, config.LEAD_NOTIFY_FROM),
    recordings,
    jobApp: jobAppUrls,
  },
});

let stopHearing = (): void => undefined;
let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  log.info({ signal }, 'shutting down');
  const force = setTimeout(() => process.exit(1), 10_000).unref();
  // Closing the app also adds the visit counts still in memory to the database (before it closes below).
  await app.close();
  await scheduler?.stop();
  await backups?.stop();
  await publisher.stop();
  stopHearing();
  await worker.stop();
  for (const sender of Object.values(senders)) sender.close?.();
  mailer?.close();
  await store.close();
  clearTimeout(force);
  process.exit(0);
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));

await app.listen({ host: config.HOST, port: config.PORT });
worker.start();
// Jobs are claimed as soon as they are committed (by this instance, or on PostgreSQL by another), not at the next poll.
stopHearing = store.onNewJobs(() => worker.nudge());
scheduler?.start();
backups?.start();
publisher.start();
log.info({ url: `http://${config.HOST}:${config.PORT}`, database: store.kind, notifications: leadPurposes }, 'lead server ready');
log.info(`the lead inbox is at ${config.PUBLIC_ORIGIN}/inbox/ (add the first person with: npm run leads -- users add EMAIL --role owner)`);
