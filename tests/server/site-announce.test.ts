/**
 * On PostgreSQL a publish is announced to every other instance, which builds and serves it at
 * once: here the other instance looks for new versions only once an hour, so the announcement is
 * the only way it can learn of the publish within the test's wait. (The listening connection's
 * return after the database drops it is job-listener.test.ts's, on a database of its own.)
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rmSync } from 'node:fs';
import type { LiveSite } from '../../server/site/live-site.ts';
import type { SitePublisher } from '../../server/site/site-publisher.ts';
import { createTestStore, type TestStore } from '../support/stores.ts';
import { siteInstance } from '../support/site-editor.ts';
import { waitFor } from '../support/peers.ts';

const GUIDE = 'guides/commercial-fridge-prices-nz';
const HOUR_MS = 3_600_000;
const BY = { email: 'owner@example.nz', ip: '127.0.0.1' };

describe('a publish announced on PostgreSQL', () => {
  let t: TestStore;
  let a: { site: LiveSite; publisher: SitePublisher; work: string };
  let other: { site: LiveSite; publisher: SitePublisher; work: string };

  beforeAll(async () => {
    t = await createTestStore('postgres');
    a = await siteInstance(t.store, undefined, undefined, { checkEveryMs: HOUR_MS });
    // A second store on the same database: another instance, with its own listening connection.
    other = await siteInstance(t.reopen(), undefined, undefined, { checkEveryMs: HOUR_MS });
    a.publisher.start();
    other.publisher.start();
  });

  afterAll(async () => {
    for (const i of [a, other]) {
      await i.publisher.stop();
      rmSync(i.work, { recursive: true, force: true });
    }
    await t.cleanup();
  });

  const publishHeading = async (heading: string) => {
    const latest = await a.publisher.latest();
    const guide = a.publisher.contentOf(latest).get(GUIDE)!;
    return a.publisher.publishEntry({ ...guide, data: { ...guide.data, heading } }, latest.number, BY);
  };

  it('reaches the other instance at once, each time', async () => {
    for (const heading of ['Commercial Fridge Prices, Announced Once', 'Commercial Fridge Prices, Announced Twice']) {
      const { number } = await publishHeading(heading);
      await waitFor(() => other.site.version === number, { what: `the other instance serving version ${number}`, timeoutMs: 15_000 });
      expect(other.site.version).toBe(number);
    }
  });
});
