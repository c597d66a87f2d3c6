import { describe, expect, it } from 'vitest';
import { csvCell, toCsv, exportColumns } from '../../server/leads/csv.ts';
import { backoffDelay } from '../../server/outbox/worker.ts';
import { loadConfig, parseDuration } from '../../server/config.ts';
import { configuredLeadPurposes, createLeadSenders } from '../../server/outbox/senders.ts';
import { parseLead } from '../../core/lead/schema.ts';
import type { LeadStore, StoredLead } from '../../server/storage/types.ts';

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
    const csv = toCsv([lead]);
    expect(csv.startsWith(`\uFEFF${exportColumns.join(',')}\r\n`)).toBe(true);
    const [header, row] = csv.slice(1).trim().split('\r\n');
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
    [{ LEAD_NOTIFY_TO: 'a@b.nz, nobody' }, /LEAD_NOTIFY_TO/],
    [{ LEAD_NOTIFY_TO: ' , ' }, /LEAD_NOTIFY_TO/],
    [{ LEAD_NOTIFY_URGENT_TO: 'a@b.nz;c@d.nz' }, /LEAD_NOTIFY_URGENT_TO/],
    [{ LEAD_ACK_EMAIL: 'yes' }, /LEAD_ACK_EMAIL/],
  ])('rejects %j with a line naming the variable', (env, pattern) => {
    expect(() => loadConfig(env)).toThrow(pattern);
  });

  it('takes recipient lists separated by commas, and the acknowledgement off unless asked', () => {
    const config = loadConfig({ LEAD_NOTIFY_TO: 'owner@kai.nz, office@kai.nz', LEAD_NOTIFY_URGENT_TO: '0211234567@sms.example.nz' });
    expect(config.LEAD_NOTIFY_TO).toEqual(['owner@kai.nz', 'office@kai.nz']);
    expect(config.LEAD_NOTIFY_URGENT_TO).toEqual(['0211234567@sms.example.nz']);
    expect(loadConfig({}).LEAD_NOTIFY_URGENT_TO).toEqual([]);
    expect(configuredLeadPurposes(loadConfig({ SMTP_URL: 'smtp://127.0.0.1:25' }))).toEqual(['new-lead']);
    expect(configuredLeadPurposes(loadConfig({ SMTP_URL: 'smtp://127.0.0.1:25', LEAD_ACK_EMAIL: 'true' }))).toEqual(['new-lead', 'acknowledgement']);
    expect(configuredLeadPurposes(loadConfig({ LEAD_ACK_EMAIL: 'true' }))).toEqual([]);
  });

  it('builds a sender for exactly the lead jobs that are queued', () => {
    for (const env of [
      {},
      { SMTP_URL: 'smtp://127.0.0.1:25' },
      { SMTP_URL: 'smtp://127.0.0.1:25', LEAD_ACK_EMAIL: 'true' },
      { WEBHOOK_URL: 'https://hooks.example.nz/x', WEBHOOK_SECRET: `whsec_${Buffer.from('k'.repeat(32)).toString('base64')}` },
    ]) {
      const config = loadConfig(env);
      const senders = createLeadSenders(config, {} as LeadStore); // built, never run: no store is read;
      expect(Object.keys(senders)).toEqual(configuredLeadPurposes(config));
      for (const sender of Object.values(senders)) sender.close?.();
    }
  });

  it('parses durations', () => {
    expect(parseDuration('1500')).toBe(1500);
    expect(parseDuration('30s')).toBe(30_000);
    expect(parseDuration('10 minutes')).toBe(600_000);
    expect(parseDuration('1h')).toBe(3_600_000);
  });
});
