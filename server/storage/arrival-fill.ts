/**
 * Fills the arrival columns (source group, New Zealand week, weekday and minute) of leads stored
 * before they existed. The rules are JavaScript (regular expressions, the Pacific/Auckland zone),
 * so a migration runs this unit of work rather than SQL; it pages through the leads by id and
 * writes each page with one UPDATE from a VALUES list, which both stores read the same way.
 */
import { arrivalColumns, type SourceFields } from '../../core/lead/arrival.ts';
import { all, run, type Work } from './steps.ts';

export function* fillArrivalColumns(pageSize = 1000): Work<number> {
  let after = '';
  let filled = 0;
  for (;;) {
    const rows = yield* all(
      'SELECT id, created_at, gclid, utm_source, utm_medium, referrer, page_url FROM leads WHERE id > ? ORDER BY id LIMIT ?',
      after,
      pageSize,
    );
    if (rows.length === 0) return filled;
    const values = rows.flatMap((row) => {
      // SQLite keeps created_at as ISO text, PostgreSQL hands back a Date: both construct the instant.
      const fields: SourceFields = {
        gclid: String(row.gclid),
        utm_source: String(row.utm_source),
        utm_medium: String(row.utm_medium),
        referrer: String(row.referrer),
        page_url: String(row.page_url),
      };
      const columns = arrivalColumns(fields, new Date(row.created_at as string | Date));
      return [String(row.id), columns.source, columns.nz_week, columns.nz_weekday, columns.nz_minutes];
    });
    // VALUES columns are column1, column2… on both stores; the casts type PostgreSQL's untyped parameters.
    yield* run(
      `UPDATE leads SET source = v.column2, nz_week = v.column3, nz_weekday = v.column4, nz_minutes = v.column5
       FROM (VALUES ${rows.map(() => '(?, ?, ?, CAST(? AS INTEGER), CAST(? AS INTEGER))').join(', ')}) AS v WHERE leads.id = v.column1`,
      ...values,
    );
    filled += rows.length;
    if (rows.length < pageSize) return filled;
    after = String(rows.at(-1)!.id);
  }
}
