/**
 * The quote lead's fields, choice lists and fixed copy: plain data that imports only the business
 * facts, so the browser code (the form island, the tracking script) can use it without pulling in
 * zod. The zod schema built from these lives in `schema.ts`, which re-exports everything here.
 */
import { business } from '../business.ts';

export const FORM_NAME = 'commercialLead';
export const HONEYPOT_FIELD = 'bot-field';
/** Milliseconds from page load to submit, added by the form's script for the spam screen; a post without it is fine. */
export const TIMING_FIELD = 'elapsed_ms';

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
  /** The label on a repair or emergency request, where it says what a technician needs (site fields only). */
  repairLabel?: string;
  /** A line under the label (site fields only). */
  hint?: string;
}

/** The quote's own fields, in the order the form shows them: the wire contract every copy of the form and the business's other tools rely on, so their order never changes. */
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

/**
 * Where the job is and how to get in: optional, never required, shown after the quote's own fields
 * (whose order stays as it is) in a fieldset of their own on every form. On a repair or emergency request
 * they are worded as what the technician needs (`repairLabel`, `siteFieldsCopy.repairLegend`).
 * The suburb is the one part of the address a partner sees before accepting a job.
 */
export const siteFields = [
  {
    name: 'site_street',
    label: 'Street address',
    repairLabel: 'Site address, so the technician can find you',
    kind: 'text',
    maxLength: 120,
    // One line, so address-line1 (street-address is for a multi-line field).
    autoComplete: 'address-line1',
  },
  { name: 'site_suburb', label: 'Suburb or town', kind: 'text', maxLength: 120, autoComplete: 'address-level2' },
  {
    name: 'access_notes',
    label: 'Access notes',
    repairLabel: 'Gate codes, parking or after-hours access',
    hint: 'Gate or door codes, where to park or unload, who lets the technician in after hours.',
    kind: 'textarea',
    maxLength: 500,
  },
] as const satisfies readonly LeadFieldSpec[];

/** Every field the visitor fills: the quote's own, then where the site is. */
export const formFields = [...leadFields, ...siteFields] as const;

/** The site fieldset's words; `repair…` on a repair or emergency request (see isRepairRequest). */
export const siteFieldsCopy = {
  legend: 'Where is the site?',
  repairLegend: 'Where should the technician go?',
  optional: 'optional',
} as const;

/**
 * Whether the form is worded for a repair: the service chosen is Repair (the repairs and emergency
 * pages preset it) or the site type is the repair call-out. Decided at build time from the page's
 * preset, and again in the browser as the visitor changes either choice.
 */
export function isRepairRequest(values: { service_type?: string | undefined; site_type?: string | undefined }): boolean {
  return values.service_type === serviceTypes[1] || values.site_type === siteTypes[2];
}

/** Hidden tracking fields the form carries. */
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

export type LeadFieldName = (typeof formFields)[number]['name'];
export type TrackingFieldName = (typeof trackingFields)[number]['name'];
export type LeadColumn = LeadFieldName | TrackingFieldName;

/** Every stored column of a lead, in order: the form's fields (the quote's own, then the site's) then the tracking fields. */
export const leadColumns: LeadColumn[] = [...formFields.map((f) => f.name), ...trackingFields.map((f) => f.name)];

/** `mobile` or `desktop`, decided from a user-agent string. */
export function deviceFromUserAgent(ua: string | null | undefined): 'mobile' | 'desktop' {
  return /Mobi|Android|iPhone|iPod|iPad|Windows Phone|webOS|BlackBerry|Opera Mini|IEMobile/i.test(ua ?? '') ? 'mobile' : 'desktop';
}

/** The form's fixed copy, worded exactly as the client asked. */
export const quoteFormCopy = {
  title: 'Get Your Free Quote Today',
  subtitle: 'Expert advice and competitive pricing on all commercial refrigeration solutions',
  submit: 'Get Commercial Quotes',
  submitting: 'Submitting...',
  failure: 'Submission failed. Please try again.',
  privacy: `${business.name} uses these details only for your quote and the job: the supplier and technicians matched to it see them, we keep them for ${business.leadRetentionDays / 365} years, and we never sell them.`,
  privacyLink: 'Read our privacy policy',
  required: 'required',
} as const;
