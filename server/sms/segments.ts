/**
 * How many parts (segments) a text is billed as. A text written only in the GSM-7 alphabet takes
 * 160 characters in one part and 153 a part once split (the rest is the header that joins them),
 * the characters of its extension table (€ [ ] { } \ ^ ~ |) two each; a single character outside it
 * turns the whole text into UCS-2, 70 in one part and 67 a part, each character beyond the Basic
 * Multilingual Plane (most emoji) two.
 */

const GSM_BASIC = '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà';
const GSM_EXTENSION = '\f^{}\\[~]|€';
const basic = new Set(GSM_BASIC);
const extension = new Set(GSM_EXTENSION);

export interface TextParts {
  encoding: 'GSM-7' | 'UCS-2';
  /** Septets (GSM-7) or UTF-16 code units (UCS-2). */
  units: number;
  segments: number;
}

export function isGsm7(text: string): boolean {
  for (const c of text) if (!basic.has(c) && !extension.has(c)) return false;
  return true;
}

/** The encoding, size and number of parts of a text as a phone network bills it. */
export function textParts(text: string): TextParts {
  if (isGsm7(text)) {
    let units = 0;
    for (const c of text) units += extension.has(c) ? 2 : 1;
    return { encoding: 'GSM-7', units, segments: units === 0 ? 1 : units <= 160 ? 1 : Math.ceil(units / 153) };
  }
  const units = text.length;
  return { encoding: 'UCS-2', units, segments: units <= 70 ? 1 : Math.ceil(units / 67) };
}

/** Septets a GSM-7 text takes once split into parts: the most `parts` parts hold. */
export const gsmCapacity = (parts: number) => (parts <= 1 ? 160 : parts * 153);

/**
 * A stranger's words written in plain GSM-7 letters, so a customer's macron or emoji does not turn
 * the whole offer into UCS-2 (less than half the room): accents and macrons dropped (ā → a), quotes
 * and dashes made plain, anything else left out; one line.
 */
export function toGsm7(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/[\u2018\u2019\u201a\u201b\u2032`´]/g, "'")
    .replace(/[\u201c\u201d\u201e\u2033]/g, '"')
    .replace(/[\u2010-\u2015\u2212]/g, '-')
    .replace(/\u2026/g, '...')
    .replace(/[\s\u00a0\u2000-\u200b]+/g, ' ')
    .replace(/[^\x20-\x7e]/g, '')
    .replace(/ {2,}/g, ' ')
    .trim();
}
