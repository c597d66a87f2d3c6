/**
 * The review request by e-mail, and its one reminder: thanks, one button to our link (which leads
 * to the business's Google review page), and an unsubscribe link both in the message and in its
 * headers (one click, RFC 8058), so a mail app's own "Unsubscribe" works without opening anything.
 */
import { composeMail, type Mail } from '../outbox/mail-model.ts';
import type { InboxLead } from '../storage/lead-work.ts';
import { reviewWords } from './review-words.ts';
import { REVIEW_LINK_PATH, UNSUBSCRIBE_PATH } from './review-rules.ts';

const w = reviewWords.mail;

export interface ReviewMailLinks {
  origin: string;
  reviewToken: string;
  stopToken: string;
  messageIdDomain: string;
}

export const reviewLinkUrl = (origin: string, token: string) => `${origin}${REVIEW_LINK_PATH}/${token}`;
export const unsubscribeUrl = (origin: string, token: string) => `${origin}${UNSUBSCRIBE_PATH}/${token}`;

export function reviewMail(lead: Pick<InboxLead, 'id' | 'work_email'>, reminder: boolean, links: ReviewMailLinks): Mail {
  const review = reviewLinkUrl(links.origin, links.reviewToken);
  const unsubscribe = unsubscribeUrl(links.origin, links.stopToken);
  return composeMail({
    subject: w.subject(reminder),
    headings: 'capitals',
    page: 'plain',
    to: lead.work_email,
    messageId: `<review-${reminder ? 'reminder-' : ''}${lead.id}@${links.messageIdDomain}>`,
    headers: {
      'X-Lead-Id': lead.id,
      'Auto-Submitted': 'auto-generated',
      'List-Unsubscribe': `<${unsubscribe}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
    sections: [
      [{ kind: 'title', text: w.heading }],
      w.lines(reminder).map((text) => ({ kind: 'paragraph', content: [text] }) as const),
      [{ kind: 'buttons', buttons: [{ href: review, label: w.button, tone: 'filled' }] }],
      [reminder && { kind: 'paragraph', content: [w.last] }, { kind: 'lines', lines: [w.signOff] }],
      [{ kind: 'paragraph', look: 'footer', content: [`${w.why} `, { href: unsubscribe, text: w.unsubscribe }] }],
    ],
  });
}
