/** The notification e-mail to the business, over SMTP (nodemailer). */
import nodemailer from 'nodemailer';
import type { StoredLead } from '../storage/types.ts';
import { emailHtml, emailSubject, emailText } from './format.ts';

export interface EmailOptions {
  smtpUrl: string;
  to: string;
  from: string;
  /** Domain for the Message-ID; the id derives from the lead so a retried send can be recognised. */
  messageIdDomain: string;
}

export type Sender = (lead: StoredLead) => Promise<void>;

export function createEmailSender({ smtpUrl, to, from, messageIdDomain }: EmailOptions): Sender {
  const transport = nodemailer.createTransport({ url: smtpUrl, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 });
  return async (lead) => {
    await transport.sendMail({
      from,
      to,
      // Only a well-formed address goes in a header; the schema checked it and removed CR/LF.
      replyTo: lead.work_email ? { name: lead.contact_name.replace(/["\\]/g, ''), address: lead.work_email } : undefined,
      subject: emailSubject(lead),
      text: emailText(lead),
      html: emailHtml(lead),
      messageId: `<lead-${lead.id}@${messageIdDomain}>`,
      headers: { 'X-Lead-Id': lead.id },
    });
  };
}
