import { describe, expect, it } from 'vitest';
import { csvCell, toCsv, exportColumns } from '../../server/csv.ts';
import { backoffDelay } from '../../server/outbox.ts';
import { loadConfig, parseDuration } from '../../server/config.ts';
import { parseLead } from '../../src/lib/lead.ts';
import type { StoredLead } from '../../server/storage/types.ts';

describe('CSV escaping', () => {
  it.each([
    ['=HYPERLINK("http://x")', `"'=HYPERLINK(""http://x"")"`],
    ['+64 21 000', `"'+64 21 000"`],
    ['-1', `"'-1"`],
    ['@SUM(A1)', `"'@SUM(A1)"`],
    ['\tcmd', `"'\tcmd"`],
    ['plain "quoted"', '"plain ""quoted"""'],
    ['', '""'],
  ])('%j → %s', (value, cell) => {
    expect(csvCell(value)).toBe(cell);
  });

  it('writes a header of the form field names plus id, created_at and spam', () => {
    const lead = {
      ...parseLead({ contact_name: 'A', work_email: 'a@b.co' }).lead!,
      id: '1',
      created_at: '2025-01-23T00:00:00.000Z',
      spam: false,
    } as StoredLead;
    const [header, row] = toCsv([lead]).trim().split('\r\n');
    expect(header).toBe(exportColumns.join(','));
    expect(header!.startsWith('id,created_at,spam,contact_name,work_email')).toBe(true);
    expect(row).toContain('"a@b.co"');
  });
});

describe('backoff', () => {
  it('grows exponentially, stays within [ceiling/2, ceiling] and is capped', () => {
    const low = () => 0;
    const high = () => 1;
    expect(backoffDelay(1, { baseMs: 1000, random: low })).toBe(500);
    expect(backoffDelay(1, { baseMs: 1000, random: high })).toBe(1000);
    expect(backoffDelay(4, { baseMs: 1000, random: high })).toBe(8000);
    expect(backoffDelay(30, { baseMs: 1000, maxMs: 60_000, random: high })).toBe(60_000);
    const jittered = new Set(Array.from({ length: 20 }, () => backoffDelay(3, { baseMs: 1000 })));
    expect(jittered.size).toBeGreaterThan(1);
  });
});

describe('configuration', () => {
  it('has working defaults', () => {
    const config = loadConfig({});
    expect(config.PORT).toBe(4321);
    expect(config.HOST).toBe('127.0.0.1');
    expect(config.RATE_LIMIT_WINDOW).toBe(600_000);
  });

  it.each([
    [{ PORT: 'eighty' }, /PORT/],
    [{ SMTP_URL: 'http://mail' }, /SMTP_URL/],
    [{ RATE_LIMIT_WINDOW: 'soon' }, /RATE_LIMIT_WINDOW/],
    [{ WEBHOOK_URL: 'https://hooks.example/x' }, /WEBHOOK_SECRET/],
    [{ LEADS_EXPORT_TOKEN: 'short' }, /LEADS_EXPORT_TOKEN/],
    [{ LEAD_NOTIFY_TO: 'nobody' }, /LEAD_NOTIFY_TO/],
  ])('rejects %j with a line naming the variable', (env, pattern) => {
    expect(() => loadConfig(env)).toThrow(pattern);
  });

  it('parses durations', () => {
    expect(parseDuration('1500')).toBe(1500);
    expect(parseDuration('30s')).toBe(30_000);
    expect(parseDuration('10 minutes')).toBe(600_000);
    expect(parseDuration('1h')).toBe(3_600_000);
  });
});
