/**
 * npm run leads -- list [--since DATE] [--include-spam]
 * npm run leads -- export --format csv|json [--since DATE] [--include-spam]
 * npm run leads -- export --format google-ads [--since DATE] [--conversion-name NAME] [--won-conversion-name NAME]
 * npm run leads -- report [--since DATE]
 * npm run leads -- spam [--since DATE]
 * npm run leads -- not-spam ID
 * npm run leads -- retry-dead
 * npm run leads -- status
 * npm run leads -- purge [--older-than DAYS] [--force]
 * npm run leads -- users add EMAIL [--role owner|staff] | users list | users remove EMAIL | users role EMAIL ROLE
 * npm run leads -- partners import FILE.csv | partners list
 * npm run leads -- audit [--since DATE]
 * npm run leads -- digest [--send-now]
 * npm run leads -- backup FILE | restore FILE
 * npm run leads -- site export DIR | site status
 * Uses the same DATABASE_URL as the server.
 */
import { parseArgs } from 'node:util';
import { business } from '../core/business.ts';
import { loadConfig } from './config.ts';
import { configuredLeadPurposes, messageIdDomain } from './outbox/senders.ts';
import { createStore } from './storage/open-store.ts';
import { toCsv, toRecord } from './leads/csv.ts';
import { DEFAULT_CONVERSION_NAME, DEFAULT_WON_CONVERSION_NAME, toGoogleAdsCsv } from './leads/google-ads.ts';
import { formatInsight, formatSources } from './leads/report-text.ts';
import { insightFor } from './leads/range-insight.ts';
import { DAY_MS, nzParts, nzWeekOf } from '../core/nz-time.ts';
import { digestMail, digestRecipients, loadDigest } from './outbox/digest-email.ts';
import { composeMail } from './outbox/mail-model.ts';
import { mailerFor } from './outbox/mailer.ts';
import { auditEntries } from './storage/audit-log.ts';
import { leadsWithClick, releaseFromSpam } from './storage/lead-work.ts';
import { usersCommand } from './inbox/users-cli.ts';
import { partnersCommand } from './partners/partners-cli.ts';
import { inboxWords } from './inbox/inbox-words.ts';
import { backupCommand, backupStatusLines } from './backup/backup-commands.ts';
import { siteCommand, SITE_USAGE } from './site/site-cli.ts';

const USAGE = `Usage:
  npm run leads -- list [--since YYYY-MM-DD] [--include-spam]
  npm run leads -- export --format csv|json [--since YYYY-MM-DD] [--include-spam]
  npm run leads -- export --format google-ads [--since YYYY-MM-DD] [--conversion-name NAME] [--won-conversion-name NAME]
  npm run leads -- report [--since YYYY-MM-DD]
  npm run leads -- spam [--since YYYY-MM-DD]
  npm run leads -- not-spam ID
  npm run leads -- retry-dead
  npm run leads -- status
  npm run leads -- purge [--older-than DAYS] [--force]
  npm run leads -- users add EMAIL [--role owner|staff]
  npm run leads -- users list
  npm run leads -- users remove EMAIL
  npm run leads -- users role EMAIL owner|staff
  npm run leads -- partners import FILE.csv
  npm run leads -- partners list
  npm run leads -- audit [--since YYYY-MM-DD]
  npm run leads -- digest [--send-now]
  npm run leads -- backup FILE
  npm run leads -- restore FILE
${SITE_USAGE}`;

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: {
    since: { type: 'string' },
    'include-spam': { type: 'boolean', default: false },
    format: { type: 'string', default: 'csv' },
    'older-than': { type: 'string' },
    'conversion-name': { type: 'string', default: DEFAULT_CONVERSION_NAME },
    'won-conversion-name': { type: 'string', default: DEFAULT_WON_CONVERSION_NAME },
    force: { type: 'boolean', default: false },
    role: { type: 'string', default: 'owner' },
    'send-now': { type: 'boolean', default: false },
  },
});

const command = positionals[0];
if (
  !command ||
  ![
    'list',
    'export',
    'report',
    'spam',
    'not-spam',
    'retry-dead',
    'purge',
    'status',
    'users',
    'partners',
    'audit',
    'digest',
    'backup',
    'restore',
    'site',
  ].includes(command)
)
  fail(USAGE);

let config;
try {
  config = loadConfig();
} catch (error) {
  fail((error as Error).message);
}

// Before the store is opened: these must not migrate (or, on PostgreSQL, connect to) the database.
if (command === 'backup' || command === 'restore') process.exit(await backupCommand(command, positionals[1], config));

const since = values.since ? new Date(values.since) : undefined;
if (since && Number.isNaN(since.getTime())) fail(`--since must be a date such as 2025-01-31, not "${values.since}"`);

const store = createStore(config.DATABASE_URL);
try {
  await store.migrate();
  if (command === 'list') {
    const leads = await store.listLeads({ since, includeSpam: values['include-spam'] });
    for (const l of leads) {
      console.log(
        [l.created_at, l.id, l.spam ? 'SPAM' : '', l.contact_name, l.work_email, l.service_type || '-', l.city || '-']
          .filter((x, i) => i !== 2 || x)
          .join('  '),
      );
    }
    console.error(`${leads.length} lead(s)`);
  } else if (command === 'export') {
    if (!['csv', 'json', 'google-ads'].includes(values.format)) fail('--format must be csv, json or google-ads');
    if (values.format === 'google-ads') {
      const quote = values['conversion-name'].trim();
      const won = values['won-conversion-name'].trim();
      if (!quote) fail('--conversion-name must not be empty');
      if (!won) fail('--won-conversion-name must not be empty');
      if (quote === won) fail('--conversion-name and --won-conversion-name must differ');
      // Spam never counts as a conversion.
      const { csv, rows, wonRows, skipped } = toGoogleAdsCsv(await store.read(() => leadsWithClick(since)), { quote, won }, since);
      process.stdout.write(csv);
      console.error(
        `${rows} conversion(s) with a Google click ID, ${wonRows} of them won jobs${skipped ? `; ${skipped} lead(s) skipped: their gclid is not one Google sets` : ''}`,
      );
    } else {
      const leads = await store.listLeads({ since, includeSpam: values['include-spam'] });
      process.stdout.write(values.format === 'csv' ? toCsv(leads) : `${JSON.stringify(leads.map(toRecord), null, 2)}\n`);
    }
  } else if (command === 'status') {
    // The same figures as GET /healthz, plus why the dead notifications failed.
    await store.checkWritable();
    const status = await store.outboxStatus(10);
    console.log(`database: ${store.kind} (takes writes)`);
    console.log(`pending notifications: ${status.pending}`);
    console.log(`oldest pending: ${status.oldestPendingSeconds === null ? '-' : `${status.oldestPendingSeconds} s`}`);
    console.log(`dead notifications: ${status.dead}`);
    for (const job of status.recentDead)
      console.log(
        `  dead ${job.purpose} ${job.lead_id ? `for lead ${job.lead_id}` : `for ${job.offer_id ? `offer ${job.offer_id}` : (job.period ?? '-')}`} after ${job.attempts} attempt(s): ${job.last_error ?? '-'}`,
      );
    for (const line of backupStatusLines(config)) console.log(line);
  } else if (command === 'report') {
    // Spam left out; from --since (or the first lead's day) to today, New Zealand dates.
    const today = nzParts(new Date()).date;
    const [first] = since ? [] : await store.listLeads({ limit: 1 });
    const from = since ? nzParts(since).date : first ? nzParts(new Date(first.created_at)).date : today;
    const insight = await insightFor(store, from, from > today ? from : today);
    process.stdout.write(formatSources(insight, since ? from : undefined));
    process.stdout.write(formatInsight(insight));
  } else if (command === 'spam') {
    const leads = (await store.listLeads({ since, includeSpam: true })).filter((l) => l.spam);
    for (const l of leads) {
      console.log([l.created_at, l.id, l.contact_name, l.work_email, l.company_name || '-'].join('  '));
      console.log(`    why: ${l.spam_reason || 'flagged before reasons were recorded'}`);
      if (l.notes) console.log(`    notes: ${l.notes.replace(/\s+/g, ' ').slice(0, 160)}`);
    }
    console.error(`${leads.length} spam lead(s); \`npm run leads -- not-spam ID\` clears one and sends its notifications`);
  } else if (command === 'not-spam') {
    const id = positionals[1];
    if (!id) fail('Usage: npm run leads -- not-spam ID');
    const lead = await store.getLead(id);
    if (!lead) fail(`No lead with id ${id}`);
    if (!lead.spam) fail(`Lead ${id} is not flagged as spam; nothing to do`);
    const purposes = configuredLeadPurposes(config);
    // Releasing with nothing to send would clear the flag and send nothing, for ever: refuse instead.
    if (purposes.length === 0)
      fail(
        `Lead ${id} is still held as spam: no notification is configured here (SMTP_URL, WEBHOOK_URL), so releasing it would send nothing. Run this with the server's settings, or use "Not spam" in the inbox.`,
      );
    await store.transact(() => releaseFromSpam(id, purposes, null, inboxWords.events.notSpam));
    console.log(`Lead ${id} is no longer spam; ${purposes.join(' and ')} notification(s) queued (the running server sends them)`);
  } else if (command === 'users') {
    await usersCommand(store, config, positionals.slice(1), values.role);
  } else if (command === 'site') {
    process.exitCode = await siteCommand(store, positionals.slice(1));
  } else if (command === 'partners') {
    process.exitCode = await partnersCommand(store, positionals.slice(1));
  } else if (command === 'audit') {
    const entries = await store.read(() => auditEntries({ since: since?.getTime(), limit: 10_000 }));
    for (const e of entries.reverse())
      console.log([new Date(e.at).toISOString(), e.actor_email ?? '-', e.ip || '-', e.action, e.detail].filter(Boolean).join('  '));
    console.error(`${entries.length} audit entr${entries.length === 1 ? 'y' : 'ies'}`);
  } else if (command === 'digest') {
    // This week's digest (the week before this Monday), printed, or sent at once straight to the owners.
    const digest = await loadDigest(store, nzWeekOf(new Date()));
    const mail = digestMail(digest, await digestRecipients(store, config.LEAD_NOTIFY_TO), {
      inboxOrigin: config.PUBLIC_ORIGIN,
      messageIdDomain: messageIdDomain(config),
    });
    if (!values['send-now']) {
      console.log(`To: ${[mail.to].flat().join(', ')}\nSubject: ${mail.subject}\n\n${mail.text}`);
      console.error('Not sent: add --send-now to e-mail it now (the server sends it by itself every Monday at 8:00).');
    } else {
      const mailer = mailerFor(config);
      if (!mailer) fail('SMTP_URL is not set: there is no mail server to send the digest through.');
      // A send on demand is a message of its own, not a repeat of the Monday one for mail clients to fold.
      const onDemand = composeMail({ ...mail, messageId: mail.messageId!.replace('<digest-', `<digest-on-demand-${Date.now()}-`) });
      await mailer.sendMail(onDemand, { from: config.LEAD_NOTIFY_FROM });
      mailer.close();
      console.log(`Digest sent to ${[mail.to].flat().join(', ')}`);
    }
  } else if (command === 'retry-dead') {
    console.log(`${await store.retryDead()} dead notification(s) queued again`);
  } else {
    // Without --older-than, the retention the privacy page states.
    const days = Number(values['older-than'] ?? business.leadRetentionDays);
    if (!Number.isInteger(days) || days < 1) fail('--older-than must be a whole number of days (1 or more)');
    const { deleted, kept } = await store.purgeBefore(new Date(Date.now() - days * DAY_MS), { force: values.force });
    console.log(`${deleted} lead(s) older than ${days} days deleted, with their notifications`);
    if (kept > 0) console.log(`${kept} older lead(s) kept: their notification was never delivered (see status; --force deletes them too)`);
  }
} finally {
  await store.close();
}
