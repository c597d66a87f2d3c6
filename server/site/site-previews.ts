/**
 * Previews of an edit before it is published: rendered at once by the quick preview when this
 * instance has one (the full build then made behind it), otherwise by building the site with the
 * edit; kept with a share link for PREVIEW_DAYS.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { entryHash, keyOf, previewRoutesOf, type ContentEntry, type EntryKey } from './content.ts';
import type { LeadStore } from '../storage/types.ts';
import { insertPreview } from '../storage/site-versions.ts';
import { randomToken, secretHash } from '../security/secrets.ts';
import type { SiteBuilder } from './site-builder.ts';
import type { LiveSite } from './live-site.ts';
import type { QuickPreview } from './quick-preview.ts';
import type { EntryChecks } from './entry-checks.ts';
import type { BuildAhead } from './build-ahead.ts';
import type { Publisher, VersionPublisher } from './version-publisher.ts';
import type { ContentVersion } from './content-version.ts';
import { DAY_MS } from '../../core/nz-time.ts';

/** How long a preview's share link works. */
export const PREVIEW_DAYS = 7;

type Entries = Readonly<Record<EntryKey, ContentEntry>>;

export interface SitePreviewsParts {
  store: LeadStore;
  builder: SiteBuilder;
  site: LiveSite;
  log: FastifyBaseLogger | undefined;
  live: QuickPreview | undefined;
  versions: VersionPublisher;
  checks: EntryChecks;
  ahead: BuildAhead;
}

export class SitePreviews {
  readonly #parts: SitePreviewsParts;

  constructor(parts: SitePreviewsParts) {
    this.#parts = parts;
  }

  /**
   * Builds the site with `entry` as edited over the newest version, without publishing it, and
   * keeps it as a preview for PREVIEW_DAYS: ready to show when this resolves. Refused, as a publish
   * is, when the entry fails the checks.
   */
  async preview(entry: ContentEntry, by: Publisher): Promise<{ id: string; token: string; route: string; also: string[]; expiresAt: number }> {
    const { store, builder, versions, checks, ahead } = this.#parts;
    const key = keyOf(entry);
    const latest = await versions.latest();
    // The first page the change shows on is rendered now; the others come from the site's build.
    const [route, ...also] = previewRoutesOf(entry, versions.contentOf(latest).get(key)) as [string, ...string[]];
    const served = this.#servedPage(entry, latest, route);
    if (served === null) await checks.refuseFailing(entry, versions.contentOf(latest));
    const entries = { ...latest.entries, [key]: entry };
    const page = served ?? (await this.#quickPage(entries, route));
    if (page === null) {
      ahead.notAheadOf(entries);
      await builder.build(entries, { compressed: false });
    } else if (served === null) ahead.build(entries);
    const id = randomUUID();
    const token = randomToken();
    const expiresIn = PREVIEW_DAYS * DAY_MS;
    await store.transact(() => insertPreview({ id, tokenHash: secretHash(token), entries, route, page, authorEmail: by.email }, expiresIn));
    return { id, token, route, also, expiresAt: Date.now() + expiresIn };
  }

  /**
   * The page as this instance serves it, when `entry` is what the served version already holds: a
   * page opened and not yet changed (its phone-width look) needs no render at all.
   */
  #servedPage(entry: ContentEntry, latest: ContentVersion, route: string): string | null {
    const { site, versions } = this.#parts;
    if (site.version !== latest.number) return null;
    const served = versions.contentOf(latest).get(keyOf(entry));
    if (!served || entryHash(served) !== entryHash(entry)) return null;
    const asset = site.assets.get(route);
    return asset?.type.startsWith('text/html') ? asset.body.toString('utf8') : null;
  }

  /**
   * The preview's page rendered at once by the quick preview, or null to build the site instead:
   * none on this instance, or it could not (a page it cannot match to the served build, or an error
   * the build then reports to the owner in its own words).
   */
  async #quickPage(entries: Entries, route: string): Promise<string | null> {
    const { live, site, log, versions } = this.#parts;
    if (!live) return null;
    try {
      return (await live.render(versions.contentOf({ entries }), route, site.assets)).toString('utf8');
    } catch (error) {
      log?.warn({ err: error, route }, 'could not render the preview at once; building the site for it');
      return null;
    }
  }

  /** Readies quick previews (someone opened the site editor), so the first is as quick as the rest. */
  warm(): void {
    this.#parts.live?.warm();
  }

  /** The folder of a preview's build: made again if this instance has not made it (or pruned it). */
  folder(entries: Entries): Promise<string> {
    return this.#parts.builder.build(entries, { compressed: false });
  }

  /** Stops the quick preview, if this instance has one: it renders nothing more. */
  async stop(): Promise<void> {
    await this.#parts.live?.stop();
  }
}
