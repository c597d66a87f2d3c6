/** The notification e-mail to the business, over SMTP (nodemailer). */
import nodemailer, { type Transporter } from 'nodemailer';
import type { StoredLead } from '../storage/types.ts';
import { emailHtml, emailSubject, emailText } from './lead-email.ts';
import { isLoopbackHost } from '../loopback-host.ts';
import type { LeadSender } from './worker.ts';

export interface EmailOptions {
  smtpUrl: string;
  /** The business's inbox(es). */
  to: string | string[];
  /** Also receive urgent leads: an on-call technician or an e-mail-to-SMS gateway. */
  urgentTo?: string[];
  from: string;
  /** Where the inbox is (PUBLIC_ORIGIN): the e-mail links to the lead there. */
  inboxOrigin?: string | undefined;
  /** Domain for the Message-ID; the id derives from the lead so a retried send can be recognised. */
  messageIdDomain: string;
  /** Keep up to this many SMTP connections open and reuse them (the outbox's concurrency); none: one connection per message. */
  pool?: number | undefined;
  /** Let a trusted relay receive mail without TLS (SMTP_ALLOW_PLAINTEXT). */
  allowPlaintext?: boolean | undefined;
  /**
   * Overrides the STARTTLS decision of `requiresStartTls`. Only tests set it, to have a loopback peer
   * treated as a remote mail server (this machine may send nothing beyond loopback).
   */
  requireTls?: boolean | undefined;
  /** For an urgent lead: what dispatch is doing with it, read when the e-mail is sent (dispatch-note.ts). */
  dispatchNote?: ((lead: StoredLead) => Promise<string | undefined>) | undefined;
}

/**
 * Whether the connection must upgrade with STARTTLS (and fail when the server does not offer it):
 * yes for smtp: to any host but loopback, unless plaintext is allowed; smtps: is TLS from the start.
 */
export function requiresStartTls(smtpUrl: string, allowPlaintext = false): boolean {
  const url = new URL(smtpUrl);
  return url.protocol === 'smtp:' && !allowPlaintext && !isLoopbackHost(url.hostname);
}

/** One SMTP connection per message, or with `pool`, up to that many kept open and reused. */
export function mailTransport(smtpUrl: string, allowPlaintext = false, requireTls = requiresStartTls(smtpUrl, allowPlaintext), pool?: number): Transporter {
  const options = { url: smtpUrl, requireTLS: requireTls, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 };
  return pool ? nodemailer.createTransport({ ...options, pool: true, maxConnections: pool, maxMessages: 100 }) : nodemailer.createTransport(options);
}

/** Who gets the notification for this lead: the business, plus the urgent list for an urgent lead (no address twice). */
export function notificationRecipients(lead: StoredLead, to: string[], urgentTo: string[] = []): string[] {
  const all = lead.urgent ? [...to, ...urgentTo] : to;
  return [...new Map(all.map((a) => [a.toLowerCase(), a])).values()];
}

export function createEmailSender({
  smtpUrl,
  to,
  urgentTo = [],
  from,
  inboxOrigin,
  messageIdDomain,
  allowPlaintext,
  requireTls,
  pool,
  dispatchNote,
}: EmailOptions): LeadSender {
  let transport = mailTransport(smtpUrl, allowPlaintext, requireTls, pool);
  const send: LeadSender = async (lead, signal) => {
    const note = lead.urgent ? await dispatchNote?.(lead) : undefined;
    const used = transport;
    // A pooled send cannot be cancelled alone: on abort the pool's connections are dropped mid-
    // transaction (the server discards a message it has not acknowledged) and a new pool takes over.
    signal?.addEventListener(
      'abort',
      () => {
        if (pool && transport === used) {
          transport = mailTransport(smtpUrl, allowPlaintext, requireTls, pool);
          used.close();
        }
      },
      { once: true },
    );
    await used.sendMail({
      from,
      to: notificationRecipients(lead, typeof to === 'string' ? [to] : to, urgentTo),
      // Only a well-formed address goes in a header; the schema checked it and removed CR/LF.
      replyTo: lead.work_email ? { name: lead.contact_name.replace(/["\\]/g, ''), address: lead.work_email } : undefined,
      subject: emailSubject(lead),
      text: emailText(lead, inboxOrigin, note),
      html: emailHtml(lead, inboxOrigin, note),
      messageId: `<lead-${lead.id}@${messageIdDomain}>`,
      // Marked high priority so mail apps can sort or sound it differently.
      priority: lead.urgent ? 'high' : 'normal',
      headers: { 'X-Lead-Id': lead.id },
    });
  };
  send.close = () => transport.close();
  return send;
}
