/**
 * The quote form as built, on every page that carries one: the quote's own fields in their fixed order,
 * then the optional site fieldset (street, suburb or town, access notes) with its labels, autofill
 * names and limits, never required; worded for a technician where the page presets a repair. And
 * the thank-you page's urgent part: one line per response area, each at the fragment the form
 * sends an urgent request to, the 24/7 call button, and the CSS that shows them without JavaScript.
 */
import { describe, expect, it } from 'vitest';
import { builtPages, decodeEntities } from '../support/dist.ts';
import { leadFields, siteFields, siteFieldsCopy } from '../../core/lead/fields.ts';
import { CALL_NOW_ANCHOR, rangeText, responseAreas } from '../../core/lead/response-targets.ts';

const pages = builtPages();
const forms = pages.flatMap((page) =>
  [...page.html.matchAll(/<form\b[^>]*name="commercialLead"[\s\S]*?<\/form>/g)].map((m) => ({ route: page.route, html: m[0] })),
);

const text = (html: string) => decodeEntities(html.replace(/<!-- -->/g, '').replace(/<[^>]+>/g, '')).trim();
/** The visible fields' names in document order (hidden tracking fields and the honeypot left out). */
const visibleNames = (html: string) =>
  [...html.matchAll(/<(input|select|textarea)\b([^>]*)>/gi)]
    .filter(([, , attrs]) => !/type="hidden"/i.test(attrs!))
    .map(([, , attrs]) => /\bname="([^"]+)"/.exec(attrs!)?.[1])
    .filter((name): name is string => name !== undefined && name !== 'bot-field');
const control = (html: string, name: string) => new RegExp(`<(?:input|textarea)\\b[^>]*\\bname="${name}"[^>]*>`, 'i').exec(html)?.[0] ?? '';
const attr = (tag: string, name: string) => new RegExp(`\\b${name}="([^"]*)"`, 'i').exec(tag)?.[1];
const labelFor = (html: string, id: string) => text(new RegExp(`<label\\b[^>]*\\bfor="${id}"[^>]*>([\\s\\S]*?)</label>`).exec(html)?.[1] ?? '');
const fieldset = (html: string) => /<fieldset\b[^>]*>[\s\S]*?<\/fieldset>/.exec(html)?.[0] ?? '';
const presetRepair = (html: string) => /<select[^>]*name="service_type"[\s\S]*?<option value="Repair" selected=""/.test(html);

describe('the quote form on every page', () => {
  it('is on the pages that promise it', () => {
    expect(forms.length).toBeGreaterThan(30);
    for (const route of ['/contact', '/emergency-repairs', '/repairs', '/hamilton', '/blog/common-problems'])
      expect(forms.map((f) => f.route)).toContain(route);
  });

  it("keeps the quote's own fields in their fixed order, then the site fields in a fieldset of their own", () => {
    for (const form of forms) {
      expect(visibleNames(form.html), form.route).toEqual([...leadFields.map((f) => f.name), ...siteFields.map((f) => f.name)]);
      const set = fieldset(form.html);
      expect(visibleNames(set), form.route).toEqual(siteFields.map((f) => f.name));
      // After the project details, before the submit button.
      expect(form.html.indexOf('<fieldset'), form.route).toBeGreaterThan(form.html.indexOf('name="notes"'));
      expect(form.html.indexOf('<fieldset'), form.route).toBeLessThan(form.html.indexOf('type="submit"'));
    }
  });

  it('labels every site field, names its autofill and limit, and requires none of them', () => {
    for (const form of forms) {
      const set = fieldset(form.html);
      const street = control(set, 'site_street');
      const suburb = control(set, 'site_suburb');
      const notes = control(set, 'access_notes');
      expect([attr(street, 'autocomplete'), attr(street, 'maxlength'), attr(street, 'type')], form.route).toEqual(['address-line1', '120', 'text']);
      expect([attr(suburb, 'autocomplete'), attr(suburb, 'maxlength'), attr(suburb, 'type')], form.route).toEqual(['address-level2', '120', 'text']);
      expect([notes.startsWith('<textarea'), attr(notes, 'maxlength')], form.route).toEqual([true, '500']);
      for (const tag of [street, suburb, notes]) {
        expect(tag, form.route).not.toMatch(/\brequired\b/);
        expect(labelFor(set, attr(tag, 'id')!), `${form.route} ${attr(tag, 'name')}`).not.toBe('');
      }
      expect(text(/<legend\b[^>]*>([\s\S]*?)<\/legend>/.exec(set)![1]!), form.route).toMatch(new RegExp(`\\(${siteFieldsCopy.optional}\\)$`));
    }
  });

  it('words the site fields for a technician where the page presets a repair, and plainly elsewhere', () => {
    const byWording = { repair: [] as string[], site: [] as string[] };
    for (const form of forms) {
      const set = fieldset(form.html);
      const repair = presetRepair(form.html);
      expect(attr(set, 'data-wording'), form.route).toBe(repair ? 'repair' : 'site');
      byWording[repair ? 'repair' : 'site'].push(form.route);
      const labels = siteFields.map((f) => labelFor(set, attr(control(set, f.name), 'id')!));
      expect(labels, form.route).toEqual(siteFields.map((f) => (repair && 'repairLabel' in f ? f.repairLabel : f.label)));
      expect(text(/<legend\b[^>]*>([\s\S]*?)<\/legend>/.exec(set)![1]!), form.route).toContain(repair ? siteFieldsCopy.repairLegend : siteFieldsCopy.legend);
    }
    expect(byWording.repair).toEqual(expect.arrayContaining(['/emergency-repairs', '/repairs']));
    expect(byWording.site).toEqual(expect.arrayContaining(['/contact', '/installation', '/']));
  });

  it('gives the emergency page’s "gate codes, parking or after-hours access" a field of its own', () => {
    const page = pages.find((p) => p.route === '/emergency-repairs')!;
    expect(text(page.html)).toMatch(/gate codes, parking or after-hours access when you call, or give them in the request form below/i);
    const form = forms.find((f) => f.route === '/emergency-repairs')!;
    const set = fieldset(form.html);
    expect(labelFor(set, attr(control(set, 'access_notes'), 'id')!)).toBe('Gate codes, parking or after-hours access');
    expect(labelFor(set, attr(control(set, 'site_street'), 'id')!)).toBe('Site address, so the technician can find you');
  });
});

describe('the thank-you page for an urgent request', () => {
  const page = pages.find((p) => p.route === '/thank-you')!;

  it('has a line for every response area at the fragment the form sends it to, with the target the site states', () => {
    for (const area of responseAreas()) {
      const line = new RegExp(`<p\\b[^>]*\\bid="${area.anchor}"[^>]*>([\\s\\S]*?)</p>`).exec(page.html);
      expect(line, area.anchor).not.toBeNull();
      expect(line![0]).toContain('class="urgent-target');
      expect(text(line![1]!), area.anchor).toContain(area.city ? `in ${area.city} within ${area.hours}` : `within ${area.hours} in regional areas`);
    }
    expect(text(page.html)).toContain(`we aim to be on site in Hamilton within ${rangeText('Hamilton')}`);
  });

  it('has a line at the fragment for a request no on-call technician covered, leading with the 24/7 line and promising no time', () => {
    const line = new RegExp(`<p\\b[^>]*\\bid="${CALL_NOW_ANCHOR}"[^>]*>([\\s\\S]*?)</p>`).exec(page.html);
    expect(line).not.toBeNull();
    expect(line![0]).toContain('class="urgent-target');
    expect(text(line![1]!)).toMatch(/^Call 0800\u00a0FRIDGE now: /);
    expect(text(line![1]!)).not.toMatch(/within|technician will call/);
  });

  it('puts the 24/7 call button right after the lines, and marks what an urgent request does not see', () => {
    const urgent = /<div class="urgent-thanks[^"]*">([\s\S]*?)<\/div><p\b/.exec(page.html)?.[1] ?? '';
    const links = [...urgent.matchAll(/<a\b[^>]*href="([^"]+)"[^>]*>([\s\S]*?)<\/a>/g)].map(([, href, label]) => [href, text(label!)]);
    expect(links[0]).toEqual(['tel:+64800374343', 'Call 0800\u00a0FRIDGE, 24/7']);
    // The standard lead and the quote steps ("within 24 hours") give way.
    expect(page.html).toMatch(/<p class="[^"]*\bstandard-thanks\b[^"]*">We have received your quote request/);
    expect(page.html).toMatch(/<section id="next-steps"[^>]*class="[^"]*\bstandard-thanks\b/);
    // One h1 on the page, whichever part shows.
    expect(page.html.match(/<h1\b/g)).toHaveLength(1);
  });

  it('carries the CSS that shows the targeted line without JavaScript', () => {
    // The site's stylesheet is inlined into each page.
    const css = [...page.html.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/g)].map((m) => m[1]).join('\n');
    expect(css).toMatch(/\.urgent-target:not\(:target\)/);
    expect(css).toMatch(/\.urgent-thanks:has\(\.urgent-target:target\)/);
    expect(css).toMatch(/main:has\(\.urgent-target:target\) \.standard-thanks/);
  });
});
