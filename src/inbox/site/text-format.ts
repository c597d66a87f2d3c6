/**
 * What the "Insert…" button beside a plain text box writes: a figure of the business details put
 * where the caret is, spaced from the words either side; and where a link may lead. The text and
 * the selection go in, and both come back, the selection then covering what was put there.
 */

export interface Selected {
  text: string;
  start: number;
  end: number;
}

/** Where a link may lead: a page of the site ("/contact"), a secure address, an e-mail or a phone number. */
export const LINK_TARGET = /^(?:\/[^\s()]*|https:\/\/[^\s()]+|mailto:[^\s()]+|tel:\+?[\d]+)$/;

/**
 * A token put where the caret is: in place of the selected words, a space kept from the words
 * either side ("on {emergencyLine}."). The selection covers it.
 */
export function insertBlock({ text, start, end }: Selected, block: string): Selected {
  const space = (char: string | undefined) => (char !== undefined && /[\p{L}\p{N}]/u.test(char) ? ' ' : '');
  const lead = start > 0 && !/\s/.test(text[start - 1]!) ? (/[([]/.test(text[start - 1]!) ? '' : ' ') : '';
  const written = `${lead}${block}${space(text[end])}`;
  return { text: text.slice(0, start) + written + text.slice(end), start: start + lead.length, end: start + lead.length + block.length };
}
