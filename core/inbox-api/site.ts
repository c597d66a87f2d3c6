/**
 * The site editor: the site's content entries (the business details and every page, article,
 * guide and calculator), each
 * edited as a draft and published as a new version of the site, the versions with what each
 * changed, and restoring one. Everyone in the inbox reads and keeps drafts; owners publish.
 */
import { z } from 'zod';
import { siteCollectionNames } from '../site-collections.ts';
import { PHOTO_ID } from '../photo-sizes.ts';

/** An entry's address in the API: its collection and file name. */
export const entryParams = z.object({
  collection: z.enum(siteCollectionNames),
  id: z
    .string()
    .max(81)
    .regex(/^[a-z0-9][a-z0-9-]*$/),
});

export type EntryParams = z.output<typeof entryParams>;

export const versionParams = z.object({ number: z.coerce.number().int().min(0).max(1_000_000_000) });

/** Deeper than any entry's fields go (a page's blocks, their items, a table's cells). */
const DEPTH_MAX = 24;
// eslint-disable-next-line no-control-regex -- the control characters are what it looks for
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/**
 * Whether content can be stored and written to a file as it is: no deeper than any entry, and no
 * text with a NUL or other control character or half a character (a lone surrogate), which a file
 * or the database would change. Walked without recursion, so no depth can overflow the stack.
 */
export function storable(value: unknown): boolean {
  const stack: [unknown, number][] = [[value, 0]];
  const textOk = (text: string) => !CONTROL.test(text) && !LONE_SURROGATE.test(text);
  while (stack.length > 0) {
    const [item, depth] = stack.pop()!;
    if (typeof item === 'string' && !textOk(item)) return false;
    if (item === null || typeof item !== 'object') continue;
    if (depth >= DEPTH_MAX) return false;
    for (const [key, child] of Object.entries(item)) {
      if (!textOk(key)) return false;
      stack.push([child, depth + 1]);
    }
  }
  return true;
}

/** An entry's content: its fields (checked by its collection's schema) and, for articles and guides, its Markdown text. */
export const entryContent = z.object({
  data: z.record(z.string().max(100), z.unknown()).refine(storable, 'Part of this cannot be stored: it nests too deeply or holds a control character.'),
  body: z
    .string()
    .max(60_000)
    .refine((body) => storable(body.replace(/[\t\n\r]/g, ' ')), 'The text holds a character that cannot be stored.')
    .optional(),
});
export type EntryContent = z.output<typeof entryContent>;

/** An edit as the form sends it: the content, and the version it was started from. */
export const entryEdit = entryContent.extend({ basedOn: z.number().int().min(0).max(1_000_000_000) });
export type EntryEdit = z.input<typeof entryEdit>;

const problem = z.object({ path: z.string(), message: z.string() });
export type ContentProblemAnswer = z.output<typeof problem>;

const who = z.object({ email: z.string().nullable(), at: z.number() });

export const siteOverview = z.object({
  /** The newest version (0: the release's own content) and this instance's. */
  version: z.number(),
  served: z.number(),
  publishedBy: who.nullable(),
  /** Why the newest version could not be built on this instance, while it cannot. */
  failure: z.string().nullable(),
  entries: z.array(
    z.object({
      key: z.string(),
      collection: z.enum(siteCollectionNames),
      id: z.string(),
      title: z.string(),
      /** The page as a visitor knows it: its name in the site's menus ("Home"), else its title. */
      name: z.string(),
      route: z.string().nullable(),
      /** The owner's words are published in place of the release's. */
      edited: z.boolean(),
      draft: z.boolean(),
      /** A new release changed this entry since the owner edited it: the owner chooses which stays. */
      releaseChanged: z.boolean(),
    }),
  ),
  /** The oldest price date line among the guides, and how many days ago that is (NZ dates). */
  pricesVerified: z.object({ date: z.string(), days: z.number() }).nullable(),
});
export type SiteOverview = z.output<typeof siteOverview>;

export const siteEntryAnswer = z.object({
  key: z.string(),
  title: z.string(),
  route: z.string().nullable(),
  /** The entry's JSON Schema, made from the same zod schema the build checks it with. */
  schema: z.record(z.string(), z.unknown()),
  hasBody: z.boolean(),
  /** The blocks an article's body may hold; one that stands alone (a calculator) is a paragraph of its own. */
  blocks: z.array(z.object({ tag: z.string(), example: z.string(), label: z.string(), alone: z.boolean() })),
  release: entryContent,
  published: entryContent,
  version: z.number(),
  draft: z.object({ content: entryContent, basedOn: z.number(), by: who }).nullable(),
  /** A new release changed this entry since the owner edited it (`release` is the release's, `published` the owner's). */
  releaseChanged: z.boolean(),
  /** Whether it has a price date line the owner can mark as verified today. */
  verifiable: z.boolean(),
  /** Its problems as published, by the build's rules (normally none). */
  problems: z.array(problem),
  /** The figures the business details hold, as pages write them: the form warns where free text repeats one. */
  figures: z.array(
    z.object({
      label: z.string(),
      whole: z.array(z.string()),
      parts: z.array(z.string()),
      token: z.string().nullable(),
      block: z.string().nullable(),
      shows: z.string().nullable(),
    }),
  ),
  /** Every token and block a text can hold, with what it stands for and shows now: the form explains those a text holds. */
  tokens: z.array(z.object({ written: z.string(), label: z.string(), shows: z.string() })),
});
export type SiteEntryAnswer = z.output<typeof siteEntryAnswer>;

/** Which side of a release conflict stays: the owner's words, or the release's. */
export const releaseChoice = z.object({ keep: z.enum(['mine', 'release']) });

export const draftAnswer = z.object({
  problems: z.array(problem),
  unchanged: z.literal(true).optional().describe('The page was sent exactly as it is live: nothing was kept, and an earlier draft of it was dropped'),
});

/** A preview made: the address for the signed-in, and the share link (with its secret) that works until `expiresAt`. */
export const previewAnswer = z.object({
  /** The page the preview opens on, by the name the site editor lists it under. */
  name: z.string(),
  address: z.string(),
  share: z.string(),
  expiresAt: z.number(),
  /** The other pages the change shows on (a change to several business details), each by its name, at the preview's address. */
  also: z.array(z.object({ name: z.string(), address: z.string() })),
});
export type PreviewAnswer = z.output<typeof previewAnswer>;

export const publishAnswer = z.object({
  version: z.number(),
  unchanged: z.literal(true).optional().describe('The page was already live exactly as sent: no version was made and nothing was built'),
});

const versionAction = z.enum(['publish', 'restore', 'verify', 'undo']);

/**
 * The fields a version changed on one page, as paths ("faq.3", "emergencyLine.digits", "body") the
 * inbox names by their labels: the first few, and how many more.
 */
const changedFields = z.object({ fields: z.array(z.string()), more: z.number() });

export const versionList = z.object({
  versions: z.array(
    z.object({
      number: z.number(),
      action: versionAction,
      restoredFrom: z.number().nullable(),
      by: who,
      changed: z.array(z.object({ key: z.string(), title: z.string() }).extend(changedFields.shape)),
      /** building: its build is under way; failed: never shown on the site, with the build's reason. */
      status: z.enum(['building', 'live', 'failed']),
      failure: z.string().nullable(),
    }),
  ),
  served: z.number(),
});
export type VersionList = z.output<typeof versionList>;

export const versionDiff = z.object({
  number: z.number(),
  entries: z.array(
    z.object({
      key: z.string(),
      title: z.string(),
      fields: z.array(z.object({ path: z.string(), before: z.string().nullable(), after: z.string().nullable() })),
    }),
  ),
});
export type VersionDiff = z.output<typeof versionDiff>;

/** One page's history: the versions that changed it, newest first, each with the fields it changed. */
export const pageHistory = z.object({
  key: z.string(),
  /** The page as a visitor knows it. */
  title: z.string(),
  /** The newest version of the site, which an undo is based on. */
  version: z.number(),
  versions: z.array(z.object({ number: z.number(), action: versionAction, restoredFrom: z.number().nullable(), by: who }).extend(changedFields.shape)),
});
export type PageHistory = z.output<typeof pageHistory>;

/** Undo one version's changes to one page: the page goes back to how it was before `version`, as a new version. */
export const pageUndo = z.object({
  version: z.number().int().min(1).max(1_000_000_000),
  basedOn: z.number().int().min(0).max(1_000_000_000),
});

/** A photo's address in the API. */
export const photoParams = z.object({ id: z.string().regex(PHOTO_ID) });

/** An upload is the photo's own bytes (application/octet-stream), not JSON. */
export const photoUpload = z.custom<Uint8Array>((body) => body instanceof Uint8Array && body.length > 0, 'Choose a photo to upload.');

/** A photo stored: its id, for the entry's photo field. */
export const photoAnswer = z.object({ id: z.string() });
export type PhotoAnswer = z.output<typeof photoAnswer>;
