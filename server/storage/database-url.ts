/**
 * DATABASE_URL is a SQLite path or file: URL, or a postgres:// or postgresql:// URL. Anything else
 * that looks like a URL (a typo such as pg://) would otherwise become a SQLite file of that name,
 * and :memory: would lose every lead at restart. Says what is wrong, without echoing credentials.
 */
export function databaseUrlProblem(value: string): string | undefined {
  const v = value.trim();
  if (v === ':memory:') return 'must not be :memory: (every lead would be lost at restart): give a file path or a postgres:// URL';
  if (/^postgres(ql)?:\/\//i.test(v)) return URL.canParse(v) ? undefined : 'is not a valid postgres:// URL';
  if (/^file:/i.test(v) || /^[a-z]:[\\/]/i.test(v)) return undefined; // a file: URL, or a Windows drive path
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(v)?.[1];
  if (scheme) return `must be a file path, a file: URL, or a postgres:// or postgresql:// URL, not a "${scheme}:" URL`;
  return undefined;
}
