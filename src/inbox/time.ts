/** Times as the business reads them: New Zealand time, and how long ago. */
import { addDays, NZ_TIME_ZONE, nzParts } from '../../core/nz-time.ts';

const nzFormat = new Intl.DateTimeFormat('en-NZ', { timeZone: NZ_TIME_ZONE, dateStyle: 'medium', timeStyle: 'short' });

export function nzTime(at: string | number): string {
  return nzFormat.format(new Date(at));
}

const dayMonthFormat = new Intl.DateTimeFormat('en-NZ', { timeZone: NZ_TIME_ZONE, day: 'numeric', month: 'long' });

/** "3 December", in New Zealand time. */
export function dayMonth(at: string | number): string {
  return dayMonthFormat.format(new Date(at));
}

/** "just now", "12 min ago", "3 h ago", "2 d ago". */
export function ago(at: string | number, now = Date.now()): string {
  const minutes = Math.floor((now - new Date(at).getTime()) / 60_000);
  if (minutes < 1) return 'just now';
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return `${hours} h ago`;
  return `${Math.floor(hours / 24)} d ago`;
}

/** A span of time as the list reads it at a glance: "45 min", "3 h 5 min", "2 d 4 h". */
export function span(ms: number): string {
  const minutes = Math.max(0, Math.floor(Math.abs(ms) / 60_000));
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return minutes % 60 ? `${hours} h ${minutes % 60} min` : `${hours} h`;
  return `${Math.floor(hours / 24)} d ${hours % 24} h`;
}

const clockFormat = new Intl.DateTimeFormat('en-NZ', { timeZone: NZ_TIME_ZONE, hour: 'numeric', minute: '2-digit', hour12: true });
const dayFormat = new Intl.DateTimeFormat('en-NZ', { timeZone: NZ_TIME_ZONE, weekday: 'short', day: 'numeric', month: 'short' });

/** "3:10 am today", "11:45 pm yesterday", "7:00 am tomorrow", "Mon 23 Nov, 3:10 am": New Zealand time, the day in words when it is near. */
export function clockDay(at: string | number, now: string | number = Date.now()): string {
  const when = new Date(at);
  const clock = clockFormat.format(when).toLowerCase();
  const day = nzParts(when).date;
  const today = nzParts(new Date(now)).date;
  if (day === today) return `${clock} today`;
  if (day === addDays(today, -1)) return `${clock} yesterday`;
  if (day === addDays(today, 1)) return `${clock} tomorrow`;
  return `${dayFormat.format(when).replace(',', '')}, ${clock}`;
}

/** A file's size as people read it: "512 bytes", "850 KB", "1.2 MB", "3.4 GB" (1 KB = 1,000 bytes). */
export function fileSize(bytes: number): string {
  if (bytes < 1000) return `${bytes} byte${bytes === 1 ? '' : 's'}`;
  const units = ['KB', 'MB', 'GB', 'TB'];
  let value = bytes / 1000;
  let unit = 0;
  while (value >= 999.95 && unit < units.length - 1) {
    value /= 1000;
    unit++;
  }
  return `${value < 10 ? value.toFixed(1).replace(/\.0$/, '') : Math.round(value)} ${units[unit]}`;
}
