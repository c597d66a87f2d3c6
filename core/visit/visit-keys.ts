/**
 * The identity of a counted visit row, for the instance's tally and for the flush that adds rows
 * up: a day's visitors by source, campaign and device, and a page's views by the same and the page.
 * NUL cannot occur in any of the parts (cleaned or fixed lists), so the joined key is unambiguous.
 */
const SEP = '\u0000';

export interface VisitorsRowId {
  day: string;
  source: string;
  campaign: string;
  device: string;
}

export const visitorsKey = (row: VisitorsRowId): string => [row.day, row.source, row.campaign, row.device].join(SEP);

export const pageKey = (row: VisitorsRowId & { page: string }): string => `${visitorsKey(row)}${SEP}${row.page}`;

/** A page's form row: how many saw and started its quote form that day. */
export const formKey = (row: { day: string; page: string }): string => [row.day, row.page].join(SEP);

/** A Web Vitals row: one bucket of one metric, by page kind and device. */
export const vitalKey = (row: { day: string; kind: string; device: string; metric: string; bucket: number | string }): string =>
  [row.day, row.kind, row.device, row.metric, row.bucket].join(SEP);

/** What a visitor has been counted under today (a row's key), so a second view is not a second visitor. */
export const seenKey = (visitor: string, rowKey: string): string => `${visitor}${SEP}${rowKey}`;
