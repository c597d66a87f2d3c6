/**
 * The texts to a lead's customer, sent through Twilio by the outbox (retried, fenced, once across
 * instances): who has committed to their urgent job and when they will be on site, that the partner
 * is on the way, that the partner handed the job back, or that nobody has it yet. What each says is
 * read when it is sent, from the lead as it is then: a text no longer true (the partner handed the
 * job back before it went, someone took it before "nobody yet" went) is not sent. No link, plain
 * GSM-7 characters and at most two parts; each text sent goes on the lead's timeline and is kept
 * by its id, so the customer's reply finds the lead.
 */
import { attendBy } from '../../core/lead/response-targets.ts';
import { openJobStatuses } from '../../core/lead/status.ts';
import type { Partner } from '../../core/inbox-api/partners.ts';
import { addEvent, inboxLead, type InboxLead } from '../storage/lead-work.ts';
import { offerRowById, anyPartnerById, type Offer } from '../storage/offer-records.ts';
import { customerTextSent, recordCustomerText } from '../storage/customer-text-records.ts';
import type { ClaimedJob, LeadStore } from '../storage/types.ts';
import type { Work } from '../storage/steps.ts';
import { acknowledgedFirstName, BUSINESS, holderOf, someoneCommitted, textableNumber, type CustomerUpdate } from '../dispatch/customer-updates.ts';
import { TextRefused, type TwilioClient } from '../sms/twilio-client.ts';
import { textWords } from '../sms/text-words.ts';
import { voiceWords } from '../voice/voice-words.ts';
import { textParts, toGsm7 } from '../sms/segments.ts';
import { textTime } from './partner-texts.ts';
import { PermanentFailure, type JobSender } from './worker.ts';

/** A customer's text is at most this many parts. */
export const CUSTOMER_TEXT_PARTS = 2;

/** One person's detail for a text: GSM-7 letters only (a macron or emoji would halve the room), one line, bounded. */
const plain = (value: string, max: number) => toGsm7(value).slice(0, max).trim();

/** Who acknowledged the lead for the business, by first name, when someone did; the ladder's acknowledgement says. */
export type AcknowledgedBy = (leadId: string) => Work<string | undefined>;

const w = textWords.customer;

/**
 * The words of a text from details that may be long: the name is shortened (never below a few
 * letters) until the whole fits in two parts.
 */
function fitted(make: (name: string) => string, name: string): string {
  let cut = plain(name, 40);
  let text = textWords.plain(make(cut));
  while (textParts(text).segments > CUSTOMER_TEXT_PARTS && cut.length > 3) {
    cut = cut.slice(0, -1).trim();
    text = textWords.plain(make(cut));
  }
  return text;
}

export function committedText(partner: Pick<Partner, 'name' | 'phone'>, lead: InboxLead): string {
  const onSiteBy = attendBy(lead);
  return fitted((name) => w.committed({ name, phone: plain(partner.phone, 20), onSiteBy: onSiteBy ? textTime(onSiteBy) : undefined }), partner.name);
}

export function acknowledgedText(firstName: string | undefined, lead: InboxLead): string {
  const onSiteBy = attendBy(lead);
  return fitted((name) => w.acknowledged({ firstName: name || undefined, onSiteBy: onSiteBy ? textTime(onSiteBy) : undefined }), firstName ?? '');
}

export function onMyWayText(partner: Pick<Partner, 'name' | 'phone'>, arriveBy: number): string {
  return fitted((name) => w.onMyWay({ name, phone: plain(partner.phone, 20), arriveBy: textTime(arriveBy) }), partner.name);
}

export function handedBackText(partner: Pick<Partner, 'name'>): string {
  return fitted((name) => w.handedBack({ name }), partner.name);
}

export const nobodyYetText = (): string => textWords.plain(w.nobodyYet);

/** The text this job should send now, to whom and about what; undefined when it is no longer true (nothing is sent). */
function* textNow(
  job: ClaimedJob,
  update: CustomerUpdate,
  acknowledgedBy: AcknowledgedBy,
): Work<{ lead: InboxLead; to: string; body: string; about: string } | undefined> {
  const lead = job.lead_id ? yield* inboxLead(job.lead_id) : undefined;
  if (!lead) throw new PermanentFailure('lead no longer exists');
  if (lead.spam || !openJobStatuses.includes(lead.status)) return undefined;
  const to = yield* textableNumber(lead);
  if (!to) return undefined;
  const about = job.period ?? BUSINESS;
  if (yield* customerTextSent(lead.id, update, about)) return undefined;
  const holder = yield* holderOf(lead.id);
  const said = (body: string) => ({ lead, to, body, about });
  switch (update) {
    case 'committed':
      if (holder) return holder.offer.id === about ? said(committedText(holder.partner, lead)) : undefined;
      // No partner holds it: a person of the business acknowledged it (the ladder queued this).
      return about === BUSINESS ? said(acknowledgedText(yield* acknowledgedBy(lead.id), lead)) : undefined;
    case 'on_my_way': {
      const offer: Offer | undefined = holder?.offer.id === about ? holder.offer : undefined;
      if (!holder || !offer?.arrive_by || offer.on_site_at !== null) return undefined;
      return said(onMyWayText(holder.partner, offer.arrive_by));
    }
    case 'handed_back': {
      // Someone else has it already: their own text says who, and this one would only confuse.
      if (holder) return undefined;
      const offer = yield* offerRowById(about);
      if (offer?.end_reason !== 'handed_back') return undefined;
      return said(handedBackText(yield* anyPartnerById(offer.partner_id)));
    }
    case 'nobody_yet':
      return (yield* someoneCommitted(lead)) ? undefined : said(nobodyYetText());
    case 'missed_call':
      return said(textWords.plain(voiceWords.textBack));
  }
}

export interface CustomerTextOptions {
  store: LeadStore;
  client: TwilioClient;
  /** Who acknowledged a lead for the business (first name); by default, as their address names them, else the team. */
  acknowledgedBy?: AcknowledgedBy;
}

/** The text senders of the customer's updates. */
export function createCustomerTexts({ store, client, acknowledgedBy = acknowledgedFirstName }: CustomerTextOptions) {
  const sender =
    (update: CustomerUpdate): JobSender =>
    async (job, signal) => {
      const text = await store.read(() => textNow(job, update, acknowledgedBy));
      if (!text) return;
      let sent;
      try {
        sent = await client.send({ to: text.to, body: text.body }, signal);
      } catch (error) {
        // A number Twilio will not text (a landline after all, a customer who blocked us): another try gets the same answer.
        if (error instanceof TextRefused) throw new PermanentFailure(error.message);
        throw error;
      }
      await store.transact(function* () {
        yield* recordCustomerText({ sid: sent.sid, leadId: text.lead.id, phone: text.to, kind: update, about: text.about, status: sent.status });
        yield* addEvent(text.lead.id, 'customer', null, textWords.events.customerTexted(text.body));
      });
    };
  return {
    'customer-committed': sender('committed'),
    'customer-on-way': sender('on_my_way'),
    'customer-handed-back': sender('handed_back'),
    'customer-nobody': sender('nobody_yet'),
    'customer-call-back': sender('missed_call'),
  } as const;
}
