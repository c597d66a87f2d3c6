/**
 * Uploads nobody used are removed, on both stores: a photo chosen and then dropped goes once it is
 * UNUSED_PHOTO_DAYS old, while a photo any version shows (so a restore still finds it), a draft or a
 * preview names, or that is newer, stays with its files. Each instance sweeps when it starts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rmSync } from 'node:fs';
import { photoFileNames } from '../../core/photo-sizes.ts';
import { UNUSED_PHOTO_DAYS } from '../../server/site/site-publisher.ts';
import { insertPhoto, photoFiles, storedPhotoIds } from '../../server/storage/site-photos.ts';
import { saveDraft } from '../../server/storage/site-versions.ts';
import { run } from '../../server/storage/steps.ts';
import { createTestStore, storeKinds, type TestStore } from '../support/stores.ts';
import { siteInstance } from '../support/site-editor.ts';
import { waitFor } from '../support/peers.ts';

const ARTICLE = 'blog/display-fridge-maintenance';
const GUIDE = 'guides/commercial-fridge-prices-nz';
const BY = { email: 'owner@example.nz', ip: '127.0.0.1' };
const DAY_MS = 86_400_000;

/** A photo id, as the upload makes it: 24 hex characters. */
const idOf = (n: number) => n.toString(16).padStart(24, 'a');

describe.each(storeKinds)('unused photos on %s', (kind) => {
  let t: TestStore;
  let instance: Awaited<ReturnType<typeof siteInstance>>;

  const upload = (id: string) =>
    t.store.transact(() =>
      insertPhoto({ id, sourceType: 'jpeg', authorEmail: BY.email, files: photoFileNames(id).map((name) => ({ name, body: Buffer.from(name) })) }),
    );
  const age = (ids: string[], days: number) =>
    t.store.transact(function* () {
      for (const id of ids) yield* run('UPDATE site_photos SET created_at = created_at - ? WHERE id = ?', days * DAY_MS, id);
    });
  const stored = async (ids: string[]) => [...(await t.store.read(() => storedPhotoIds(ids)))].sort();
  const withPhoto = async (key: string, id: string) => {
    const entry = instance.publisher.contentOf(await instance.publisher.latest()).get(key)!;
    return { ...entry, data: { ...entry.data, photo: { id, alt: 'A technician checking a cool room door seal' } } };
  };

  beforeAll(async () => {
    t = await createTestStore(kind);
    instance = await siteInstance(t.store);
  });

  afterAll(async () => {
    await instance.publisher.stop();
    rmSync(instance.work, { recursive: true, force: true });
    await t.cleanup();
  });

  it('removes only old uploads that no version, draft or preview names, with their files', async () => {
    const [dropped, published, replaced, drafted, previewed, recent] = [1, 2, 3, 4, 5, 6].map(idOf);
    const all = [dropped, published, replaced, drafted, previewed, recent] as string[];
    for (const id of all) await upload(id);
    // An article shows `replaced`, then `published` in its place: the older version still names it.
    const first = await instance.publisher.publishEntry(await withPhoto(ARTICLE, replaced!), (await instance.publisher.latest()).number, BY);
    await instance.publisher.publishEntry(await withPhoto(ARTICLE, published!), first.number, BY);
    const guide = await withPhoto(GUIDE, drafted!);
    await t.store.transact(() => saveDraft(GUIDE, guide, first.number, BY.email));
    await instance.publisher.preview(await withPhoto(GUIDE, previewed!), BY);
    await age(
      all.filter((id) => id !== recent),
      UNUSED_PHOTO_DAYS + 1,
    );
    await age([recent!], UNUSED_PHOTO_DAYS - 1);

    expect(await instance.publisher.sweepUnusedPhotos()).toEqual([dropped]);
    expect(await stored(all)).toEqual(all.filter((id) => id !== dropped).sort());
    expect(await t.store.read(() => photoFiles([dropped!]))).toEqual([]);
    expect((await t.store.read(() => photoFiles([replaced!]))).map((f) => f.name)).toEqual([...photoFileNames(replaced!)].sort());
    // Nothing more to remove: a second sweep (another instance's, say) changes nothing.
    expect(await instance.publisher.sweepUnusedPhotos()).toEqual([]);

    // Restoring the version that showed the replaced photo still builds: its photo is there.
    const restored = await instance.publisher.restore(first.number, BY);
    expect(instance.publisher.servedVersion).toBe(restored.number);
  });

  it('sweeps when an instance starts', async () => {
    const forgotten = idOf(7);
    await upload(forgotten);
    await age([forgotten], UNUSED_PHOTO_DAYS + 1);
    instance.publisher.start();
    await waitFor(async () => (await stored([forgotten])).length === 0, { what: 'the forgotten upload removed' });
    expect(await stored([forgotten])).toEqual([]);
  });
});
