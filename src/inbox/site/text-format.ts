/**
 * What the text box's buttons do to an article's or guide's text: they write the marks the build
 * reads (`## ` before a heading, `- ` before a list item, `**` around bold, `[words](/page)` for a
 * link) so the owner chooses "Heading" rather than typing them. Each takes the text and the
 * selection and gives both back, the selection then covering what was formatted.
 */

export interface Selected {
  text: string;
  start: number;
  end: number;
}

/** What a line can be made: a heading, a sub-heading, a list item or a plain paragraph line. */
export const LINE_FORMATS = ['heading', 'subheading', 'bullets', 'numbers', 'plain'] as const;
export type LineFormat = (typeof LINE_FORMATS)[number];

/** A line's own mark: a heading's hashes, a list's dash or number. */
const LINE_MARK = /^(?:#{1,6}\s+|[-*+]\s+|\d+[.)]\s+)/;

/** The whole lines the selection touches: from the start of its first line to the end of its last. */
function linesOf({ text, start, end }: Selected): [number, number] {
  // lastIndexOf reads a negative start as 0, where a line break would be found after the caret.
  const from = start === 0 ? 0 : text.lastIndexOf('\n', start - 1) + 1;
  // A selection ending just after a line break ends on the line before it.
  const last = end > start && text[end - 1] === '\n' ? end - 1 : end;
  const to = text.indexOf('\n', last);
  return [from, to === -1 ? text.length : to];
}

/** The selected lines made one kind of line; blank lines stay blank, and a list is numbered from 1. */
export function formatLines(selected: Selected, format: LineFormat): Selected {
  const { text } = selected;
  const [from, to] = linesOf(selected);
  let n = 0;
  const lines = text
    .slice(from, to)
    .split('\n')
    .map((line) => {
      let bare = line.replace(LINE_MARK, '');
      // Plain text keeps no mark at all: "* * words" made plain once would still be a list item.
      while (format === 'plain' && LINE_MARK.test(bare)) bare = bare.replace(LINE_MARK, '');
      if (bare.trim() === '' || format === 'plain') return bare;
      // What follows a mark starts at its first word: spaces there would be read as part of the mark.
      const words = bare.trimStart();
      if (format === 'heading') return `## ${words}`;
      if (format === 'subheading') return `### ${words}`;
      return format === 'bullets' ? `- ${words}` : `${++n}. ${words}`;
    })
    .join('\n');
  return { text: text.slice(0, from) + lines + text.slice(to), start: from, end: from + lines.length };
}

/** The selected words in bold; with nothing selected, a bold placeholder to type over. */
export function boldSelection({ text, start, end }: Selected, placeholder: string): Selected {
  const words = text.slice(start, end) || placeholder;
  return { text: `${text.slice(0, start)}**${words}**${text.slice(end)}`, start: start + 2, end: start + 2 + words.length };
}

/** Where a link may lead: a page of the site ("/contact"), a secure address, an e-mail or a phone number. */
export const LINK_TARGET = /^(?:\/[^\s()]*|https:\/\/[^\s()]+|mailto:[^\s()]+|tel:\+?[\d]+)$/;

/** The selected words made a link to `href` (checked by LINK_TARGET first); with none selected, the address is the words. */
export function linkSelection({ text, start, end }: Selected, href: string): Selected {
  const words = (text.slice(start, end) || href).replace(/[[\]]/g, '');
  const link = `[${words}](${href})`;
  return { text: text.slice(0, start) + link + text.slice(end), start, end: start + link.length };
}

/**
 * The text with `written` as a paragraph of its own after the line the caret is on (a table, a
 * calculator): one blank line either side, however many were there; the selection covers it.
 */
export function ownParagraph({ text, start }: Selected, written: string): Selected {
  const lineEnd = text.indexOf('\n', start);
  const cut = lineEnd === -1 ? text.length : lineEnd;
  const before = text.slice(0, cut).replace(/\s*$/, '');
  const after = text.slice(cut).replace(/^\s*/, '');
  const lead = before === '' ? '' : `${before}\n\n`;
  return { text: `${lead}${written}${after === '' ? '\n' : `\n\n${after}`}`, start: lead.length, end: lead.length + written.length };
}

/**
 * A block put where the caret is: in place of the selected words, a space kept from the words either
 * side ("on <EmergencyLine />."); a block that stands alone (a calculator) goes after the caret's
 * line, or after the table the caret is in. The selection covers the block.
 */
export function insertBlock(selected: Selected, block: string, alone: { after: number } | false): Selected {
  if (alone) return ownParagraph({ ...selected, start: alone.after }, block);
  const { text, start, end } = selected;
  const space = (char: string | undefined) => (char !== undefined && /[\p{L}\p{N}]/u.test(char) ? ' ' : '');
  const lead = start > 0 && !/\s/.test(text[start - 1]!) ? (/[([]/.test(text[start - 1]!) ? '' : ' ') : '';
  const written = `${lead}${block}${space(text[end])}`;
  return { text: text.slice(0, start) + written + text.slice(end), start: start + lead.length, end: start + lead.length + block.length };
}
