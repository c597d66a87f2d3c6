/** The notification e-mail to the business, sent through the process's mailer. */
import type { StoredLead } from '../storage/types.ts';
import { leadEmail, type LeadEmailOptions } from './lead-email.ts';
import type { Mailer } from './mailer.ts';
import type { LeadSender } from './worker.ts';

export interface EmailOptions extends Omit<LeadEmailOptions, 'to'> {
  mailer: Mailer;
  /** The business's inbox(es). */
  to: string | string[];
  from: string;
  /** For an urgent lead: what dispatch is doing with it, read when the e-mail is sent (dispatch-note.ts). */
  dispatchNote?: ((lead: StoredLead) => Promise<string | undefined>) | undefined;
}

export function createEmailSender({ mailer, to, from, dispatchNote, ...options }: EmailOptions): LeadSender {
  return async (lead, signal) => {
    const note = lead.urgent ? await dispatchNote?.(lead) : undefined;
    const mail = leadEmail(lead, { ...options, to: typeof to === 'string' ? [to] : to }, note);
    // Only a well-formed address goes in a header; the schema checked it and removed CR/LF.
    const replyTo = lead.work_email ? { name: lead.contact_name.replace(/["\\]/g, ''), address: lead.work_email } : undefined;
    await mailer.sendMail(mail, { from, replyTo }, signal);
  };
}
