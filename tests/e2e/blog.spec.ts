/**
 * The blog index, the eight articles and the three guides.
 * Fixed figures (slugs, the three dated articles, 15 questions, the guides' date line) are written here;
 * what is left to content (other dates, authors, each article's service type) is read from the MDX frontmatter.
 */
import { readFileSync } from 'node:fs';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { parse } from 'yaml';
import { jsonLd, offline } from './helpers.ts';

const slugs = [
  'choose-right-commercial-fridge',
  'energy-saving-tips',
  'commercial-vs-residential',
  'display-fridge-maintenance',
  'extend-freezer-life',
  'nz-compliance-standards',
  'lease-vs-buy',
  'common-problems',
];

/** The dates and reading times the business gave for the three articles, which the pages must show as given. */
const dated: Record<string, { published: string; minutes: number }> = {
  'nz-compliance-standards': { published: 'December 25, 2023', minutes: 9 },
  'lease-vs-buy': { published: 'December 22, 2023', minutes: 10 },
  'common-problems': { published: 'December 20, 2023', minutes: 12 },
};

const guides = ['/commercial-fridge-prices-nz', '/restaurant-refrigeration-nz', '/skope-vs-williams-refrigeration'];

const months = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** "December 25, 2023" → "2023-12-25". */
function isoFromSpec(text: string): string {
  const [, month, day, year] = /^(\w+) (\d{1,2}), (\d{4})$/.exec(text)!;
  return `${year}-${String(months.indexOf(month!) + 1).padStart(2, '0')}-${day!.padStart(2, '0')}`;
}

/** "2023-12-25" → "25 December 2023", the long New Zealand format the site shows dates in. */
function nzLong(iso: string): string {
  const [year, month, day] = iso.split('-').map(Number);
  return `${day} ${months[month! - 1]} ${year}`;
}

interface Frontmatter {
  date: string;
  author: string;
  serviceType: string;
}

function frontmatter(slug: string): Frontmatter {
  const source = readFileSync(new URL(`../../src/content/blog/${slug}.mdx`, import.meta.url), 'utf8');
  return parse(/^---\n([\s\S]*?)\n---/.exec(source)![1]!) as Frontmatter;
}

function main(page: Page): Locator {
  return page.getByRole('main');
}

function hero(page: Page): Locator {
  return page.locator('main section').filter({ has: page.getByRole('heading', { level: 1 }) });
}

function readMoreLinks(scope: Page | Locator): Locator {
  return scope.getByRole('link', { name: /^Read More\b/ });
}

async function hrefs(links: Locator): Promise<string[]> {
  return links.evaluateAll((as) => as.map((a) => a.getAttribute('href')!));
}

test.beforeEach(async ({ context }) => {
  await offline(context);
});

test.describe('blog index', () => {
  test("eight articles, each with date, author and a 'Read More' link to its slug", async ({ page }) => {
    await page.goto('/blog');
    const links = readMoreLinks(main(page));
    await expect(links).toHaveCount(8);
    expect((await hrefs(links)).sort()).toEqual(slugs.map((s) => `/blog/${s}`).sort());

    for (const slug of slugs) {
      const { date, author } = frontmatter(slug);
      if (dated[slug]) expect(date, `${slug} frontmatter date matches the fixed date`).toBe(isoFromSpec(dated[slug].published));
      const card = main(page)
        .getByRole('listitem')
        .filter({ has: page.locator(`a[href="/blog/${slug}"]`) });
      await expect(card).toHaveCount(1);
      await expect(card.locator('time')).toHaveAttribute('datetime', date);
      await expect(card.locator('time')).toHaveText(nzLong(date));
      await expect(card).toContainText(author);
      await expect(card.getByRole('heading')).toBeVisible();
    }
  });

  test('every category link points at a section on the page holding that many articles', async ({ page }) => {
    await page.goto('/blog');
    const categoryLinks = main(page)
      .getByRole('navigation')
      .getByRole('link', { name: /\(\d+\)$/ });
    const count = await categoryLinks.count();
    expect(count).toBeGreaterThan(1);
    let total = 0;
    for (const link of await categoryLinks.all()) {
      const href = (await link.getAttribute('href'))!;
      expect(href).toMatch(/^#./);
      const target = page.locator(`[id="${href.slice(1)}"]`);
      await expect(target).toHaveCount(1);
      const n = Number(/\((\d+)\)$/.exec((await link.innerText()).trim())![1]);
      await expect(readMoreLinks(target)).toHaveCount(n);
      total += n;
      await link.click();
      await expect(page).toHaveURL(new RegExp(`${href}$`));
      await expect(target).toBeInViewport();
    }
    expect(total).toBe(8);
  });

  test("'Get Expert Consultation' links to /contact", async ({ page }) => {
    await page.goto('/blog');
    const links = main(page).getByRole('link', { name: 'Get Expert Consultation', exact: true });
    await expect(links.first()).toBeVisible();
    for (const link of await links.all()) await expect(link).toHaveAttribute('href', '/contact');
  });
});

for (const slug of slugs) {
  test(`article /blog/${slug}: date, related cards, quote form and BlogPosting data`, async ({ page }) => {
    const fm = frontmatter(slug);
    await page.goto(`/blog/${slug}`);

    const line = hero(page).locator('p', { has: page.locator('time') });
    await expect(line).toHaveCount(1);
    const time = line.locator('time');
    const expectedIso = dated[slug] ? isoFromSpec(dated[slug].published) : fm.date;
    await expect(time).toHaveAttribute('datetime', expectedIso);
    await expect(time).toHaveText(nzLong(expectedIso));
    await expect(line).toContainText(fm.author);
    await expect(line).toHaveText(dated[slug] ? new RegExp(`\\b${dated[slug].minutes} min read$`) : /\b\d+ min read$/);

    const postings = (await jsonLd(page)).filter((n) => n['@type'] === 'BlogPosting');
    expect(postings).toHaveLength(1);
    expect(postings[0]!.datePublished).toBe(await time.getAttribute('datetime'));

    const related = page.getByRole('region', { name: /related articles/i });
    await expect(related.getByRole('listitem').filter({ has: readMoreLinks(page) })).toHaveCount(3);
    const relatedHrefs = await hrefs(readMoreLinks(related));
    expect(new Set(relatedHrefs).size).toBe(3);
    for (const href of relatedHrefs) {
      expect(slugs.map((s) => `/blog/${s}`)).toContain(href);
      expect(href).not.toBe(`/blog/${slug}`);
    }

    expect(['Installation', 'Maintenance', 'Repair']).toContain(fm.serviceType);
    const form = main(page).locator('form');
    await expect(form).toHaveCount(1);
    await expect(form.locator('select[name="service_type"]')).toHaveValue(fm.serviceType);
    await expect(main(page).locator('a[href="/contact"]').first()).toBeVisible();
  });
}

for (const route of guides) {
  test(`guide ${route}: date line, Quick Answer, 15 FAQs, form, Related Guides and head tags`, async ({ page }) => {
    await page.goto(route);

    const line = hero(page).locator('p', { has: page.locator('time') });
    await expect(line).toHaveText('Last updated: 23 January 2025 · Information verified monthly');
    await expect(line.locator('time')).toHaveAttribute('datetime', '2025-01-23');

    const quickAnswer = main(page).getByRole('complementary', { name: 'Quick Answer' });
    await expect(quickAnswer).toBeVisible();
    await expect(quickAnswer.locator('p')).toHaveText(/\w+(\s+\w+){10,}/);

    // Fifteen questions as closed disclosures: every question visible, each answer one tap away.
    const faq = page.getByRole('region', { name: /frequently asked questions|faq/i });
    const questions = faq.locator('details > summary');
    await expect(questions).toHaveCount(15);
    const shown = (await questions.allInnerTexts()).map((q) => q.trim());
    const faqs = (await jsonLd(page)).filter((n) => n['@type'] === 'FAQPage');
    expect(faqs).toHaveLength(1);
    const entities = faqs[0]!.mainEntity as { name: string; acceptedAnswer: { text: string } }[];
    expect(entities.map((q) => q.name)).toEqual(shown);
    const firstAnswer = faq.locator('details').first().locator('p');
    await expect(firstAnswer).toBeHidden();
    await questions.first().focus();
    await page.keyboard.press('Enter');
    await expect(firstAnswer).toBeVisible();
    await expect(firstAnswer).toHaveText(entities[0]!.acceptedAnswer.text);

    const form = main(page).locator('form');
    await expect(form).toHaveCount(1);
    await expect(form.getByRole('button', { name: 'Get Commercial Quotes' })).toBeVisible();

    const related = page.getByRole('region', { name: 'Related Guides' });
    expect((await hrefs(related.getByRole('link'))).sort()).toEqual([...guides.filter((g) => g !== route), '/commercial-fridge'].sort());

    const canonical = new URL((await page.locator('link[rel="canonical"]').getAttribute('href'))!);
    expect(canonical.protocol).toBe('https:');
    expect(canonical.pathname).toBe(route);
    await expect(page.locator('meta[name="keywords"]')).toHaveAttribute('content', /\w+/);
  });
}
