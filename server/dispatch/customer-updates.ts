/**
 * What the customer of an urgent lead is told as their job moves, by text to an NZ mobile: who has
 * committed to it (a partner who accepted, or a person of the business who acknowledged it), that
 * the partner is on the way, that the partner handed it back, or, when nobody has committed 30
 * minutes after the request, the honest truth and the 24/7 line (by e-mail too). Each goes once per
 * lead and kind (and per partner, where a second partner's turn deserves its own text): jobs in the
 * one queue, keyed by the lead. What each text says is decided when it is sent, from the lead as it
 * is then, so a text that is no longer true is not sent. A number that replied STOP gets nothing
 * until it replies START.
 */
import { nzMobileE164 } from '../../core/partner/nz-mobile.ts';
import { openJobStatuses } from '../../core/lead/status.ts';
import type { Work } from '../storage/steps.ts';
import { enqueue } from '../storage/job-queue.ts';
import { addEvent, inboxLead, type InboxLead } from '../storage/lead-work.ts';
import { offerRowsOfLead, anyPartnerById, type Offer } from '../storage/offer-records.ts';
import type { Partner } from '../../core/inbox-api/partners.ts';
import {
  acknowledgedEmail,
  customerTextSent,
  everCommitted,
  leadTextedAt,
  setCustomerTextsStopped,
  textsStoppedFor,
  uncommittedUrgentLeads,
} from '../storage/customer-text-records.ts';
import type { ReplyIntent } from '../storage/text-work.ts';
import type { JobPurpose } from '../storage/purposes.ts';

export type CustomerUpdate = 'committed' | 'on_my_way' | 'nobody_yet' | 'handed_back' | 'missed_call';

/** The text job of each update. */
export const CUSTOMER_TEXT_PURPOSE = {
  committed: 'customer-committed',
  on_my_way: 'customer-on-way',
  nobody_yet: 'customer-nobody',
  handed_back: 'customer-handed-back',
  missed_call: 'customer-call-back',
} as const satisfies Record<CustomerUpdate, JobPurpose>;

/** What a customer's text is about when no partner holds the job: a person of the business committed. */
export const BUSINESS = 'business';

let texting = false;
/**
 * Whether customers are texted: on where the server sends texts (Twilio is set up), set as the
 * senders are made. Off, no text job is queued (none would ever be sent); the e-mail still is.
 */
export function textCustomers(on: boolean): void {
  texting = on;
}

/** Whether customers are texted here (the job page says so only when it is true). */
export const customerTexting = (): boolean => texting;

/** The customer's number to text (E.164): an NZ mobile that has not replied STOP; undefined otherwise. */
export function* textableNumber(lead: Pick<InboxLead, 'phone'>): Work<string | undefined> {
  const to = nzMobileE164(lead.phone);
  if (!to || (yield* textsStoppedFor(to))) return undefined;
  return to;
}

/** The partner who holds the lead's job now, with their offer. */
export function* holderOf(leadId: string): Work<{ offer: Offer; partner: Partner } | undefined> {
  const offer = (yield* offerRowsOfLead(leadId)).find((o) => o.state === 'accepted');
  return offer && { offer, partner: yield* anyPartnerById(offer.partner_id) };
}

/** The offer last handed back on the lead (the period of the text saying so: once per hand back). */
function* lastHandedBack(leadId: string): Work<string> {
  const back = (yield* offerRowsOfLead(leadId)).filter((o) => o.end_reason === 'handed_back').sort((a, b) => (a.answered_at ?? 0) - (b.answered_at ?? 0));
  return back.at(-1)?.id ?? BUSINESS;
}

/** Whether a named person has committed to the lead: a partner accepted it, someone woken acknowledged it, or someone of the business has worked it. */
export function* someoneCommitted(lead: InboxLead): Work<boolean> {
  return lead.status !== 'new' || (yield* everCommitted(lead.id));
}

/** Words of an address that name a role or a place, not a person. */
const NOT_A_NAME = new Set([
  'admin',
  'accounts',
  'contact',
  'enquiries',
  'hello',
  'help',
  'info',
  'jobs',
  'mail',
  'office',
  'owner',
  'quotes',
  'reception',
  'sales',
  'service',
  'support',
  'team',
]);

/**
 * A person's first name as their address gives it ("hannah.lee@…" is Hannah), for the customer's
 * text; undefined when the address names no one (office@, quotes@) and the text names the team.
 */
export function firstNameOf(email: string): string | undefined {
  const first = email.split('@')[0]?.split(/[._+-]/)[0] ?? '';
  if (!/^[a-z]{2,20}$/i.test(first) || NOT_A_NAME.has(first.toLowerCase())) return undefined;
  return first[0]!.toUpperCase() + first.slice(1).toLowerCase();
}

/** Who acknowledged the lead for the business, by first name, if someone did and their address names them. */
export function* acknowledgedFirstName(leadId: string): Work<string | undefined> {
  const email = yield* acknowledgedEmail(leadId);
  return email ? firstNameOf(email) : undefined;
}

/** Queues the update for the lead's customer (once per lead and kind); true when this call queued it. */
export function* tellCustomer(leadId: string, update: CustomerUpdate): Work<boolean> {
  const lead = yield* inboxLead(leadId);
  if (!lead || lead.spam || !openJobStatuses.includes(lead.status)) return false;
  // The urgent job's texts; "On my way" is worth a text on any job.
  if (!lead.urgent && update !== 'on_my_way') return false;
  if (update === 'nobody_yet' && (yield* someoneCommitted(lead))) return false;
  let queued = false;
  if (update === 'nobody_yet') queued = yield* enqueue({ purpose: 'customer-nobody-email', of: { lead: leadId } });
  if (!texting || !(yield* textableNumber(lead))) return queued;
  const holder = yield* holderOf(leadId);
  // Each partner's turn is told once: keyed by the lead, with the offer (or the business) as its period.
  const about = holder?.offer.id ?? BUSINESS;
  switch (update) {
    case 'committed':
      return (yield* enqueue({ purpose: CUSTOMER_TEXT_PURPOSE.committed, of: { lead: leadId, period: about }, repeat: 'renew' })) || queued;
    case 'on_my_way':
      if (!holder) return queued;
      return (yield* enqueue({ purpose: CUSTOMER_TEXT_PURPOSE.on_my_way, of: { lead: leadId, period: about }, repeat: 'renew' })) || queued;
    case 'handed_back':
      // Only a customer told someone was coming needs telling they are not.
      if (!(yield* customerTextSent(leadId, 'committed'))) return queued;
      return (
        (yield* enqueue({ purpose: CUSTOMER_TEXT_PURPOSE.handed_back, of: { lead: leadId, period: yield* lastHandedBack(leadId) }, repeat: 'renew' })) || queued
      );
    case 'nobody_yet':
      return (yield* enqueue({ purpose: CUSTOMER_TEXT_PURPOSE.nobody_yet, of: { lead: leadId } })) || queued;
    // A caller nobody answered is texted back by the call's own rules (server/voice/call-leads.ts).
    case 'missed_call':
      return queued;
  }
}

/** How long after an urgent request nobody has committed to its customer is told so. */
export const NOBODY_YET_AFTER_MS = 30 * 60_000;
/** A request older than this when first seen is not told (a server down for hours does not text yesterday's customers). */
const NOBODY_YET_HORIZON_MS = 3 * 60 * 60_000;

/** The urgent leads whose customer is due the "nobody yet" text and e-mail at `now`. */
export function* nobodyYetDue(now: Date): Work<string[]> {
  return yield* uncommittedUrgentLeads(new Date(now.getTime() - NOBODY_YET_HORIZON_MS), new Date(now.getTime() - NOBODY_YET_AFTER_MS));
}

export type CustomerReply = { kind: 'stopped' } | { kind: 'started' } | { kind: 'noted'; leadId: string };

/**
 * A text from a number that is no partner's: when we texted a customer at that number in the last
 * 30 days, STOP turns their texts off and START on again, and anything else goes on their lead's
 * timeline for the business to read. Undefined when we never texted that number.
 */
export function* customerReply(from: string, intent: ReplyIntent, words: string, timelineText: (words: string) => string): Work<CustomerReply | undefined> {
  const number = nzMobileE164(from);
  if (!number) return undefined;
  const leadId = yield* leadTextedAt(number);
  if (!leadId) return undefined;
  if (intent === 'stop' || intent === 'start') {
    yield* setCustomerTextsStopped(number, intent === 'stop');
    return { kind: intent === 'stop' ? 'stopped' : 'started' };
  }
  yield* addEvent(leadId, 'customer', null, timelineText(words));
  return { kind: 'noted', leadId };
}
