/**
 * The senders of review requests and their reminders, by text and by e-mail, through the one
 * outbox (retried, fenced, once across instances). Each decides again as it runs (review-rules.ts)
 * and, once its message is sent, records it: a text by its id, so the customer's STOP reply finds
 * the lead, and the request's reminder queued three days on. A request refused for good (a number
 * that takes no texts, a mailbox that does not exist) says so on the lead, and asked nobody. The
 * timeline says a request went but never shows its link, which is the customer's alone.
 */
import { business } from '../../core/business.ts';
import { nzMobileE164 } from '../../core/partner/nz-mobile.ts';
import type { LeadStore } from '../storage/types.ts';
import { addEvent } from '../storage/lead-work.ts';
import { recordCustomerText } from '../storage/customer-text-records.ts';
import { markReminded, markRequestSent, markUndelivered } from '../storage/review-records.ts';
import { TextRefused, type TwilioClient } from '../sms/twilio-client.ts';
import { textWords } from '../sms/text-words.ts';
import { textParts } from '../sms/segments.ts';
import { CUSTOMER_TEXT_PARTS } from '../outbox/customer-texts.ts';
import type { Mailer } from '../outbox/mailer.ts';
import { byTransport, isPermanentFailure, PermanentFailure, type JobSender } from '../outbox/worker.ts';
import { armReview, queueReminder, type ArmedReview } from './review-rules.ts';
import { reviewLinkUrl, reviewMail } from './review-mail.ts';
import { reviewWords } from './review-words.ts';

export interface ReviewSenderOptions {
  store: LeadStore;
  publicOrigin: string;
  mailer: Mailer;
  from: string;
  replyTo: string;
  messageIdDomain: string;
  /** Twilio, where texts are set up. */
  client?: TwilioClient | undefined;
}

/** The review text with its link, plain GSM-7; at most two parts, or it is not sent. */
export function reviewText(link: string, reminder: boolean): string {
  const body = textWords.plain((reminder ? textWords.customer.reviewReminder : textWords.customer.review)(link));
  if (textParts(body).segments > CUSTOMER_TEXT_PARTS) throw new PermanentFailure('the review text would be longer than two parts');
  return body;
}

export function createReviewSenders(options: ReviewSenderOptions): Record<'review-request' | 'review-reminder', JobSender> {
  const { store, mailer, client } = options;
  const origin = new URL(options.publicOrigin).origin;
  /** Sends the message; for a text, what Twilio answered and the number it went to. */
  async function send(armed: ArmedReview, reminder: boolean, signal?: AbortSignal): Promise<{ sid: string; status: string; to: string } | undefined> {
    const { lead } = armed;
    if (armed.channel === 'sms') {
      const to = nzMobileE164(lead.phone ?? '');
      if (!client || !to) throw new PermanentFailure('no text to send the review request by');
      return { ...(await client.send({ to, body: reviewText(reviewLinkUrl(origin, armed.reviewToken), reminder) }, signal)), to };
    }
    const links = { origin, reviewToken: armed.reviewToken, stopToken: armed.stopToken!, messageIdDomain: options.messageIdDomain };
    await mailer.sendMail(reviewMail(lead, reminder, links), { from: { name: business.name, address: options.from }, replyTo: options.replyTo }, signal);
    return undefined;
  }
  const sender =
    (reminder: boolean): JobSender =>
    async (job, signal) => {
      const armed = await store.transact(() => armReview(job, reminder));
      if (!armed) return;
      const { lead, channel } = armed;
      let text: { sid: string; status: string; to: string } | undefined;
      try {
        text = await send(armed, reminder, signal);
      } catch (error) {
        const refused = error instanceof TextRefused ? new PermanentFailure(error.message) : error;
        if (!reminder && isPermanentFailure(refused)) await store.transact(() => markUndelivered(lead.id));
        throw refused;
      }
      await store.transact(function* () {
        if (text)
          yield* recordCustomerText({
            sid: text.sid,
            leadId: lead.id,
            phone: text.to,
            kind: reminder ? 'review-reminder' : 'review',
            about: 'business',
            status: text.status,
          });
        if (reminder) yield* markReminded(lead.id);
        else {
          yield* markRequestSent(lead.id);
          yield* queueReminder(lead.id, channel);
        }
        yield* addEvent(lead.id, 'customer', null, reviewWords.events.asked(channel, reminder));
      });
    };
  const request = sender(false);
  const reminder = sender(true);
  return {
    'review-request': byTransport({ sms: request, email: request }),
    'review-reminder': byTransport({ sms: reminder, email: reminder }),
  };
}
