import type { Dialect } from '../migrations.ts';

/** Version 6: one row that /healthz rewrites, proving the database takes a write. */
export function migration(dialect: Dialect): string[] {
  return [`CREATE TABLE IF NOT EXISTS health_check (id INTEGER PRIMARY KEY, checked_at ${dialect === 'sqlite' ? 'INTEGER' : 'BIGINT'} NOT NULL)`];
}
