/** Version 2: why the spam screen flagged a lead, for `npm run leads -- spam`. */
export function migration(): string[] {
  return [`ALTER TABLE leads ADD COLUMN spam_reason TEXT NOT NULL DEFAULT ''`];
}
