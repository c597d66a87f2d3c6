/**
 * The inbox's words for the owner's phone: a backup's time and size, shares and quote rates that
 * say when there is nothing to share or too few visitors to read much into.
 */
import { describe, expect, it } from 'vitest';
import { clockDay, fileSize } from '../../src/inbox/time.ts';
import { percent, quoteRateCell } from '../../src/inbox/reports/format.ts';
import { FEW_VISITORS } from '../../core/visit/visit-figures.ts';
import { words } from '../../src/inbox/app-words.ts';

const nz = (local: string) => {
  // November is daylight time in New Zealand: UTC+13.
  const at = new Date(`${local}:00.000Z`);
  return new Date(at.getTime() - 13 * 3_600_000).toISOString();
};

describe('a backup in words', () => {
  const now = nz('2026-11-25T09:00');
  it('says the New Zealand time, with today or yesterday when it is near', () => {
    expect(clockDay(nz('2026-11-25T03:10'), now)).toBe('3:10 am today');
    expect(clockDay(nz('2026-11-24T23:45'), now)).toBe('11:45 pm yesterday');
    expect(clockDay(nz('2026-11-23T03:10'), now)).toBe('Mon 23 Nov, 3:10 am');
    // 2:10 pm UTC on the 24th is already 3:10 am on the 25th in New Zealand.
    expect(clockDay('2026-11-24T14:10:00.000Z', now)).toBe('3:10 am today');
  });

  it('writes a size as people read it', () => {
    expect([0, 1, 512, 1000, 9_960, 850_000, 1_234_944, 999_999, 3_400_000_000].map(fileSize)).toEqual([
      '0 bytes',
      '1 byte',
      '512 bytes',
      '1 KB',
      '10 KB',
      '850 KB',
      '1.2 MB',
      '1 MB',
      '3.4 GB',
    ]);
    expect(words.reports.backups.last(clockDay(nz('2026-11-25T03:10'), now), fileSize(1_234_944))).toBe('Last backup 3:10 am today, 1.2 MB.');
  });
});

describe('shares and quote rates', () => {
  it('writes a share of nothing as a dash, not 0%', () => {
    expect(percent(0, 0)).toBe('–');
    expect(percent(3, 0)).toBe('–');
    expect(percent(1, 4)).toBe('25%');
  });

  it('gives no quote rate over no visitors, and says when the visitors were few', () => {
    expect(quoteRateCell(0, 0)).toBe('–');
    expect(quoteRateCell(5, 3)).toBe('–');
    expect(quoteRateCell(2, 3)).toBe('67% (few visitors)');
    expect(quoteRateCell(1, FEW_VISITORS - 1)).toBe('5% (few visitors)');
    expect(quoteRateCell(1, FEW_VISITORS)).toBe('5%');
    const v = words.reports.visits;
    expect(v.visitorsBar(3, '3', v.rateNote('33%', true))).toBe('3 visitors (33% quote rate, few visitors)');
    expect(v.visitorsBar(1, '1', v.rateNote(null, false))).toBe('1 visitor (no quote rate)');
    expect(v.visitorsBar(40, '40', v.rateNote('5%', false))).toBe('40 visitors (5% quote rate)');
  });
});
