/**
 * The North star of the urgent job, as the Reports measure it: how soon a named person committed to
 * an urgent request (a partner accepted it, or a person of the business acknowledged it), and
 * whether someone was on site by the time the customer was promised. The rules are here, once: the
 * 5-minute mark, the hour bands in New Zealand time, the 90th percentile and what counts as judged.
 * The database hands over each urgent lead's times (storage/insight-queries.ts); nothing else
 * decides what they mean.
 */
import { isOfficeTime, nzParts } from '../nz-time.ts';
import { attendBy } from './response-targets.ts';

/** A named person should have committed to an urgent request within this long, at any hour. */
export const COMMIT_WITHIN_MS = 5 * 60_000;
/** Which percentile of the time to commitment the Reports show. */
export const COMMIT_PERCENTILE = 90;

/**
 * The hour bands the figures are split by, from the time the request arrived (New Zealand time):
 * office hours as the business keeps them (core/business.ts); night from 22:00 to 07:00 every day;
 * evening the rest (weekday evenings, and the weekend's hours outside the night).
 */
export const hourBands = ['office', 'evening', 'night'] as const;
export type HourBand = (typeof hourBands)[number];
/** The night, in minutes after midnight: from 22:00 to 07:00. */
export const NIGHT_FROM_MINUTES = 22 * 60;
export const NIGHT_TO_MINUTES = 7 * 60;

export function hourBandOf(at: Date): HourBand {
  const parts = nzParts(at);
  if (isOfficeTime(parts)) return 'office';
  return parts.minutes >= NIGHT_FROM_MINUTES || parts.minutes < NIGHT_TO_MINUTES ? 'night' : 'evening';
}

/**
 * The p-th percentile by nearest rank of ascending durations where Infinity is a request nobody has
 * committed to: the smallest time within which at least p in 100 had someone. Null when that rank
 * falls on a request nobody committed to (more than 1 in 10 still have nobody, for the 90th), or
 * for no requests. Nearest rank (rather than interpolating) keeps the two figures telling the same
 * story: the 90th percentile is within 5 minutes exactly when at least 90 % were.
 */
export function nearestRankMs(sorted: readonly number[], p: number): number | null {
  if (sorted.length === 0) return null;
  const value = sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)]!;
  return Number.isFinite(value) ? value : null;
}

/** One urgent lead's times as the database keeps them (epoch ms; null when it has not happened). */
export interface UrgentLeadTimes {
  createdMs: number;
  city: string;
  /** The earliest acceptance by any partner, whatever became of the offer since (taken or handed back). */
  acceptedMs: number | null;
  /** The earliest acknowledgement by a person of the business. */
  acknowledgedMs: number | null;
  /** The earliest "On site" a partner who accepted marked. */
  onSiteMs: number | null;
}

/** Urgent requests of one group (the range, a month, a city, an hour band) and how soon someone committed. */
export interface CommitGroup {
  /** The group: 'all', a month YYYY-MM (New Zealand), a city as the form names it, or an hour band. */
  key: string;
  /** Requests judged: someone committed, or 5 minutes have passed without anyone. */
  urgent: number;
  /** Of those, how many had someone committed within 5 minutes of the request. */
  within: number;
  /** Requests with someone committed at all (the others: nobody yet, or never). */
  committed: number;
  /** The 90th percentile of the minutes from the request to someone committed (nearest rank); null when more than 1 in 10 have nobody. */
  p90Minutes: number | null;
}

export interface NorthStar {
  committed: CommitGroup & {
    /** Requests younger than 5 minutes that nobody has committed to yet: not judged, in no figure. */
    waiting: number;
    /** Oldest month first. */
    byMonth: CommitGroup[];
    /** Most requests first. */
    byCity: CommitGroup[];
    /** Every band, in `hourBands` order, those without requests included. */
    byBand: CommitGroup[];
  };
  /** Urgent requests whose on-site-by time has passed, and how many a partner marked On site by then. */
  onSite: { due: number; kept: number };
}

/** When someone committed: the first of a partner's acceptance and a person's acknowledgement; null when nobody has. */
export function committedAt(lead: Pick<UrgentLeadTimes, 'acceptedMs' | 'acknowledgedMs'>): number | null {
  const times = [lead.acceptedMs, lead.acknowledgedMs].filter((t): t is number => t !== null);
  return times.length ? Math.min(...times) : null;
}

interface Judged {
  /** Milliseconds from the request to someone committed (a commitment stamped before the request counts as at once); Infinity for nobody. */
  ms: number;
  month: string;
  city: string;
  band: HourBand;
}

function groupOf(key: string, judged: readonly Judged[]): CommitGroup {
  const sorted = judged.map((j) => j.ms).sort((a, b) => a - b);
  const p90 = nearestRankMs(sorted, COMMIT_PERCENTILE);
  return {
    key,
    urgent: judged.length,
    within: judged.filter((j) => j.ms <= COMMIT_WITHIN_MS).length,
    committed: judged.filter((j) => Number.isFinite(j.ms)).length,
    // Up to the whole second, so a time just over the mark never reads as on it.
    p90Minutes: p90 === null ? null : Math.ceil(p90 / 1000) / 60,
  };
}

function groupsBy(judged: readonly Judged[], keyOf: (j: Judged) => string): CommitGroup[] {
  const groups = new Map<string, Judged[]>();
  for (const j of judged) groups.set(keyOf(j), [...(groups.get(keyOf(j)) ?? []), j]);
  return [...groups].map(([key, list]) => groupOf(key, list));
}

/** The North star of the urgent leads of a range, as of `nowMs` (the database's clock). */
export function northStarOf(leads: readonly UrgentLeadTimes[], nowMs: number): NorthStar {
  const judged: Judged[] = [];
  let waiting = 0;
  let due = 0;
  let kept = 0;
  for (const lead of leads) {
    const at = committedAt(lead);
    const created = new Date(lead.createdMs);
    if (at === null && nowMs - lead.createdMs < COMMIT_WITHIN_MS) waiting++;
    else
      judged.push({
        ms: at === null ? Infinity : Math.max(0, at - lead.createdMs),
        month: nzParts(created).date.slice(0, 7),
        city: lead.city,
        band: hourBandOf(created),
      });
    const promised = attendBy({ created_at: created.toISOString(), city: lead.city, urgent: true });
    const promisedMs = promised === null ? null : Date.parse(promised);
    if (promisedMs !== null && promisedMs <= nowMs) {
      due++;
      if (lead.onSiteMs !== null && lead.onSiteMs <= promisedMs) kept++;
    }
  }
  const bands = new Map(groupsBy(judged, (j) => j.band).map((g) => [g.key, g]));
  return {
    committed: {
      ...groupOf('all', judged),
      waiting,
      byMonth: groupsBy(judged, (j) => j.month).sort((a, b) => a.key.localeCompare(b.key)),
      byCity: groupsBy(judged, (j) => j.city).sort((a, b) => b.urgent - a.urgent || a.key.localeCompare(b.key)),
      byBand: hourBands.map((band) => bands.get(band) ?? groupOf(band, [])),
    },
    onSite: { due, kept },
  };
}
