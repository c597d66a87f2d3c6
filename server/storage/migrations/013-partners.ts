import type { Dialect } from '../migrations.ts';

/**
 * Version 13: the business's partners, the suppliers and technicians it passes work to. They have
 * no account; their e-mail is who they are (an import updates a partner by it), kept in lower case.
 * Regions, services and industries are `;`-separated lists, as the owner's spreadsheet writes them.
 * A removed partner keeps its row (removed_at), so what was once sent to them can still be named.
 */
export function migration(dialect: Dialect): string[] {
  const big = dialect === 'sqlite' ? 'INTEGER' : 'BIGINT';
  const bool = dialect === 'sqlite' ? 'INTEGER NOT NULL DEFAULT 0' : 'BOOLEAN NOT NULL DEFAULT FALSE';
  return [
    `CREATE TABLE IF NOT EXISTS partners (
  id TEXT PRIMARY KEY,
  name TEXT NOT NULL,
  email TEXT NOT NULL,
  phone TEXT NOT NULL DEFAULT '',
  kind TEXT NOT NULL,
  regions TEXT NOT NULL DEFAULT '',
  services TEXT NOT NULL DEFAULT '',
  industries TEXT NOT NULL DEFAULT '',
  on_call ${bool},
  paused ${bool},
  created_at ${big} NOT NULL,
  updated_at ${big} NOT NULL,
  removed_at ${big}
)`,
    'CREATE UNIQUE INDEX IF NOT EXISTS partners_email ON partners (email)',
  ];
}
