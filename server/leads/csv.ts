/** Leads as CSV and JSON, keyed by the form's field names plus id, created_at and spam. */
import { leadColumns } from '../../core/lead/schema.ts';
import type { StoredLead } from '../storage/types.ts';

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

/** The byte-order mark and the header line, CRLF-terminated. */
export function csvHeader(columns: readonly string[] = exportColumns): string {
  return `${CSV_BOM}${columns.join(',')}\r\n`;
}

/** One line of cells, CRLF-terminated. */
export function csvLine(values: readonly unknown[]): string {
  return `${values.map((v) => csvCell(String(v ?? ''))).join(',')}\r\n`;
}

/** One lead's line, CRLF-terminated. */
export function csvRow(lead: StoredLead): string {
  return csvLine(exportColumns.map((c) => lead[c as keyof StoredLead]));
}

export function toCsv(leads: StoredLead[]): string {
  return csvHeader() + leads.map(csvRow).join('');
}

/** The same CSV a line at a time, for a response that streams rows as the store pages them in. */
export async function* csvLines(leads: AsyncIterable<StoredLead>): AsyncGenerator<string> {
  yield csvHeader();
  for await (const lead of leads) yield csvRow(lead);
}
