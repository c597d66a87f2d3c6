import type { Dialect } from '../migrations.ts';

/** Version 4: rate-limit counters shared by every instance (used on PostgreSQL). */
export function migration(dialect: Dialect): string[] {
  const bigint = dialect === 'sqlite' ? 'INTEGER' : 'BIGINT';
  return [
    `CREATE TABLE IF NOT EXISTS rate_limits (
  key TEXT PRIMARY KEY,
  reset_at ${bigint} NOT NULL,
  hits INTEGER NOT NULL
)`,
    'CREATE INDEX IF NOT EXISTS rate_limits_reset_at ON rate_limits (reset_at)',
  ];
}
