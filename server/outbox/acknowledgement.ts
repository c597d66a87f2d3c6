/**
 * The acknowledgement to the visitor (LEAD_ACK_EMAIL=true): what they asked for, what happens
 * next, and the emergency line; Reply-To the business. For an urgent request it leads with the
 * area's response target and the 24/7 line, not the quote's 24 hours. It repeats only the form's fixed choices,
 * never the free text, so the form cannot be used to send someone else a message of a stranger's
 * choosing.
 */
import type { Transporter } from 'nodemailer';
import { acknowledgementCopy as copy } from './email-words.ts';
import { business } from '../../core/business.ts';
import type { StoredLead } from '../storage/types.ts';
import type { LeadSender } from './worker.ts';
import { h, renderDocument } from '../html/render.ts';
import { EmailDocument } from '../html/email-parts.ts';
import { leadChoices } from './lead-email.ts';
import { responseAreaOf } from '../../core/lead/response-targets.ts';

/** What the acknowledgement of this lead says first and next: the urgent words for an urgent request. */
function wordsFor(lead: StoredLead) {
  const u = copy.urgent;
  if (!lead.urgent) return { subject: copy.subject, heading: copy.heading, lead: [] as string[], intro: copy.intro, next: copy.next };
  const area = responseAreaOf(lead.city);
  return { subject: u.subject, heading: u.heading, lead: [u.target(area.city, area.hours)], intro: u.received, next: u.next };
}

export const acknowledgementSubject = (lead: StoredLead) => wordsFor(lead).subject;

export function acknowledgementText(lead: StoredLead): string {
  const choices = leadChoices(lead);
  const w = wordsFor(lead);
  const line = business.emergencyLine;
  return [
    w.heading,
    '',
    ...(lead.urgent ? [...w.lead, copy.urgent.callText(line.display, line.digits), ''] : []),
    w.intro,
    ...(choices.length ? choices.map((c) => `- ${c.label}: ${c.value}`) : []),
    '',
    copy.nextHeading.toUpperCase(),
    ...w.next.map((n) => `- ${n}`),
    '',
    ...(lead.urgent ? [] : [`${copy.emergency(line.display)} (${line.digits})`, '']),
    copy.replyHint,
    copy.signOff,
  ].join('\n');
}

export function acknowledgementHtml(lead: StoredLead): string {
  const choices = leadChoices(lead);
  const w = wordsFor(lead);
  const line = business.emergencyLine;
  return renderDocument(
    h(
      EmailDocument,
      {
        title: w.subject,
        bodyStyle: {
          margin: '0',
          padding: '16px',
          fontFamily: '-apple-system,BlinkMacSystemFont,Roboto,Arial,sans-serif',
          fontSize: '16px',
          lineHeight: '1.5',
          color: '#0f172a',
        },
      },
      h(
        'div',
        { style: { maxWidth: '600px', margin: '0 auto' } },
        h('h1', { style: { fontSize: '22px', margin: '0 0 12px' } }, w.heading),
        w.lead.map((text, i) => h('p', { key: i, style: { fontWeight: '700' } }, text)),
        lead.urgent &&
          h(
            'p',
            { style: { margin: '16px 0' } },
            h(
              'a',
              {
                href: line.href,
                style: {
                  display: 'block',
                  padding: '14px 16px',
                  borderRadius: '8px',
                  background: '#b91c1c',
                  color: '#ffffff',
                  fontWeight: '700',
                  fontSize: '17px',
                  textAlign: 'center',
                  textDecoration: 'none',
                },
              },
              copy.urgent.call(line.display),
            ),
          ),
        h('p', null, w.intro),
        choices.length > 0 &&
          h(
            'ul',
            null,
            choices.map((c, i) => h('li', { key: i }, `${c.label}: ${c.value}`)),
          ),
        h('h2', { style: { fontSize: '17px', margin: '20px 0 8px' } }, copy.nextHeading),
        h(
          'ul',
          null,
          w.next.map((n, i) => h('li', { key: i }, n)),
        ),
        !lead.urgent && h('p', null, h('a', { href: line.href, style: { fontWeight: '700', color: '#b91c1c' } }, copy.emergency(line.display))),
        h('p', null, copy.replyHint, h('br'), copy.signOff),
      ),
    ),
  );
}

export interface AcknowledgementOptions {
  transport: Transporter;
  from: string;
  /** The business's address: the visitor's reply goes there. */
  replyTo: string;
  messageIdDomain: string;
}

export function createAcknowledgementSender({ transport, from, replyTo, messageIdDomain }: AcknowledgementOptions): LeadSender {
  return async (lead) => {
    await transport.sendMail({
      from: { name: business.name, address: from },
      to: lead.work_email,
      replyTo,
      subject: acknowledgementSubject(lead),
      text: acknowledgementText(lead),
      html: acknowledgementHtml(lead),
      messageId: `<ack-${lead.id}@${messageIdDomain}>`,
      headers: { 'X-Lead-Id': lead.id, 'Auto-Submitted': 'auto-replied' },
    });
  };
}
