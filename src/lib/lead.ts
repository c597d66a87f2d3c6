/**
 * The quote lead: one schema for the form's fields and options, the server's validation,
 * the storage columns, the notification e-mail and the export (BRIEF §2). The field list and
 * choices are in `lead-fields.ts` (zod-free, for the browser); this module adds validation.
 * Imported by the site (Vite) and by the lead server (Node type stripping), so it uses only
 * erasable TypeScript and relative imports with extensions.
 */
import { z } from 'zod';
import { leadFields, trackingFields, type LeadColumn, type LeadFieldSpec } from './lead-fields.ts';

export * from './lead-fields.ts';

// One-line values never carry CR or LF (they end up in e-mail headers and CSV cells); C0 controls go too.
// eslint-disable-next-line no-control-regex
const CONTROL_ONE_LINE = /[\u0000-\u001f\u007f]+/g;
// eslint-disable-next-line no-control-regex
const CONTROL_MULTI_LINE = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g;

function oneLine(max: number) {
  return z
    .string()
    .transform((v) => v.replace(CONTROL_ONE_LINE, ' ').trim())
    .pipe(z.string().max(max, `Must be at most ${max} characters.`));
}

function oneLineCut(max: number) {
  return z.string().transform((v) =>
    v
      .replace(CONTROL_ONE_LINE, ' ')
      .trim()
      .slice(0, max)
      .replace(/[\uD800-\uDBFF]$/, ''),
  );
}

function choice(options: readonly string[], label: string) {
  return z
    .string()
    .transform((v) => v.trim())
    .refine((v) => v === '' || options.includes(v), `${label} must be one of: ${options.join(', ')}.`);
}

const EMAIL = /^[^\s@<>()[\]\\,;:"]+@[^\s@<>()[\]\\,;:"]+\.[^\s@<>()[\]\\,;:"]{2,}$/;

function fieldSchema(f: LeadFieldSpec): z.ZodType<string, unknown> {
  if (f.kind === 'select') return choice(f.options ?? [], f.label).default('');
  if (f.kind === 'textarea') {
    return z
      .string()
      .transform((v) => v.replace(CONTROL_MULTI_LINE, '').replace(/\r\n?/g, '\n').trim())
      .pipe(z.string().max(f.maxLength, `Must be at most ${f.maxLength} characters.`))
      .default('');
  }
  let s: z.ZodType<string, unknown> = oneLine(f.maxLength);
  if (f.kind === 'email') {
    s = s.pipe(z.string().min(1, `${f.label} is required.`).regex(EMAIL, 'Enter an e-mail address like name@business.co.nz.'));
  } else if (f.required) {
    s = s.pipe(z.string().min(1, `${f.label} is required.`));
  }
  return f.required ? (s as z.ZodType<string, unknown>) : s.default('');
}

const shape: Record<string, z.ZodType<string, unknown>> = {};
for (const f of leadFields) shape[f.name] = fieldSchema(f);
// Tracking values are cut to their limit rather than rejected: the visitor never typed them and
// could not fix them, and a long campaign URL must never cost a lead.
for (const t of trackingFields) shape[t.name] = oneLineCut(t.maxLength).default('');
shape.device = z
  .string()
  .transform((v) => v.trim())
  .refine((v) => v === '' || v === 'mobile' || v === 'desktop', 'Device must be mobile or desktop.')
  .default('');

/** A lead as accepted from the form: every column present, trimmed and bounded. */
export const leadSchema = z.object(shape as Record<LeadColumn, z.ZodType<string, unknown>>).strip();
export type Lead = Record<LeadColumn, string>;

export interface LeadParseResult {
  ok: boolean;
  lead?: Lead;
  /** Field name → message, for the visitor. */
  errors: Record<string, string>;
}

/** Validates the form's fields (tracking fields included); unknown fields are ignored. */
export function parseLead(input: Record<string, unknown>): LeadParseResult {
  const result = leadSchema.safeParse(input);
  if (result.success) return { ok: true, lead: result.data as Lead, errors: {} };
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const key = String(issue.path[0] ?? 'form');
    if (!errors[key]) errors[key] = issue.code === 'invalid_type' ? 'Must be text.' : issue.message;
  }
  return { ok: false, errors };
}

export function fieldLabel(name: string): string {
  return leadFields.find((f) => f.name === name)?.label ?? name;
}
