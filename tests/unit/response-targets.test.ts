/**
 * The response targets by area: the clock holds an urgent lead to the upper end of its city's
 * range (a day elsewhere), and the site's own words (the emergency page's table, the city pages
 * and their CBD figure) state the same ranges, so the promise shown and the promise measured agree.
 */
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { attendBy, attendWithinHours, emergencyResponseHours, responseAreaOf, responseAreas, thankYouLocation } from '../../core/lead/response-targets.ts';
import { leadCities } from '../../core/lead/fields.ts';
import { cities } from '../../src/config/site.ts';
import { span } from '../../src/inbox/time.ts';
import { fillTokens, fillTokensDeep } from '../../src/lib/tokens.ts';
import { business, withBusinessDetails } from '../../core/business.ts';
import { businessDetailsSchema } from '../../core/business-details.ts';

const content = (file: string) => readFileSync(new URL(`../../src/content/${file}`, import.meta.url), 'utf8');

describe('response targets', () => {
  it('holds an urgent lead to the upper end of its area, and a day anywhere else', () => {
    expect(Object.fromEntries(leadCities.map((c) => [c, attendWithinHours(c)]))).toEqual({
      Auckland: 4,
      Christchurch: 4,
      Wellington: 4,
      Hamilton: 6,
      Tauranga: 6,
      Dunedin: 12,
    });
    for (const elsewhere of ['', 'Gisborne', 'auckland', '__proto__', 'constructor', 'toString']) expect(attendWithinHours(elsewhere), elsewhere).toBe(24);
  });

  it('gives an attend-by time to urgent leads only', () => {
    const arrived = '2026-11-24T10:10:00.000Z';
    expect(attendBy({ created_at: arrived, city: 'Hamilton', urgent: true })).toBe('2026-11-24T16:10:00.000Z');
    expect(attendBy({ created_at: arrived, city: 'Kaikōura', urgent: true })).toBe('2026-11-25T10:10:00.000Z');
    expect(attendBy({ created_at: arrived, city: 'Hamilton', urgent: false })).toBeNull();
    expect(attendBy({ created_at: 'not a date', city: 'Hamilton', urgent: true })).toBeNull();
  });

  it("agrees with the emergency page's table and the city pages", () => {
    const page = fillTokensDeep(parse(content('pages/emergency-repairs.yaml'))) as { blocks: { rows?: string[][] }[] };
    const rows = new Map(page.blocks.flatMap((b) => b.rows ?? []).map(([area, target]) => [area, target]));
    const range = (city: (typeof leadCities)[number]) => `${emergencyResponseHours(city).from}-${emergencyResponseHours(city).to} hours`;
    expect(rows.get('Auckland, Christchurch and Wellington')).toBe(range('Auckland'));
    expect(range('Christchurch')).toBe(range('Auckland'));
    expect(range('Wellington')).toBe(range('Auckland'));
    expect(rows.get('Hamilton and Tauranga')).toBe(range('Hamilton'));
    expect(range('Tauranga')).toBe(range('Hamilton'));
    expect(rows.get('Dunedin')).toBe(range('Dunedin'));
    expect(rows.get('Regional areas')).toBe(`${business.responseHours.regional} hours`);
    // The city pages name their target by token, so a change in the business details reaches them.
    for (const city of ['Hamilton', 'Christchurch', 'Wellington', 'Dunedin', 'Tauranga'] as const) {
      expect(content(`cities/${city.toLowerCase()}.yaml`), city).toContain(`{response${city}}`);
      expect(fillTokens(content(`cities/${city.toLowerCase()}.yaml`)), city).toContain(range(city));
    }
    // Each city page's CBD figure is the lower end of its range.
    for (const city of Object.values(cities))
      if (city.cbdResponseHours !== null) expect(city.cbdResponseHours, city.name).toBe(emergencyResponseHours(city.name as (typeof leadCities)[number]).from);
  });

  it('names each area once, with the target the site states and the thank-you fragment that leads with it', () => {
    expect(responseAreas().map((a) => [a.anchor, a.city, a.hours])).toEqual([
      ['urgent-auckland', 'Auckland', '2-4 hours'],
      ['urgent-wellington', 'Wellington', '2-4 hours'],
      ['urgent-christchurch', 'Christchurch', '2-4 hours'],
      ['urgent-hamilton', 'Hamilton', '4-6 hours'],
      ['urgent-tauranga', 'Tauranga', '4-6 hours'],
      ['urgent-dunedin', 'Dunedin', '6-12 hours'],
      ['urgent-regional', null, '24 hours'],
    ]);
    // The upper end the inbox holds a lead to is the one the visitor is told.
    for (const area of responseAreas()) expect(area.hours.endsWith(`${attendWithinHours(area.city ?? '')} hours`), area.anchor).toBe(true);
    for (const elsewhere of ['', 'Gisborne', 'hamilton', '__proto__']) expect(responseAreaOf(elsewhere).anchor, elsewhere).toBe('urgent-regional');
  });

  it('follows the published business details: the clock, the areas and the words all change together, and back', () => {
    const release = businessDetailsSchema.parse(JSON.parse(content('business/details.json')));
    const edited = {
      ...release,
      responseTargets: { ...release.responseTargets, Hamilton: { from: 3, to: 5 }, regional: 36 },
      promises: { ...release.promises, quoteWithinHours: 48 },
    };
    withBusinessDetails(businessDetailsSchema.parse(edited), () => {
      expect(attendWithinHours('Hamilton')).toBe(5);
      expect(attendWithinHours('Gisborne')).toBe(36);
      expect(responseAreaOf('Hamilton').hours).toBe('3-5 hours');
      expect(responseAreaOf('').hours).toBe('36 hours');
      expect(fillTokens('{responseHamilton}; {responseRegional}; quotes within {quoteWithin}')).toBe('3-5 hours; 36 hours; quotes within 48 hours');
      expect(attendBy({ created_at: '2026-11-24T10:10:00.000Z', city: 'Hamilton', urgent: true })).toBe('2026-11-24T15:10:00.000Z');
    });
    expect(attendWithinHours('Hamilton')).toBe(6);
    expect(fillTokens('{quoteWithin}')).toBe('24 hours');
  });

  it('sends an urgent request to its area on the thank-you page, any other to the page itself', () => {
    const calm = { city: 'Hamilton', timeframe: '30–60 days', site_type: 'New build', path: '/hamilton' };
    expect(thankYouLocation(calm)).toBe('/thank-you/');
    expect(thankYouLocation({ ...calm, timeframe: 'Urgent (24–72h)' })).toBe('/thank-you/#urgent-hamilton');
    expect(thankYouLocation({ ...calm, site_type: 'Repair call-out', city: 'Dunedin' })).toBe('/thank-you/#urgent-dunedin');
    expect(thankYouLocation({ ...calm, path: '/emergency-repairs', city: '' })).toBe('/thank-you/#urgent-regional');
  });

  it('reads a span at a glance', () => {
    expect([0, 59_000, 45 * 60_000, 3 * 3_600_000 + 5 * 60_000, 6 * 3_600_000, 52 * 3_600_000, -35 * 60_000].map(span)).toEqual([
      '0 min',
      '0 min',
      '45 min',
      '3 h 5 min',
      '6 h',
      '2 d 4 h',
      '35 min',
    ]);
  });
});
