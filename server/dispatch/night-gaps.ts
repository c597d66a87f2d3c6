/**
 * The evening's gap note's rule: the cities that no partner covers through the night, by the one
 * rule of who can take an urgent job now (urgent-rule.ts), each with its partners the owner could
 * ask. Queued once per evening (queueGaps), written by the outbox.
 */
import type { PartnerRegion } from '../../core/partner/kinds.ts';
import { partnerRegions } from '../../core/partner/kinds.ts';
import { attendWithinHours } from '../../core/lead/response-targets.ts';
import type { Work } from '../storage/steps.ts';
import { listPartners } from '../storage/partner-records.ts';
import { enqueue } from '../storage/job-queue.ts';
import { coversUntil } from './urgent-rule.ts';

/** A night the evening gap check looks at: from its start (18:00) to the next morning (7:00). */
export interface Night {
  start: Date;
  end: Date;
}

/** A partner of a gap's city who is not covering it tonight: someone the owner could ask. */
export interface GapPartner {
  name: string;
  phone: string;
  /** On call now, but only until this time (epoch ms), before the night ends; null when not on call at all. */
  onCallUntil: number | null;
  /** On call, but an offer e-mail to them bounced: dispatch skips them until the address is fixed. */
  bounced: boolean;
}

/** A city nobody covers tonight, and the partners of that city who could. */
export interface CityGap {
  city: PartnerRegion;
  partners: GapPartner[];
}

/**
 * The places a night without cover is a gap in: those whose emergency promise (response-targets.ts)
 * is no longer than the night, so an urgent lead arriving in the evening must be reached before
 * morning. That is the six cities (2 to 12 hours); the regional areas' 24-hour promise can be kept
 * by someone starting in the morning, so they are left out.
 */
function citiesNeedingCover(night: Night): PartnerRegion[] {
  const nightHours = (night.end.getTime() - night.start.getTime()) / 3_600_000;
  return partnerRegions.filter((region) => attendWithinHours(region) <= nightHours);
}

/**
 * The cities with no partner on call through `night`, each with its partners who could cover it
 * (not paused, not covering), in the form's order of cities; none when the business has no
 * partners at all (it does not dispatch to partners, so there is no gap to fill).
 */
export function* tonightsGaps(night: Night): Work<CityGap[]> {
  const partners = yield* listPartners();
  if (partners.length === 0) return [];
  return citiesNeedingCover(night)
    .map((city) => ({ city, ofCity: partners.filter((p) => p.regions.includes(city)) }))
    .filter(({ ofCity }) => !ofCity.some((p) => coversUntil(p, night.end.getTime())))
    .map(({ city, ofCity }) => ({
      city,
      partners: ofCity
        .filter((p) => !p.paused)
        .map((p) => ({
          name: p.name,
          phone: p.phone,
          onCallUntil: p.on_call_now && p.on_call_until !== null ? p.on_call_until : null,
          bounced: p.on_call_now && p.bounced_at !== null,
        })),
    }));
}

/** Queues the evening's gap note for `date` (the New Zealand date the night starts on) once, and only when some city has a gap. */
export function* queueGaps(date: string, night: Night): Work<boolean> {
  if ((yield* tonightsGaps(night)).length === 0) return false;
  return yield* enqueue({ purpose: 'gaps', of: { period: date } });
}
