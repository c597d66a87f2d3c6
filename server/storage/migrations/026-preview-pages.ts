import type { Dialect, MigrationStep } from '../migrations.ts';

/**
 * Version 26: a preview keeps the page it shows when it was rendered at once (the quick preview)
 * rather than built: any instance then serves it from here, without building the site first.
 */
export function migration(_dialect: Dialect): MigrationStep[] {
  return ['ALTER TABLE site_previews ADD COLUMN page TEXT'];
}
