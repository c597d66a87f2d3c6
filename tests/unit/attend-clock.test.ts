/**
 * The attend clock of an urgent lead, as the list and the lead show it: counting down, then overdue;
 * stopped once the partner holding the job is on site, saying when and how early or late.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { AttendClock } from '../../src/inbox/AttendClock.tsx';

/** A time on 25 Nov 2026 in New Zealand (daylight time, UTC+13). */
const at = (nzClock: string) => Date.parse(`2026-11-25T${nzClock}:00.000+13:00`);
// 7:00 am; the lead is to be attended by 6:44 am.
const now = at('07:00');
const attendBy = new Date(at('06:44')).toISOString();
const text = (props: Parameters<typeof AttendClock>[0]) => renderToStaticMarkup(createElement(AttendClock, props)).replace(/<[^>]+>/g, '');

describe('the attend clock', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(now);
  });
  afterEach(() => vi.useRealTimers());

  it('counts down, then says how late, while nobody is on site', () => {
    expect(text({ attendBy, status: 'new' })).toBe('Attendance overdue by 16 min');
    expect(text({ attendBy: '2026-11-24T20:00:00.000Z', status: 'contacted', onSiteAt: null })).toBe('2 h left to attend');
  });

  it('stops when the partner holding the job is on site: early, late or on time', () => {
    expect(text({ attendBy, status: 'contacted', onSiteAt: at('00:46') })).toBe('On site 12:46 am today, 5 h 58 min early');
    expect(text({ attendBy, status: 'contacted', onSiteAt: at('07:04') })).toBe('On site 7:04 am today, 20 min late');
    expect(text({ attendBy, status: 'quoted', onSiteAt: Date.parse(attendBy) + 30_000 })).toBe('On site 6:44 am today, on time');
  });

  it('shows nothing for a lead that is not urgent or is closed; a quoted one only once someone was on site', () => {
    expect(text({ attendBy: null, status: 'new', onSiteAt: at('00:46') })).toBe('');
    expect(text({ attendBy, status: 'won', onSiteAt: at('00:46') })).toBe('');
    expect(text({ attendBy, status: 'quoted' })).toBe('');
  });
});
