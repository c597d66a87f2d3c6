/**
 * Sign-in e-mails (a code, a one-time link) go straight out, not through the outbox: they are
 * wanted within the minute and are worthless later, and a failed one is simply asked for again.
 */
import type { Transporter } from 'nodemailer';
import { inboxWords } from './inbox-words.ts';

export interface SignInMail {
  to: string;
  subject: string;
  text: string;
}

export type InboxMailer = (mail: SignInMail) => Promise<void>;

export function createInboxMailer(transport: Transporter, from: string): InboxMailer {
  return async (mail) => {
    await transport.sendMail({ from, ...mail });
  };
}

export const codeMail = (to: string, code: string): SignInMail => ({ to, subject: inboxWords.mail.codeSubject, text: inboxWords.mail.code(code) });
export const linkMail = (to: string, link: string): SignInMail => ({ to, subject: inboxWords.mail.linkSubject, text: inboxWords.mail.link(link) });
