import { fillArrivalColumns } from '../arrival-fill.ts';
import type { MigrationStep } from '../migrations.ts';

/**
 * Version 11: what the reports group by, stored with each lead so the database can count it: the
 * source group, the Monday of the New Zealand week it arrived in, and its New Zealand weekday and
 * minute of the day (office hours are decided when the reports read them). SQL cannot compute them
 * (regular expressions, the Pacific/Auckland zone), so existing leads are filled by a unit of work;
 * it applies the rules as they are when it runs, so a later change to the rules needs a new
 * migration that runs it again. The index holds the range's leads in arrival order with the
 * columns most figures read, so those figures never open the rows (version 16 drops it again: the
 * planners hardly used it, and every insert paid for it).
 */
export function migration(): MigrationStep[] {
  return [
    "ALTER TABLE leads ADD COLUMN source TEXT NOT NULL DEFAULT 'direct'",
    "ALTER TABLE leads ADD COLUMN nz_week TEXT NOT NULL DEFAULT ''",
    'ALTER TABLE leads ADD COLUMN nz_weekday INTEGER NOT NULL DEFAULT 0',
    'ALTER TABLE leads ADD COLUMN nz_minutes INTEGER NOT NULL DEFAULT 0',
    () => fillArrivalColumns(),
    'CREATE INDEX IF NOT EXISTS leads_arrivals ON leads (created_at, nz_week, source, nz_weekday, nz_minutes, first_action_at) WHERE spam = FALSE',
  ];
}
