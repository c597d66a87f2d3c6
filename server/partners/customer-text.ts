/**
 * What the customer typed, as a partner may read it. The notes are a stranger's free text sent on
 * under the business's name: before a partner accepts, any way to reach the customer (a phone
 * number, an e-mail address) and any link is taken out, so the details reach only the partner who
 * takes the job and no e-mail of the business carries a stranger's link. After accepting, the
 * partner reads the notes whole, but links are written so no mail app or browser makes them
 * clickable. Hand-written patterns: no library names "a phone number as a New Zealander types it".
 */

/** An e-mail address, however it is surrounded. */
const EMAIL = /[^\s@<>()[\]"',;:]+@[^\s@<>()[\]"',;:]+\.[^\s@<>()[\]"',;:]+/g;
/** A link: a scheme, or www., or a name.tld followed by a path; also bare name.tld with a common link ending. */
const LINK =
  /\b(?:[a-z][a-z0-9+.-]*:\/\/|www\.)[^\s<>"]+|\b(?:[a-z0-9-]+\.)+[a-z]{2,24}(?:[/:?#][^\s<>"]*)|\b(?:[a-z0-9-]+\.)+(?:com|net|org|nz|io|co|info|biz|app|xyz|link|site|online|me|ly|to|example)\b/gi;
/**
 * Digits as phone numbers are typed here: starting with +, a bracket or a 0 (every New Zealand
 * number written in full does), one space, dash, dot or closing bracket between digits; or seven
 * or more digits in one run. A number such as "-8" before it stays its own. The first form runs as
 * far as the digits go: two numbers written one after the other are one run, taken out whole (cut
 * at 15 digits, the second number's tail would be left behind).
 */
const PHONE_LIKE = /(?:\+\d|\(\d|\b0)(?:(?:\)[\s.-]?|[\s.-])?\d){5,}|\b\d{7,15}\b/g;
/** A date typed as digits is not a phone number. */
const DATE_LIKE = /^\d{1,4}[-./]\d{1,2}[-./]\d{1,4}$/;

export const removedWords = {
  phone: '[phone removed]',
  email: '[e-mail removed]',
  link: '[link removed]',
  name: '[name removed]',
  company: '[company removed]',
} as const;

/** Who the customer is, as their lead gives it: what the notes must not give away before a partner accepts. */
export interface CustomerOwn {
  contact_name: string;
  company_name: string;
  phone: string;
  work_email: string;
}

/** Not a letter or digit on either side: a name is taken out only as whole words ("Jo" stays in "Jobs"). */
const wholeWords = (sources: readonly string[]) => new RegExp(`(?<![\\p{L}\\p{N}])(?:${sources.join('|')})(?![\\p{L}\\p{N}])`, 'giu');
const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** A name's words, however they were spaced. */
const wordsOf = (name: string) =>
  name
    .normalize('NFC')
    .trim()
    .split(/[\s\u00a0]+/u)
    .filter(Boolean);
/** Some words as the notes may write them: any run of spaces or a hyphen between them. */
const phraseOf = (words: readonly string[]) => words.map(escaped).join('[\\s\\u00a0-]+');
/** A name part of one letter (an initial) is left: it would take every "a" and "I" out of the notes. */
const SHORTEST = 2;
const longEnough = (phrase: string) => [...phrase].length >= SHORTEST;
/** What a company's name may end with that people leave off when they write it. */
const LEGAL_ENDING = /[\s,]+(?:ltd\.?|limited|co\.?|inc\.?|nz)$/iu;

/** Longest first, so a whole name goes as one rather than word by word. */
function anyOf(phrases: readonly string[]): RegExp | undefined {
  const kept = [...new Set(phrases.filter(longEnough))].sort((a, b) => b.length - a.length);
  return kept.length === 0 ? undefined : wholeWords(kept.map((phrase) => phraseOf(wordsOf(phrase))));
}

/** The company's name as written, and without "Ltd" or the like. */
function ownCompany(customer: CustomerOwn): RegExp | undefined {
  const company = wordsOf(customer.company_name).join(' ');
  return anyOf([company, company.replace(LEGAL_ENDING, '')]);
}

/** A word of a person's name: letters, with apostrophes or hyphens inside ("O'Brien", "Mary-Jane"). */
const NAME_WORD = /^[\p{L}\p{M}]+(?:['’-][\p{L}\p{M}]+)*$/u;
/** Quotes, brackets and stops around a word, which are not part of it. */
const OUTER_MARKS = /^["'‘’“”([]+|["'‘’“”)\].,;:!?]+$/gu;

/** The customer's whole name, and each word of it, hyphened parts too (a first name alone is theirs too); what is no name's word (a stray mark) is left. */
function ownName(customer: CustomerOwn): RegExp | undefined {
  const name = wordsOf(customer.contact_name);
  const words = name.map((word) => word.replace(OUTER_MARKS, '')).filter((word) => NAME_WORD.test(word));
  return anyOf([name.join(' '), ...words, ...words.flatMap((word) => word.split('-'))]);
}

/** The customer's own phone number in any spacing: with +64 or 0 in front, or without its area code. */
function ownPhone(phone: string): RegExp | undefined {
  const digits = phone.replace(/\D/g, '');
  if (digits.length < 7) return undefined;
  const national = phone.trim().startsWith('+') && digits.startsWith('64') ? digits.slice(2) : digits.replace(/^0/, '');
  const spaced = (run: string) => [...run].join('[^\\p{L}\\p{N}]{0,3}');
  const forms = [`(?:\\+[^\\p{L}\\p{N}]{0,3}6[^\\p{L}\\p{N}]{0,3}4|0)[^\\p{L}\\p{N}]{0,3}${spaced(national)}`, spaced(digits), spaced(national.slice(-7))];
  return new RegExp(`(?<!\\d)(?:${forms.join('|')})(?!\\d)`, 'gu');
}

/** A run of more digits than one phone number holds is several written together (or a number hidden in a longer one): it goes too. */
function isPhone(run: string): boolean {
  const digits = run.replace(/\D/g, '');
  return digits.length >= 7 && !DATE_LIKE.test(run.trim());
}

/**
 * The notes without phone numbers, e-mail addresses or links, nor the customer's own name, company,
 * phone or e-mail wherever they wrote them (given `customer`): what a partner reads before accepting.
 */
export function withoutContactDetails(text: string, customer?: CustomerOwn): string {
  let shown = text.normalize('NFC').replace(EMAIL, removedWords.email).replace(LINK, removedWords.link);
  if (customer) {
    const email = customer.work_email.trim();
    const own: [RegExp | undefined, string][] = [
      [email ? new RegExp(escaped(email), 'giu') : undefined, removedWords.email],
      [ownPhone(customer.phone), removedWords.phone],
      [ownCompany(customer), removedWords.company],
      [ownName(customer), removedWords.name],
    ];
    for (const [pattern, words] of own) if (pattern) shown = shown.replace(pattern, words);
  }
  return shown.replace(PHONE_LIKE, (run) => (isPhone(run) ? removedWords.phone : run));
}

/** An address or a link, in one pass, so the domain inside an address is not taken for a link. */
const ADDRESS_OR_LINK = new RegExp(`(${EMAIL.source})|${LINK.source}`, 'gi');

/** The notes whole, but each link written as text ("evil[.]example/login"), so nothing turns it into one; addresses stay as typed. */
export function withoutLiveLinks(text: string): string {
  return text.replace(ADDRESS_OR_LINK, (found, address: string | undefined) =>
    address ? found : found.replace(/^[a-z][a-z0-9+.-]*:\/\//i, '').replace(/\./g, '[.]'),
  );
}
