/** The notification e-mail to the business, over SMTP (nodemailer). */
import nodemailer, { type Transporter } from 'nodemailer';
import type { StoredLead } from '../storage/types.ts';
import { emailHtml, emailSubject, emailText, isUrgent } from './format.ts';
import { isLoopbackHost } from '../config.ts';

export interface EmailOptions {
  smtpUrl: string;
  /** The business's inbox(es). */
  to: string | string[];
  /** Also receive urgent leads: an on-call technician or an e-mail-to-SMS gateway. */
  urgentTo?: string[];
  from: string;
  /** Domain for the Message-ID; the id derives from the lead so a retried send can be recognised. */
  messageIdDomain: string;
  /** Let a trusted relay receive mail without TLS (SMTP_ALLOW_PLAINTEXT). */
  allowPlaintext?: boolean | undefined;
  /**
   * Overrides the STARTTLS decision of `requiresStartTls`. Only tests set it, to have a loopback peer
   * treated as a remote mail server (this machine may send nothing beyond loopback).
   */
  requireTls?: boolean | undefined;
}

/**
 * Whether the connection must upgrade with STARTTLS (and fail when the server does not offer it):
 * yes for smtp: to any host but loopback, unless plaintext is allowed; smtps: is TLS from the start.
 */
export function requiresStartTls(smtpUrl: string, allowPlaintext = false): boolean {
  const url = new URL(smtpUrl);
  return url.protocol === 'smtp:' && !allowPlaintext && !isLoopbackHost(url.hostname);
}

export type Sender = (lead: StoredLead) => Promise<void>;

export function mailTransport(smtpUrl: string, allowPlaintext = false, requireTls = requiresStartTls(smtpUrl, allowPlaintext)): Transporter {
  return nodemailer.createTransport({
    url: smtpUrl,
    requireTLS: requireTls,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  });
}

/** Who gets the notification for this lead: the business, plus the urgent list for an urgent lead (no address twice). */
export function notificationRecipients(lead: StoredLead, to: string[], urgentTo: string[] = []): string[] {
  const all = isUrgent(lead) ? [...to, ...urgentTo] : to;
  return [...new Map(all.map((a) => [a.toLowerCase(), a])).values()];
}

export function createEmailSender({ smtpUrl, to, urgentTo = [], from, messageIdDomain, allowPlaintext, requireTls }: EmailOptions): Sender {
  const transport = mailTransport(smtpUrl, allowPlaintext, requireTls);
  return async (lead) => {
    await transport.sendMail({
      from,
      to: notificationRecipients(lead, typeof to === 'string' ? [to] : to, urgentTo),
      // Only a well-formed address goes in a header; the schema checked it and removed CR/LF.
      replyTo: lead.work_email ? { name: lead.contact_name.replace(/["\\]/g, ''), address: lead.work_email } : undefined,
      subject: emailSubject(lead),
      text: emailText(lead),
      html: emailHtml(lead),
      messageId: `<lead-${lead.id}@${messageIdDomain}>`,
      // Marked high priority so mail apps can sort or sound it differently.
      priority: isUrgent(lead) ? 'high' : 'normal',
      headers: { 'X-Lead-Id': lead.id },
    });
  };
}
