/**
 * Configuration from the environment, validated at start: a bad value is one clear line and exit 1.
 * `.env.example` and the README document every variable.
 */
import { z } from 'zod';
import { business } from '../src/config/site.ts';
import type { Channel } from './storage/types.ts';

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
/** Loopback host names and addresses (127.0.0.0/8, ::1, localhost): traffic that never leaves the machine. */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  return host === 'localhost' || host.endsWith('.localhost') || host === '::1' || /^127(\.\d{1,3}){3}$/.test(host);
}

/** A Standard Webhooks secret: whsec_ and at least 24 random bytes in base64. */
const WEBHOOK_SECRET = /^whsec_[A-Za-z0-9+/]+={0,2}$/;
export const WEBHOOK_SECRET_COMMAND = `node -e "console.log('whsec_' + require('node:crypto').randomBytes(32).toString('base64'))"`;

export const EXPORT_TOKEN_COMMAND = `node -e "console.log(require('node:crypto').randomBytes(32).toString('base64url'))"`;

export const configSchema = z
  .object({
    HOST: z.string().min(1).default('127.0.0.1'),
    PORT: z.coerce.number().int().min(0).max(65535).default(4321),
    DIST_DIR: z.string().default('dist'),
    DATABASE_URL: z
      .string()
      .optional()
      .transform((v) => v || undefined),
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
    LEADS_EXPORT_TOKEN: z
      .string()
      .optional()
      .transform((v) => v || undefined)
      .refine((v) => v === undefined || v.length >= 32, `must be at least 32 characters; generate one with: ${EXPORT_TOKEN_COMMAND}`),
    RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(10),
    RATE_LIMIT_WINDOW: duration.default(600_000),
    OUTBOX_POLL_INTERVAL: duration.default(2_000),
    OUTBOX_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(100).default(24),
    OUTBOX_RETRY_BASE: duration.default(5_000),
    OUTBOX_LEASE: duration.default(60_000),
    TRUST_PROXY: flag(false),
    HSTS: flag(true),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  })
  .refine((c) => !c.WEBHOOK_URL || c.WEBHOOK_SECRET, { message: 'WEBHOOK_SECRET is required when WEBHOOK_URL is set', path: ['WEBHOOK_SECRET'] });

export type Config = z.infer<typeof configSchema>;

/** The outbox channels this configuration delivers: every new lead gets one job per channel. */
export function configuredChannels(config: Pick<Config, 'SMTP_URL' | 'WEBHOOK_URL' | 'WEBHOOK_SECRET' | 'LEAD_ACK_EMAIL'>): Channel[] {
  const channels: Channel[] = [];
  if (config.SMTP_URL) channels.push('email');
  if (config.SMTP_URL && config.LEAD_ACK_EMAIL) channels.push('ack');
  if (config.WEBHOOK_URL && config.WEBHOOK_SECRET) channels.push('webhook');
  return channels;
}

/** Parses the environment; throws one readable line naming the variable on a bad value. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const result = configSchema.safeParse(env);
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  throw new Error(`Invalid configuration: ${issue.path.join('.') || 'environment'} ${issue.message}`);
}
