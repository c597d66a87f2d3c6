/**
 * Where leads come from: `npm run leads -- report` and `export --format google-ads`, run as real
 * processes on SQLite and PostgreSQL; the upload file parsed with csv-parse as Google would read it.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { parse } from 'csv-parse/sync';
import { parseLead } from '../../core/lead/schema.ts';
import { googleAdsTime, toGoogleAdsCsv } from '../../server/leads/google-ads.ts';
import { nzWeekOf } from '../../core/nz-time.ts';
import { changeStatus } from '../../server/storage/lead-work.ts';
import type { StoredLead } from '../../server/storage/types.ts';
import { createTestStore, storeKinds, type TestStore } from '../support/stores.ts';

const cli = new URL('../../server/cli.ts', import.meta.url).pathname;

function lead(fields: Record<string, string>) {
  const parsed = parseLead({ contact_name: 'A Person', work_email: 'a@example.co.nz', ...fields });
  if (!parsed.lead) throw new Error(JSON.stringify(parsed.errors));
  return parsed.lead;
}

function stored(fields: Record<string, string>, created_at: string): StoredLead {
  return { ...lead(fields), id: 'x', created_at, spam: false, spam_reason: '', urgent: false };
}

describe('report helpers', () => {
  it('writes conversion times in New Zealand time and skips a gclid Google would not have set', () => {
    expect(googleAdsTime('2026-11-22T18:55:08.847Z')).toBe('2026-11-23 07:55:08');
    expect(googleAdsTime('2026-07-01T00:30:00Z')).toBe('2026-07-01 12:30:00');
    const clicked = (gclid: string, status: 'new' | 'won' = 'new') => ({
      ...stored({ gclid }, '2026-11-22T18:55:08Z'),
      id: gclid,
      status,
      job_value_cents: status === 'won' ? 123_456 : null,
      status_changed_at: status === 'won' ? Date.parse('2026-07-01T00:30:00Z') : null,
    });
    const { csv, rows, skipped } = toGoogleAdsCsv([clicked('-Cj0KCQiA_leading-dash'), clicked('=HYPERLINK("x")', 'won')], {
      quote: 'Quote request',
      won: 'Won job',
    });
    expect(rows).toBe(1);
    expect(skipped).toBe(1);
    expect(csv).toContain('\r\n-Cj0KCQiA_leading-dash,"Quote request",2026-11-23 07:55:08,,\r\n');
  });
});

describe.each(storeKinds)('report and Google Ads export on %s', (kind) => {
  let t: TestStore;
  const run = (...args: string[]) => spawnSync(process.execPath, [cli, ...args], { env: { ...process.env, DATABASE_URL: t.url }, encoding: 'utf8' });

  beforeEach(async () => {
    t = await createTestStore(kind);
    const insert = (fields: Record<string, string>, spam = false) => t.store.insertLead(lead(fields), { spam, purposes: [] });
    await insert({
      utm_source: 'google',
      utm_medium: 'cpc',
      utm_campaign: 'waikato-repairs',
      gclid: 'Cj0KCQiAgclidOne',
      path: '/hamilton',
      city: 'Hamilton',
      service_type: 'Repair',
    });
    await insert({
      utm_source: 'google',
      utm_medium: 'cpc',
      utm_campaign: 'waikato-repairs',
      gclid: 'Cj0KCQiAgclidTwo',
      path: '/emergency-repairs',
      city: 'Hamilton',
      service_type: 'Repair',
    });
    await insert({
      utm_source: 'newsletter',
      utm_medium: 'email',
      utm_campaign: 'spring',
      path: '/cool-rooms',
      city: 'Auckland',
      service_type: 'Cool Room / Walk-in Freezer',
    });
    await insert({ referrer: 'https://www.bing.com/', path: '/contact', city: 'Wellington' });
    await insert({ gclid: 'Cj0KCQiAspamclick', path: '/contact' }, true);
    const wonLead = (await t.store.listLeads()).find((l) => l.gclid === 'Cj0KCQiAgclidOne')!;
    await t.store.transact(() => changeStatus(wonLead.id, { status: 'won', jobValueCents: 950_000, lostReason: null }, 'owner@example.nz', 'Won'));
  });
  afterEach(async () => {
    await t.cleanup();
  });

  // Each test starts several CLI processes: on a loaded two-core machine each start can take seconds.
  it('reports counts by source, campaign, page, city, service and week, and the Google Ads share, without spam', { timeout: 120_000 }, () => {
    const res = run('report');
    expect(res.status, res.stderr).toBe(0);
    const out = res.stdout;
    expect(out).toContain('Leads: 4 (spam left out)');
    expect(out).toContain('With a Google Ads click (gclid): 2 (50.0%)');
    const row = (label: string, count: number) => new RegExp(`^  ${label.replace(/[()/]/g, '\\$&')}\\s+${count}\\s+\\d+\\.\\d%$`, 'm');
    // The five sources the inbox's Reports use, each listed, empty ones too.
    expect(out).toMatch(row('Google Ads', 2));
    expect(out).toMatch(row('Referral', 1));
    expect(out).toMatch(row('Other search', 1));
    expect(out).toMatch(row('Social', 0));
    expect(out).toMatch(row('waikato-repairs', 2));
    expect(out).toMatch(row('(none)', 1));
    expect(out).toMatch(row('/emergency-repairs', 1));
    expect(out).toMatch(row('Hamilton', 2));
    expect(out).toMatch(row('Cool Room / Walk-in Freezer', 1));
    expect(out).toMatch(row(nzWeekOf(new Date()), 4));
    expect(out.indexOf('By source')).toBeLessThan(out.indexOf('By week'));
    expect(out).toMatch(
      /^Funnel \(furthest stage reached\)\n {2}New +4 +100\.0%\n {2}Contacted +1 +25\.0%\n {2}Quoted +1 +25\.0%\n {2}Won +1 +25\.0%\n {2}Lost +0 +0\.0%$/m,
    );
    expect(out).toContain('Won value: $9,500.00 from 1 job(s)');
    expect(out).toMatch(/^ {4}waikato-repairs +1 +\$9,500\.00$/m);
    // Answered within seconds: written in seconds, not rounded to "0 min".
    expect(out).toMatch(/^ {2}(Business hours|After hours) +median +(under 1|\d+) s +90th percentile +(under 1|\d+) s +\(1 answered, [0-3] waiting\)$/m);
    expect(out).not.toContain('0 min');
    expect(run('report', '--since', '2999-01-01').stdout).toContain('Leads since 2999-01-01: 0');
  });

  it('exports the Google Ads upload file for leads with a gclid, with the conversion name from the flag', { timeout: 120_000 }, () => {
    const res = run('export', '--format', 'google-ads', '--conversion-name', 'Website lead');
    expect(res.status, res.stderr).toBe(0);
    expect(res.stdout.startsWith('Parameters:TimeZone=Pacific/Auckland\r\n')).toBe(true);
    const rows = parse(res.stdout.split('\r\n').slice(1).join('\r\n'), { columns: true }) as Record<string, string>[];
    // Leads in arrival order; two stored in the same millisecond may come either way, so compare as a set.
    expect(rows.map((r) => `${r['Google Click ID']} ${r['Conversion Name']}`).sort()).toEqual([
      'Cj0KCQiAgclidOne Website lead',
      'Cj0KCQiAgclidOne Won job',
      'Cj0KCQiAgclidTwo Website lead',
    ]);
    for (const r of rows) expect(r['Conversion Time']).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(rows.find((r) => r['Conversion Name'] === 'Won job')).toMatchObject({ 'Conversion Value': '9500.00', 'Conversion Currency': 'NZD' });
    expect(res.stderr).toContain('3 conversion(s) with a Google click ID, 1 of them won jobs');
    const named = run('export', '--format', 'google-ads', '--won-conversion-name', 'Signed job');
    expect(named.stdout).toContain(',"Signed job",');
    expect(run('export', '--format', 'google-ads', '--won-conversion-name', 'Quote request').stderr).toContain('must differ');
    expect(run('export', '--format', 'google-ads').stdout).toContain(',"Quote request",');
    expect(run('export', '--format', 'xml').stderr).toContain('--format must be csv, json or google-ads');
  });
});
