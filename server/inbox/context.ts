/**
 * What the inbox's plugin and its route files share, in a module of its own so neither imports the
 * other: the inbox's options and context, its fixed names and limits, and what it adds to Fastify's
 * requests and route configs.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { LeadStore } from '../storage/types.ts';
import type { LeadPurpose } from '../storage/purposes.ts';
import type { InboxUser } from '../storage/sign-in-data.ts';
import type { Work } from '../storage/steps.ts';
import type { InboxMailer } from './mail.ts';
import type { BadRequestRule } from './refusals.ts';
import type { BackupState } from '../backup/schedule.ts';
import type { SitePublisher } from '../site/site-publisher.ts';
import type { JobAppUrls } from '../jobapp/job-app-client.ts';
import type { TwilioRecordings } from '../sms/twilio-client.ts';
import { DAY_MS } from '../../core/nz-time.ts';

export { INBOX_PATH } from '../../core/inbox-links.ts';
export const SESSION_COOKIE = 'inbox_session';
/** A session not used for this long ends. */
export const SESSION_IDLE_MS = 14 * DAY_MS;
/** Sign-in attempts per address, and per account, in this window. */
export const SIGN_IN_LIMIT = { max: 10, windowMs: 600_000 };

export interface InboxOptions {
  store: LeadStore;
  /** Where people reach the inbox: the passkeys' relying party, the links in e-mails, the Origin check. */
  publicOrigin: string;
  /** A new lead's jobs this server sends (releasing a lead from spam queues these). */
  leadPurposes: readonly LeadPurpose[];
  /** Whether urgent leads' e-mails also go to an urgent address (it names the notification). */
  urgentCopy?: boolean | undefined;
  /** Whether this server sends text messages: an urgent lead offered from the inbox then also goes by text to a partner who takes them, as dispatch's offers do. */
  texts?: boolean | undefined;
  /** Whether this server answers the business's phone line (Twilio's voice settings are given). */
  phoneLine?: boolean | undefined;
  /** Sends sign-in e-mails; without it codes cannot be e-mailed and links are only shown. */
  mailer?: InboxMailer | undefined;
  /** The scheduled backups' state, shown to owners; omit when they are off. */
  backups?: (() => BackupState) | undefined;
  /** The site editor's publisher; without it the Site section answers that it is not available. */
  site?: SitePublisher | undefined;
  /** Voicemails at Twilio, played through the server; without it none can be played. */
  recordings?: TwilioRecordings | undefined;
  /** Where the job apps' APIs are; without them no key can be connected (the server's are always given). */
  jobApp?: JobAppUrls | undefined;
  sessionIdleMs?: number | undefined;
  signInLimit?: { max: number; windowMs: number } | undefined;
}

/** What the route files share: the options, the signed-in user, audit and session helpers. */
export interface InboxContext extends InboxOptions {
  sessionIdleMs: number;
  secureCookies: boolean;
  /** Counts a sign-in attempt under a key (an address or an account); false once past the limit. */
  signInAllowed(kind: string, key: string): Promise<{ allowed: boolean; retryAfterSeconds: number }>;
  /** Starts a session for the person, ending the one this browser held before. */
  startSession(request: FastifyRequest, reply: FastifyReply, user: InboxUser): Promise<void>;
  endSession(request: FastifyRequest, reply: FastifyReply): Promise<void>;
  record(request: FastifyRequest, action: string, detail?: string, actorEmail?: string | null): Promise<void>;
  /** The same audit line as a step of the unit of work that makes the change, so the two commit together. */
  audited(request: FastifyRequest, action: string, detail?: string): Work<void>;
}

export type Access = 'public' | 'user' | 'owner';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in person, when the request carries a live session. */
    inboxUser: InboxUser | undefined;
  }
  interface FastifyContextConfig {
    /** Who may use the route: anyone, a signed-in person, or an owner (default: signed in). */
    access?: Access;
    /** What a bad request to the route gets, when not the usual 400 (refusals.ts). */
    badRequest?: BadRequestRule;
  }
}
