/** Titles, descriptions, canonical, keywords, robots, JSON-LD and the sitemap, checked on the built pages. */
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { builtPages, decodeEntities, distDir, jsonLdBlocks, metaContent } from '../support/dist.ts';
import { cityRoutes, guideRoutes, keywordRoutes, noindexRoutes, productRoutes, specRoutes } from '../support/routes.ts';
import { cities } from '../../src/config/site.ts';
import { seoLengths } from '../../src/lib/content-schemas.ts';

const SITE = 'https://www.commercialrefrigeration.nz';
const pages = builtPages();
const page = (route: string) => {
  const found = pages.find((p) => p.route === route);
  if (!found) throw new Error(`no built page for ${route}`);
  return found;
};
const title = (html: string) => decodeEntities(/<title>([^<]*)<\/title>/.exec(html)?.[1] ?? '');
const canonical = (html: string) => /<link rel="canonical" href="([^"]+)"/.exec(html)?.[1];
const isNoindex = (html: string) => metaContent(html, 'robots')?.includes('noindex') ?? false;

describe('routes', () => {
  it('builds exactly the site’s route table plus the 404 page', () => {
    expect(pages.map((p) => p.route).sort()).toEqual([...specRoutes, '/404'].sort());
  });
});

describe('titles and descriptions', () => {
  it(`every page has a unique title of ${seoLengths.title.min}-${seoLengths.title.max} characters`, () => {
    const titles = pages.map((p) => title(p.html));
    for (const [i, t] of titles.entries()) expect(t.length, `${pages[i]!.route}: "${t}"`).toBeGreaterThanOrEqual(seoLengths.title.min);
    for (const [i, t] of titles.entries()) expect(t.length, `${pages[i]!.route}: "${t}"`).toBeLessThanOrEqual(seoLengths.title.max);
    expect(new Set(titles).size).toBe(titles.length);
  });

  it(`every page has a unique description of ${seoLengths.description.min}-${seoLengths.description.max} characters`, () => {
    const descriptions = pages.map((p) => metaContent(p.html, 'description') ?? '');
    for (const [i, d] of descriptions.entries()) {
      expect(d.length, pages[i]!.route).toBeGreaterThanOrEqual(seoLengths.description.min);
      expect(d.length, pages[i]!.route).toBeLessThanOrEqual(seoLengths.description.max);
    }
    expect(new Set(descriptions).size).toBe(descriptions.length);
  });
});

describe('canonical, keywords and robots', () => {
  it('every indexable page has an absolute canonical on the site origin, matching its route', () => {
    for (const p of pages.filter((x) => !isNoindex(x.html))) {
      expect(canonical(p.html), p.route).toBe(p.route === '/' ? `${SITE}/` : `${SITE}${p.route}`);
    }
  });

  it('the canonical set (home, commercial fridge, cities, guides) is covered', () => {
    for (const route of ['/', '/commercial-fridge', ...cityRoutes, ...guideRoutes]) expect(canonical(page(route).html), route).toBeDefined();
  });

  it('the commercial fridge page and the guides set keywords', () => {
    for (const route of keywordRoutes) expect(metaContent(page(route).html, 'keywords')?.split(',').length ?? 0, route).toBeGreaterThanOrEqual(3);
  });

  it('the thank-you and 404 pages are noindex and have no canonical; others are indexable', () => {
    for (const route of [...noindexRoutes, '/404']) {
      expect(isNoindex(page(route).html), route).toBe(true);
      expect(canonical(page(route).html), route).toBeUndefined();
    }
    for (const p of pages.filter((x) => ![...noindexRoutes, '/404'].includes(x.route as never))) expect(isNoindex(p.html), p.route).toBe(false);
  });

  it('every page has Open Graph and Twitter cards', () => {
    for (const p of pages) {
      expect(p.html, p.route).toContain('property="og:title"');
      expect(p.html, p.route).toContain('property="og:image"');
      expect(p.html, p.route).toContain('name="twitter:card"');
    }
  });
});

type Thing = Record<string, unknown>;
const required: Record<string, string[]> = {
  FAQPage: ['mainEntity'],
  LocalBusiness: ['@id', 'name', 'telephone', 'address', 'geo', 'areaServed', 'priceRange', 'openingHoursSpecification'],
  Organization: ['name', 'url'],
  WebSite: ['name', 'url'],
  BlogPosting: ['headline', 'datePublished', 'author', 'publisher'],
  BreadcrumbList: ['itemListElement'],
};

describe('structured data', () => {
  it('every JSON-LD block parses and carries its type’s required properties', () => {
    for (const p of pages) {
      for (const block of jsonLdBlocks(p.html)) {
        expect(block['@context'], p.route).toBe('https://schema.org');
        const type = String(block['@type']);
        expect(Object.keys(required), `${p.route}: unexpected type ${type}`).toContain(type);
        for (const prop of required[type]!) expect(block[prop], `${p.route} ${type}.${prop}`).toBeDefined();
      }
    }
  });

  it('product pages and guides emit FAQPage data matching the visible questions', () => {
    for (const route of [...productRoutes, ...guideRoutes]) {
      const { html } = page(route);
      const faq = jsonLdBlocks(html).find((b) => b['@type'] === 'FAQPage');
      expect(faq, route).toBeDefined();
      const questions = (faq!.mainEntity as Thing[]).map((q) => String(q.name));
      expect(questions.length, route).toBe(guideRoutes.includes(route as never) ? 15 : 4);
      const text = decodeEntities(html);
      for (const q of questions) {
        // A question is the whole text of a <dt>, or of the <span> in a disclosure's <summary>.
        expect(text.includes(`>${q}</dt>`) || text.includes(`<span>${q}</span>`), `${route}: ${q}`).toBe(true);
      }
      for (const a of (faq!.mainEntity as Thing[]).map((q) => String((q.acceptedAnswer as Thing).text))) expect(text, `${route}: answer`).toContain(`>${a}</`);
    }
  });

  it('each city page emits LocalBusiness data with its own id, locality, region, NZ, geo, office hours and the 24/7 line as a contact point', () => {
    for (const key of Object.keys(cities) as (keyof typeof cities)[]) {
      const city = cities[key];
      const data = jsonLdBlocks(page(city.href).html).find((b) => b['@type'] === 'LocalBusiness') as Thing;
      expect(data['@id']).toBe(`${SITE}${city.href}#business`);
      expect(data.address).toEqual({ '@type': 'PostalAddress', addressLocality: city.name, addressRegion: city.region, addressCountry: 'NZ' });
      expect(data.geo).toEqual({ '@type': 'GeoCoordinates', latitude: city.latitude, longitude: city.longitude });
      expect(data.areaServed).toEqual({ '@type': 'City', name: city.name });
      expect(data.priceRange).toBe('$$');
      expect(data.openingHoursSpecification).toEqual([
        { '@type': 'OpeningHoursSpecification', dayOfWeek: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'], opens: '07:00', closes: '18:00' },
        { '@type': 'OpeningHoursSpecification', dayOfWeek: ['Saturday'], opens: '08:00', closes: '16:00' },
      ]);
      expect(data.contactPoint).toMatchObject({
        '@type': 'ContactPoint',
        contactType: 'emergency',
        telephone: '+64800374343',
        hoursAvailable: { dayOfWeek: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'], opens: '00:00', closes: '23:59' },
      });
      expect(data).not.toHaveProperty('address.streetAddress');
    }
  });
});

describe('sitemap.xml and robots.txt', () => {
  const sitemap = readFileSync(join(distDir, 'sitemap.xml'), 'utf8');
  const listed = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!.replace(SITE, '').replace(/^$/, '/'));

  it('lists every indexable route and nothing else', () => {
    const indexable = pages.filter((p) => !isNoindex(p.html)).map((p) => p.route);
    expect([...listed].sort()).toEqual([...indexable].sort());
    expect(listed).not.toContain('/thank-you');
    expect(listed).not.toContain('/404');
  });

  it('robots.txt points to the sitemap', () => {
    expect(readFileSync(join(distDir, 'robots.txt'), 'utf8')).toContain(`Sitemap: ${SITE}/sitemap.xml`);
  });
});
