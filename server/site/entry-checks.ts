/**
 * Whether an entry may be published or previewed: the build's own rules, checked in a process of
 * their own, and every photo it shows either uploaded to this database or shipped with the release.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { keyOf, routesOf, type ContentEntry, type ContentProblem, type EntryKey } from './content.ts';
import { CheckRefused, type ContentChecker } from './content-checker.ts';
import type { LeadStore } from '../storage/types.ts';
import { storedPhotoIds } from '../storage/site-photos.ts';
import { PHOTO_PATH, photoFileNames } from '../../core/photo-sizes.ts';
import { photoRefsOf } from '../../core/photo-refs.ts';
import { siteWords } from './site-words.ts';

/** The entry fails the build's rules: each problem names its field. */
export class EntryRefused extends Error {
  readonly problems: ContentProblem[];
  constructor(problems: ContentProblem[]) {
    super('the entry does not pass the content checks');
    this.problems = problems;
  }
}

export class EntryChecks {
  readonly #store: LeadStore;
  readonly #root: string;
  /** Reads and checks an entry's text in a process of its own, so visitors are answered meanwhile. */
  checker: ContentChecker;

  constructor(store: LeadStore, root: string, checker: ContentChecker) {
    this.#store = store;
    this.#root = root;
    this.checker = checker;
  }

  /** What the entry would break, by the build's own rules, among the rest of the published content. */
  problemsOf(entry: ContentEntry, content: ReadonlyMap<EntryKey, ContentEntry>): Promise<ContentProblem[]> {
    const all = new Map(content);
    all.set(keyOf(entry), entry);
    return this.checker.check(entry.collection, entry.data, entry.body, routesOf(all.values()));
  }

  /**
   * The entry's problems by the build's own rules, and a photo it shows that is neither stored
   * (uploaded to this database) nor shipped with the release: refused at the field, before a build.
   */
  async #refusalsOf(entry: ContentEntry, content: ReadonlyMap<EntryKey, ContentEntry>): Promise<ContentProblem[]> {
    const problems = await this.problemsOf(entry, content).catch((error: unknown) => {
      if (error instanceof CheckRefused) return [{ path: 'body', message: error.message }];
      throw error;
    });
    const refs = photoRefsOf(entry);
    if (refs.length === 0) return problems;
    const stored = await this.#store.read(() => storedPhotoIds(refs.map((r) => r.id)));
    const shipped = (id: string) => photoFileNames(id).every((name) => existsSync(join(this.#root, 'public', PHOTO_PATH, name)));
    for (const ref of refs) if (!stored.has(ref.id) && !shipped(ref.id)) problems.push({ path: ref.path, message: siteWords.photoMissing });
    return problems;
  }

  /** Refuses the entry, with its problems, when it has any. */
  async refuseFailing(entry: ContentEntry, content: ReadonlyMap<EntryKey, ContentEntry>): Promise<void> {
    const problems = await this.#refusalsOf(entry, content);
    if (problems.length > 0) throw new EntryRefused(problems);
  }
}
