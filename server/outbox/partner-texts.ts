/**
 * The partners' text messages, sent through Twilio by the outbox like their e-mails (retried, fenced,
 * once across instances): an urgent offer in one line with its own link to the job page, and after
 * a YES reply the customer's name, phone and site address. Each text's id is kept, so its delivery
 * receipts find it (text-work.ts). The place is the city the customer chose, with the suburb only
 * when it is a plain place name; what they wrote about the fault goes in cleaned as the offer e-mail
 * cleans it (no phone, e-mail address or link), and the whole text stays within three parts.
 */
import { randomToken, secretHash } from '../security/secrets.ts';
import { partnerOfferUrl } from '../partners/partner-links.ts';
import { attendBy } from '../../core/lead/response-targets.ts';
import { siteAddress } from '../../core/lead/site-address.ts';
import { nzMobileE164 } from '../../core/partner/nz-mobile.ts';
import { armOffer, offerEnded, type OfferView } from '../dispatch/partner-offers.ts';
import type { InboxLead } from '../storage/lead-work.ts';
import { offerTextCode, recordText } from '../storage/text-work.ts';
import type { LeadStore } from '../storage/types.ts';
import { TextRefused, type TwilioClient } from '../sms/twilio-client.ts';
import { textWords } from '../sms/text-words.ts';
import { gsmCapacity, textParts, toGsm7 } from '../sms/segments.ts';
import { codeCandidates } from '../sms/job-codes.ts';
import { withoutContactDetails } from '../partners/customer-text.ts';
import { SMS_STATUS_PATH } from '../sms/sms-paths.ts';
import { PermanentFailure, type JobSender } from './worker.ts';
import { NZ_TIME_ZONE } from '../../core/nz-time.ts';

export interface PartnerTextOptions {
  store: LeadStore;
  client: TwilioClient;
  publicOrigin: string;
}

/** A suburb as typed, when it is only a place name (letters, spaces, hyphens, apostrophes, macrons); nothing else reaches a text. */
const PLACE_NAME = /^[\p{L}][\p{L} '’-]{1,39}$/u;

/** Where the job is, for a text before accepting: the city, and the suburb when it is a plain place name. */
export function textPlace(lead: Pick<InboxLead, 'site_suburb' | 'city'>): string {
  const suburb = lead.site_suburb.trim();
  const city = lead.city.trim();
  return [PLACE_NAME.test(suburb) && suburb.toLowerCase() !== city.toLowerCase() ? suburb : '', city].filter(Boolean).join(', ') || 'New Zealand';
}

const shortTime = new Intl.DateTimeFormat('en-NZ', { timeZone: NZ_TIME_ZONE, hour: 'numeric', minute: '2-digit', weekday: 'short' });
/** A time on a lock screen: "Fri 2:30 am", in New Zealand time. */
export const textTime = (at: number | string) => shortTime.format(new Date(at)).replace(',', '');

/** One line of a customer's detail for a text: control characters out, bounded. */
const field = (value: string, max: number) =>
  value
    .replace(/[\p{Cc}\p{Cf}]+/gu, ' ')
    .trim()
    .slice(0, max);

/** An offer's text is at most this many parts: a few lines on a lock screen, and a bounded cost. */
export const OFFER_TEXT_PARTS = 3;

/** The lead's kind of work for a text: the service, how many units and the trade, as the offer e-mail gives them. */
function textWhat(lead: InboxLead): string {
  return [lead.service_type || 'refrigeration', lead.num_units && `${lead.num_units} ${lead.num_units === '1' ? 'unit' : 'units'}`, lead.industry]
    .filter(Boolean)
    .join(', ');
}

/** Cut at a word's end to fit `septets` (with "..." after), or whole when it fits. */
function cutToFit(words: string, septets: number): string {
  if (textParts(words).units <= septets) return words;
  const room = septets - 3;
  if (room <= 0) return '';
  let cut = '';
  for (const c of words) {
    if (textParts(cut + c).units > room) break;
    cut += c;
  }
  // Back to the last space, unless that leaves almost nothing; a removed-detail mark is never left half-cut.
  const space = cut.lastIndexOf(' ');
  if (space > room / 2) cut = cut.slice(0, space);
  const open = cut.lastIndexOf('[');
  if (open > cut.lastIndexOf(']')) cut = cut.slice(0, open);
  return `${cut.replace(/[\s.,;:-]+$/, '')}...`;
}

/**
 * The offer's text: the job, what the customer says is wrong in their own words (in GSM-7 letters,
 * without any way to reach them and without links, exactly as the offer e-mail cleans them, then cut
 * to fit), when, the link and the job's code. Never more than OFFER_TEXT_PARTS parts.
 */
export function offerText(view: OfferView & { lead: InboxLead }, token: string, publicOrigin: string, code?: string): string {
  const { lead, offer } = view;
  const onSiteBy = attendBy(lead);
  const text = (said: string) =>
    textWords.plain(
      textWords.offer({
        urgent: lead.urgent,
        code,
        what: toGsm7(textWhat(lead)),
        place: toGsm7(textPlace(lead)),
        said,
        onSiteBy: onSiteBy ? textTime(onSiteBy) : undefined,
        acceptBy: textTime(offer.expires_at),
        link: partnerOfferUrl(publicOrigin, token),
      }),
    );
  // Written in GSM-7 before cleaning, so a number typed in full-width digits is found as one.
  const notes = toGsm7(withoutContactDetails(toGsm7(lead.notes), lead));
  const room = gsmCapacity(OFFER_TEXT_PARTS) - textParts(text('')).units - textParts('Customer says: "" ').units;
  const said = notes ? cutToFit(notes, room) : '';
  const full = text(said);
  // Belt and braces: a text that would still run over (an enormous link) goes without the customer's words.
  return textParts(full).segments <= OFFER_TEXT_PARTS ? full : text('');
}

export function acceptedText(view: OfferView & { lead: InboxLead }, token: string, publicOrigin: string): string {
  const { lead } = view;
  return textWords.plain(
    textWords.accepted({
      name: field(lead.contact_name, 60),
      phone: field(lead.phone, 30),
      address: field(siteAddress(lead) || lead.city, 120),
      link: partnerOfferUrl(publicOrigin, token),
    }),
  );
}

/** The text senders of the purposes that travel by text (the offer, and the customer's details after a YES). */
export function createPartnerTexts({ store, client, publicOrigin }: PartnerTextOptions): { offer: JobSender; accepted: JobSender } {
  const statusCallback = `${publicOrigin}${SMS_STATUS_PATH}`;
  const send = async (view: OfferView, body: string, purpose: 'offer' | 'accepted', signal?: AbortSignal) => {
    const to = nzMobileE164(view.partner.phone);
    // Texts turned off (or the number changed to a landline) since it was queued: the e-mail still goes.
    if (!to || !view.partner.sms) return;
    try {
      const sent = await client.send({ to, body, statusCallback }, signal);
      await store.transact(() => recordText({ sid: sent.sid, offerId: view.offer.id, partnerId: view.partner.id, purpose, status: sent.status }));
    } catch (error) {
      if (!(error instanceof TextRefused)) throw error;
      // Twilio refused this message (a bad number, a partner who opted out): another try gets the same
      // answer, and an urgent offer goes on to the next partner now, as when a text is not delivered.
      if (purpose === 'offer') await store.transact(() => offerEnded(view.offer.id, 'undelivered', (p) => textWords.events.undelivered(p.name)));
      throw new PermanentFailure(error.message);
    }
  };
  return {
    offer: async (job, signal) => {
      const armed = await store.transact(function* () {
        const made = yield* armOffer(job, randomToken, secretHash, { channel: 'sms' });
        return made && { ...made, code: yield* offerTextCode(made.view.offer.id, codeCandidates(made.view.offer.id)) };
      });
      if (!armed?.view.lead) return;
      await send(armed.view, offerText({ ...armed.view, lead: armed.view.lead }, armed.token, publicOrigin, armed.code), 'offer', signal);
    },
    accepted: async (job, signal) => {
      const armed = await store.transact(() => armOffer(job, randomToken, secretHash, { channel: 'sms-accepted', wanted: 'held' }));
      if (!armed?.view.lead) return;
      await send(armed.view, acceptedText({ ...armed.view, lead: armed.view.lead }, armed.token, publicOrigin), 'accepted', signal);
    },
  };
}
