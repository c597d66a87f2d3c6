/**
 * The owner's content form: the helpers that read a collection's JSON Schema and change an entry
 * by path, checked against the schemas the server sends for the six collections.
 */
import { describe, expect, it } from 'vitest';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import {
  branchesOf,
  discriminatorOf,
  emptyValueOf,
  getAt,
  inlineRefs,
  isRecord,
  itemLabelOf,
  kindOf,
  labelOf,
  moveAt,
  nounOf,
  pathKey,
  removeAt,
  setAt,
  unwrap,
  type JsonSchema,
} from '../../src/inbox/site/json-schema.ts';
import { SchemaForm } from '../../src/inbox/site/SchemaForm.tsx';
import { entrySchemaOf, withArticleChoices } from '../../server/site/entry-schemas.ts';
import { collectionNames } from '../../src/lib/content-entries.ts';
import { figuresOf, type Figure, type TokenReading } from '../../core/figure-repeats.ts';
import { blockChoices, tokenChoices } from '../../src/inbox/site/insert-choices.ts';
import released from '#business-details' with { type: 'json' };
import type { BusinessDetails } from '../../core/business-details.ts';

// The schemas as the server sends them to the form.
const schemas = collectionNames.map((name) => [name, entrySchemaOf(name) as JsonSchema] as const);

/** Every list's item schema in a schema, with where it sits. */
function listItems(schema: JsonSchema, at: string): [string, JsonSchema][] {
  const found: [string, JsonSchema][] = [];
  const s = unwrap(schema);
  if (s.items) found.push([at, s.items], ...listItems(s.items, `${at}[]`));
  for (const [key, prop] of Object.entries(s.properties ?? {})) found.push(...listItems(prop, at ? `${at}.${key}` : key));
  branchesOf(s).forEach((branch, i) => found.push(...listItems(branch, `${at}|${i}`)));
  return found;
}

/** The required keys an object value must hold, for a plain object or the branch of a union it chose. */
function expectShape(schema: JsonSchema, value: unknown, where: string) {
  const s = unwrap(schema);
  const kind = kindOf(s);
  if (kind === 'object' || kind === 'variant') {
    expect(isRecord(value), where).toBe(true);
    const shape =
      kind === 'variant'
        ? branchesOf(s).find((b) => b.properties?.[discriminatorOf(s) ?? '']?.const === (value as Record<string, unknown>)[discriminatorOf(s) ?? ''])
        : s;
    expect(shape, where).toBeDefined();
    for (const key of shape?.required ?? []) {
      expect(value, `${where}.${key}`).toHaveProperty([key]);
      expectShape(shape?.properties?.[key] ?? {}, (value as Record<string, unknown>)[key], `${where}.${key}`);
    }
  } else if (kind === 'list') {
    expect(Array.isArray(value), where).toBe(true);
    expect((value as unknown[]).length, where).toBeGreaterThanOrEqual(s.minItems ?? 0);
    (value as unknown[]).forEach((item, i) => expectShape(s.items ?? {}, item, `${where}.${i}`));
  } else if (kind === 'text') expect(typeof value, where).toBe('string');
  else if (kind === 'number') expect(typeof value, where).toBe('number');
  else if (kind === 'boolean') expect(typeof value, where).toBe('boolean');
}

describe('changing an entry by path', () => {
  const entry = {
    title: 'Cool rooms',
    faq: [
      { question: 'Q1', answer: 'A1' },
      { question: 'Q2', answer: 'A2' },
    ],
    hero: { heading: 'H' },
  };
  const before = structuredClone(entry);

  it('sets a value deep in a copy, sharing the parts it did not touch', () => {
    const next = setAt(entry, ['faq', 1, 'answer'], 'New') as typeof entry;
    expect(next.faq[1]).toEqual({ question: 'Q2', answer: 'New' });
    expect(entry).toEqual(before);
    expect(next).not.toBe(entry);
    expect(next.faq).not.toBe(entry.faq);
    expect(next.faq[0]).toBe(entry.faq[0]);
    expect(next.hero).toBe(entry.hero);
    expect(Object.keys(next)).toEqual(Object.keys(entry));
  });

  it('creates the objects and lists on the way', () => {
    expect(setAt(undefined, ['hero', 'actions', 0, 'label'], 'Call')).toEqual({ hero: { actions: [{ label: 'Call' }] } });
    expect(setAt({}, ['rows', 1], ['a', 'b'])).toEqual({ rows: [undefined, ['a', 'b']] });
    expect(setAt(entry, [], 'whole')).toBe('whole');
  });

  it('never writes a prototype', () => {
    const next = setAt({}, ['__proto__', 'polluted'], true) as Record<string, unknown>;
    expect(Object.hasOwn(next, '__proto__')).toBe(true);
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
  });

  it('removes a key or a list item in a copy', () => {
    const noHero = removeAt(entry, ['hero']) as Partial<typeof entry>;
    expect(noHero).not.toHaveProperty('hero');
    expect(noHero.faq).toBe(entry.faq);
    const oneQuestion = removeAt(entry, ['faq', 0]) as typeof entry;
    expect(oneQuestion.faq).toEqual([{ question: 'Q2', answer: 'A2' }]);
    expect(removeAt(entry, ['faq', 1, 'answer'])).toEqual({ ...entry, faq: [entry.faq[0], { question: 'Q2' }] });
    expect(entry).toEqual(before);
  });

  it('leaves the entry as it was when there is nothing to remove', () => {
    expect(removeAt(entry, ['nothing'])).toBe(entry);
    expect(removeAt(entry, ['faq', 5])).toBe(entry);
    expect(removeAt(entry, ['title', 'x'])).toBe(entry);
  });

  it('moves a list item in a copy', () => {
    const moved = moveAt(entry, ['faq'], 1, 0) as typeof entry;
    expect(moved.faq.map((f) => f.question)).toEqual(['Q2', 'Q1']);
    expect(moved.faq[0]).toBe(entry.faq[1]);
    expect(entry).toEqual(before);
    const rows = { rows: [['a', 'b', 'c']] };
    expect(moveAt(rows, ['rows', 0], 0, 2)).toEqual({ rows: [['b', 'c', 'a']] });
    expect(rows).toEqual({ rows: [['a', 'b', 'c']] });
  });

  it('does not move out of range', () => {
    expect(moveAt(entry, ['faq'], 0, 2)).toBe(entry);
    expect(moveAt(entry, ['faq'], -1, 0)).toBe(entry);
    expect(moveAt(entry, ['title'], 0, 1)).toBe(entry);
  });

  it('reads a value by path', () => {
    expect(getAt(entry, ['faq', 1, 'question'])).toBe('Q2');
    expect(getAt(entry, ['faq', 'x'])).toBeUndefined();
    expect(getAt(entry, ['hero', 0])).toBeUndefined();
  });
});

describe('the key of a path', () => {
  it('joins with dots, as the server keys its errors', () => {
    expect(pathKey(['faq', 3, 'answer'])).toBe('faq.3.answer');
    expect(pathKey(['blocks', 0, 'rows', 2, 1])).toBe('blocks.0.rows.2.1');
    expect(pathKey(['title'])).toBe('title');
    expect(pathKey([])).toBe('');
  });
});

describe('labels', () => {
  it('reads a key as words', () => {
    expect(labelOf('cardText')).toBe('Card text');
    expect(labelOf('title')).toBe('Title');
    expect(labelOf('quoteForm')).toBe('Quote form');
    expect(labelOf('faq')).toBe('FAQ');
    expect(labelOf('cta')).toBe('Call to action');
    // Keys whose words read as jargon or code are given the owner's words.
    expect(labelOf('heroLead')).toBe('Opening paragraph');
    expect(labelOf('smallWalkInChiller')).toBe('Small walk-in chiller');
    expect(labelOf('id')).toBe('ID');
    expect(labelOf('pricePerKwh')).toBe('Price per kWh');
    expect(labelOf('cubicMetresPer1000')).toBe('Cubic metres per 1000');
    expect(labelOf('upright-fridge')).toBe('Upright fridge');
    expect(labelOf('hideWhenUrgent')).toBe('Hide when urgent');
  });

  it('names a list item by its list', () => {
    expect(nounOf('keywords')).toBe('Keyword');
    expect(nounOf('industries')).toBe('Industry');
    expect(nounOf('coolRooms')).toBe('Cool room');
    expect(nounOf('sources')).toBe('Source');
    expect(nounOf('related')).toBeUndefined();
    expect(nounOf('status')).toBeUndefined();
  });

  it('labels an item by its question, its block type, or its place', () => {
    const faqItem: JsonSchema = { type: 'object', properties: { question: { type: 'string' }, answer: { type: 'string' } } };
    expect(itemLabelOf(faqItem, { question: 'Why?' }, 2)).toBe('Question 3');
    expect(itemLabelOf({ type: 'string' }, 'x', 2)).toBe('Item 3');
    expect(itemLabelOf({ type: 'string' }, 'x', 0, 'Keyword')).toBe('Keyword 1');

    const pages = schemas.find(([name]) => name === 'pages')?.[1];
    const block = pages?.properties?.['blocks']?.items ?? {};
    expect(itemLabelOf(block, { type: 'table' }, 1)).toBe('Table 2');
    expect(itemLabelOf(block, { type: 'faq' }, 0)).toBe('FAQ 1');
    expect(itemLabelOf(block, { type: 'cta' }, 4)).toBe('Call to action 5');
    expect(itemLabelOf(block, { type: 'quoteForm' }, 2)).toBe('Quote form 3');
  });
});

describe('the collections’ schemas', () => {
  it('are all here, as objects or unions of objects', () => {
    expect(schemas.map(([name]) => name).sort()).toEqual(['blog', 'business', 'calculators', 'cities', 'guides', 'pages', 'products']);
    for (const [name, schema] of schemas) expect(['object', 'variant'], name).toContain(kindOf(schema));
  });

  it('draw the business details as fields in words: the phone typed once, the hours as a week, targets as numbers', () => {
    const business = schemas.find(([name]) => name === 'business')?.[1] ?? {};
    const line = business.properties?.['emergencyLine'] ?? {};
    expect(kindOf(line)).toBe('phone');
    expect(line.required).toEqual(['digits', 'shownAs']);
    expect(labelOf('email')).toBe('E-mail');
    const row = business.properties?.['officeHours']?.items ?? {};
    expect(kindOf(business.properties?.['officeHours'] ?? {})).toBe('hours');
    expect(kindOf(row.properties?.['weekdays'] ?? {})).toBe('set');
    expect(kindOf({ type: 'array', items: { type: 'string', enum: ['a', 'b'] } }), 'only a list that says its items are distinct').toBe('list');
    expect(kindOf(business.properties?.['responseTargets']?.properties?.['Hamilton']?.properties?.['to'] ?? {})).toBe('number');
    for (const [key, prop] of Object.entries(row.properties ?? {})) expect(prop.description, key).toBeTruthy();
  });

  it('put the settings visitors never see under Advanced, for owners only, each with a line on what it does', () => {
    const guides = schemas.find(([name]) => name === 'guides')?.[1] ?? {};
    const value = { title: 'A guide', keywords: ['fridge prices'], noindex: false, faq: [] };
    const html = (advanced: boolean) =>
      renderToStaticMarkup(createElement(SchemaForm, { schema: guides, value, onChange: () => {}, errors: {}, idPrefix: 'g', advanced }));
    const owner = html(true);
    const advanced = owner.slice(owner.indexOf('<details'));
    expect(advanced).toMatch(/<summary[^>]*>Advanced<\/summary>/);
    expect(advanced).toContain('Hide from search engines');
    expect(advanced).toContain('Keeps this page out of Google and other search engines');
    expect(advanced).toContain('Search terms written into the page for search engines');
    expect(owner.slice(0, owner.indexOf('<details'))).not.toContain('Hide from search engines');
    const staff = html(false);
    expect(staff).not.toContain('<details');
    expect(staff).not.toContain('Hide from search engines');
    // No file path or code word reaches the owner's form.
    for (const [name, schema] of schemas) {
      const text = JSON.stringify(schema);
      expect(text, name).not.toMatch(/src\/|\.tsx?\b|HH:MM|Markdown/);
    }
  });

  it('tell blocks apart by type and calculators by tool', () => {
    const pages = schemas.find(([name]) => name === 'pages')?.[1];
    expect(discriminatorOf(pages?.properties?.['blocks']?.items ?? {})).toBe('type');
    const calculators = schemas.find(([name]) => name === 'calculators')?.[1];
    expect(discriminatorOf(calculators ?? {})).toBe('tool');
  });

  for (const [name, schema] of schemas) {
    it(`${name}: a new list item has the shape its list wants`, () => {
      const lists = listItems(schema, '');
      expect(lists.length).toBeGreaterThan(0);
      for (const [where, item] of lists) {
        if (kindOf(item) === 'variant') {
          const key = discriminatorOf(item) ?? '';
          for (const branch of branchesOf(item)) {
            const type = branch.properties?.[key]?.const ?? null;
            const value = emptyValueOf(item, type);
            expect(value, `${where} ${String(type)}`).toHaveProperty([key], type);
            expectShape(item, value, `${where} ${String(type)}`);
          }
        } else {
          expectShape(item, emptyValueOf(item), where);
        }
      }
    });

    it(`${name}: a new entry holds every required field`, () => {
      expectShape(schema, emptyValueOf(schema), name);
    });
  }

  it('start a table with a row of two cells, and a list of strings with its fewest items', () => {
    const pages = schemas.find(([name]) => name === 'pages')?.[1];
    const table = emptyValueOf(pages?.properties?.['blocks']?.items ?? {}, 'table');
    expect(table).toEqual({ type: 'table', heading: '', caption: '', columns: ['', ''], rows: [['', '']] });
    const blog = schemas.find(([name]) => name === 'blog')?.[1];
    expect(emptyValueOf(blog?.properties?.['related'] ?? {})).toEqual(['', '', '']);
  });
});

describe('references', () => {
  it('are replaced by what they point to, and a loop stops', () => {
    const schema: JsonSchema = {
      type: 'object',
      properties: { a: { $ref: '#/$defs/card' }, b: { type: 'array', items: { $ref: '#/$defs/node' } } },
      $defs: {
        card: { type: 'object', properties: { title: { type: 'string' } }, required: ['title'] },
        node: { type: 'object', properties: { child: { $ref: '#/$defs/node' } } },
      },
    };
    const inlined = inlineRefs(schema);
    expect(inlined.properties?.['a']).toEqual({ type: 'object', properties: { title: { type: 'string' } }, required: ['title'] });
    expect(inlined.properties?.['b']?.items?.properties?.['child']).toEqual({});
  });
});

describe('the form', () => {
  /** Each id once; every label, aria-describedby and list item pointing at something that is there. */
  function checkMarkup(html: string, where: string) {
    const ids = [...html.matchAll(/\sid="([^"]+)"/g)].map((m) => m[1]);
    expect(new Set(ids).size, `${where}: duplicate ids`).toBe(ids.length);
    const known = new Set(ids);
    for (const [, target] of html.matchAll(/\sfor="([^"]+)"/g)) expect(known.has(target ?? ''), `${where}: label for ${target}`).toBe(true);
    for (const [, list] of html.matchAll(/aria-describedby="([^"]+)"/g))
      for (const id of (list ?? '').split(' ')) expect(known.has(id), `${where}: described by ${id}`).toBe(true);
    for (const id of ids) expect(id, where).toMatch(/^[A-Za-z][A-Za-z0-9_-]*$/);
  }

  const draw = (schema: JsonSchema, value: unknown, errors: Record<string, string> = {}, tokens: TokenReading[] = [], figures: Figure[] = []) =>
    renderToStaticMarkup(createElement(SchemaForm, { schema, value, onChange: () => {}, errors, idPrefix: 'entry', tokens, figures }));

  for (const [name, schema] of schemas) {
    it(`${name}: draws a new entry with every control labelled`, () => {
      checkMarkup(draw(schema, emptyValueOf(schema)), name);
    });
  }

  it('draws every kind of block, with its type shown and not edited', () => {
    const pages = schemas.find(([name]) => name === 'pages')?.[1] ?? {};
    const blockSchema = pages.properties?.['blocks']?.items ?? {};
    const blocks = branchesOf(blockSchema).map((b) => emptyValueOf(blockSchema, b.properties?.['type']?.const ?? null));
    const html = draw(pages, { ...(emptyValueOf(pages) as object), blocks });
    checkMarkup(html, 'pages');
    expect(html).toContain('Remove<span class="sr-only"> Table 3</span>');
    expect(html).toContain('Add a section');
    expect(html).not.toMatch(/id="entry-blocks-\d+-type"/);
  });

  it('shows an error under its field and at the top of a list', () => {
    const guides = schemas.find(([name]) => name === 'guides')?.[1] ?? {};
    const value = emptyValueOf(guides);
    const html = draw(guides, value, { title: 'Too short.', 'faq.2.answer': 'Write an answer.', faq: 'Exactly 15 questions.' });
    checkMarkup(html, 'guides');
    expect(html).toMatch(/id="entry-title"[^>]*aria-invalid="true"|aria-invalid="true"[^>]*id="entry-title"/);
    expect(html).toContain('id="entry-title--error"');
    expect(html).toContain('id="entry-faq-2-answer--error"');
    expect(html.indexOf('Exactly 15 questions.')).toBeLessThan(html.indexOf('Question 1'));
    expect(html).toContain('0 of 70 characters (at least 15)');
  });

  it('explains the tokens a text holds under that field, and is read with it', () => {
    const guides = schemas.find(([name]) => name === 'guides')?.[1] ?? {};
    const value = { ...(emptyValueOf(guides) as object), title: 'Prices', quickAnswer: 'A display fridge is {price:displayFridge}.' };
    const tokens = [
      { written: '{price:displayFridge}', label: 'the “Standard display fridge” price', shows: 'NZ$1,500 to NZ$4,000' },
      { written: '{quoteWithin}', label: 'the quote promise', shows: '24 hours' },
    ];
    const html = draw(guides, value, {}, tokens);
    checkMarkup(html, 'guides');
    expect(html).toContain(
      '<code class="rounded bg-slate-100 px-1 text-slate-900">{price:displayFridge}</code> is the “Standard display fridge” price, now “NZ$1,500 to NZ$4,000”.',
    );
    expect(html).not.toContain('the quote promise');
    expect(html).toMatch(/id="entry-quickAnswer"[^>]*aria-describedby="[^"]*entry-quickAnswer--note/);
    // The title holds no token: no note, and nothing describes it but its own help.
    expect(html).not.toContain('id="entry-title--note"');
  });

  it('offers "Insert a figure…" under a long text of a page that follows the business details, not under one line or in the details’ own form', () => {
    const guides = schemas.find(([name]) => name === 'guides')?.[1] ?? {};
    const value = { ...(emptyValueOf(guides) as object), title: 'Prices' };
    const figures = figuresOf(released as BusinessDetails);
    const withFigures = draw(guides, value, {}, [], figures);
    checkMarkup(withFigures, 'guides');
    expect(withFigures).toMatch(/aria-controls="entry-quickAnswer--insert"[^>]*>Insert a figure…/);
    expect(withFigures).not.toContain('entry-title--insert');
    expect(draw(guides, value)).not.toContain('Insert a figure…');
  });

  it('draws a price as its wording and the figures that wording needs, each named for what it is, with the words the pages show', () => {
    const business = schemas.find(([name]) => name === 'business')?.[1] ?? {};
    const prices = business.properties?.['guidePrices'] ?? {};
    expect(kindOf(prices.properties?.['displayFridge'] ?? {})).toBe('price');
    const html = draw(business, released);
    checkMarkup(html, 'business');
    const part = (key: string) => html.slice(html.indexOf(`id="entry-guidePrices-${key}"`) - 400, html.indexOf(`id="entry-guidePrices-${key}-from"`) + 1200);
    const range = part('displayFridge');
    expect(range).toContain('The guides word it as');
    expect(range).toMatch(/id="entry-guidePrices-displayFridge"[^>]*checked/);
    expect(range).toContain('Lower figure, NZ$');
    expect(range).toContain('Upper figure, NZ$');
    expect(range).toContain('The pages read: “NZ$1,500 to NZ$4,000”.');
    const over = part('largeCoolRoom');
    expect(over).toContain('The figure, NZ$');
    expect(over).not.toContain('Upper figure');
    expect(over).not.toMatch(/>From</);
    expect(over).toContain('The pages read: “over NZ$40,000”.');
  });

  it('offers an article’s related cards as the other articles by title, each named as an article', () => {
    const blog = schemas.find(([name]) => name === 'blog')?.[1] ?? {};
    const articles = [
      { id: 'lease-vs-buy', title: 'Leasing vs Buying' },
      { id: 'common-problems', title: 'Common Problems' },
      { id: 'extend-freezer-life', title: 'Extend Freezer Life' },
    ];
    const withChoices = withArticleChoices(blog as Record<string, unknown>, articles) as JsonSchema;
    const item = unwrap(withChoices).properties?.['related']?.items ?? {};
    expect(kindOf(item)).toBe('choice');
    expect(kindOf(unwrap(blog).properties?.['related']?.items ?? {}), 'the schema made once is left as it was').toBe('text');
    const html = draw(withChoices, { ...(emptyValueOf(blog) as object), related: ['common-problems', 'lease-vs-buy', 'extend-freezer-life'] });
    checkMarkup(html, 'blog');
    const cards = html.slice(html.indexOf('id="entry-related-0"') - 300, html.indexOf('id="entry-related-2"') + 2000);
    expect(cards).toContain('Article 1');
    expect(cards).toContain('Article 3');
    expect(cards).toMatch(/<option value="1" selected="">Common Problems<\/option>/);
    expect(cards).not.toContain('common-problems<');
    expect(cards).not.toContain('Insert a figure');
    // Always three: they move, and no Remove or Add button stands there never working.
    expect(cards).toContain('Move down Article 1');
    expect(cards).not.toContain('Remove');
    expect(cards).not.toContain('Add ');
  });

  it('names each choice in the owner’s words with what it shows, and leaves out the call link', () => {
    const readings: TokenReading[] = [
      { written: '{emergencyLine}', label: 'the emergency phone number', shows: '0800 FRIDGE' },
      { written: '{emergencyTel}', label: 'the emergency phone number’s call link', shows: 'tel:+64800374343' },
      { written: '<Price of="displayFridge" />', label: 'the “Standard display fridge” price', shows: 'NZ$1,500 to NZ$4,000' },
    ];
    expect(tokenChoices(readings)).toEqual([{ written: '{emergencyLine}', label: 'The emergency phone number', shows: '0800 FRIDGE', alone: false }]);
    const blocks = [
      { tag: 'Price', example: '<Price of="displayFridge" />', label: 'A price from the price list: Standard display fridge', alone: false },
      { tag: 'Calculator', example: '<Calculator tool="leaseBuy" />', label: 'A calculator: Lease or buy', alone: true },
    ];
    expect(blockChoices(blocks, readings)).toEqual([
      { written: '<Price of="displayFridge" />', label: 'A price from the price list: Standard display fridge', shows: 'NZ$1,500 to NZ$4,000', alone: false },
      { written: '<Calculator tool="leaseBuy" />', label: 'A calculator: Lease or buy', shows: undefined, alone: true },
    ]);
  });
});
