/** Version 5: the submission key, so the same form data posted again is stored once. */
export function migration(): string[] {
  return ['ALTER TABLE leads ADD COLUMN submission_key TEXT', 'CREATE INDEX IF NOT EXISTS leads_submission_key ON leads (submission_key, created_at)'];
}
