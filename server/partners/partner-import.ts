/**
 * The owner's partner spreadsheet, saved as CSV, read into partners: the header
 * `name,email,phone,kind,regions,services,on_call` (and `industries` and `sms` if they keep them), lists
 * separated by `;`, choices in any case. `sms` is yes or no (urgent jobs also by text, to a mobile);
 * a partner without it, or with its cell empty, gets the form's default. The whole file is refused at
 * its first bad row, named by its line, so nothing is half-imported.
 */
import { parse } from 'csv-parse/sync';
import type { z } from 'zod';
import { partnerBody, type PartnerInput } from '../../core/inbox-api/partners.ts';
import { NOT_A_MOBILE } from '../../core/partner/texts.ts';
import { partnerIndustries, partnerKinds, partnerRegions, partnerServices } from '../../core/partner/kinds.ts';

export const IMPORT_COLUMNS = ['name', 'email', 'phone', 'kind', 'regions', 'services', 'on_call'] as const;
const OPTIONAL_COLUMNS = ['industries', 'sms'] as const;

export type ImportedPartner = Omit<PartnerInput, 'paused'>;
export type ImportResult = { ok: true; partners: ImportedPartner[] } | { ok: false; problem: string };

const YES = new Set(['yes', 'y', 'true', '1']);
const NO = new Set(['no', 'n', 'false', '0', '']);

/** A cell's `;`-separated entries as the list spells them; an entry the list lacks is kept as written, so the schema names it. */
function entries(cell: string, options: readonly string[]): string[] {
  return cell
    .split(';')
    .map((e) => e.trim())
    .filter(Boolean)
    .map((e) => options.find((o) => o.toLowerCase() === e.toLowerCase()) ?? e);
}

const sentences: Record<string, string> = {
  name: 'a name is missing',
  email: 'the e-mail is not an address',
  phone: 'the phone is longer than 40 characters',
  kind: `the kind must be one of ${partnerKinds.join(', ')}`,
  regions: `the regions must be one or more of ${partnerRegions.join('; ')}`,
  services: `the services must be one or more of ${partnerServices.join('; ')}`,
  industries: `the industries must be of ${partnerIndustries.join('; ')}`,
};

function problemOf(error: z.ZodError): string {
  const issue = error.issues[0];
  if (issue?.message === NOT_A_MOBILE)
    return 'sms is yes, but the phone is not a New Zealand mobile number (such as 021 123 4567), and texts go only to a mobile';
  const field = String(issue?.path[0] ?? '');
  return sentences[field] ?? `${field} is not valid`;
}

export function readPartnerCsv(text: string): ImportResult {
  let rows: { record: Record<string, string>; info: { lines: number } }[];
  try {
    rows = parse(text.replace(/^\uFEFF/, ''), { columns: true, info: true, skip_empty_lines: true, trim: true, relax_column_count: false });
  } catch (error) {
    const line = typeof error === 'object' && error && 'lines' in error ? Number(error.lines) : undefined;
    return {
      ok: false,
      problem: `${line ? `Line ${line}: ` : ''}the file is not CSV the import can read (${error instanceof Error ? error.message : String(error)})`,
    };
  }
  const header = text
    .replace(/^\uFEFF/, '')
    .split(/\r?\n/, 1)[0]!
    .split(',')
    .map((h) => h.trim().replace(/^"|"$/g, ''));
  const missing = IMPORT_COLUMNS.filter((c) => !header.includes(c));
  const unknown = header.filter((h) => !(IMPORT_COLUMNS as readonly string[]).includes(h) && !(OPTIONAL_COLUMNS as readonly string[]).includes(h));
  if (missing.length || unknown.length)
    return {
      ok: false,
      problem: `Line 1: the header must be ${IMPORT_COLUMNS.join(',')} (${OPTIONAL_COLUMNS.join(' and ')} may be added)${missing.length ? `; missing ${missing.join(', ')}` : ''}${unknown.length ? `; unknown ${unknown.join(', ')}` : ''}`,
    };
  const partners: ImportedPartner[] = [];
  const lineOfEmail = new Map<string, number>();
  for (const { record, info } of rows) {
    // info.lines is the line the record ended on; a record is one line unless a cell holds a break.
    const line = info.lines;
    const onCall = (record.on_call ?? '').toLowerCase();
    if (!YES.has(onCall) && !NO.has(onCall)) return { ok: false, problem: `Line ${line}: on_call must be yes or no, not "${record.on_call}"` };
    const sms = (record.sms ?? '').toLowerCase();
    if (sms && !YES.has(sms) && !NO.has(sms)) return { ok: false, problem: `Line ${line}: sms must be yes or no, not "${record.sms}"` };
    const parsed = partnerBody.safeParse({
      name: record.name,
      email: record.email,
      phone: record.phone,
      kind: (record.kind ?? '').toLowerCase(),
      regions: entries(record.regions ?? '', partnerRegions),
      services: entries(record.services ?? '', partnerServices),
      industries: entries(record.industries ?? '', partnerIndustries),
      on_call: YES.has(onCall),
      // Left out or empty: the same default as the inbox's form.
      ...(sms ? { sms: YES.has(sms) } : {}),
    });
    if (!parsed.success) return { ok: false, problem: `Line ${line}: ${problemOf(parsed.error)}` };
    const { paused: _paused, ...partner } = parsed.data;
    const earlier = lineOfEmail.get(partner.email);
    if (earlier) return { ok: false, problem: `Line ${line}: ${partner.email} is already on line ${earlier}` };
    lineOfEmail.set(partner.email, line);
    partners.push(partner);
  }
  return { ok: true, partners };
}
