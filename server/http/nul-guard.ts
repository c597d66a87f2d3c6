/**
 * Whether a request's query, params or body holds a NUL character anywhere. PostgreSQL's text cannot
 * hold one, so a value carrying it fails at the database (a 500) unless it is refused first; the
 * inbox, the partner pages and the text-message callbacks refuse it with a 400 before any query.
 */
export function holdsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  // Deeper than any form or body this server takes: refused as well rather than walked for ever.
  if (depth > 16) return true;
  if (Array.isArray(value)) return value.some((v) => holdsNul(v, depth + 1));
  if (value && typeof value === 'object') return Object.entries(value).some(([k, v]) => k.includes('\u0000') || holdsNul(v, depth + 1));
  return false;
}
