/**
 * The calculators' arithmetic, with the rules as the content files give them (the business's sizing table),
 * at edge values (0, 1, very large, decimals), plus the shared formatter, parser and notes helper.
 */
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { calculatorSchema, type CalculatorOf, type CalculatorTool } from '../../src/lib/calculators/content-schema.ts';
import { fillTemplate, formatNumber, formatNzd, formatRange, parseFigure } from '../../src/lib/calculators/format.ts';
import { sizeRestaurant, suggestFridges } from '../../src/lib/calculators/restaurant.ts';
import { estimateCoolRoom } from '../../src/lib/calculators/cool-room.ts';
import { compareLeaseBuy } from '../../src/lib/calculators/lease-buy.ts';
import { runningCost } from '../../src/lib/calculators/running-cost.ts';
import { notesWithSummary } from '../../src/lib/quote-form-fill.ts';

function content<T extends CalculatorTool>(file: string, tool: T): CalculatorOf<T> {
  const data = calculatorSchema.parse(parse(readFileSync(new URL(`../../src/content/calculators/${file}.yaml`, import.meta.url), 'utf8')));
  if (data.tool !== tool) throw new Error(`${file}.yaml is not the ${tool} calculator`);
  return data as CalculatorOf<T>;
}

/** A fixed pseudo-random sequence (mulberry32), so every run checks the same thousands of values. */
function samples(count: number, min: number, max: number, seed = 17): number[] {
  let a = seed;
  return Array.from({ length: count }, () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return min + (((t ^ (t >>> 14)) >>> 0) / 4294967296) * (max - min);
  });
}

const restaurant = content('restaurant-sizer', 'restaurantSizer');
const coolRoom = content('cool-room', 'coolRoom');
const leaseBuy = content('lease-buy', 'leaseBuy');
const energy = content('running-cost', 'runningCost');

describe('formatNzd', () => {
  it('writes NZ dollars with thousands separators, cents only when there are some', () => {
    expect(formatNzd(19200)).toBe('$19,200');
    expect(formatNzd(817.6)).toBe('$817.60');
    expect(formatNzd(0)).toBe('$0');
    expect(formatNzd(1)).toBe('$1');
    expect(formatNzd(1234567890.5)).toBe('$1,234,567,890.50');
    expect(formatNzd(-4200)).toBe('-$4,200');
  });

  it('hides floating-point dust and negative zero', () => {
    expect(formatNzd(0.1 + 0.2)).toBe('$0.30');
    expect(formatNzd(19200 * 0.28)).toBe('$5,376');
    expect(formatNzd(-0)).toBe('$0');
    expect(formatNzd(-0.001)).toBe('$0');
  });

  it('never prints NaN for any finite amount', () => {
    for (const n of [...samples(2000, -1e12, 1e12), Number.MIN_VALUE, Number.MAX_SAFE_INTEGER]) expect(formatNzd(n)).not.toContain('NaN');
  });
});

describe('formatNumber and formatRange', () => {
  it('groups thousands and limits decimals', () => {
    expect(formatNumber(6000)).toBe('6,000');
    expect(formatNumber(4.5, 1)).toBe('4.5');
    expect(formatNumber(2.4, 2)).toBe('2.4');
    expect(formatRange('3', '4')).toBe('3–4');
    expect(formatRange('0', '0')).toBe('0');
  });
});

describe('parseFigure', () => {
  const seats = { min: 1, max: 5000, integer: true };
  const money = { min: 0, max: 1e7 };

  it('reads plain, grouped, dollar and percent figures', () => {
    expect(parseFigure('60', seats)).toEqual({ ok: true, value: 60 });
    expect(parseFigure(' 1,200 ', money)).toEqual({ ok: true, value: 1200 });
    expect(parseFigure('$15,000', money)).toEqual({ ok: true, value: 15000 });
    expect(parseFigure('NZ$320', money)).toEqual({ ok: true, value: 320 });
    expect(parseFigure('0.28', money)).toEqual({ ok: true, value: 0.28 });
    expect(parseFigure('.5', money)).toEqual({ ok: true, value: 0.5 });
    expect(parseFigure('28%', { min: 0, max: 100 })).toEqual({ ok: true, value: 28 });
    expect(parseFigure('0', money)).toEqual({ ok: true, value: 0 });
  });

  it('gives a reason instead of NaN', () => {
    expect(parseFigure('', seats)).toEqual({ ok: false, reason: 'required' });
    expect(parseFigure('   ', seats)).toEqual({ ok: false, reason: 'required' });
    expect(parseFigure('sixty', seats)).toEqual({ ok: false, reason: 'invalid' });
    expect(parseFigure('1e5', seats)).toEqual({ ok: false, reason: 'invalid' });
    expect(parseFigure('12..5', money)).toEqual({ ok: false, reason: 'invalid' });
    expect(parseFigure('Infinity', money)).toEqual({ ok: false, reason: 'invalid' });
    expect(parseFigure('12.5', seats)).toEqual({ ok: false, reason: 'whole' });
    expect(parseFigure('0', seats)).toEqual({ ok: false, reason: 'min' });
    expect(parseFigure('-3', money)).toEqual({ ok: false, reason: 'min' });
    expect(parseFigure('5001', seats)).toEqual({ ok: false, reason: 'max' });
    expect(parseFigure('9'.repeat(400), money)).toEqual({ ok: false, reason: 'max' });
  });

  it('accepts only finite numbers in range, whatever is typed', () => {
    const typed = ['NaN', '-0', '0x10', '1_000', '١٢', '12abc', '$', '%', '.', '-', '1.', '$-5', '٫5', ...samples(500, -1e8, 1e8).map((n) => n.toFixed(3))];
    for (const text of typed) {
      const r = parseFigure(text, money);
      if (r.ok) {
        expect(Number.isFinite(r.value)).toBe(true);
        expect(r.value).toBeGreaterThanOrEqual(0);
        expect(r.value).toBeLessThanOrEqual(1e7);
      } else expect(['required', 'invalid', 'whole', 'min', 'max']).toContain(r.reason);
    }
  });
});

describe('fillTemplate', () => {
  it('fills known placeholders and leaves unknown ones visible', () => {
    expect(fillTemplate('{count} × {name}', { count: '3', name: 'fridge' })).toBe('3 × fridge');
    expect(fillTemplate('{count} × {nmae}', { count: '3' })).toBe('3 × {nmae}');
  });
});

describe('restaurant sizer (100-150 L a seat, 70/30, fridge sizing table)', () => {
  const { rules } = restaurant;

  it('gives the guide’s 60-seat example', () => {
    const s = sizeRestaurant(60, rules);
    expect(s.total).toEqual({ low: 6000, high: 9000 });
    expect(s.fridge.low).toBeCloseTo(4200);
    expect(s.fridge.high).toBeCloseTo(6300);
    expect(s.freezer.low).toBeCloseTo(1800);
    expect(s.freezer.high).toBeCloseTo(2700);
    expect(s.units).toEqual([
      { key: 'triple', count: 3 },
      { key: 'double', count: 1 },
      { key: 'single', count: 1 },
      { key: 'undercounter', count: 3 },
    ]);
    // The guide's answer for the same 60 seats: a 2m x 2m room (9,600 L at 2.4 m) holds all 6,300 L.
    expect(s.coolRoom).toEqual({ key: 'small', litres: 9600, share: 1 });
  });

  it('offers the smallest cool room of the table that holds the chilled share, or the largest with the share it covers', () => {
    expect(sizeRestaurant(91, rules).coolRoom?.key).toBe('small'); // 9,555 L fits in 9,600 L
    expect(sizeRestaurant(92, rules).coolRoom?.key).toBe('large'); // 9,660 L does not
    const big = sizeRestaurant(500, rules).coolRoom!;
    expect(big.key).toBe('large');
    expect(big.litres).toBe(38_400);
    expect(big.share).toBeCloseTo(38_400 / 52_500);
  });

  it('uses the cool room estimator’s internal height, so the two tools agree on a room’s volume', () => {
    expect(rules.coolRoomHeight).toBe(coolRoom.rules.internalHeight);
  });

  it('handles 0 and 1 seats', () => {
    expect(sizeRestaurant(0, rules)).toEqual({
      total: { low: 0, high: 0 },
      fridge: { low: 0, high: 0 },
      freezer: { low: 0, high: 0 },
      units: [],
      coolRoom: null,
    });
    const one = sizeRestaurant(1, rules);
    expect(one.total).toEqual({ low: 100, high: 150 });
    // 105 L: one under-counter fridge counted at 100 L is not enough, so two.
    expect(one.units).toEqual([{ key: 'undercounter', count: 2 }]);
  });

  it('handles decimals and very large numbers', () => {
    const half = sizeRestaurant(2.5, rules);
    expect(half.total).toEqual({ low: 250, high: 375 });
    const huge = sizeRestaurant(1_000_000, rules);
    expect(huge.total).toEqual({ low: 100_000_000, high: 150_000_000 });
    expect(huge.units).toEqual([{ key: 'triple', count: 65_625 }]);
  });

  it('always covers the upper end of the fridge range, by less than one extra small fridge', () => {
    const capacity = Object.fromEntries(rules.bands.map((b) => [b.key, b.minLitres]));
    for (const litres of samples(3000, 0.01, 1e6)) {
      const held = suggestFridges(litres, rules.bands).reduce((sum, u) => sum + u.count * capacity[u.key]!, 0);
      expect(held).toBeGreaterThanOrEqual(litres - 1e-3);
      expect(held).toBeLessThan(litres + 100);
    }
  });
});

describe('cool room estimator (1.5-2 m³ per $1000; 2x2, 3x3, 4x4 m or custom up to 20x20 m)', () => {
  const { rules } = coolRoom;

  it('gives the cool rooms page’s $2,000 example: 3-4 m³, a 2 m room', () => {
    const e = estimateCoolRoom(2000, rules);
    expect(e.volume).toEqual({ low: 3, high: 4 });
    expect(e.standard.map((s) => [s.side, Number(s.volume.toFixed(2)), s.fits])).toEqual([
      [2, 9.6, true],
      [3, 21.6, true],
      [4, 38.4, true],
    ]);
    expect(e.choice).toMatchObject({ kind: 'standard', side: 2 });
  });

  it('moves up the standard sizes, then to custom rooms, then past the largest', () => {
    expect(estimateCoolRoom(0, rules).choice).toMatchObject({ kind: 'standard', side: 2 });
    expect(estimateCoolRoom(1, rules).volume).toEqual({ low: 0.0015, high: 0.002 });
    expect(estimateCoolRoom(4800, rules).choice).toMatchObject({ kind: 'standard', side: 2 }); // 9.6 m³ exactly
    expect(estimateCoolRoom(4800.5, rules).choice).toMatchObject({ kind: 'standard', side: 3 });
    expect(estimateCoolRoom(19200, rules).choice).toMatchObject({ kind: 'standard', side: 4 });
    // $25,000: 50 m³, sqrt(50 / 2.4) = 4.56 m, so a 5 m room (60 m³).
    const custom = estimateCoolRoom(25000, rules).choice;
    expect(custom.kind).toBe('custom');
    expect(custom).toMatchObject({ side: 5 });
    // 20 x 20 x 2.4 = 960 m³, which $480,000 a day needs at 2 m³ per $1000.
    expect(estimateCoolRoom(480000, rules).choice).toMatchObject({ kind: 'custom', side: 20 });
    expect(estimateCoolRoom(480000.01, rules).choice).toEqual({ kind: 'beyond', maxVolume: 960 });
    expect(estimateCoolRoom(1e9, rules).choice.kind).toBe('beyond');
  });

  it('picks the smallest room that holds the upper figure, for any amount', () => {
    for (const dollars of samples(3000, 0, 480000)) {
      const e = estimateCoolRoom(dollars, rules);
      if (e.choice.kind === 'beyond') throw new Error(`$${dollars} should fit a 20 m room`);
      expect(e.choice.volume).toBeGreaterThanOrEqual(e.volume.high - 1e-9);
      const smaller = e.choice.side - rules.customStep;
      if (e.choice.kind === 'custom') expect(smaller * smaller * rules.internalHeight).toBeLessThan(e.volume.high);
    }
  });
});

describe('lease or buy (the article’s table)', () => {
  const defaults = Object.fromEntries(Object.entries(leaseBuy.inputs).map(([k, v]) => [k, v.default])) as Record<keyof typeof leaseBuy.inputs, number>;

  it('defaults to the article’s example and reproduces its table', () => {
    expect(defaults).toEqual({ price: 15000, monthly: 320, months: 60, taxRate: 28 });
    const c = compareLeaseBuy({ ...defaults, taxRate: defaults.taxRate / 100 });
    expect(c.lease).toEqual({ upfront: 0, total: 19200, taxValue: 5376, afterTax: 13824, monthlyAfterTax: 230.4 });
    expect(c.buy).toEqual({ upfront: 15000, total: 15000, taxValue: 4200, afterTax: 10800 });
    expect(c.extraBeforeTax).toBe(4200);
    expect(c.extraAfterTax).toBe(3024);
  });

  it('handles zero, one and very large figures, and decimals in cents', () => {
    expect(compareLeaseBuy({ price: 1, monthly: 0, months: 1, taxRate: 0 })).toEqual({
      lease: { upfront: 0, total: 0, taxValue: 0, afterTax: 0, monthlyAfterTax: 0 },
      buy: { upfront: 1, total: 1, taxValue: 0, afterTax: 1 },
      extraBeforeTax: -1,
      extraAfterTax: -1,
    });
    const big = compareLeaseBuy({ price: 10_000_000, monthly: 1_000_000, months: 600, taxRate: 1 });
    expect(big.lease.total).toBe(600_000_000);
    expect(big.lease.afterTax).toBe(0);
    const cents = compareLeaseBuy({ price: 14999.99, monthly: 319.99, months: 60, taxRate: 0.28 });
    expect(cents.lease.total).toBe(19199.4);
    expect(cents.lease.taxValue).toBe(5375.83);
    expect(cents.buy.taxValue).toBe(4200);
    expect(cents.buy.afterTax).toBe(10799.99);
  });

  it('keeps every sum in whole cents and consistent', () => {
    const prices = samples(500, 1, 1e9, 1);
    const monthlies = samples(500, 0, 1e8, 2);
    const terms = samples(500, 1, 600, 3);
    const rates = samples(500, 0, 100, 4);
    const cents = (n: number) => Number(n.toFixed(2)) === n;
    prices.forEach((p, i) => {
      const c = compareLeaseBuy({
        price: Math.round(p) / 100,
        monthly: Math.round(monthlies[i]!) / 100,
        months: Math.round(terms[i]!),
        taxRate: Math.round(rates[i]!) / 100,
      });
      for (const n of [c.lease.total, c.lease.taxValue, c.lease.afterTax, c.buy.taxValue, c.buy.afterTax, c.extraBeforeTax, c.extraAfterTax])
        expect(cents(n)).toBe(true);
      expect(Math.abs(c.lease.afterTax + c.lease.taxValue - c.lease.total)).toBeLessThan(0.005);
    });
  });
});

describe('running cost and savings ($0.28/kWh, 25-30%)', () => {
  const { rules, inputs } = energy;

  it('gives the article’s double door upright: 8 kWh a day at $0.28', () => {
    expect(inputs.pricePerKwh.default).toBe(0.28);
    const r = runningCost(inputs.kwhPerDay.default, inputs.pricePerKwh.default, rules);
    expect(r).toEqual({ kwhPerYear: 2920, costPerYear: 817.6, saving: { low: 204.4, high: 245.28 }, costAfter: { low: 572.32, high: 613.2 } });
  });

  it('gives the article’s whole site: 60 kWh a day, $6,132 a year, $1,533-$1,839.60 saved', () => {
    const r = runningCost(60, 0.28, rules);
    expect(r.costPerYear).toBe(6132);
    expect(r.saving).toEqual({ low: 1533, high: 1839.6 });
  });

  it('handles zero, one, decimals and very large use', () => {
    expect(runningCost(0, 0.28, rules)).toEqual({ kwhPerYear: 0, costPerYear: 0, saving: { low: 0, high: 0 }, costAfter: { low: 0, high: 0 } });
    expect(runningCost(1, 1, rules).costPerYear).toBe(365);
    expect(runningCost(0.5, 0.31, rules).costPerYear).toBe(56.58); // 182.5 kWh x $0.31 = $56.575
    expect(runningCost(100000, 10, rules).costPerYear).toBe(365_000_000);
  });
});

describe('notesWithSummary', () => {
  it('writes the summary into empty notes, in front of the visitor’s own text, and replaces only its own earlier line', () => {
    expect(notesWithSummary('', 'A', undefined)).toBe('A');
    expect(notesWithSummary('  ', 'A', undefined)).toBe('A');
    expect(notesWithSummary('Lane access', 'A', undefined)).toBe('A\nLane access');
    expect(notesWithSummary('A\nLane access', 'B', 'A')).toBe('B\nLane access');
    // The visitor deleted the earlier line: nothing of theirs is lost.
    expect(notesWithSummary('Lane access', 'B', 'A')).toBe('B\nLane access');
  });
});
