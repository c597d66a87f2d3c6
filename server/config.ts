/**
 * Configuration from the environment, validated at start: a bad value is one clear line and exit 1.
 * `.env.example` and the README document every variable.
 */
import { isLoopbackHost } from './http/loopback-host.ts';
import { isIP } from 'node:net';
import { z } from 'zod';
import { business, DEFAULT_SITE_URL } from '../core/business.ts';
import { databaseUrlProblem } from './storage/database-url.ts';
import { isPostgresUrl } from './storage/open-store.ts';
import { voiceNumbersSetting } from './voice/voice-numbers.ts';

const DURATION = /^(\d+)\s*(ms|s|sec|seconds?|m|min|minutes?|h|hours?)?$/i;

/** "600000", "30s", "10 minutes", "1h" → milliseconds. */
export function parseDuration(value: string): number {
  const m = DURATION.exec(value.trim());
  if (!m) throw new Error(`not a duration: ${value}`);
  const n = Number(m[1]);
  const unit = (m[2] ?? 'ms').toLowerCase();
  if (unit === 'ms') return n;
  if (unit.startsWith('s')) return n * 1000;
  if (unit.startsWith('m')) return n * 60_000;
  return n * 3_600_000;
}

/** Names proxy-addr (Fastify's trustProxy) knows for address ranges. */
const PROXY_RANGE_NAMES = ['loopback', 'linklocal', 'uniquelocal'];

function isAddressOrCidr(entry: string): boolean {
  if (PROXY_RANGE_NAMES.includes(entry)) return true;
  const [address = '', bits, extra] = entry.split('/');
  const version = isIP(address);
  if (!version || extra !== undefined) return false;
  if (bits === undefined) return true;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= (version === 4 ? 32 : 128);
}

/**
 * TRUST_PROXY: off (empty, false, 0), the number of proxies in front, or their addresses/CIDRs.
 * The client is then the address the nearest untrusted hop saw, never what a client wrote itself
 * at the left of X-Forwarded-For. Returns an error message for a value it refuses.
 */
export function parseTrustProxy(value: string): false | number | string[] | string {
  const v = value.trim();
  if (v === '' || v === 'false' || v === '0') return false;
  if (v === 'true')
    return 'must not be true (that believes any X-Forwarded-For a client sends): write the number of proxies in front, 1 for one nginx or Caddy, or their addresses, e.g. 127.0.0.1,10.0.0.0/8';
  if (/^\d+$/.test(v)) return Number(v) <= 10 ? Number(v) : 'must be a number of proxies from 0 to 10, or a comma list of proxy addresses';
  const entries = v.split(',').map((e) => e.trim());
  const bad = entries.find((e) => !isAddressOrCidr(e));
  return bad === undefined ? entries : `must be a number of proxies or a comma list of proxy addresses/CIDRs; "${bad}" is neither`;
}

const duration = z
  .string()
  .refine((v) => DURATION.test(v.trim()), 'must be a duration such as 600000, 30s, 10 minutes or 1h')
  .transform(parseDuration);
const optionalUrl = (protocols: string[]) =>
  z
    .string()
    .optional()
    .transform((v) => v || undefined)
    .refine((v) => v === undefined || (URL.canParse(v) && protocols.includes(new URL(v).protocol)), `must be a URL (${protocols.join(' or ')})`);
const EMAIL = /^[^\s@,]+@[^\s@,]+\.[^\s@,]+$/;
const email = z.string().regex(EMAIL, 'must be an e-mail address');
/** "a@x.nz, b@y.nz" → ["a@x.nz", "b@y.nz"]; every entry must be an address. */
const emailList = z
  .string()
  .transform((v) =>
    v
      .split(',')
      .map((a) => a.trim())
      .filter(Boolean),
  )
  .refine((list) => list.every((a) => EMAIL.test(a)), 'must be one e-mail address or several separated by commas');
/** true/false (or 1/0); empty means the default. */
const flag = (fallback: boolean) =>
  z
    .enum(['true', 'false', '1', '0', ''])
    .optional()
    .transform((v) => (v === undefined || v === '' ? fallback : v === 'true' || v === '1'));

/** A Standard Webhooks secret: whsec_ and at least 24 random bytes in base64. */
const WEBHOOK_SECRET = /^whsec_[A-Za-z0-9+/]+={0,2}$/;
export const WEBHOOK_SECRET_COMMAND = `node -e "console.log('whsec_' + require('node:crypto').randomBytes(32).toString('base64'))"`;

export const VAPID_KEYS_COMMAND = 'npx web-push generate-vapid-keys';

/** How many bytes a base64url value holds; -1 when it is not base64url. */
const base64urlBytes = (v: string) => (/^[A-Za-z0-9_-]+$/.test(v) ? Buffer.from(v, 'base64url').length : -1);

export const EXPORT_TOKEN_COMMAND = `node -e "console.log(require('node:crypto').randomBytes(32).toString('base64url'))"`;

/**
 * The defaults of the settings below, in one place: the schema reads them, and so do the parts of
 * the server that a test builds without a configuration (the app, the outbox worker).
 */
export const DEFAULTS = {
  /** Quote posts per address per window. */
  rateLimit: { max: 10, windowMs: 600_000 },
  /**
   * The visit beacons: per address and window (a person sends a few per page, an office behind one
   * address many more); how often each instance adds its counts to the database; how many
   * visitor-and-row pairs one day remembers, and how many rows may wait while the database is down.
   * Campaigns are anyone's text, so a campaign gets a row of its own only by evidence (several
   * addresses, or a quote), and a day at most `campaignsPerDay` of them; the rest count as "(other)".
   */
  visits: { rateLimit: { max: 600, windowMs: 600_000 }, flushMs: 5_000, rememberedVisitors: 200_000, pendingRows: 50_000, campaignsPerDay: 50 },
  outbox: { pollIntervalMs: 2_000, maxAttempts: 24, retryBaseMs: 5_000, retryMaxMs: 3_600_000, leaseMs: 60_000, concurrency: 4 },
  /**
   * Urgent work (server/dispatch/dispatch-policy.ts says why): how long each on-call partner has to
   * accept, how many are offered a job at once, and how soon after the request the owners are woken
   * alongside when nobody has accepted.
   */
  dispatch: { acceptWithinMs: 5 * 60_000, atOnce: 3, wakeAfterMs: 2 * 60_000 },
  /** The job apps' APIs (server/jobapp/). */
  jobApp: { servicem8: 'https://api.servicem8.com', fergus: 'https://api.fergus.com' },
  /** How long an instance's claim on a site build lasts unless renewed: how soon another takes over the build of one that died. */
  siteBuildLeaseMs: 30_000,
} as const;

/** The most of its lease a send may take: what is left is time to renew the claim after it. */
export const SEND_SHARE_OF_LEASE = 0.8;

/**
 * How long one send may take under a lease of `leaseMs`: the time asked for, held to
 * SEND_SHARE_OF_LEASE of the lease (a send must never outlast its claim, or another instance could
 * send it again); by default 30 s, or half the lease when that is shorter.
 */
export function sendTimeoutFor(leaseMs: number, asked?: number): number {
  return asked === undefined ? Math.min(30_000, Math.floor(leaseMs / 2)) : Math.min(asked, Math.floor(leaseMs * SEND_SHARE_OF_LEASE));
}

export const configSchema = z
  .object({
    HOST: z.string().min(1).default('127.0.0.1'),
    PORT: z.coerce.number().int().min(0).max(65535).default(4321),
    DIST_DIR: z.string().default('dist'),
    /** Where the site editor builds published versions of the site (outside the served folder). */
    SITE_WORK_DIR: z.string().default('data/site'),
    /** How often an instance looks for a version of the site published on another. */
    SITE_CHECK_INTERVAL: duration.default(2000),
    SITE_BUILD_LEASE: duration.default(DEFAULTS.siteBuildLeaseMs),
    /**
     * Whether a preview in the site editor is rendered at once in the site editor's process (by the
     * preview renderer the build makes; about 60 MB more while someone edits), rather than by building the site.
     */
    SITE_QUICK_PREVIEW: flag(true),
    DATABASE_URL: z
      .string()
      .optional()
      .transform((v) => v || undefined)
      .superRefine((v, ctx) => {
        const problem = v === undefined ? undefined : databaseUrlProblem(v);
        if (problem) ctx.addIssue({ code: 'custom', message: problem });
      }),
    SMTP_URL: optionalUrl(['smtp:', 'smtps:']).refine(
      (v) => v === undefined || ![...new URL(v).searchParams.keys()].some((k) => /tls|secure/i.test(k)),
      'must not carry TLS options: use smtps:, or SMTP_ALLOW_PLAINTEXT=true for a trusted relay without TLS',
    ),
    SMTP_ALLOW_PLAINTEXT: flag(false),
    LEAD_NOTIFY_TO: emailList.default([business.email]).refine((list) => list.length > 0, 'needs at least one e-mail address'),
    LEAD_NOTIFY_URGENT_TO: emailList.default([]),
    LEAD_ACK_EMAIL: flag(false),
    LEAD_NOTIFY_FROM: email.default(`website@${business.email.split('@')[1]}`),
    WEBHOOK_URL: optionalUrl(['http:', 'https:']).refine(
      (v) => v === undefined || new URL(v).protocol === 'https:' || isLoopbackHost(new URL(v).hostname),
      'must be an https: URL (plain http: only to a loopback address such as 127.0.0.1)',
    ),
    WEBHOOK_SECRET: z
      .string()
      .optional()
      .transform((v) => v || undefined)
      .refine(
        (v) => v === undefined || (WEBHOOK_SECRET.test(v) && Buffer.from(v.slice(6), 'base64').length >= 24),
        `must be whsec_ followed by at least 24 random bytes in base64; generate one with: ${WEBHOOK_SECRET_COMMAND}`,
      ),
    /** Twilio's account SID (AC…): with the auth token and the sending number, urgent offers also go by text message. */
    TWILIO_ACCOUNT_SID: z
      .string()
      .optional()
      .transform((v) => v?.trim() || undefined)
      .refine((v) => v === undefined || /^AC[0-9a-f]{32}$/i.test(v), 'must be the account SID from the Twilio console: AC followed by 32 hexadecimal digits'),
    TWILIO_AUTH_TOKEN: z
      .string()
      .optional()
      .transform((v) => v?.trim() || undefined)
      .refine((v) => v === undefined || v.length >= 16, 'must be the auth token from the Twilio console'),
    /** Where texts come from: a short code (New Zealand's networks expect one for business texts), a number in E.164 (+64…), or a Messaging Service SID (MG…). */
    TWILIO_FROM: z
      .string()
      .optional()
      .transform((v) => v?.replace(/\s+/g, '') || undefined)
      .refine(
        (v) => v === undefined || /^\d{3,8}$/.test(v) || /^\+[1-9]\d{6,14}$/.test(v) || /^MG[0-9a-f]{32}$/i.test(v),
        'must be a short code (digits only), a number in E.164 form such as +6421…, or a Messaging Service SID (MG…)',
      ),
    /** The number calls come from when the server places one (a number in E.164: a short code cannot call); with TWILIO_VOICE_NUMBERS, calls to the business are answered. */
    TWILIO_VOICE_FROM: z
      .string()
      .optional()
      .transform((v) => v?.replace(/\s+/g, '') || undefined)
      .refine((v) => v === undefined || /^\+[1-9]\d{6,14}$/.test(v), 'must be a number in E.164 form such as +6480037434 (a short code cannot place calls)'),
    /** The numbers the business advertises, each with its source name: +6480037434=Website,+6495550101=Google Ads. */
    TWILIO_VOICE_NUMBERS: voiceNumbersSetting,
    /** Where the Messages API is; tests and a local fake stand in for Twilio here. */
    TWILIO_API_URL: optionalUrl(['http:', 'https:']).transform((v) => (v ?? 'https://api.twilio.com').replace(/\/+$/, '')),
    /** Where ServiceM8's and Fergus's APIs are; tests and local stand-ins take their place here. */
    SERVICEM8_API_URL: optionalUrl(['http:', 'https:']).transform((v) => (v ?? DEFAULTS.jobApp.servicem8).replace(/\/+$/, '')),
    FERGUS_API_URL: optionalUrl(['http:', 'https:']).transform((v) => (v ?? DEFAULTS.jobApp.fergus).replace(/\/+$/, '')),
    /**
     * The server's key pair for alerts on phones (Web Push, VAPID), base64url as web-push makes them.
     * Unset: one pair is made the first time it is needed and kept in the database, the same for
     * every instance. Set both or neither.
     */
    VAPID_PUBLIC_KEY: z
      .string()
      .optional()
      .transform((v) => v?.trim() || undefined)
      .refine((v) => v === undefined || base64urlBytes(v) === 65, `must be the public key (65 bytes in base64url); make a pair with: ${VAPID_KEYS_COMMAND}`),
    VAPID_PRIVATE_KEY: z
      .string()
      .optional()
      .transform((v) => v?.trim() || undefined)
      .refine((v) => v === undefined || base64urlBytes(v) === 32, `must be the private key (32 bytes in base64url); make a pair with: ${VAPID_KEYS_COMMAND}`),
    /** Who the push services may contact about this server's alerts: a mailto: address or an https: page. */
    VAPID_SUBJECT: z
      .string()
      .optional()
      .transform((v) => v?.trim() || `mailto:${business.email}`)
      .refine((v) => URL.canParse(v) && ['mailto:', 'https:'].includes(new URL(v).protocol), 'must be a mailto: address or an https: URL'),
    LEADS_EXPORT_TOKEN: z
      .string()
      .optional()
      .transform((v) => v || undefined)
      .refine((v) => v === undefined || v.length >= 32, `must be at least 32 characters; generate one with: ${EXPORT_TOKEN_COMMAND}`),
    RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(DEFAULTS.rateLimit.max),
    RATE_LIMIT_WINDOW: duration.default(DEFAULTS.rateLimit.windowMs),
    /** Visit beacons per address per VISIT_RATE_LIMIT_WINDOW; past it they are answered 429 and not counted. */
    VISIT_RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(DEFAULTS.visits.rateLimit.max),
    VISIT_RATE_LIMIT_WINDOW: duration.default(DEFAULTS.visits.rateLimit.windowMs),
    OUTBOX_POLL_INTERVAL: duration.default(DEFAULTS.outbox.pollIntervalMs),
    OUTBOX_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(100).default(DEFAULTS.outbox.maxAttempts),
    OUTBOX_RETRY_BASE: duration.default(DEFAULTS.outbox.retryBaseMs),
    OUTBOX_LEASE: duration.default(DEFAULTS.outbox.leaseMs),
    /** Unset: see sendTimeoutFor. */
    OUTBOX_SEND_TIMEOUT: z.preprocess((v) => (v === '' ? undefined : v), duration.optional()),
    OUTBOX_CONCURRENCY: z.coerce.number().int().min(1).max(50).default(DEFAULTS.outbox.concurrency),
    /** An urgent lead still New this long after it arrived (clock time, day or night) gets a nudge. */
    NUDGE_URGENT_AFTER: duration.default(30 * 60_000),
    /** Any lead still New after this much office time (business hours, NZ time) gets a nudge. */
    NUDGE_AFTER: duration.default(4 * 3_600_000),
    /** How often each instance looks for nudges, reminders and the digest that are due. */
    NOTICE_CHECK_INTERVAL: duration.default(60_000),
    /** How long an on-call partner has to accept an urgent job before their place goes to the next one. */
    DISPATCH_ACCEPT_WITHIN: duration.default(DEFAULTS.dispatch.acceptWithinMs).refine((v) => v > 0, 'must be longer than 0'),
    /** How many on-call partners are offered an urgent job at once (1 to 3); the first to accept has it. */
    DISPATCH_AT_ONCE: z.coerce.number().int().min(1).max(3).default(DEFAULTS.dispatch.atOnce),
    /** How long after an urgent request nobody has accepted the owners are woken alongside the offers; 0: only when no partner is left. */
    DISPATCH_WAKE_AFTER: duration.default(DEFAULTS.dispatch.wakeAfterMs),
    /** A folder for scheduled copies of the SQLite database; unset: none are made. */
    BACKUP_DIR: z
      .string()
      .optional()
      .transform((v) => v?.trim() || undefined),
    /** How old the newest copy may grow before the next is taken. */
    BACKUP_EVERY: duration.default(24 * 3_600_000).refine((v) => v > 0, 'must be longer than 0'),
    /** How many dated copies are kept; older ones are deleted. */
    BACKUP_KEEP: z.coerce.number().int().min(1).max(10_000).default(14),
    HSTS: flag(true),
    TRUST_PROXY: z
      .string()
      .default('')
      .transform((v, ctx) => {
        const parsed = parseTrustProxy(v);
        if (typeof parsed === 'string') {
          ctx.addIssue({ code: 'custom', message: parsed });
          return z.NEVER;
        }
        return parsed;
      }),
    PUBLIC_ORIGIN: optionalUrl(['http:', 'https:'])
      .refine((v) => v === undefined || new URL(v).pathname === '/', 'must be an origin such as https://www.example.nz, with no path')
      .transform((v) => new URL(v ?? DEFAULT_SITE_URL).origin),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  })
  // The server copies only its own SQLite file; PostgreSQL has its own tools, and a setting that did nothing would mislead.
  .refine((c) => !c.BACKUP_DIR || !c.DATABASE_URL || !isPostgresUrl(c.DATABASE_URL), {
    message: 'is for the SQLite store: back up PostgreSQL with pg_dump or your host’s managed backups, and unset BACKUP_DIR',
    path: ['BACKUP_DIR'],
  })
  // Half a Twilio set-up would quietly send no texts: all three or none.
  .refine(
    (c) =>
      [c.TWILIO_ACCOUNT_SID, c.TWILIO_AUTH_TOKEN, c.TWILIO_FROM].every((v) => v === undefined) ||
      (c.TWILIO_ACCOUNT_SID && c.TWILIO_AUTH_TOKEN && c.TWILIO_FROM),
    {
      message: 'TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM go together: set all three for text messages, or none',
      path: ['TWILIO_ACCOUNT_SID'],
    },
  )
  // Calls are answered only with Twilio's account, a number to call from and the numbers it answers.
  .refine(
    (c) =>
      (c.TWILIO_VOICE_FROM === undefined && c.TWILIO_VOICE_NUMBERS.size === 0) ||
      (c.TWILIO_ACCOUNT_SID && c.TWILIO_VOICE_FROM && c.TWILIO_VOICE_NUMBERS.size > 0),
    {
      message:
        'TWILIO_VOICE_FROM and TWILIO_VOICE_NUMBERS go together, with TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM: set them all for calls, or neither',
      path: ['TWILIO_VOICE_FROM'],
    },
  )
  // One key of a pair signs nothing the browsers would take: both or neither.
  .refine((c) => Boolean(c.VAPID_PUBLIC_KEY) === Boolean(c.VAPID_PRIVATE_KEY), {
    message: 'VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY go together: set both, or neither to have one pair made and kept in the database',
    path: ['VAPID_PUBLIC_KEY'],
  })
  .refine((c) => !c.WEBHOOK_URL || c.WEBHOOK_SECRET, { message: 'WEBHOOK_SECRET is required when WEBHOOK_URL is set', path: ['WEBHOOK_SECRET'] })
  // Refused rather than quietly shortened: the person who set it should know.
  .refine((c) => c.OUTBOX_SEND_TIMEOUT === undefined || sendTimeoutFor(c.OUTBOX_LEASE, c.OUTBOX_SEND_TIMEOUT) === c.OUTBOX_SEND_TIMEOUT, {
    message: `must be at least ${100 / SEND_SHARE_OF_LEASE}% of OUTBOX_SEND_TIMEOUT (a send may not outlast its lease, with time left to renew it)`,
    path: ['OUTBOX_LEASE'],
  })
  .transform((c) => ({ ...c, OUTBOX_SEND_TIMEOUT: sendTimeoutFor(c.OUTBOX_LEASE, c.OUTBOX_SEND_TIMEOUT) }));

export type Config = z.infer<typeof configSchema>;

/** Parses the environment; throws one readable line naming the variable on a bad value. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const result = configSchema.safeParse(env);
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  throw new Error(`Invalid configuration: ${issue.path.join('.') || 'environment'} ${issue.message}`);
}

/** Whether calls to the business are answered: Twilio is set up, with a number to call from and the numbers it answers. */
export function voiceConfigured(
  config: Pick<Config, 'TWILIO_ACCOUNT_SID' | 'TWILIO_AUTH_TOKEN' | 'TWILIO_FROM' | 'TWILIO_VOICE_FROM' | 'TWILIO_VOICE_NUMBERS'>,
): boolean {
  return textsConfigured(config) && Boolean(config.TWILIO_VOICE_FROM) && config.TWILIO_VOICE_NUMBERS.size > 0;
}

/** Whether text messages go out: Twilio's three settings are given (the schema refuses one or two of them). */
export function textsConfigured(config: Pick<Config, 'TWILIO_ACCOUNT_SID' | 'TWILIO_AUTH_TOKEN' | 'TWILIO_FROM'>): boolean {
  return Boolean(config.TWILIO_ACCOUNT_SID && config.TWILIO_AUTH_TOKEN && config.TWILIO_FROM);
}
