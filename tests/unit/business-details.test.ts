/**
 * The business details the owner edits: the release's file passes its schema, the facts the pages
 * and the server read are made from it (phone on one line, hours in words, days as ISO numbers),
 * the schema refuses what would mislead a caller or the inbox's clock, and the form draws the
 * office days as tick boxes with the release's days ticked. Each figure is one field: the pages
 * quote the prices from it, and free text that repeats a figure is found (the editor warns).
 */
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { businessDetailsSchema, type BusinessDetails } from '../../core/business-details.ts';
import { business, withBusinessDetails } from '../../core/business.ts';
import { isBusinessTime } from '../../core/nz-time.ts';
import { checkEntry } from '../../src/lib/content-check.ts';
import { SchemaForm } from '../../src/inbox/site/SchemaForm.tsx';
import { entrySchemaOf } from '../../server/site/entry-schemas.ts';
import type { JsonSchema } from '../../src/inbox/site/json-schema.ts';
import { rowsOf, weekOf } from '../../src/inbox/site/office-week.ts';
import { fillTokens } from '../../src/lib/tokens.ts';
import { blockReadings, figuresOf, readingsIn, repeatsIn, withTokens } from '../../core/figure-repeats.ts';
import { tokenReadings } from '../../src/lib/tokens.ts';
import { previewRoutesOf, readEntries } from '../../src/lib/content-entries.ts';

const release = JSON.parse(readFileSync(new URL('../../src/content/business/details.json', import.meta.url), 'utf8')) as BusinessDetails;

/** The problems the content check finds in the release's details with one change made. */
function problemsWith(change: (d: BusinessDetails) => void): Record<string, string> {
  const details = structuredClone(release);
  change(details);
  return Object.fromEntries(checkEntry('business', details, undefined, undefined).map((p) => [p.path, p.message]));
}

describe('the business details', () => {
  it('the release’s file passes its schema, and the facts are made from it', () => {
    expect(businessDetailsSchema.safeParse(release).success).toBe(true);
    expect(business.emergencyLine).toEqual({
      display: '0800\u00a0FRIDGE',
      dial: '+64800374343',
      href: 'tel:+64800374343',
      digits: '0800\u00a0374\u00a0343',
    });
    expect(business.hours.map((h) => [h.days, h.weekdays, h.opens, h.closes, h.label])).toEqual([
      ['Monday to Friday', [1, 2, 3, 4, 5], '07:00', '18:00', '7:00am-6:00pm'],
      ['Saturday', [6], '08:00', '16:00', '8:00am-4:00pm'],
      ['Sunday', [7], null, null, 'Emergency call-outs only'],
    ]);
    expect(business.promises).toEqual({ quoteWithin: '24 hours', emailReplyWithin: '2 hours in business hours' });
  });

  it('states a published version’s details inside its scope, clock included, and the release’s outside it', async () => {
    const edited = structuredClone(release);
    edited.officeHours[1] = { ...edited.officeHours[1]!, opens: '12:00', closes: '12:30' };
    edited.officeHours[2] = { ...edited.officeHours[2]!, weekdays: ['Sunday'], opens: '00:30', closes: '01:00', whenClosed: '' };
    edited.promises.quoteWithinHours = 1;
    // Sunday 29 November 2026, 00:45 in New Zealand (UTC+13): closed in the release, open in the edit.
    const sundayNight = new Date('2026-11-28T11:45:00Z');
    expect(isBusinessTime(sundayNight)).toBe(false);
    const published = businessDetailsSchema.parse(edited);
    // Stated across the awaits of the work it runs, while work begun outside states the release's meanwhile.
    const inside = withBusinessDetails(published, async () => {
      await new Promise((resolve) => setTimeout(resolve, 1));
      return [business.hours.map((h) => h.label), business.promises.quoteWithin, isBusinessTime(sundayNight)];
    });
    expect(business.hours[1]?.label).toBe('8:00am-4:00pm');
    expect(await inside).toEqual([['7:00am-6:00pm', '12:00pm-12:30pm', '12:30am-1:00am'], '1 hour', true]);
    expect(withBusinessDetails(undefined, () => business.hours[1]?.label)).toBe('8:00am-4:00pm');
    expect(business.hours[1]?.label).toBe('8:00am-4:00pm');
    expect(isBusinessTime(sundayNight)).toBe(false);
  });

  it('refuses, at the field and in words, what would send a caller or the clock astray', () => {
    expect(problemsWith((d) => (d.emergencyLine.digits = '0800 374 344'))).toEqual({
      'emergencyLine.shownAs': 'Must be the same number as the digits: each letter is the digit under it on a phone’s keypad (0800 FRIDGE is 0800 374 343)',
    });
    expect(problemsWith((d) => (d.emergencyLine.shownAs = '0800 374 343'))).toEqual({});
    // A version published before the dialled form was worked out still passes, and its old field is not read.
    expect(problemsWith((d) => Object.assign(d.emergencyLine, { dialledAs: '+64800000000' }))).toEqual({});
    expect(problemsWith((d) => (d.emergencyLine.digits = '0800 FRIDGE'))['emergencyLine.digits']).toMatch(/Digits and spaces only/);
    expect(problemsWith((d) => (d.email = 'quotes at example'))['email']).toMatch(/e-mail address/);
    expect(problemsWith((d) => (d.officeHours[0]!.closes = '06:00'))).toEqual({ 'officeHours.0.closes': 'Closing time must be after opening time' });
    expect(problemsWith((d) => (d.officeHours[0]!.opens = '7am'))['officeHours.0.opens']).toMatch(/24-hour HH:MM/);
    expect(problemsWith((d) => (d.officeHours[1]!.closes = ''))).toEqual({ 'officeHours.1.closes': 'Give both times, or leave both empty for a closed day' });
    expect(problemsWith((d) => (d.officeHours[2]!.whenClosed = ''))).toEqual({ 'officeHours.2.whenClosed': 'Say what happens on this closed day' });
    expect(problemsWith((d) => (d.officeHours[1]!.weekdays = ['Saturday', 'Friday']))).toEqual({
      'officeHours.1.weekdays': 'Each day belongs to one row only: Friday',
    });
    expect(problemsWith((d) => (d.responseTargets.Hamilton = { from: 6, to: 4 }))).toEqual({
      'responseTargets.Hamilton.to': 'Must be at least the first figure',
    });
    expect(problemsWith((d) => (d.guideDateLine.updated = '23 January 2025'))['guideDateLine.updated']).toMatch(/YYYY-MM-DD/);
    expect(Object.keys(problemsWith((d) => Object.assign(d.emergencyLine, { colour: 'red' }))).length).toBeGreaterThan(0);
  });

  it('draws the phone as digits with a choice of how it shows, and the hours as a week in the 12-hour form', () => {
    const schema = entrySchemaOf('business') as JsonSchema;
    const html = renderToStaticMarkup(createElement(SchemaForm, { schema, value: release, onChange: () => {}, errors: {}, idPrefix: 'entry' }));
    expect(html).toContain('Phones dial it as +64800374343.');
    expect(html).toMatch(/<input[^>]*type="radio"[^>]*checked=""[^>]*\/>A word the keypad spells/);
    expect(html).not.toMatch(/Dialled as|dialledAs/i);
    const days = [...html.matchAll(/<input[^>]*type="checkbox"[^>]*\/>Open on (\w+day)<\/label>/g)].map((m) => [m[1], m[0].includes('checked')]);
    expect(days).toEqual([
      ['Monday', true],
      ['Tuesday', true],
      ['Wednesday', true],
      ['Thursday', true],
      ['Friday', true],
      ['Saturday', true],
      ['Sunday', false],
    ]);
    expect(html).toContain('<option value="07:00" selected="">7:00am</option>');
    expect(html).toContain('<option value="18:00" selected="">6:00pm</option>');
    expect(html).not.toMatch(/HH:MM|24-hour/);
    // The week writes back the rows the release keeps, their day names worked out.
    expect(rowsOf(weekOf(release.officeHours))).toEqual(release.officeHours);
    const sundayOpen = weekOf(release.officeHours).map((d) => (d.day === 'Sunday' ? { ...d, opens: '08:00', closes: '16:00', whenClosed: '' } : d));
    expect(rowsOf(sundayOpen).map((r) => [r.days, r.shortDays, r.opens])).toEqual([
      ['Monday to Friday', 'Mon-Fri', '07:00'],
      ['Saturday and Sunday', 'Sat-Sun', '08:00'],
    ]);
  });

  it('quotes each price from its one field, wherever a page writes it', () => {
    expect([fillTokens('{price:displayFridge}'), fillTokens('{price:smallWalkInChiller}'), fillTokens('{price:largeCoolRoom}')]).toEqual([
      'NZ$1,500 to NZ$4,000',
      'from about NZ$6,500',
      'over NZ$40,000',
    ]);
    const edited = { ...release, guidePrices: { ...release.guidePrices, displayFridge: { form: 'between' as const, from: 1800, to: 4500 } } };
    expect(withBusinessDetails(edited, () => fillTokens('A display fridge is {price:displayFridge}.'))).toBe('A display fridge is NZ$1,800 to NZ$4,500.');
    expect(problemsWith((d) => (d.guidePrices.displayFridge.to = 1000))).toEqual({ 'guidePrices.displayFridge.to': 'Must be more than the lower figure' });
    expect(problemsWith((d) => delete d.guidePrices.uprightFridge.to)).toEqual({ 'guidePrices.uprightFridge.to': 'Give the upper figure of the range' });
    const body = (text: string) =>
      checkEntry('guides', {}, text, undefined)
        .filter((p) => p.path === 'body')
        .map((p) => p.message);
    expect(body('A fridge costs <Price of="displayFridge" />.\n')).toEqual([]);
    expect(body('A fridge costs <Price of="hotTub" />.\n').join(' ')).toMatch(/no price called "hotTub"/);
  });

  it('finds free text that repeats a figure a field holds, and puts the field in its place', () => {
    const figures = figuresOf(release);
    const labels = (text: string) => repeatsIn(text, figures).map((f) => f.label);
    expect(labels('Call 0800 FRIDGE (0800 374 343) for a display fridge at NZ$1,500.')).toEqual([
      'the emergency phone number',
      'the “Standard display fridge” price',
    ]);
    expect(labels('Open 7:00am to 6:00pm; quotes within 24 hours; Auckland in 2-4 hours.')).toEqual([
      'the quote promise',
      'the emergency response target for Auckland, Wellington and Christchurch',
      'the office hours',
    ]);
    // Figures that only look alike: a fridge log read at 8am, a $1,500 saving, recovery within 2 hours.
    expect(labels('Read at 8am, it saves $1,500+ a year and recovers within 2 hours; 10800 374 3431.')).toEqual([]);
    expect(withTokens('Call 0800 FRIDGE: a display fridge is NZ$1,500 to NZ$4,000.', figures)).toBe(
      'Call {emergencyLine}: a display fridge is {price:displayFridge}.',
    );
    expect(withTokens('Call 0800 374 343 about NZ$1,500 to NZ$4,000.', figures, 'block')).toBe('Call <EmergencyLine /> about <Price of="displayFridge" />.');
    // The release's own pages write every figure through its field.
    const repeats: string[] = [];
    const strings = (value: unknown): string[] =>
      typeof value === 'string' ? [value] : value && typeof value === 'object' ? Object.values(value).flatMap(strings) : [];
    for (const [key, entry] of readEntries(new URL('../../src/content', import.meta.url).pathname)) {
      if (key === 'business/details') continue;
      for (const text of [...strings(entry.data), entry.body ?? '']) for (const f of repeatsIn(text, figures)) repeats.push(`${key}: ${f.label}`);
    }
    expect(repeats).toEqual([]);
  });

  it('says what each token and block a text holds stands for and shows, in the words and figures the page shows', () => {
    const figures = figuresOf(release);
    const readings = [...tokenReadings(), ...blockReadings(figures)];
    const read = (text: string) => readingsIn(text, readings).map((r) => `${r.written} ${r.label}: ${r.shows}`);
    expect(read('A display fridge is {price:displayFridge}; quotes within {quoteWithin}; call {emergencyLine}.')).toEqual([
      '{emergencyLine} the emergency phone number: 0800\u00a0FRIDGE',
      '{quoteWithin} the quote promise: 24 hours',
      '{price:displayFridge} the “Standard display fridge” price: NZ$1,500 to NZ$4,000',
    ]);
    expect(read('Quotes within <QuoteWithin />, for <Price of="uprightFridge" />.')).toEqual([
      '<QuoteWithin /> the quote promise: 24 hours',
      `<Price of="uprightFridge" /> the “Upright (reach-in) fridge, single or double door” price: ${fillTokens('{price:uprightFridge}')}`,
    ]);
    // A plain text, or braces that are no token, hold none.
    expect(read('Open {weekdays}, no figures here.')).toEqual([]);
    // Every token the release's content holds is explained, and reads as the page fills it in.
    const written = new Set(readings.map((r) => r.written));
    for (const [key, entry] of readEntries(new URL('../../src/content', import.meta.url).pathname)) {
      const text = JSON.stringify(entry.data) + (entry.body ?? '');
      for (const [token] of text.matchAll(/\{[a-zA-Z]+(?::[a-zA-Z]+)?\}/g))
        if (fillTokens(token) !== token) expect(written, `${key}: ${token}`).toContain(token);
    }
    for (const r of tokenReadings()) expect(r.shows).toBe(fillTokens(r.written));
  });

  it('previews a change to them on the page that shows it: prices on the price guide, response targets on the emergency page, the rest on the contact page', () => {
    const live = { collection: 'business' as const, id: 'details', data: structuredClone(release) as unknown as Record<string, unknown> };
    const edited = (change: (d: BusinessDetails) => void) => {
      const details = structuredClone(release);
      change(details);
      return { ...live, data: details as unknown as Record<string, unknown> };
    };
    /** The page a preview opens on: the first it shows. */
    const previewRouteOf = (...args: Parameters<typeof previewRoutesOf>) => previewRoutesOf(...args)[0];
    expect(previewRouteOf(live, live)).toBe('/contact');
    expect(
      previewRouteOf(
        edited((d) => (d.guidePrices.displayFridge.from += 100)),
        live,
      ),
    ).toBe('/commercial-fridge-prices-nz');
    expect(
      previewRouteOf(
        edited((d) => (d.guideDateLine.updated = '2026-11-30')),
        live,
      ),
    ).toBe('/commercial-fridge-prices-nz');
    expect(
      previewRouteOf(
        edited((d) => (d.responseTargets.regional += 1)),
        live,
      ),
    ).toBe('/emergency-repairs');
    expect(
      previewRouteOf(
        edited((d) => (d.email = 'kia.ora@commercialrefrigeration.nz')),
        live,
      ),
    ).toBe('/contact');
    // A change shown on several pages lists each, the page that shows one detail best first.
    expect(
      previewRoutesOf(
        edited((d) => {
          d.email = 'kia.ora@commercialrefrigeration.nz';
          d.responseTargets.regional += 1;
          d.guidePrices.displayFridge.from += 100;
        }),
        live,
      ),
    ).toEqual(['/commercial-fridge-prices-nz', '/emergency-repairs', '/contact']);
    expect(
      previewRoutesOf(
        edited((d) => (d.googlePlaceId = 'ChIJN1t_tDeuEmsRUsoyG83frY4')),
        live,
      ),
    ).toEqual(['/contact']);
    expect(previewRoutesOf(live, live)).toEqual(['/contact']);
    // Any other page previews on its own page.
    expect(previewRouteOf({ collection: 'guides', id: 'commercial-fridge-prices-nz', data: {} })).toBe('/commercial-fridge-prices-nz');
  });
});
