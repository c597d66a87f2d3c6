/**
 * What each token of the content stands for, in the site editor's words: the editor names the
 * figure a text repeats, and explains the tokens a text holds, with these.
 */
import { PRICE_LABELS, type PriceKey } from './guide-prices.ts';

export const tokenLabels = {
  business: 'the business’s name',
  email: 'the contact e-mail',
  emergencyLine: 'the emergency phone number',
  emergencyDigits: 'the emergency phone number as digits',
  emergencyTel: 'the emergency phone number’s call link',
  howWeWork: 'how the business works with suppliers and technicians',
  leadRetention: 'how long quote requests are kept',
  heldJob: 'how long a partner can see a job',
  whileYouWait: 'what to do while waiting for a technician',
  quoteWithin: 'the quote promise',
  emailReplyWithin: 'the e-mail reply promise',
  responseRegional: 'the emergency response target outside the six cities',
} as const;

/** "the emergency response target for Auckland, Wellington and Christchurch". */
export const responseLabel = (cities: readonly string[]) =>
  `the emergency response target for ${cities.length === 1 ? cities[0]! : `${cities.slice(0, -1).join(', ')} and ${cities.at(-1)!}`}`;

/** "the “Standard display fridge” price": named by the label its field has in Business details. */
export const priceLabel = (key: PriceKey) => `the “${PRICE_LABELS[key]}” price`;
