/**
 * The quote lead: one schema for the form's fields and options, the server's validation,
 * the storage columns, the notification e-mail and the export (BRIEF §2).
 * Imported by the site (Vite) and by the lead server (Node type stripping), so it uses only
 * erasable TypeScript and relative imports with extensions.
 */
import { z } from 'zod';
import { business } from '../config/site.ts';

export const FORM_NAME = 'commercialLead';
export const HONEYPOT_FIELD = 'bot-field';

export const industries = ['Hospitality', 'Supermarket/Retail', 'Medical/Laboratory', 'Food Processing', 'Other'] as const;
export const leadCities = ['Auckland', 'Wellington', 'Christchurch', 'Hamilton', 'Tauranga', 'Dunedin'] as const;
export const serviceTypes = ['Installation', 'Repair', 'Maintenance', 'Cool Room / Walk-in Freezer'] as const;
export const unitCounts = ['1', '2–3', '4–10', '10+'] as const;
export const siteTypes = ['New build', 'Refit/Upgrade', 'Repair call-out'] as const;
export const timeframes = ['Urgent (24–72h)', '1–2 weeks', '30–60 days', 'Planning stage'] as const;
export const budgetRanges = ['$0–$2k', '$2k–$10k', '$10k–$50k', '$50k+'] as const;

export type ServiceType = (typeof serviceTypes)[number];
export type LeadCity = (typeof leadCities)[number];

type FieldKind = 'text' | 'email' | 'tel' | 'select' | 'textarea';

export interface LeadFieldSpec {
  name: string;
  label: string;
  kind: FieldKind;
  maxLength: number;
  required?: boolean;
  options?: readonly string[];
  autoComplete?: string;
  /** Placeholder of a select's empty choice. */
  emptyOption?: string;
}

/** The visible fields, in the order the form shows them. */
export const leadFields = [
  { name: 'contact_name', label: 'Contact name', kind: 'text', maxLength: 120, required: true, autoComplete: 'name' },
  { name: 'work_email', label: 'Work email', kind: 'email', maxLength: 254, required: true, autoComplete: 'email' },
  { name: 'phone', label: 'Phone', kind: 'tel', maxLength: 40, autoComplete: 'tel' },
  { name: 'company_name', label: 'Company name', kind: 'text', maxLength: 160, autoComplete: 'organization' },
  { name: 'industry', label: 'Industry', kind: 'select', maxLength: 40, options: industries, emptyOption: 'Select industry' },
  { name: 'city', label: 'City', kind: 'select', maxLength: 40, options: leadCities, emptyOption: 'Select city' },
  { name: 'service_type', label: 'Service type', kind: 'select', maxLength: 40, options: serviceTypes, emptyOption: 'Select service' },
  { name: 'num_units', label: 'Number of units', kind: 'select', maxLength: 10, options: unitCounts, emptyOption: 'Select number' },
  { name: 'site_type', label: 'Site type', kind: 'select', maxLength: 40, options: siteTypes, emptyOption: 'Select site type' },
  { name: 'timeframe', label: 'Timeframe', kind: 'select', maxLength: 40, options: timeframes, emptyOption: 'Select timeframe' },
  { name: 'budget_range', label: 'Budget range', kind: 'select', maxLength: 20, options: budgetRanges, emptyOption: 'Select budget' },
  { name: 'notes', label: 'Project details', kind: 'textarea', maxLength: 4000 },
] as const satisfies readonly LeadFieldSpec[];

/** Hidden tracking fields the form carries (BRIEF §3). */
export const trackingFields = [
  { name: 'utm_source', maxLength: 200 },
  { name: 'utm_medium', maxLength: 200 },
  { name: 'utm_campaign', maxLength: 200 },
  { name: 'utm_term', maxLength: 200 },
  { name: 'utm_content', maxLength: 200 },
  { name: 'gclid', maxLength: 300 },
  { name: 'referrer', maxLength: 2000 },
  { name: 'page_url', maxLength: 2000 },
  { name: 'device', maxLength: 10 },
  { name: 'path', maxLength: 500 },
] as const;

export type LeadFieldName = (typeof leadFields)[number]['name'];
export type TrackingFieldName = (typeof trackingFields)[number]['name'];
export type LeadColumn = LeadFieldName | TrackingFieldName;

/** Every stored column of a lead, in order: the form's fields then the tracking fields. */
export const leadColumns: LeadColumn[] = [...leadFields.map((f) => f.name), ...trackingFields.map((f) => f.name)];

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
for (const t of trackingFields) shape[t.name] = oneLine(t.maxLength).default('');
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

/** `mobile` or `desktop`, decided from a user-agent string. */
export function deviceFromUserAgent(ua: string | null | undefined): 'mobile' | 'desktop' {
  return /Mobi|Android|iPhone|iPod|iPad|Windows Phone|webOS|BlackBerry|Opera Mini|IEMobile/i.test(ua ?? '') ? 'mobile' : 'desktop';
}

/** The form's fixed copy (spec §3, §4, §8). */
export const quoteFormCopy = {
  title: 'Get Your Free Quote Today',
  subtitle: 'Expert advice and competitive pricing on all commercial refrigeration solutions',
  submit: 'Get Commercial Quotes',
  submitting: 'Submitting...',
  failure: 'Submission failed. Please try again.',
  privacy: `${business.name} collects these details only to prepare your quote and reply to you. By submitting, you agree to be contacted about your enquiry. We never sell your details.`,
  privacyLink: 'Read our privacy policy',
  required: 'required',
} as const;
