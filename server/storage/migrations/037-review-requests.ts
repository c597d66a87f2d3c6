import type { Dialect } from '../migrations.ts';

/** Version 37: review requests (claimed; tables follow). */
export function migration(_dialect: Dialect): string[] {
  return [];
}
