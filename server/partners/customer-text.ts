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
 * or more digits in one run. A number such as "-8" before it stays its own.
 */
const PHONE_LIKE = /(?:\+\d|\(\d|\b0)(?:(?:\)[\s.-]?|[\s.-])?\d){5,15}|\b\d{7,15}\b/g;
/** A date typed as digits is not a phone number. */
const DATE_LIKE = /^\d{1,4}[-./]\d{1,2}[-./]\d{1,4}$/;

export const removedWords = { phone: '[phone removed]', email: '[e-mail removed]', link: '[link removed]' } as const;

function isPhone(run: string): boolean {
  const digits = run.replace(/\D/g, '');
  return digits.length >= 7 && digits.length <= 15 && !DATE_LIKE.test(run.trim());
}

/** The notes without phone numbers, e-mail addresses or links: what a partner reads before accepting. */
export function withoutContactDetails(text: string): string {
  return text
    .replace(EMAIL, removedWords.email)
    .replace(LINK, removedWords.link)
    .replace(PHONE_LIKE, (run) => (isPhone(run) ? removedWords.phone : run));
}

/** An address or a link, in one pass, so the domain inside an address is not taken for a link. */
const ADDRESS_OR_LINK = new RegExp(`(${EMAIL.source})|${LINK.source}`, 'gi');

/** The notes whole, but each link written as text ("evil[.]example/login"), so nothing turns it into one; addresses stay as typed. */
export function withoutLiveLinks(text: string): string {
  return text.replace(ADDRESS_OR_LINK, (found, address: string | undefined) =>
    address ? found : found.replace(/^[a-z][a-z0-9+.-]*:\/\//i, '').replace(/\./g, '[.]'),
  );
}
