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
  phone: {
    digits: 'Number, as digits',
    digitsHelp: 'Type it once, as digits, starting with 0 ("0800 374 343").',
    dialled: (dial: string) => `Phones dial it as ${dial}.`,
    showAs: 'Show it on the site as',
    asDigits: (digits: string) => `The digits: ${digits}`,
    theDigits: 'the digits',
    asWord: 'A word the keypad spells',
    word: 'The word, as shown',
    wordHelp: 'Such as "0800 FRIDGE": each letter must be the digit under it on a phone’s keypad.',
  },
  price: {
    wording: 'The guides word it as',
    between: 'A range, from one figure to another',
    fromAbout: '“From about” one figure',
    over: '“Over” one figure',
    lowest: 'Lower figure, NZ$',
    highest: 'Upper figure, NZ$',
    single: 'The figure, NZ$',
    reads: (text: string) => `The pages read: “${text}”.`,
  },
  advanced: 'Advanced',
  advancedHelp: 'Settings visitors never see: search engines read them. Each says what it does.',
  hours: {
    help: 'Tick the days the office is open and choose its times. The site, search engines and the inbox’s clock all read these.',
    openOn: (day: string) => `Open on ${day}`,
    onDay: (day: string) => `on ${day}`,
    opens: 'Opens',
    closes: 'Closes',
    late: 'Closes before it opens: choose a later closing time.',
    whenClosed: (day: string) => `What the site says on ${day}, when closed`,
  },
  repeats: {
    found: (labels: string[]) =>
      `This repeats ${labels.length === 1 ? labels[0] : `${labels.slice(0, -1).join(', ')} and ${labels.at(-1)}`}, which Business details hold. When that changes, these words would not.`,
    useFields: 'Follow Business details here',
    byHand: 'Reword it, or change the figure in Business details rather than here.',
  },
  readings: {
    intro: 'On the page these are filled in from Business details, and change when those do:',
    reads: (label: string, shows: string) => ` is ${label}, now “${shows}”.`,
  },
  photo: {
    choose: 'Choose a photo',
    replace: 'Choose another photo',
    remove: 'Remove the photo',
    kinds: 'JPEG, PNG or HEIC (an iPhone’s photos), at most 15 MB. It is cropped to 4 × 3 around what stands out.',
    uploading: 'Uploading the photo. A large one takes a few seconds…',
    uploaded: 'Photo uploaded. Say below what it shows, then preview or publish.',
    removed: 'Photo removed. The page shows its artwork again once published.',
    tooLarge: (mb: string) => `That photo is ${mb} MB: the most is 15 MB. Choose a smaller copy.`,
    failed: 'The photo could not be uploaded. Check the connection and try again.',
    chosen: 'The photo chosen',
  },
};
