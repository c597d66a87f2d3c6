/**
 * Twilio's callbacks: a partner's reply (POST /sms/twilio/inbound) and each text's delivery status
 * (POST /sms/twilio/status). Anyone can reach these addresses, so nothing is believed before the
 * X-Twilio-Signature checks out over PUBLIC_ORIGIN's URL and the form, and a callback already taken
 * (the same signature) is refused: a replayed YES must not accept a later job. Both answer with
 * TwiML; a reply's answer is one short text back to the partner.
 */
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import type { LeadStore } from '../storage/types.ts';
import { firstCallback, isTextStatus } from '../storage/text-work.ts';
import { replyFrom, textReceipt, type ReplyOutcome } from '../dispatch/text-replies.ts';
import { answerWords, partnerWords } from '../partners/partner-words.ts';
import { audit } from '../storage/audit-log.ts';
import { replayed, signedForm, takeTwilioForms, twimlReply, xmlText } from './twilio-webhook.ts';
import { readReply } from './reply-words.ts';
import { textTime } from '../outbox/partner-texts.ts';
import { textWords } from './text-words.ts';
import { SMS_INBOUND_PATH, SMS_STATUS_PATH } from './sms-paths.ts';
import { ladderReplyFrom, ladderReplyText } from '../dispatch/ladder.ts';

export interface TwilioRoutesOptions {
  store: LeadStore;
  authToken: string;
  /** The origin Twilio calls (PUBLIC_ORIGIN): the signature covers the full URL as Twilio saw it. */
  publicOrigin: string;
  /** Whether the customer is told by e-mail which partner accepted (as the job page's accept does). */
  introduce?: boolean | undefined;
}

/** At most this much of a reply is read. */
const REPLY_CHARS = 1600;

const twiml = (reply: FastifyReply, message?: string) => twimlReply(reply, message ? `<Message>${xmlText(message)}</Message>` : '');

const r = textWords.replies;
/** The one answer to a reply. */
function answerTo(outcome: ReplyOutcome): string | undefined {
  switch (outcome.kind) {
    case 'unknown_number':
      return r.unknownNumber;
    // Twilio answers a customer's STOP itself, as a partner's.
    case 'customer':
      return outcome.reply.kind === 'stopped' ? undefined : outcome.reply.kind === 'started' ? textWords.customer.started : textWords.customer.noted;
    case 'no_offer':
      return r.noOffer;
    case 'accepted':
      return r.accepted;
    case 'ended':
      return r.ended(outcome.how);
    case 'held':
      return r.held;
    case 'declined':
      return r.declined;
    // Twilio answers STOP itself on its own numbers; a second answer would only repeat it.
    case 'stopped':
      return undefined;
    case 'started':
      return r.started;
    case 'help':
      return r.help(outcome.waiting);
    case 'which':
      return r.which(outcome.waiting);
    case 'noted':
      return r.noted(outcome.waiting, outcome.until === undefined ? undefined : textTime(outcome.until));
  }
}

export const twilioRoutes: FastifyPluginAsync<TwilioRoutesOptions> = async (app, { store, authToken, publicOrigin, introduce = false }) => {
  const origin = new URL(publicOrigin).origin;
  takeTwilioForms(app, 'text message callback');
  const twilio = { origin, authToken };

  app.post(SMS_INBOUND_PATH, async (request, reply) => {
    const signed = signedForm(request, reply, twilio, SMS_INBOUND_PATH);
    if (!signed) return reply;
    const from = signed.field('From').slice(0, 32);
    const body = signed.field('Body').slice(0, REPLY_CHARS);
    const read = readReply(body);
    let ladderAnswer = '';
    const outcome = await store.transact(function* () {
      if (!(yield* firstCallback(signed.signature))) return undefined;
      // A person of the business answering the escalation ladder's text: about the ladder, not a partner's offer.
      const woken = yield* ladderReplyFrom(from, read);
      if (woken) {
        ladderAnswer = ladderReplyText(woken);
        return 'ladder' as const;
      }
      const answered = yield* replyFrom(from, { ...read, text: body }, answerWords, introduce);
      // Accepting shows the customer's details: that disclosure is recorded with it, as on the job page.
      if (answered.kind === 'accepted' && answered.view.lead)
        yield* audit({
          actor_email: answered.partner.email,
          action: partnerWords.audit.disclosed(answered.view.lead.id, answered.partner.name, answered.partner.email),
          detail: answered.view.lead.work_email,
          ip: request.ip,
        });
      return answered;
    });
    if (!outcome) return replayed(reply);
    if (outcome === 'ladder') {
      request.log.info({ reply: 'ladder' }, 'text message reply');
      return twiml(reply, ladderAnswer);
    }
    request.log.info({ reply: outcome.kind }, 'text message reply');
    return twiml(reply, answerTo(outcome));
  });

  app.post(SMS_STATUS_PATH, async (request, reply) => {
    const signed = signedForm(request, reply, twilio, SMS_STATUS_PATH);
    if (!signed) return reply;
    const sid = signed.field('MessageSid').slice(0, 64);
    const status = signed.field('MessageStatus');
    const taken = await store.transact(function* () {
      if (!(yield* firstCallback(signed.signature))) return false;
      if (sid && isTextStatus(status)) yield* textReceipt(sid, status, signed.field('ErrorCode'), (p) => textWords.events.undelivered(p.name));
      return true;
    });
    return taken ? twiml(reply) : replayed(reply);
  });
};
