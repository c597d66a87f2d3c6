/**
 * The acknowledgement to the visitor (LEAD_ACK_EMAIL=true): what they asked for, what happens
 * next, and the emergency line; Reply-To the business. It repeats only the form's fixed choices,
 * never the free text, so the form cannot be used to send someone else a message of a stranger's
 * choosing.
 */
import type { Transporter } from 'nodemailer';
import { acknowledgementCopy as copy } from './email-words.ts';
import { business } from '../../core/business.ts';
import type { StoredLead } from '../storage/types.ts';
import type { Sender } from './email.ts';
import { escapeHtml } from '../../core/escape-html.ts';
import { leadChoices } from './lead-email.ts';

export function acknowledgementText(lead: StoredLead): string {
  const choices = leadChoices(lead);
  return [
    copy.heading,
    '',
    copy.intro,
    ...(choices.length ? choices.map((c) => `- ${c.label}: ${c.value}`) : []),
    '',
    copy.nextHeading.toUpperCase(),
    ...copy.next.map((n) => `- ${n}`),
    '',
    `${copy.emergency(business.emergencyLine.display)} (${business.emergencyLine.digits})`,
    '',
    copy.replyHint,
    copy.signOff,
  ].join('\n');
}

export function acknowledgementHtml(lead: StoredLead): string {
  const e = escapeHtml;
  const choices = leadChoices(lead);
  return `<!doctype html><html lang="en-NZ"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${e(copy.subject)}</title></head>
<body style="margin:0;padding:16px;font-family:-apple-system,BlinkMacSystemFont,Roboto,Arial,sans-serif;font-size:16px;line-height:1.5;color:#0f172a">
<div style="max-width:600px;margin:0 auto">
<h1 style="font-size:22px;margin:0 0 12px">${e(copy.heading)}</h1>
<p>${e(copy.intro)}</p>
${choices.length ? `<ul>${choices.map((c) => `<li>${e(c.label)}: ${e(c.value)}</li>`).join('')}</ul>` : ''}
<h2 style="font-size:17px;margin:20px 0 8px">${e(copy.nextHeading)}</h2>
<ul>${copy.next.map((n) => `<li>${e(n)}</li>`).join('')}</ul>
<p><a href="${e(business.emergencyLine.href)}" style="font-weight:700;color:#b91c1c">${e(copy.emergency(business.emergencyLine.display))}</a></p>
<p>${e(copy.replyHint)}<br>${e(copy.signOff)}</p>
</div></body></html>`;
}

export interface AcknowledgementOptions {
  transport: Transporter;
  from: string;
  /** The business's address: the visitor's reply goes there. */
  replyTo: string;
  messageIdDomain: string;
}

export function createAcknowledgementSender({ transport, from, replyTo, messageIdDomain }: AcknowledgementOptions): Sender {
  return async (lead) => {
    await transport.sendMail({
      from: { name: business.name, address: from },
      to: lead.work_email,
      replyTo,
      subject: copy.subject,
      text: acknowledgementText(lead),
      html: acknowledgementHtml(lead),
      messageId: `<ack-${lead.id}@${messageIdDomain}>`,
      headers: { 'X-Lead-Id': lead.id, 'Auto-Submitted': 'auto-replied' },
    });
  };
}
