/**
 * When a customer is asked for a Google review, and how. A lead marked Won (after its partner's
 * "Job done" too: the owner's Won is the confirmation) queues one request, a short while later so
 * a mistaken Won can be undone or the lead skipped: by text to an NZ mobile that has not replied
 * STOP, otherwise by e-mail to an address that has not unsubscribed. Whether to ask is decided
 * again as it is sent. The message carries a link of ours that counts the press and leads only
 * to the business's own review page on Google. If it was not pressed, one reminder follows three
 * days on. Nobody is asked twice within six months, by phone or by e-mail, whichever lead they
 * came through; nobody is asked at all while the owners have requests off, nor for a lead an
 * owner skipped.
 */
import { DAY_MS } from '../../core/nz-time.ts';
import { business } from '../../core/business.ts';
import { nzMobileE164 } from '../../core/partner/nz-mobile.ts';
import { randomToken, secretHash } from '../security/secrets.ts';
import { enqueue } from '../storage/job-queue.ts';
import { keepJobSecret } from '../storage/outbox-jobs.ts';
import { inboxLead, type InboxLead } from '../storage/lead-work.ts';
import type { ClaimedJob } from '../storage/types.ts';
import type { Work } from '../storage/steps.ts';
import { customerTexting, textableNumber } from '../dispatch/customer-updates.ts';
import {
  askedRecently,
  claimContacts,
  emailOptedOut,
  keepReviewLink,
  reviewRequestOf,
  reviewsOn,
  settleRequest,
  type HoldReason,
  type ReviewChannel,
} from '../storage/review-records.ts';

const MINUTE_MS = 60_000;

export const REVIEW_TIMES = {
  /** After Won, before the request goes: room to undo a mistaken Won, or to skip the lead. */
  requestAfterMs: 10 * MINUTE_MS,
  /** The one reminder, when the link was not pressed. */
  remindAfterMs: 3 * DAY_MS,
  /** A review link ends this long after the reminder was due: its purpose is over, and it leads nowhere from then on. */
  linkOutlivesReminderMs: 14 * DAY_MS,
  /** Nobody is asked twice within this long (six months). */
  askOnceWithinMs: 183 * DAY_MS,
} as const;

/** The review link (`/r/TOKEN`, a page on to Google whose script posts the press) and the e-mail's unsubscribe link (`/u/TOKEN`); the request log redacts both tokens. */
export const REVIEW_LINK_PATH = '/r';
/** The review link page's script, beside the links (a token never holds a dot, so the two never meet). */
export const PRESS_SCRIPT_PATH = `${REVIEW_LINK_PATH}/press.js`;
export const UNSUBSCRIBE_PATH = '/u';

/** A token as randomToken makes them: 43 URL-safe base64 characters. Anything else is nobody's. */
export const REVIEW_TOKEN = /^[A-Za-z0-9_-]{43}$/;

/** Where every review link leads: the business's own place on Google, from its stored ID alone. */
export function googleReviewUrl(placeId: string): string {
  const url = new URL('https://search.google.com/local/writereview');
  url.searchParams.set('placeid', placeId);
  return url.href;
}

/** A phone number as one customer's key: an NZ mobile in E.164, else its digits with the country code as a 0. */
function phoneKey(phone: string): string | undefined {
  const mobile = nzMobileE164(phone);
  if (mobile) return mobile;
  const digits = phone.replace(/\D/g, '').replace(/^(00)?64/, '0');
  return digits.length >= 7 ? digits : undefined;
}

export const emailKey = (email: string) => secretHash(`mail:${email.trim().toLowerCase()}`);

/** The customer's phone and e-mail, normalised and hashed: who "asked within six months" is about. */
export function contactHashes(lead: Pick<InboxLead, 'phone' | 'work_email'>): string[] {
  const phone = phoneKey(lead.phone ?? '');
  return [...(phone ? [secretHash(`tel:${phone}`)] : []), ...(lead.work_email.trim() ? [emailKey(lead.work_email)] : [])];
}

/** How the lead's customer would be asked now: by text where texts go and the number takes them, else by e-mail. */
function* channelFor(lead: InboxLead): Work<ReviewChannel | HoldReason> {
  if (customerTexting() && (yield* textableNumber(lead))) return 'sms';
  if (!lead.work_email.trim()) return nzMobileE164(lead.phone ?? '') ? 'stopped' : 'no_contact';
  return (yield* emailOptedOut(emailKey(lead.work_email))) ? 'unsubscribed' : 'email';
}

/** Why this lead's customer is not to be asked by `channel` now, if they are not. */
function* whyNot(lead: InboxLead, channel: ReviewChannel): Work<HoldReason | undefined> {
  if (!(yield* reviewsOn())) return 'off';
  if (!business.googlePlaceId) return 'no_place';
  if (lead.spam || lead.status !== 'won') return 'not_won';
  if (channel === 'sms') return (yield* textableNumber(lead)) ? undefined : 'stopped';
  return (yield* emailOptedOut(emailKey(lead.work_email))) ? 'unsubscribed' : undefined;
}

/**
 * A lead just marked Won: its request is queued (once per lead, whatever is marked later), unless an
 * owner skipped it or it would not go; then the lead says why. True when queued.
 */
export function* askForReview(leadId: string, { again = false } = {}): Work<boolean> {
  const lead = yield* inboxLead(leadId);
  if (!lead || lead.status !== 'won') return false;
  if (yield* reviewRequestOf(leadId)) return false;
  const channel = yield* channelFor(lead);
  const why = channel === 'sms' || channel === 'email' ? yield* whyNot(lead, channel) : channel;
  if (why) {
    yield* settleRequest(leadId, 'held', { reason: why });
    return false;
  }
  // `again`: an owner asks after all on a lead they skipped, whose job may have run and found the skip.
  return yield* enqueue({
    purpose: 'review-request',
    transport: channel as ReviewChannel,
    of: { lead: leadId },
    delayMs: REVIEW_TIMES.requestAfterMs,
    repeat: again ? 'again' : 'once',
  });
}

/** A message ready to go: to whom, its review link and (for an e-mail) its unsubscribe link. */
export interface ArmedReview {
  lead: InboxLead;
  channel: ReviewChannel;
  reviewToken: string;
  stopToken: string | undefined;
}

/** The contacts raced: another lead's request took one first. The transaction is undone and the job tries again (and then holds). */
export class AskedMeanwhile extends Error {}

/**
 * Decides, as the job runs, whether its message still goes, and if so makes its links (the tokens
 * kept with the job until it is delivered, so a send repeated after a crash carries the same ones).
 * The request claims the customer's contacts for six months first; a reminder goes only for a
 * request sent and not pressed. Undefined: nothing is to be sent.
 */
export function* armReview(job: ClaimedJob, reminder: boolean): Work<ArmedReview | undefined> {
  const lead = job.lead_id ? yield* inboxLead(job.lead_id) : undefined;
  if (!lead) return undefined;
  const channel = job.transport === 'sms' ? 'sms' : 'email';
  const request = yield* reviewRequestOf(lead.id);
  const why = yield* whyNot(lead, channel);
  if (reminder) {
    if (why || request?.state !== 'sent' || request.pressed_at !== null || request.reminded_at !== null) return undefined;
  } else {
    if (request?.state === 'skipped' || request?.state === 'sent' || request?.state === 'held') return undefined;
    const contacts = contactHashes(lead);
    const held = why ?? ((yield* askedRecently(contacts, lead.id, REVIEW_TIMES.askOnceWithinMs)) ? 'asked_recently' : undefined);
    if (held) {
      yield* settleRequest(lead.id, 'held', { reason: held });
      return undefined;
    }
    if (!(yield* claimContacts(contacts, lead.id, REVIEW_TIMES.askOnceWithinMs))) throw new AskedMeanwhile('another request took this customer first');
    yield* settleRequest(lead.id, 'sending', { channel });
  }
  const [reviewToken = randomToken(), stopToken = channel === 'email' ? randomToken() : undefined] = job.secret?.split('.') ?? [];
  if (!(yield* keepJobSecret(job, [reviewToken, stopToken].filter(Boolean).join('.')))) return undefined;
  const endsInMs = (reminder ? 0 : REVIEW_TIMES.remindAfterMs) + REVIEW_TIMES.linkOutlivesReminderMs;
  yield* keepReviewLink(secretHash(reviewToken), lead.id, 'review', endsInMs);
  if (stopToken) yield* keepReviewLink(secretHash(stopToken), lead.id, 'stop', null);
  return { lead, channel, reviewToken, stopToken };
}

/** After a request went: its one reminder, the same way, unless its link is pressed first. */
export function* queueReminder(leadId: string, channel: ReviewChannel): Work<void> {
  yield* enqueue({ purpose: 'review-reminder', transport: channel, of: { lead: leadId }, delayMs: REVIEW_TIMES.remindAfterMs });
}
