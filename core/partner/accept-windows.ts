/**
 * How long a partner has to accept an offer made from the inbox (the owner picks; the partner is
 * told "Accept by"), and which window is picked first. Plain data, so the inbox app shows the same
 * default the server applies when none is sent.
 */
import { DAY_MS } from '../nz-time.ts';

export const acceptWindows = {
  '15m': { label: '15 minutes', ms: 15 * 60_000 },
  '1h': { label: '1 hour', ms: 3_600_000 },
  '4h': { label: '4 hours', ms: 4 * 3_600_000 },
  '24h': { label: '24 hours', ms: 24 * 3_600_000 },
  '3d': { label: '3 days', ms: 3 * DAY_MS },
} as const;
export type AcceptWindow = keyof typeof acceptWindows;
export const acceptWindowNames = Object.keys(acceptWindows) as [AcceptWindow, ...AcceptWindow[]];

/**
 * The window an offer gets unless the owner picks another: an urgent job has someone waiting with
 * failing equipment, so a quarter of an hour (as automatic dispatch gives), else a day.
 */
export function defaultAcceptWindow(urgent: boolean): AcceptWindow {
  return urgent ? '15m' : '24h';
}
