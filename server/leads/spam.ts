/**
 * Spam screening beyond the honeypot: a score from independent signals, each with a reason a
 * person can read in `npm run leads -- spam`. A lead scoring SPAM_THRESHOLD or more is stored,
 * flagged and never notified. Weights are set so that no single weak signal (a web address in the
 * notes, a quick submit, one salesy phrase) makes a lead spam on its own; the labelled set in
 * tests/fixtures/spam-corpus.ts holds them to zero false positives.
 */
import { cleanMultiLine, type Lead } from '../../core/lead/schema.ts';

export const SPAM_THRESHOLD = 3;

export interface SpamVerdict {
  spam: boolean;
  score: number;
  reasons: string[];
}

export interface SpamContext {
  /** The hidden honeypot field was filled. */
  honeypot?: boolean;
  /** Milliseconds from page load to submit, as the form's script reported it; undefined when it did not. */
  elapsedMs?: number | undefined;
}

// A web address: with a scheme, starting www., or a bare domain on a common top-level domain.
const LINK =
  /\b(?:https?:\/\/[^\s<>"]+|www\.[^\s<>"]+|[a-z0-9-]+(?:\.[a-z0-9-]+)*\.(?:com|net|org|info|biz|ru|su|ua|cn|xyz|top|site|online|shop|store|click|link|io|ly|me|us|uk|nz|au)\b(?:\/[^\s<>"]*)?)/gi;
const SCHEME_OR_WWW = /https?:\/\/|\bwww\./i;
const LINK_MARKUP = /\[url[=\]]|<a\s+href|\[link=/i;
const CYRILLIC = /[\u0400-\u04ff]/g;
const LETTER = /\p{L}/gu;

/** Phrases that real refrigeration enquiries do not use; weight 3 is spam on its own, 2 needs one more signal. */
const spamPhrases: { pattern: RegExp; weight: number; label: string }[] = [
  { pattern: /\b(viagra|cialis|casino|porn|escort|sex dating|hookup)\b/i, weight: 3, label: 'adult or gambling words' },
  { pattern: /\b(bitcoin|crypto(currency)?|forex|binary options|nft)\b/i, weight: 3, label: 'crypto or trading pitch' },
  { pattern: /\bback ?links?\b|\bguest posts?\b|\blink building\b/i, weight: 3, label: 'link selling' },
  { pattern: /\bseo\b|search engine optimi[sz]ation/i, weight: 2, label: 'SEO pitch' },
  {
    pattern: /first page of google|rank(ing)? (higher|#?1|first|on google)|top of google|\brank (your )?(web ?site|business|site)\b/i,
    weight: 3,
    label: 'ranking pitch',
  },
  {
    pattern: /\b(increase|boost|more) (your )?(website |web |organic |site )+(traffic|visitors)|\btraffic to your (web)?site/i,
    weight: 3,
    label: 'traffic pitch',
  },
  {
    pattern: /\b(web ?site|web|app|mobile app) (design|development|redesign) (services?|company|agency|team)|\bredesign your website\b/i,
    weight: 2,
    label: 'web design pitch',
  },
  {
    pattern: /digital marketing|social media (marketing|management)|lead generation (services?|agency)|marketing agency/i,
    weight: 2,
    label: 'marketing pitch',
  },
  {
    pattern: /\b(loans?|funding|financing) (offer|approved|available)|business (loan|funding) (of|up to)|\bmerchant cash advance/i,
    weight: 2,
    label: 'finance pitch',
  },
  { pattern: /\b(virtual assistants?|outsourc(e|ing) (your|to)|offshore (team|developers))\b/i, weight: 2, label: 'outsourcing pitch' },
  { pattern: /\bunsubscribe\b|\bopt[- ]out\b|\bthis is not spam\b|\breply ["“]?(stop|no|remove)["”]?/i, weight: 2, label: 'bulk-mail wording' },
  { pattern: /\bdear (sir|madam|sir\/madam|sir or madam|business owner|website owner)\b/i, weight: 1, label: 'form-letter greeting' },
  {
    pattern:
      /\b(noticed|visited|came across|reviewed|checked|looked at) your (web ?site|site)\b.*\b(improve|ranking|traffic|redesign|mobile[- ]friendly|outdated|visitors)|\bwebsite visitors?\b/i,
    weight: 2,
    label: 'pitch about our website',
  },
  { pattern: /\b(earn|make) \$?\d[\d,]*(k)? (a|per) (day|week|month)|\bwork from home\b|\bpassive income\b/i, weight: 3, label: 'money-making pitch' },
  {
    pattern: /\b(buy|cheap|discount) (followers|likes|reviews|essays?|replica)\b|\bessay writing\b/i,
    weight: 3,
    label: 'selling followers, reviews or essays',
  },
];

/** Selling to the business rather than asking it for work. */
const SALES_PITCH =
  /\b(we offer|we provide|our (services?|team|agency|company|developers) (can|is|are|will)|we are an? [\w\s-]{0,30}(agency|company|firm|specialists?)|free (audit|proposal|mock-?ups?|trial|consultation)|can i send you|guaranteed)\b/i;
/**
 * Words a refrigeration enquiry almost always has (English, plus Russian roots so an enquiry written
 * in Russian about a fridge is not counted as off-topic).
 */
const ON_TOPIC =
  /fridge|freez|chill|cool|cold|refrig|\bice\b|icing|frost|temperat|compressor|regas|thermostat|gasket|seal|display|multideck|walk-?in|\bkegs?\b|kitchen|cabinet|evaporat|condens|plant room|°|\b\d+\s?c\b|quote|pric|repair|maintenance|install|холод|мороз/i;

function links(text: string): string[] {
  return text.match(LINK) ?? [];
}

/** Scores a lead; honeypot and timing come from the request, everything else from the lead. */
/**
 * The form a reader sees: compatibility forms folded (fullwidth ｖｉａｇｒａ, ligatures, circled
 * letters become plain letters) and invisible characters dropped, so neither hides a word or a link.
 * Only the score uses it; the lead is stored as sent.
 */
export function screenText(value: string): string {
  return cleanMultiLine(value.normalize('NFKC'));
}

export function scoreLead(sent: Pick<Lead, 'contact_name' | 'company_name' | 'notes'>, context: SpamContext = {}): SpamVerdict {
  const lead = { contact_name: screenText(sent.contact_name), company_name: screenText(sent.company_name), notes: screenText(sent.notes) };
  const reasons: string[] = [];
  let score = 0;
  const add = (weight: number, reason: string) => {
    score += weight;
    reasons.push(reason);
  };

  if (context.honeypot) add(10, 'hidden field filled');

  if (links(lead.contact_name).length) add(3, 'web address in the name');
  if (SCHEME_OR_WWW.test(lead.company_name)) add(3, 'web link in the company name');

  const notes = lead.notes;
  if (LINK_MARKUP.test(`${notes} ${lead.company_name} ${lead.contact_name}`)) add(3, 'link markup');
  const found = links(notes);
  if (found.length) {
    const linkChars = found.join('').length;
    const allChars = notes.replace(/\s+/g, '').length;
    const share = allChars ? linkChars / allChars : 0;
    if (found.length >= 4) add(3, `${found.length} web addresses in the notes`);
    else if (found.length >= 2 && share > 0.8) add(3, 'notes are nothing but links');
    else if (share > 0.8) add(2, 'notes are a link and little else');
    else if (share > 0.5) add(1, 'notes are mostly links');
  }

  const words = notes.split(/\s+/).filter((w) => /\p{L}/u.test(w)).length;
  if (words >= 5 && !ON_TOPIC.test(notes)) add(1, 'nothing about refrigeration');
  if (SALES_PITCH.test(notes)) add(1, 'offers the business a service');
  if (links(lead.company_name).length && !SCHEME_OR_WWW.test(lead.company_name)) add(1, 'web address as the company name');

  const letters = (notes.match(LETTER) ?? []).length;
  const cyrillic = (notes.match(CYRILLIC) ?? []).length;
  if (letters >= 20 && cyrillic / letters > 0.3) add(2, 'notes mostly in Cyrillic script');

  const text = `${lead.contact_name}\n${lead.company_name}\n${notes}`;
  let phraseScore = 0;
  for (const { pattern, weight, label } of spamPhrases) {
    if (pattern.test(text) && phraseScore < 6) {
      phraseScore += weight;
      add(weight, `spam phrase (${label})`);
    }
  }

  const elapsed = context.elapsedMs;
  if (elapsed !== undefined && Number.isFinite(elapsed) && elapsed >= 0) {
    // Under a second from page load to submit, nobody has typed a name and an address; under four, it takes autofill and haste.
    if (elapsed < 1000) add(3, `sent ${(elapsed / 1000).toFixed(1)} s after the page opened`);
    else if (elapsed < 4000) add(2, `sent ${(elapsed / 1000).toFixed(1)} s after the page opened`);
  }

  return { spam: score >= SPAM_THRESHOLD, score, reasons };
}

/** The timing field's value as milliseconds, or undefined when absent or not a whole number. */
export function parseElapsed(value: string | undefined): number | undefined {
  if (value === undefined || !/^\d{1,12}$/.test(value.trim())) return undefined;
  return Number(value.trim());
}
