/** Dates and instants as the server takes them from outside: bounded, so no arithmetic on them can run away. */
import { z } from 'zod';
import { isCalendarDate, NZ_DATE_MAX, NZ_DATE_MIN } from './nz-time.ts';

/** A calendar date, YYYY-MM-DD, from NZ_DATE_MIN to NZ_DATE_MAX. */
export const calendarDate = z.string().refine(isCalendarDate, { message: `A date from ${NZ_DATE_MIN} to ${NZ_DATE_MAX}, as YYYY-MM-DD.` });

/** The same range as epoch milliseconds. */
export const EPOCH_MS_MIN = Date.parse(`${NZ_DATE_MIN}T00:00:00Z`);
export const EPOCH_MS_MAX = Date.parse(`${NZ_DATE_MAX}T23:59:59.999Z`);

/** An instant as ISO text in UTC (2026-11-25T03:10:00.000Z) within the calendar above. */
export const instantText = z.iso.datetime().refine((v) => isCalendarDate(v.slice(0, 10)));

/** An instant as epoch milliseconds within the calendar above. */
export const epochMs = z.number().int().min(EPOCH_MS_MIN).max(EPOCH_MS_MAX);
