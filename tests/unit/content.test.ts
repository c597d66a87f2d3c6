/** The content collections' schemas: every real entry passes, and malformed entries are rejected. */
import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { validateFile } from '../../scripts/validate-content.ts';
import { blogSchema, citySchema, collectionSchemas, guideSchema, pageSchema, productSchema } from '../../src/lib/content-schemas.ts';
import { splitFrontmatter } from '../../src/lib/word-count.ts';
import { checkEntry } from '../../src/lib/content-check.ts';

const root = new URL('../../src/content/', import.meta.url).pathname;
const files = Object.keys(collectionSchemas).flatMap((dir) => readdirSync(join(root, dir)).map((f) => join(root, dir, f)));
const yaml = (file: string) => parse(readFileSync(join(root, file), 'utf8')) as Record<string, unknown>;
const front = (file: string) => parse(splitFrontmatter(readFileSync(join(root, file), 'utf8')).frontmatter) as Record<string, unknown>;

describe('content files', () => {
  it.each(files.map((f) => [f.slice(root.length)]))('%s matches its schema', (file) => {
    expect(validateFile(join(root, file)).errors).toEqual([]);
  });
});

describe('schemas reject malformed entries', () => {
  it('a product with three FAQ items or an unknown repairs label', () => {
    const product = yaml('products/commercial-fridge.yaml');
    expect(productSchema.safeParse(product).success).toBe(true);
    expect(productSchema.safeParse({ ...product, faq: (product.faq as unknown[]).slice(0, 3) }).success).toBe(false);
    expect(productSchema.safeParse({ ...product, repairsLabel: 'Fix It' }).success).toBe(false);
  });

  it('a guide without exactly 15 questions', () => {
    const guide = front('guides/commercial-fridge-prices-nz.mdx');
    expect(guideSchema.safeParse(guide).success).toBe(true);
    expect(guideSchema.safeParse({ ...guide, faq: (guide.faq as unknown[]).slice(0, 14) }).success).toBe(false);
  });

  it('an article with a bad date, an SEO title too long or two related articles', () => {
    const post = front('blog/lease-vs-buy.mdx');
    expect(blogSchema.safeParse(post).success).toBe(true);
    expect(blogSchema.safeParse({ ...post, date: 'last Tuesday' }).success).toBe(false);
    expect(blogSchema.safeParse({ ...post, title: 'x'.repeat(80) }).success).toBe(false);
    expect(blogSchema.safeParse({ ...post, related: ['a', 'b'] }).success).toBe(false);
    const related = post.related as string[];
    expect(blogSchema.safeParse({ ...post, related: [related[0], related[0], related[1]] }).success, 'the same article twice').toBe(false);
  });

  it('an article whose related card names no article of the site, at that card', () => {
    const post = front('blog/lease-vs-buy.mdx');
    const related = post.related as string[];
    const routes = new Set(['/', ...related.map((slug) => `/blog/${slug}`)]);
    const cards = (names: string[]) => checkEntry('blog', { ...post, related: names }, undefined, routes).filter((p) => p.path.startsWith('related'));
    expect(cards(related)).toEqual([]);
    expect(cards([related[0]!, 'no-such-article', related[2]!])).toEqual([{ path: 'related.1', message: 'Choose one of the other articles on the site' }]);
  });

  it('a city with a missing service card or an unknown city', () => {
    const city = yaml('cities/tauranga.yaml');
    expect(citySchema.safeParse(city).success).toBe(true);
    expect(citySchema.safeParse({ ...city, services: (city.services as unknown[]).slice(0, 4) }).success).toBe(false);
    expect(citySchema.safeParse({ ...city, city: 'gotham' }).success).toBe(false);
  });

  describe('a page block', () => {
    const page = yaml('pages/hospitality-refrigeration.yaml');
    const blocks = page.blocks as Record<string, unknown>[];
    /** The page with one block changed; the dotted paths of what the schema refuses. */
    const refused = (index: number, block: Record<string, unknown>) => {
      const result = pageSchema.safeParse({ ...page, blocks: blocks.map((b, i) => (i === index ? block : b)) });
      return result.success ? [] : result.error.issues.map((issue) => issue.path.join('.'));
    };
    const cardsAt = blocks.findIndex((b) => b.type === 'cards');
    const cards = blocks[cardsAt]!;
    const items = cards.items as Record<string, unknown>[];

    it('passes as it is', () => {
      expect(pageSchema.safeParse(page).success).toBe(true);
    });
    it('of an unknown type is refused for its type', () => {
      expect(refused(0, { type: 'carousel' }).some((path) => path.startsWith('blocks.0'))).toBe(true);
    });
    it('with an external link is refused for that link', () => {
      const hero = { type: 'hero', heading: 'A heading', lead: 'A lead long enough to pass.', actions: [{ label: 'Go', href: 'https://evil.example' }] };
      expect(refused(0, hero)).toEqual(['blocks.0.actions.0.href']);
    });
    it('with an unknown icon is refused for the icon alone', () => {
      expect(refused(cardsAt, { ...cards, items: [{ ...items[0], icon: 'unicorn' }, ...items.slice(1)] })).toEqual([`blocks.${cardsAt}.items.0.icon`]);
    });
  });
});
