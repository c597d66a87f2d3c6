/**
 * Removing uploads nobody used: once a day on every instance, each removing only what no stored
 * version, draft or preview names, and keeping the photos of the release's own content.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { ContentEntry, EntryKey } from './content.ts';
import type { LeadStore } from '../storage/types.ts';
import { deleteUnusedPhotos } from '../storage/site-photos.ts';
import { photoIdsOf } from '../../core/photo-refs.ts';
import { DAY_MS } from '../../core/nz-time.ts';

/**
 * An upload no version, draft or preview names is removed once it is this old: long enough for an
 * owner who chose a photo and left the form unsaved to come back to it.
 */
export const UNUSED_PHOTO_DAYS = 30;
/** How often an instance looks for such uploads. */
const PHOTO_SWEEP_EVERY_MS = DAY_MS;

export class PhotoSweep {
  readonly #store: LeadStore;
  readonly #release: ReadonlyMap<EntryKey, ContentEntry>;
  readonly #log: FastifyBaseLogger | undefined;
  /** When this instance last removed unused photos (0: not yet since it started). */
  #sweptAt = 0;

  constructor(store: LeadStore, release: ReadonlyMap<EntryKey, ContentEntry>, log: FastifyBaseLogger | undefined) {
    this.#store = store;
    this.#release = release;
    this.#log = log;
  }

  /** Removes the uploads nobody used (UNUSED_PHOTO_DAYS), returning the ids removed. */
  async sweep(): Promise<string[]> {
    const keep = new Set(photoIdsOf(this.#release.values()));
    const removed = await this.#store.transact(() => deleteUnusedPhotos(UNUSED_PHOTO_DAYS * DAY_MS, keep));
    if (removed.length > 0) this.#log?.info({ photos: removed.length }, 'removed photos no version, draft or preview uses');
    return removed;
  }

  /** Sweeps if this instance has not in the last day; a failure waits for the next day. */
  async sweepWhenDue(): Promise<void> {
    if (Date.now() - this.#sweptAt < PHOTO_SWEEP_EVERY_MS) return;
    this.#sweptAt = Date.now();
    try {
      await this.sweep();
    } catch (error) {
      this.#log?.warn({ err: error }, 'could not remove unused photos; trying again tomorrow');
    }
  }
}
