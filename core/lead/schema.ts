/**
 * The quote lead: one schema for the form's fields and options, the server's validation,
 * the storage columns, the notification e-mail and the export. The field list and
 * choices are in `fields.ts` (zod-free, for the browser); this module adds validation.
 * Imported by the site (Vite) and by the lead server (Node type stripping), so it uses only
 * erasable TypeScript and relative imports with extensions.
 */
import { z } from 'zod';
import { formFields, leadColumns, trackingFields, type LeadColumn, type LeadFieldSpec } from './fields.ts';

export * from './fields.ts';

/*
 * Every stored text value passes through one of these two cleaners (the schema below applies them
 * to every field), so nothing invisible or control-like reaches the e-mail, the CLI or the export:
 * - C0 and C1 controls, DEL, and the line and paragraph separators (U+2028, U+2029);
 * - every default-ignorable code point: characters a font draws as nothing, such as zero-width
 *   spaces and joiners, the soft hyphen, the combining grapheme joiner, Hangul fillers, tag
 *   characters and variation selectors (an emoji keeps its picture but may lose a colour variant);
 *   they can hide a word from the spam screen ("via\u00adgra") or make two names look alike;
 * - bidirectional formatting (U+200E, U+200F, U+061C, U+202A-U+202E, U+2066-U+2069), which can
 *   make "Eve\u202Egnp.exe" display as "Eveexe.png", and the Mongolian vowel separator.
 * One-line values turn controls and breaks into a space (they end up in e-mail headers and CSV
 * cells); multi-line values keep line breaks (as \n) and tabs.
 */
const INVISIBLE_FORMAT = /[\p{Default_Ignorable_Code_Point}\u200e\u200f\u061c\u202a-\u202e\u2066-\u2069\u180e]/gu;
// eslint-disable-next-line no-control-regex
const CONTROL_OR_BREAK = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g;
const LINE_BREAK = /\r\n|[\r\u0085\u2028\u2029]/g;
// eslint-disable-next-line no-control-regex
const CONTROL_EXCEPT_TAB_LF = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g;

/** A one-line value as stored: no controls, breaks or invisible formatting; trimmed. */
export function cleanOneLine(value: string): string {
  return value.replace(INVISIBLE_FORMAT, '').replace(CONTROL_OR_BREAK, ' ').trim();
}

/** A multi-line value as stored: line breaks as \n and tabs kept, other controls and invisible formatting gone; trimmed. */
export function cleanMultiLine(value: string): string {
  return value.replace(INVISIBLE_FORMAT, '').replace(LINE_BREAK, '\n').replace(CONTROL_EXCEPT_TAB_LF, '').trim();
}

function oneLine(max: number) {
  return z
    .string()
    .transform(cleanOneLine)
    .pipe(z.string().max(max, `Must be at most ${max} characters.`));
}

function oneLineCut(max: number) {
  return z.string().transform((v) =>
    cleanOneLine(v)
      .slice(0, max)
      .replace(/[\uD800-\uDBFF]$/, ''),
  );
}

function choice(options: readonly string[], label: string) {
  return z
    .string()
    .transform(cleanOneLine)
    .refine((v) => v === '' || options.includes(v), `${label} must be one of: ${options.join(', ')}.`);
}

const EMAIL = /^[^\s@<>()[\]\\,;:"]+@[^\s@<>()[\]\\,;:"]+\.[^\s@<>()[\]\\,;:"]{2,}$/;
// A domain a mail server will take: labels of letters, digits and inner hyphens, at most 63
// characters, none empty (so no trailing dot), and a top-level domain of letters or an xn-- name.
// The form refuses what SMTP would refuse for good, rather than queue a message that can never go.
const DOMAIN_LABEL = /^(?!-)[\p{L}\p{N}-]{1,63}(?<!-)$/u;
const TOP_LEVEL = /^(\p{L}{2,63}|xn--[a-z0-9-]{1,59})$/iu;

/** Whether an address has a local part and a domain that could receive mail. */
export function isDeliverableAddress(value: string): boolean {
  if (!EMAIL.test(value)) return false;
  const labels = value.slice(value.lastIndexOf('@') + 1).split('.');
  return labels.every((label) => DOMAIN_LABEL.test(label)) && TOP_LEVEL.test(labels.at(-1)!);
}

function fieldSchema(f: LeadFieldSpec): z.ZodType<string, unknown> {
  if (f.kind === 'select') return choice(f.options ?? [], f.label).default('');
  if (f.kind === 'textarea') {
    return z
      .string()
      .transform(cleanMultiLine)
      .pipe(z.string().max(f.maxLength, `Must be at most ${f.maxLength} characters.`))
      .default('');
  }
  let s: z.ZodType<string, unknown> = oneLine(f.maxLength);
  if (f.kind === 'email') {
    s = s.pipe(z.string().min(1, `${f.label} is required.`).refine(isDeliverableAddress, 'Enter an e-mail address like name@business.co.nz.'));
  } else if (f.required) {
    s = s.pipe(z.string().min(1, `${f.label} is required.`));
  }
  return f.required ? (s as z.ZodType<string, unknown>) : s.default('');
}

/**
 * A schema per lead column, as one object type keyed by the columns. The column list is an array,
 * which TypeScript cannot turn into an object type itself; this is the one place that says so.
 */
function byColumn<T>(schemaOf: (column: LeadColumn) => T): Record<LeadColumn, T> {
  return Object.fromEntries(leadColumns.map((column) => [column, schemaOf(column)])) as Record<LeadColumn, T>;
}

const formField = new Map<string, LeadFieldSpec>(formFields.map((f) => [f.name, f]));
const trackingField = new Map<string, { maxLength: number }>(trackingFields.map((t) => [t.name, t]));
const deviceSchema = z
  .string()
  .transform(cleanOneLine)
  .refine((v) => v === '' || v === 'mobile' || v === 'desktop', 'Device must be mobile or desktop.')
  .default('');

function columnSchema(column: LeadColumn): z.ZodType<string, unknown> {
  const field = formField.get(column);
  if (field) return fieldSchema(field);
  if (column === 'device') return deviceSchema;
  // Tracking values are cut to their limit rather than rejected: the visitor never typed them and
  // could not fix them, and a long campaign URL must never cost a lead.
  return oneLineCut(trackingField.get(column)!.maxLength).default('');
}

/** A lead as accepted from the form: every column present, trimmed and bounded. */
export const leadSchema = z.object(byColumn(columnSchema)).strip();
export type Lead = z.output<typeof leadSchema>;

/** A lead's columns as read back from storage: text, a missing or NULL value empty (it was cleaned when accepted). */
export const storedLeadColumnsSchema = z.object(byColumn(() => z.preprocess((v) => v ?? '', z.string()))).strip();

/** A lead's columns as the inbox API sends them: the stored text, unchanged. */
export const leadColumnsText = z.object(byColumn(() => z.string()));

export interface LeadParseResult {
  ok: boolean;
  lead?: Lead;
  /** Field name → message, for the visitor. */
  errors: Record<string, string>;
}

/** Validates the form's fields (tracking fields included); unknown fields are ignored. */
export function parseLead(input: Record<string, unknown>): LeadParseResult {
  const result = leadSchema.safeParse(input);
  if (result.success) return { ok: true, lead: result.data, errors: {} };
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const key = String(issue.path[0] ?? 'form');
    if (!errors[key]) errors[key] = issue.code === 'invalid_type' ? 'Must be text.' : issue.message;
  }
  return { ok: false, errors };
}

export function fieldLabel(name: string): string {
  return formFields.find((f) => f.name === name)?.label ?? name;
}
