/**
 * Version 12: visits, counted and never tracked. Only daily totals are kept: page views and
 * visitors by day, page, source group, campaign and device; visitors of the whole site by the same
 * but the page (a visitor of three pages is one visitor there); the quote form's funnel by day and
 * page; and the Web Vitals as counts per bucket of their scale, by day, kind of page and device. No
 * address, user agent or visitor hash has a column. Each instance adds its counts with
 * `ON CONFLICT ... DO UPDATE` (storage/visit-counts.ts), so several can write the same rows.
 */
export function migration(): string[] {
  const counts = (names: string[]) => names.map((n) => `${n} INTEGER NOT NULL DEFAULT 0`).join(',\n  ');
  return [
    `CREATE TABLE IF NOT EXISTS visit_pages (
  day TEXT NOT NULL, page TEXT NOT NULL, source TEXT NOT NULL, campaign TEXT NOT NULL, device TEXT NOT NULL,
  ${counts(['views', 'visitors'])},
  PRIMARY KEY (day, page, source, campaign, device)
)`,
    `CREATE TABLE IF NOT EXISTS visit_visitors (
  day TEXT NOT NULL, source TEXT NOT NULL, campaign TEXT NOT NULL, device TEXT NOT NULL,
  ${counts(['visitors'])},
  PRIMARY KEY (day, source, campaign, device)
)`,
    `CREATE TABLE IF NOT EXISTS visit_forms (
  day TEXT NOT NULL, page TEXT NOT NULL,
  ${counts(['seen', 'started'])},
  PRIMARY KEY (day, page)
)`,
    `CREATE TABLE IF NOT EXISTS visit_vitals (
  day TEXT NOT NULL, kind TEXT NOT NULL, device TEXT NOT NULL, metric TEXT NOT NULL, bucket INTEGER NOT NULL,
  ${counts(['samples'])},
  PRIMARY KEY (day, kind, device, metric, bucket)
)`,
  ];
}
