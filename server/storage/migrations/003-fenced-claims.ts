/** Version 3: fenced claims. A claim carries a token; only its holder may complete or fail the job. */
export function migration(): string[] {
  return [
    'ALTER TABLE outbox ADD COLUMN claim_token TEXT',
    'ALTER TABLE outbox ADD COLUMN claimed_by TEXT',
    'CREATE INDEX IF NOT EXISTS outbox_claimable ON outbox (status, channel, next_attempt_at)',
  ];
}
