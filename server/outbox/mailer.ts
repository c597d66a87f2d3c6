/**
 * The server's one way out for e-mail: one SMTP transport per process, made from the settings, and
 * one `sendMail` that every e-mail goes through (the lead's own, the acknowledgement, the notices,
 * the partners' e-mails, the sign-in codes). The text and HTML parts are rendered here from the
 * mail's one description (mail-model.ts), so nothing is sent that was not built from it.
 */
import nodemailer, { type SendMailOptions, type Transporter } from 'nodemailer';
import type { Config } from '../config.ts';
import { isLoopbackHost } from '../http/loopback-host.ts';
import type { Mail } from './mail-model.ts';

/**
 * Whether the connection must upgrade with STARTTLS (and fail when the server does not offer it):
 * yes for smtp: to any host but loopback, unless plaintext is allowed; smtps: is TLS from the start.
 */
export function requiresStartTls(smtpUrl: string, allowPlaintext = false): boolean {
  const url = new URL(smtpUrl);
  return url.protocol === 'smtp:' && !allowPlaintext && !isLoopbackHost(url.hostname);
}

export interface MailerOptions {
  smtpUrl: string;
  /** Let a trusted relay receive mail without TLS (SMTP_ALLOW_PLAINTEXT). */
  allowPlaintext?: boolean | undefined;
  /**
   * Overrides the STARTTLS decision of `requiresStartTls`. Only tests set it, to have a loopback peer
   * treated as a remote mail server (this machine may send nothing beyond loopback).
   */
  requireTls?: boolean | undefined;
  /** Keep up to this many SMTP connections open and reuse them (the outbox's concurrency); none: one connection per message. */
  pool?: number | undefined;
}

type Address = string | { name: string; address: string };

/** Who an e-mail is from, and where a reply goes. */
export interface MailSender {
  from: Address;
  replyTo?: Address | undefined;
}

export interface Mailer {
  /** Sends `mail` with both its parts; throws when the server refuses it. `signal` drops an attempt the outbox gave up on. */
  sendMail(mail: Mail, sender: MailSender, signal?: AbortSignal): Promise<void>;
  /** Ends the connections kept open. */
  close(): void;
}

function transportFor({ smtpUrl, allowPlaintext = false, requireTls = requiresStartTls(smtpUrl, allowPlaintext), pool }: MailerOptions): Transporter {
  const options = { url: smtpUrl, requireTLS: requireTls, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 };
  return pool ? nodemailer.createTransport({ ...options, pool: true, maxConnections: pool, maxMessages: 100 }) : nodemailer.createTransport(options);
}

export function createMailer(options: MailerOptions): Mailer {
  let transport = transportFor(options);
  return {
    async sendMail(mail, sender, signal) {
      if (signal?.aborted) throw new Error('send cancelled');
      const used = transport;
      // A pooled send cannot be cancelled alone: on abort the pool's connections are dropped mid-
      // transaction (the server discards a message it has not acknowledged) and a new pool takes over.
      signal?.addEventListener(
        'abort',
        () => {
          if (options.pool && transport === used) {
            transport = transportFor(options);
            used.close();
          }
        },
        { once: true },
      );
      const message: SendMailOptions = {
        ...sender,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        ...(mail.messageId ? { messageId: mail.messageId } : {}),
        // Marked high priority so mail apps can sort or sound it differently.
        priority: mail.urgent ? 'high' : 'normal',
        ...(mail.headers ? { headers: mail.headers } : {}),
      };
      await used.sendMail(message);
    },
    close: () => transport.close(),
  };
}

/** The process's mailer, from the settings: none without SMTP_URL. */
export function mailerFor(config: Pick<Config, 'SMTP_URL' | 'SMTP_ALLOW_PLAINTEXT' | 'OUTBOX_CONCURRENCY'>): Mailer | undefined {
  return config.SMTP_URL ? createMailer({ smtpUrl: config.SMTP_URL, allowPlaintext: config.SMTP_ALLOW_PLAINTEXT, pool: config.OUTBOX_CONCURRENCY }) : undefined;
}
