/**
 * Sign-in e-mails (a code, a one-time link) go straight out, not through the outbox: they are
 * wanted within the minute and are worthless later, and a failed one is simply asked for again.
 */
import { composeMail, type Block, type Inline, type Mail } from '../outbox/mail-model.ts';
import type { Mailer } from '../outbox/mailer.ts';
import { inboxWords } from './inbox-words.ts';

export type InboxMailer = (mail: Mail) => Promise<void>;

export function createInboxMailer(mailer: Mailer, from: string): InboxMailer {
  return (mail) => mailer.sendMail(mail, { from });
}

/** One paragraph a section, as the sign-in e-mails are short notes. */
const paragraphs = (parts: Inline[]): Block[][] => parts.map((part) => [{ kind: 'paragraph', content: [part] }]);

export const codeMail = (to: string, code: string): Mail =>
  composeMail({ to, subject: inboxWords.mail.codeSubject, sections: paragraphs(inboxWords.mail.code(code)) });

export const linkMail = (to: string, link: string): Mail => {
  const words = inboxWords.mail.link;
  return composeMail({ to, subject: inboxWords.mail.linkSubject, sections: paragraphs([...words.before, { href: link, text: link }, ...words.after]) });
};
