import type { Dialect } from '../migrations.ts';

/**
 * Version 28: a campaign earns a row of its own by evidence, not by arriving early. Until it does,
 * its visits are counted in "(other)" and, beside that, kept here by campaign, so that the day it
 * earns its row they move out of "(other)" into it. `visit_campaign_candidates` holds each waiting
 * campaign's evidence (distinct addresses seen); the other two hold the share of "(other)" that is
 * that campaign's, row for row. All three are bounded by the flush (storage/visit-counts.ts) and
 * hold no address or hash, only counts.
 */
export function migration(_dialect: Dialect): string[] {
  return [
    `CREATE TABLE IF NOT EXISTS visit_campaign_candidates (
  day TEXT NOT NULL, campaign TEXT NOT NULL,
  visitors INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (day, campaign)
)`,
    `CREATE TABLE IF NOT EXISTS visit_candidate_pages (
  day TEXT NOT NULL, page TEXT NOT NULL, source TEXT NOT NULL, campaign TEXT NOT NULL, device TEXT NOT NULL,
  views INTEGER NOT NULL DEFAULT 0,
  visitors INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (day, campaign, page, source, device)
)`,
    `CREATE TABLE IF NOT EXISTS visit_candidate_visitors (
  day TEXT NOT NULL, source TEXT NOT NULL, campaign TEXT NOT NULL, device TEXT NOT NULL,
  visitors INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (day, campaign, source, device)
)`,
  ];
}
