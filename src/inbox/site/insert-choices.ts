/**
 * What the "Insert…" buttons offer: in an article's text, the site's blocks; in any other long
 * text, the tokens of the business details. Each is named in the owner's words, with what it shows
 * on the site now.
 */
import type { SiteEntryAnswer } from '../../../core/inbox-api/site.ts';
import type { TokenReading } from '../../../core/figure-repeats.ts';

export interface InsertChoice {
  /** What goes into the text: `<Price of="displayFridge" />`, `{emergencyLine}`. */
  written: string;
  label: string;
  /** What it shows on the site now, where it shows a figure. */
  shows: string | undefined;
  /** A paragraph of its own (a calculator), rather than words among words. */
  alone: boolean;
}

/** Past this, what a choice shows is cut short: a paragraph such as "how the business works" needs only its start. */
const SHOWN_MAX = 90;

export const shortened = (text: string) => (text.length > SHOWN_MAX ? `${text.slice(0, SHOWN_MAX - 1).trimEnd()}…` : text);

/** The blocks an article's text may hold, with what those that show a figure show now. */
export function blockChoices(blocks: SiteEntryAnswer['blocks'], readings: readonly TokenReading[]): InsertChoice[] {
  const shows = new Map(readings.map((r) => [r.written, r.shows]));
  return blocks.map((b) => ({ written: b.example, label: b.label, shows: shows.get(b.example), alone: b.alone }));
}

/**
 * The tokens a plain text may hold, "the emergency phone number" read as a button's "The emergency
 * phone number". A call link's token is left out: in words it reads as "tel:+64…".
 */
export function tokenChoices(readings: readonly TokenReading[]): InsertChoice[] {
  return readings
    .filter((r) => r.written.startsWith('{') && !r.shows.startsWith('tel:'))
    .map((r) => ({ written: r.written, label: r.label.charAt(0).toUpperCase() + r.label.slice(1), shows: r.shows, alone: false }));
}
