/**
 * The partners' text messages, sent through Twilio by the outbox like their e-mails (retried, fenced,
 * once across instances): an urgent offer in one line with its own link to the job page, and after
 * a YES reply the customer's name, phone and site address. Each text's id is kept, so its delivery
 * receipts find it (text-work.ts). Nothing the customer typed freely goes into a text: the place is
 * the city they chose, with the suburb only when it is a plain place name.
 */
import { randomToken, secretHash } from '../security/secrets.ts';
import { partnerOfferUrl } from '../partners/partner-links.ts';
import { attendBy } from '../../core/lead/response-targets.ts';
import { siteAddress } from '../../core/lead/site-address.ts';
import { nzMobileE164 } from '../../core/partner/nz-mobile.ts';
import { armOffer, offerEnded, type OfferView } from '../dispatch/partner-offers.ts';
import type { InboxLead } from '../storage/lead-work.ts';
import { recordText } from '../storage/text-work.ts';
import type { LeadStore } from '../storage/types.ts';
import { TextRefused, type TwilioClient } from '../sms/twilio-client.ts';
import { textWords } from '../sms/text-words.ts';
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

export function offerText(view: OfferView & { lead: InboxLead }, token: string, publicOrigin: string): string {
  const { lead, offer } = view;
  const onSiteBy = attendBy(lead);
  return textWords.plain(
    textWords.offer({
      urgent: lead.urgent,
      service: lead.service_type,
      place: textPlace(lead),
      onSiteBy: onSiteBy ? textTime(onSiteBy) : undefined,
      acceptBy: textTime(offer.expires_at),
      link: partnerOfferUrl(publicOrigin, token),
    }),
  );
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
      const armed = await store.transact(() => armOffer(job, randomToken, secretHash, { channel: 'sms' }));
      if (!armed?.view.lead) return;
      await send(armed.view, offerText({ ...armed.view, lead: armed.view.lead }, armed.token, publicOrigin), 'offer', signal);
    },
    accepted: async (job, signal) => {
      const armed = await store.transact(() => armOffer(job, randomToken, secretHash, { channel: 'sms-accepted', wanted: 'held' }));
      if (!armed?.view.lead) return;
      await send(armed.view, acceptedText({ ...armed.view, lead: armed.view.lead }, armed.token, publicOrigin), 'accepted', signal);
    },
  };
}
