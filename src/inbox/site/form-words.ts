/** The words of the content form: NZ English, for the owner editing the website on a phone. */

/** "Keyword" becomes "keyword" in a sentence; "FAQ" stays as it is. */
export function inSentence(label: string): string {
  return /^[A-Z][a-z]/.test(label) ? label.charAt(0).toLowerCase() + label.slice(1) : label;
}

export const formWords = {
  optional: '(optional)',
  none: '(none)',
  noneDefault: (label: string) => `(none: ${label} is used)`,
  chooseOne: 'Choose one',
  characters: (used: number, max: number, min: number | undefined) => {
    const base = `${used} of ${max} characters`;
    if (used > max) return `${base}: ${used - max} too many`;
    if (min !== undefined && used < min) return `${base} (at least ${min})`;
    return base;
  },
  moveUp: 'Move up',
  moveDown: 'Move down',
  remove: 'Remove',
  add: (noun: string) => `Add ${inSentence(noun)}`,
  addSection: 'Add a section',
  sectionType: 'Type of section to add',
  atMost: (max: number) => `This list holds at most ${max}. Remove one to add another.`,
  atLeast: (min: number) => `This list needs at least ${min}, so none can be removed.`,
  exactly: (count: number) => `This list holds exactly ${count}: items can be moved but not added or removed.`,
  addPart: (label: string) => `Add ${inSentence(label)}`,
  removePart: (label: string) => `Remove ${inSentence(label)}`,
  partUnused: 'Not used. Add it to fill it in.',
  variantType: 'Type',
  start: 'Start',
  cannotEdit: 'This can’t be edited here.',
  cell: 'Cell',
  item: 'Item',
  noneYet: 'None yet.',
};
