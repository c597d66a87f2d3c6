/**
 * Visits counted in memory and added to the database every few seconds: page views and visitors
 * by day, page, source, campaign and device, the quote form's funnel and the Web Vitals' buckets.
 *
 * A visitor is known only within one New Zealand day, by an HMAC-SHA256 of their address and user
 * agent keyed with a random salt made for that day. The salt lives only in this process's memory
 * and is overwritten when the day changes; the hashes never leave this process either (they only
 * say whether a visitor was already counted in a row today), so the database holds totals alone.
 * Each instance makes its own salt, so with several instances a visitor whose requests reach two of
 * them is counted once by each: sharing the salt would mean keeping it where it outlives the day.
 *
 * A campaign earns a row of its own by evidence (storage/visit-counts.ts): the distinct addresses
 * that brought it today, each instance telling them apart by a second HMAC under the same salt, of
 * the address alone. The user agent is left out of that one on purpose: it is the sender's to
 * choose, so one address could otherwise pass for any number of visitors. An address may also bring
 * only NEW_CAMPAIGNS_PER_ADDRESS campaigns this instance has not yet seen today; past that its
 * invented ones are counted in "(other)" straight away, so one source cannot fill the candidates.
 *
 * What a crash may lose: the counts since the last flush (a few seconds of page views), never a
 * lead, which is stored by the quote form's own transaction before its visitor is answered.
 */
import { createHmac, randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { nzParts } from '../../core/nz-time.ts';
import { OTHER_CAMPAIGN, vitalBucket } from '../../core/visit/visit-figures.ts';
import { visitCampaign } from '../../core/visit/beacon-schema.ts';
import type { VitalMetric } from '../../core/visit/beacon-fields.ts';
import { DEFAULTS } from '../config.ts';
import {
  addVisitCounts,
  CANDIDATES_PER_DAY,
  type CampaignEvidence,
  type FormCount,
  type PageCount,
  type VisitBatch,
  type VisitorCount,
  type VitalCount,
} from '../storage/visit-counts.ts';
import type { LeadStore } from '../storage/types.ts';
import { formKey, pageKey, seenKey, visitorsKey, vitalKey } from '../../core/visit/visit-keys.ts';

/** One counted beacon, its visitor still as the request gave it (hashed here, then forgotten). */
interface Visitor {
  address: string;
  userAgent: string;
  page: string;
  device: string;
}
export type Counted =
  | (Visitor & { kind: 'view'; source: string; campaign: string })
  | (Visitor & { kind: 'seen' | 'started' })
  | (Visitor & { kind: 'vital'; pageKind: string; metric: VitalMetric; value: number });

export interface VisitTallyOptions {
  store: LeadStore;
  /** How long counts wait in memory before they are added to the database. */
  flushMs: number;
  /** Visitor-and-row pairs remembered a day; past it, new pairs are taken as seen (undercounted, never inflated). */
  rememberedVisitors: number;
  /** Rows waiting for the database; past it (the database down for long), new rows are dropped. */
  pendingRows: number;
  /** Campaigns a day keeps as rows of their own, once they earn them (default DEFAULTS.visits). */
  campaignsPerDay?: number | undefined;
  /** Campaigns a day keeps evidence for while they wait for a row (default CANDIDATES_PER_DAY). */
  candidatesPerDay?: number | undefined;
  log?: FastifyBaseLogger | undefined;
  now?: () => Date;
}

interface Today {
  day: string;
  salt: Buffer;
  /** Which visitor was already counted in which row today. */
  seen: Set<string>;
  /** The campaigns this instance counted today under their own name (bounded: see #campaign). */
  campaigns: Set<string>;
  /** How many of those each address (by its hash) brought first. */
  brought: Map<string, number>;
}

/** New campaigns one address may bring an instance a day: a person follows a few links, not dozens. */
export const NEW_CAMPAIGNS_PER_ADDRESS = 5;

export class VisitTally {
  readonly #options: VisitTallyOptions;
  readonly #now: () => Date;
  #today: Today | undefined;
  #pages = new Map<string, PageCount>();
  #visitors = new Map<string, VisitorCount>();
  #forms = new Map<string, FormCount>();
  #vitals = new Map<string, VitalCount>();
  #evidence = new Map<string, CampaignEvidence>();
  #timer: NodeJS.Timeout | undefined;
  #flushes: Promise<void> = Promise.resolve();

  constructor(options: VisitTallyOptions) {
    this.#options = options;
    this.#now = options.now ?? (() => new Date());
  }

  start(): void {
    this.#timer ??= setInterval(() => void this.flush(), this.#options.flushMs).unref();
  }

  /** Stops the timer and adds what is still in memory (at shutdown, before the store closes). */
  async stop(): Promise<void> {
    clearInterval(this.#timer);
    this.#timer = undefined;
    await this.flush();
  }

  /** The day's salt, made anew (and the old one overwritten) when the New Zealand date changes. */
  #day(): Today {
    const day = nzParts(this.#now()).date;
    if (this.#today?.day !== day) {
      this.#today?.salt.fill(0);
      this.#today = { day, salt: randomBytes(32), seen: new Set(), campaigns: new Set(), brought: new Map() };
    }
    return this.#today;
  }

  /** True the first time this visitor is counted in this row today. */
  #firstTime(today: Today, visitor: string, row: string): boolean {
    const key = seenKey(visitor, row);
    if (today.seen.has(key) || today.seen.size >= this.#options.rememberedVisitors) return false;
    today.seen.add(key);
    return true;
  }

  /**
   * The campaign a (cleaned, named) view is counted under: its own, or "(other)" when this instance already tracks
   * as many campaigns today as the day can hold or wait for, or when the address has already brought
   * its share of new ones. Which campaigns get rows is the database's decision, by evidence, across
   * instances (see addVisitCounts); this only keeps memory and the flush bounded.
   */
  #campaign(today: Today, campaign: string, address: string): string {
    if (today.campaigns.has(campaign)) return campaign;
    const brought = today.brought.get(address) ?? 0;
    if (today.campaigns.size >= this.#campaignsPerDay + this.#candidatesPerDay || brought >= NEW_CAMPAIGNS_PER_ADDRESS) return OTHER_CAMPAIGN;
    if (brought === 0 && today.brought.size >= this.#options.rememberedVisitors) return OTHER_CAMPAIGN;
    today.brought.set(address, brought + 1);
    today.campaigns.add(campaign);
    return campaign;
  }

  get #candidatesPerDay(): number {
    return this.#options.candidatesPerDay ?? CANDIDATES_PER_DAY;
  }

  get #campaignsPerDay(): number {
    return this.#options.campaignsPerDay ?? DEFAULTS.visits.campaignsPerDay;
  }

  #room(map: Map<string, unknown>, key: string): boolean {
    return map.has(key) || this.pendingRows < this.#options.pendingRows;
  }

  get pendingRows(): number {
    return this.#pages.size + this.#visitors.size + this.#forms.size + this.#vitals.size + this.#evidence.size;
  }

  count(beacon: Counted): void {
    const today = this.#day();
    const { day } = today;
    if (beacon.kind === 'vital') {
      const bucket = vitalBucket(beacon.metric, beacon.value);
      const key = vitalKey({ day, kind: beacon.pageKind, device: beacon.device, metric: beacon.metric, bucket });
      if (!this.#room(this.#vitals, key)) return;
      const row = this.#vitals.get(key) ?? { day, kind: beacon.pageKind, device: beacon.device, metric: beacon.metric, bucket, samples: 0 };
      row.samples++;
      this.#vitals.set(key, row);
      return;
    }
    if (beacon.kind !== 'view') {
      const key = formKey({ day, page: beacon.page });
      if (!this.#room(this.#forms, key)) return;
      const row = this.#forms.get(key) ?? { day, page: beacon.page, seen: 0, started: 0 };
      row[beacon.kind]++;
      this.#forms.set(key, row);
      return;
    }
    // 128 of the 256 bits are plenty to tell a day's visitors apart, and halve what memory holds.
    const visitor = createHmac('sha256', today.salt).update(`${beacon.address}\n${beacon.userAgent}`).digest('base64url').slice(0, 22);
    const { page, source, device } = beacon;
    const cleaned = visitCampaign(beacon.campaign);
    const named = cleaned !== '' && cleaned !== OTHER_CAMPAIGN;
    // The address alone, for a campaign's evidence: the user agent is the sender's to choose. Only
    // a view with a campaign pays for the second hash.
    const address = named ? createHmac('sha256', today.salt).update(beacon.address).digest('base64url').slice(0, 22) : '';
    const campaign = named ? this.#campaign(today, cleaned, address) : cleaned;
    const siteKey = visitorsKey({ day, source, campaign, device });
    const rowKey = pageKey({ day, source, campaign, device, page });
    if (!this.#room(this.#pages, rowKey)) return;
    const pageRow = this.#pages.get(rowKey) ?? { day, page, source, campaign, device, views: 0, visitors: 0 };
    pageRow.views++;
    if (this.#firstTime(today, visitor, rowKey)) pageRow.visitors++;
    this.#pages.set(rowKey, pageRow);
    if (this.#firstTime(today, visitor, siteKey) && this.#room(this.#visitors, siteKey)) {
      const siteRow = this.#visitors.get(siteKey) ?? { day, source, campaign, device, visitors: 0 };
      siteRow.visitors++;
      this.#visitors.set(siteKey, siteRow);
    }
    const evidenceKey = visitorsKey({ day, source: '', campaign, device: '' });
    if (named && campaign !== OTHER_CAMPAIGN && this.#room(this.#evidence, evidenceKey) && this.#firstTime(today, address, evidenceKey)) {
      const evidence = this.#evidence.get(evidenceKey) ?? { day, campaign, visitors: 0 };
      evidence.visitors++;
      this.#evidence.set(evidenceKey, evidence);
    }
  }

  /** Adds what was counted since the last flush to the database; on failure the counts wait for the next. */
  flush(): Promise<void> {
    // One flush at a time, each after the one before: a slow database never has two of this
    // instance's batches in flight, and a flush asked for while one runs (at shutdown) still takes
    // what was counted since that one began.
    this.#flushes = this.#flushes.then(() => this.#flushOnce());
    return this.#flushes;
  }

  async #flushOnce(): Promise<void> {
    if (this.pendingRows === 0) return;
    const batch: VisitBatch = {
      pages: [...this.#pages.values()],
      visitors: [...this.#visitors.values()],
      forms: [...this.#forms.values()],
      vitals: [...this.#vitals.values()],
      campaigns: [...this.#evidence.values()],
    };
    this.#pages = new Map();
    this.#visitors = new Map();
    this.#forms = new Map();
    this.#vitals = new Map();
    this.#evidence = new Map();
    try {
      const { kind } = this.#options.store;
      await this.#options.store.transact(() =>
        addVisitCounts(batch, { campaignsPerDay: this.#campaignsPerDay, candidatesPerDay: this.#candidatesPerDay, kind }),
      );
    } catch (error) {
      this.#options.log?.warn({ err: error }, 'visit counts not saved yet; kept for the next flush');
      this.#putBack(batch);
    }
  }

  #putBack(batch: VisitBatch): void {
    const add = <T extends object>(map: Map<string, T>, rows: T[], key: (row: T) => string, counts: (keyof T)[]) => {
      for (const row of rows) {
        const k = key(row);
        const held = map.get(k);
        if (held) for (const c of counts) (held[c] as number) += row[c] as number;
        else if (this.pendingRows < this.#options.pendingRows) map.set(k, row);
      }
    };
    add(this.#pages, batch.pages, pageKey, ['views', 'visitors']);
    add(this.#visitors, batch.visitors, visitorsKey, ['visitors']);
    add(this.#forms, batch.forms, formKey, ['seen', 'started']);
    add(this.#vitals, batch.vitals, vitalKey, ['samples']);
    add(this.#evidence, batch.campaigns ?? [], (e) => visitorsKey({ day: e.day, source: '', campaign: e.campaign, device: '' }), ['visitors']);
  }
}
