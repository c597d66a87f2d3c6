/**
 * The acknowledgement to the visitor (LEAD_ACK_EMAIL=true): what they asked for, what happens
 * next, and the emergency line; Reply-To the business. For an urgent request it leads with the
 * area's response target and the 24/7 line, not the quote's 24 hours; for one that no on-call
 * technician covered as it arrived (decided then, and kept with the lead), with "Call the 24/7
 * line now" and no technician's time, as its thank-you page does. It repeats only the form's fixed choices,
 * never the free text, so the form cannot be used to send someone else a message of a stranger's
 * choosing.
 */
import { acknowledgementCopy as copy } from './email-words.ts';
import { business } from '../../core/business.ts';
import type { StoredLead } from '../storage/types.ts';
import type { LeadSender } from './worker.ts';
import { composeMail, type Block, type Link, type Mail } from './mail-model.ts';
import type { Mailer } from './mailer.ts';
import { leadChoices } from './lead-email.ts';
import { responseAreaOf } from '../../core/lead/response-targets.ts';

/** What the acknowledgement of this lead says first and next: the urgent words for an urgent request. */
function wordsFor(lead: StoredLead) {
  const u = copy.urgent;
  if (!lead.urgent) return { subject: copy.subject, heading: copy.heading, lead: [] as string[], intro: copy.intro, next: copy.next };
  if (lead.nobody_on_call) {
    const line = business.emergencyLine.display;
    return { subject: u.uncovered.subject(line), heading: u.heading, lead: [u.uncovered.lead(line)], intro: u.received, next: u.uncovered.next(line) };
  }
  const area = responseAreaOf(lead.city);
  return { subject: u.subject, heading: u.heading, lead: [u.target(area.city, area.hours)], intro: u.received, next: u.next };
}

/** The 24/7 line for a customer, in red; the text part spells out its digits, as the number is a word. */
export function emergencyLink(): Link {
  const line = business.emergencyLine;
  const text = copy.emergency(line.display);
  return { href: line.href, text, look: 'alert', plain: `${text} (${line.digits})` };
}

/** The acknowledgement of this lead, to the visitor. */
export function acknowledgementMail(lead: StoredLead, messageIdDomain: string): Mail {
  const choices = leadChoices(lead);
  const w = wordsFor(lead);
  const line = business.emergencyLine;
  return composeMail({
    subject: w.subject,
    headings: 'capitals',
    page: 'plain',
    to: lead.work_email,
    messageId: `<ack-${lead.id}@${messageIdDomain}>`,
    headers: { 'X-Lead-Id': lead.id, 'Auto-Submitted': 'auto-replied' },
    sections: [
      [{ kind: 'title', text: w.heading }],
      lead.urgent
        ? [
            ...w.lead.map((text): Block => ({ kind: 'paragraph', content: [text], look: 'bold' })),
            {
              kind: 'buttons',
              buttons: [{ href: line.href, label: copy.urgent.call(line.display), tone: 'alert', plain: copy.urgent.callText(line.display, line.digits) }],
            },
          ]
        : [],
      [{ kind: 'paragraph', content: [w.intro] }, choices.length > 0 && { kind: 'list', items: choices.map((c) => [`${c.label}: ${c.value}`]), look: 'bare' }],
      [
        { kind: 'heading', text: copy.nextHeading },
        { kind: 'list', items: w.next.map((n) => [n]), look: 'bare' },
      ],
      [!lead.urgent && { kind: 'paragraph', content: [emergencyLink()] }],
      [{ kind: 'lines', lines: [copy.replyHint, copy.signOff] }],
    ],
  });
}

export interface AcknowledgementOptions {
  mailer: Mailer;
  from: string;
  /** The business's address: the visitor's reply goes there. */
  replyTo: string;
  messageIdDomain: string;
}

export function createAcknowledgementSender({ mailer, from, replyTo, messageIdDomain }: AcknowledgementOptions): LeadSender {
  return (lead, signal) => mailer.sendMail(acknowledgementMail(lead, messageIdDomain), { from: { name: business.name, address: from }, replyTo }, signal);
}
