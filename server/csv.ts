/** Leads as CSV and JSON, keyed by the form's field names plus id, created_at and spam. */
import { leadColumns } from '../src/lib/lead.ts';
import type { StoredLead } from './storage/types.ts';

export const exportColumns = ['id', 'created_at', 'spam', ...leadColumns] as const;

/**
 * One CSV cell. A value a spreadsheet would run as a formula (= + - @, tab or CR first) gets a
 * leading apostrophe; every cell is quoted.
 */
export function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return `"${safe.replace(/"/g, '""')}"`;
}

export function toRecord(lead: StoredLead): Record<string, string | boolean> {
  return Object.fromEntries(exportColumns.map((c) => [c, lead[c as keyof StoredLead] as string | boolean]));
}

/** The UTF-8 byte-order mark: without it Excel reads the file as Windows-1252 and shows "2â€“3" for "2–3". */
export const CSV_BOM = '\uFEFF';

export function toCsv(leads: StoredLead[]): string {
  const lines = [`${CSV_BOM}${exportColumns.join(',')}`];
  for (const lead of leads) lines.push(exportColumns.map((c) => csvCell(String(lead[c as keyof StoredLead] ?? ''))).join(','));
  return `${lines.join('\r\n')}\r\n`;
}
