/**
 * The site's content model, as the site editor needs it: the entries and their files, the build's
 * own checks, the price date rule and what the content's tokens show. The one door from the server
 * into the site's code (an exception in the import walls): the editor must check and write entries
 * exactly as the build reads them, so it uses the build's own modules rather than a copy.
 */
export { bodyBlockChoices, bodyRefusal, checkEntry, checkEntryForBuild, type ContentProblem } from '../../src/lib/content-check.ts';
export { tokenReadings } from '../../src/lib/tokens.ts';
export {
  BUSINESS_DETAILS_KEY,
  entryFile,
  entryHash,
  entryText,
  keyOf,
  previewRoutesOf,
  readEntries,
  routeOf,
  routesOf,
  titleOf,
  writeEntries,
  type ContentEntry,
  type EntryKey,
} from '../../src/lib/content-entries.ts';
export { CONTENT_DIR_ENV, RELEASE_CONTENT_DIR, collectionFiles } from '../../src/lib/content-files.ts';
export { contentSecurity } from '../../src/lib/content-security.ts';
export { pageNameOf } from '../../src/lib/page-names.ts';
export { collectionSchemas, type CollectionName } from '../../src/lib/content-schemas.ts';
export { daysBetween, hasPriceDate, pricesVerifiedOn, PRICES_STALE_AFTER_DAYS, verifiedOn } from '../../src/lib/price-dates.ts';
