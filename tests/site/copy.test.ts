/**
 * Site-wide copy audit on the built pages' main content: no long passage repeated
 * across many pages, no FAQ question asked on more than two, each fixed figure stated
 * one way wherever it appears, and a price guide whose tables carry sourced NZ$ ranges.
 */
import { describe, expect, it } from 'vitest';
import { builtPages, decodeEntities } from '../support/dist.ts';

/** A passage this many words long counts as repeated copy... */
const PASSAGE_WORDS = 20;
/** ...when it appears on more than this many pages. */
const MAX_PAGES_PER_PASSAGE = 3;
const MAX_PAGES_PER_QUESTION = 2;

/**
 * Shared blocks every page of a kind carries on purpose, left out of the passage count: the quote-form
 * block (the closing section that wraps the form) and the navigation teasers that point at another
 * page's copy (the makes strip, related products or articles, related guides).
 */
const SHARED_SECTION_IDS = ['get-quote', 'makes', 'related', 'related-guides'];

const BLOCK_TAGS = /<\/?(?:p|li|td|th|tr|dt|dd|h[1-6]|summary|details|caption|div|section|table|ul|ol|dl|blockquote|br)\b[^>]*>/gi;

/** The page's <main> with forms, scripts and the shared blocks removed. */
function mainHtml(html: string): string {
  const main = /<main\b[^>]*>([\s\S]*)<\/main>/.exec(html)?.[1];
  if (main === undefined) throw new Error('page has no <main>');
  let out = main.replace(/<(script|style|template)\b[\s\S]*?<\/\1>/gi, ' ').replace(/<form\b[\s\S]*?<\/form>/gi, ' ');
  for (const id of SHARED_SECTION_IDS) {
    out = out.replace(new RegExp(`<section\\b[^>]*\\bid="${id}"[\\s\\S]*?</section>`, 'g'), (block) => {
      // Sections are not nested in these templates; if that changes, this cut would be wrong.
      if ((block.match(/<section\b/g) ?? []).length > 1) throw new Error(`nested section inside #${id}`);
      return ' ';
    });
  }
  return out;
}

/** Visible text with one line per block element (cells, items, paragraphs, headings). */
function blockText(html: string): string {
  return decodeEntities(html.replace(BLOCK_TAGS, '\n').replace(/<[^>]+>/g, ' '))
    .replace(/[ \t\u00a0]+/g, ' ')
    .replace(/\n\s*/g, '\n')
    .trim();
}

function words(text: string): string[] {
  return text
    .toLowerCase()
    .replace(/[’‘]/g, "'")
    .split(/[^a-z0-9$%°'+\-–./×]+/)
    .map((w) => w.replace(/^[.'\-–/]+|[.'\-–/]+$/g, ''))
    .filter(Boolean);
}

/** Every run of `n` words found on more than `maxPages` pages, with the pages it is on (overlapping runs merged per page set). */
function repeatedPassages(pages: { route: string; words: string[] }[], n = PASSAGE_WORDS, maxPages = MAX_PAGES_PER_PASSAGE) {
  const seen = new Map<string, Set<string>>();
  for (const page of pages) {
    for (let i = 0; i + n <= page.words.length; i++) {
      const key = page.words.slice(i, i + n).join(' ');
      let routes = seen.get(key);
      if (!routes) seen.set(key, (routes = new Set()));
      routes.add(page.route);
    }
  }
  const byPages = new Map<string, { passage: string; routes: string[] }>();
  for (const [passage, routes] of seen) {
    if (routes.size <= maxPages) continue;
    const sorted = [...routes].sort();
    const key = sorted.join(' ');
    if (!byPages.has(key)) byPages.set(key, { passage, routes: sorted });
  }
  return [...byPages.values()];
}

const STOP_WORDS = new Set('a an the in on at of for to and or is are be do does my our your we i it can how what'.split(' '));

function questionWords(question: string): Set<string> {
  return new Set(words(question).filter((w) => !STOP_WORDS.has(w)));
}

/** Two questions are the same when one's content words all appear in the other ("How long does installation take?" and "How long does cool room installation take?"). */
function sameQuestion(a: string, b: string): boolean {
  const [x, y] = [questionWords(a), questionWords(b)];
  const [small, large] = x.size <= y.size ? [x, y] : [y, x];
  return small.size > 0 && [...small].every((w) => large.has(w));
}

/** FAQ questions asked on more than `maxPages` pages (similar wordings grouped). */
function repeatedQuestions(pages: { route: string; questions: string[] }[], maxPages = MAX_PAGES_PER_QUESTION) {
  const all = pages.flatMap((p) => p.questions.map((q) => ({ route: p.route, q })));
  const found: { question: string; routes: string[] }[] = [];
  for (const { q } of all) {
    const routes = [...new Set(all.filter((other) => sameQuestion(q, other.q)).map((o) => o.route))].sort();
    if (routes.length > maxPages && !found.some((f) => sameQuestion(f.question, q))) found.push({ question: q, routes });
  }
  return found;
}

/** FAQ questions on a page: the questions of its FAQ lists (definition terms and disclosures that end in '?'). */
function faqQuestions(html: string): string[] {
  return [...html.matchAll(/<(dt|summary)\b[^>]*>([\s\S]*?)<\/\1>/g)].map((m) => blockText(m[2]!)).filter((q) => q.endsWith('?'));
}

/**
 * Each fixed figure (response times, prices, ranges the business states), and the one way the copy states it. A line (a sentence, table cell or list
 * item) that matches `topic` must match `stated` and must not match `not`.
 */
interface FigureRule {
  figure: string;
  topic: RegExp;
  stated: RegExp;
  not?: RegExp;
}

const figureRules: FigureRule[] = [
  {
    figure: 'LED uses 80% less energy',
    topic: /\bLEDs?\b.*\d+%|\d+%.*\bLEDs?\b/i,
    stated: /\b80% less energy\b/,
    not: /\b(up to|about|around|roughly|nearly|over) 80%/i,
  },
  {
    figure: 'temperature checks twice daily',
    topic:
      /(temperature (checks?|logs?|readings?|records?)|(check|record|log|read)\w* (and record )?(each unit's |the |fridge and freezer )?temperatures?)[^\n]*\b(once|daily|a day|every day|each day)\b|\b(once|daily|a day|every day|each day)\b[^\n]*(temperature (checks?|logs?|readings?)|(check|record|log)\w* (the )?temperatures?)/i,
    stated: /\btwice[- ](daily|a day)\b/i,
  },
  {
    figure: 'food safety records kept at least 4 years',
    topic: /\b(keep|kept|retain\w*)\b[^\n]{0,60}\b(records|logs)\b[^\n]*\d+ years?|\b(records|logs)\b[^\n]{0,60}\b(keep|kept|retain\w*)\b[^\n]*\d+ years?/i,
    stated: /\bat least 4 years\b/,
    not: /\b2 years\b/,
  },
  { figure: 'professional maintenance every 3-6 months', topic: /\b(maintenance|servic\w+)\b[^\n]{0,40}\bevery \d/i, stated: /\bevery 3-6 months\b/ },
  { figure: 'door seals replaced every 2-3 years', topic: /\bseals?\b[^\n]{0,60}\bevery \d+(-\d+)? years?\b/i, stated: /\bevery 2-3 years\b/ },
  {
    figure: 'breakdowns reduced by up to 80%',
    topic: /\b(breakdowns|emergency repairs)\b[^\n]{0,40}\d+%|\d+%[^\n]{0,20}\b(fewer )?(breakdowns|emergency repairs)\b/i,
    stated: /\bup to 80%/i,
  },
  { figure: 'installation adds 10-15%', topic: /\binstallation\b[^\n]{0,60}\b\d+(-\d+)?%/i, stated: /\b10-15%/ },
  { figure: '15cm clearance', topic: /\bclearance\b[^\n]*\d+ ?cm|\d+ ?cm[^\n]*\bclearance\b/i, stated: /\b15 ?cm\b/ },
  { figure: 'quotes valid for 30 days', topic: /\bvalid for \d+ days\b/i, stated: /\bvalid for 30 days\b/i },
  { figure: 'one make 15-25% dearer', topic: /\b\d+(-\d+)?% dearer\b|\bdearer\b[^\n]{0,40}\d+-\d+%/i, stated: /\b15-25%|\b(15|25)% dearer\b/ },
  {
    figure: 'energy priced at $0.28 per kWh',
    topic: /\$0\.\d+ ?(per kWh|\/kWh|a kWh)/i,
    stated: /\$0\.28 ?(per kWh|\/kWh|a kWh)/i,
    not: /\$0\.(?!28)\d+ ?(per kWh|\/kWh|a kWh)/i,
  },
  { figure: 'CBD response is a target', topic: /\bCBD\b[^\n]*\b\d+ hours\b/, stated: /\btarget\b/i },
  { figure: 'main-centre emergency target 2-4 hours', topic: /\bAuckland, Christchurch,? and Wellington\b[^\n]*\bhours\b/, stated: /\b2-4 hours\b/ },
  { figure: 'Hamilton and Tauranga target 4-6 hours', topic: /\bHamilton and Tauranga\b[^\n]*\bhours\b/, stated: /\b4-6 hours\b/ },
];

/** Lines of text broken further into sentences. */
function statements(text: string): string[] {
  return text.split('\n').flatMap((line) => line.split(/(?<=[.!?])\s+(?=[A-Z0-9$*-])/));
}

function figureViolations(pages: { route: string; text: string }[], rules: FigureRule[] = figureRules) {
  const out: string[] = [];
  for (const page of pages) {
    for (const line of statements(page.text)) {
      for (const rule of rules) {
        if (!rule.topic.test(line)) continue;
        if (!rule.stated.test(line) || rule.not?.test(line)) out.push(`${page.route} [${rule.figure}]: ${line}`);
      }
    }
  }
  return out;
}

const pages = builtPages()
  .filter((p) => p.route !== '/404')
  .map((p) => {
    const html = mainHtml(p.html);
    const text = blockText(html);
    return { route: p.route, html, text, words: words(text), questions: faqQuestions(html) };
  });

describe('the audit helpers can fail', () => {
  const filler = (tag: string) => Array.from({ length: 30 }, (_, i) => `${tag}${i}`);
  const shared = words('our technicians are on call around the clock and will reach your site fast with the parts to fix the unit today');

  it('finds a 20-word passage on four pages, not one on three', () => {
    const on = (n: number) => Array.from({ length: n }, (_, i) => ({ route: `/p${i}`, words: [...filler(`a${i}`), ...shared, ...filler(`b${i}`)] }));
    expect(repeatedPassages(on(3))).toEqual([]);
    expect(repeatedPassages(on(4)).map((r) => r.routes)).toEqual([['/p0', '/p1', '/p2', '/p3']]);
  });

  it('groups reworded questions and finds one asked on three pages', () => {
    const faq = [
      { route: '/a', questions: ['How long does installation take?'] },
      { route: '/b', questions: ['How long does cool room installation take?'] },
      { route: '/c', questions: ['How long does a cool room installation take in a restaurant?'] },
      { route: '/d', questions: ['What does a cool room cost?'] },
    ];
    expect(repeatedQuestions(faq).map((r) => r.routes)).toEqual([['/a', '/b', '/c']]);
    expect(repeatedQuestions(faq.slice(1))).toEqual([]);
  });

  it('flags a figure stated another way', () => {
    const text =
      'LED lighting uses up to 80% less energy.\nRecord temperatures at least once a day.\nKeep your temperature records for at least 2 years.\nEmergency response in the Auckland CBD: 2 hours, 24/7.';
    expect(figureViolations([{ route: '/x', text }]).length).toBe(4);
    const fixed =
      'LED lighting uses 80% less energy.\nRecord temperatures twice daily.\nKeep your temperature records for at least 4 years.\nEmergency response target in the Auckland CBD: 2 hours.';
    expect(figureViolations([{ route: '/x', text: fixed }])).toEqual([]);
  });

  it('cuts the quote-form block and shared navigation out of the main content', () => {
    const html =
      '<main><section id="intro"><p>Kept text</p></section><section id="related"><p>Teaser</p></section><section id="get-quote"><form><label>Name</label></form></section></main>';
    expect(blockText(mainHtml(html))).toBe('Kept text');
  });
});

describe('site-wide copy', () => {
  it('reads every page', () => {
    expect(pages.length).toBeGreaterThan(30);
    for (const p of pages) expect(p.words.length, p.route).toBeGreaterThan(20);
  });

  it(`no passage of ${PASSAGE_WORDS}+ words is on more than ${MAX_PAGES_PER_PASSAGE} pages' main content`, () => {
    expect(repeatedPassages(pages)).toEqual([]);
  });

  it(`no FAQ question is asked on more than ${MAX_PAGES_PER_QUESTION} pages`, () => {
    expect(pages.reduce((n, p) => n + p.questions.length, 0)).toBeGreaterThan(50);
    expect(repeatedQuestions(pages)).toEqual([]);
  });

  it('each fixed figure is stated one way everywhere it appears', () => {
    expect(figureViolations(pages)).toEqual([]);
  });

  it('says "hypothetical" nowhere and no sum vouches for itself', () => {
    for (const p of pages) expect(p.text, p.route).not.toMatch(/\bhypothetical|every sum checks/i);
  });
});

describe('price guide', () => {
  const guide = pages.find((p) => p.route === '/commercial-fridge-prices-nz')!;
  const categories = [/^under-counter fridges/i, /^upright fridges/i, /^display fridges/i, /^freezers/i, /^cool rooms/i];
  const range = /NZ\$\d{1,3}(,\d{3})* to NZ\$\d{1,3}(,\d{3})*|(from about|over) NZ\$\d{1,3}(,\d{3})*/i;
  const sections = guide.html.split(/<h2\b/).slice(1);

  /** The first table under the category's h2: its header and body rows as cell HTML. */
  function priceTable(category: RegExp) {
    const section = sections.find((s) => category.test(blockText(s.slice(s.indexOf('>') + 1, s.indexOf('</h2>')))));
    expect(section, `an h2 section for ${category}`).toBeDefined();
    const table = /<table\b[\s\S]*?<\/table>/.exec(section!)?.[0];
    expect(table, `a table under ${category}`).toBeDefined();
    const rows = [...table!.matchAll(/<tr\b[\s\S]*?<\/tr>/g)].map((r) => [...r[0].matchAll(/<t[hd]\b[^>]*>([\s\S]*?)<\/t[hd]>/g)].map((c) => c[1]!));
    return { header: rows[0]!.map(blockText), body: rows.slice(1) };
  }

  it.each(categories.map((c) => [c.source, c]))('the %s table gives a sourced NZ$ range or says it is not sourced', (_, category) => {
    const { header, body } = priceTable(category);
    expect(header).toEqual([expect.any(String), 'Published NZ price range', 'GST', 'Source']);
    expect(body.length).toBeGreaterThan(0);
    for (const [, price, gst, source] of body) {
      const priceText = blockText(price!);
      expect(blockText(gst!)).not.toBe('');
      if (/^Not sourced\b/.test(priceText)) {
        expect(blockText(source!)).toMatch(/^None found when we checked on 22 November 2026$/);
      } else {
        expect(priceText).toMatch(range);
        expect(source).toMatch(/<a\b[^>]*href="https?:\/\/[^"]+"/);
        expect(blockText(source!)).toMatch(/read 22 November 2026$/);
      }
    }
  });

  it('prices at least three of the five categories and says prices move', () => {
    const priced = categories.filter((c) => priceTable(c).body.some(([, price]) => range.test(blockText(price!))));
    expect(priced.length).toBeGreaterThanOrEqual(3);
    expect(guide.text).toMatch(/prices move/i);
    expect(guide.text).not.toMatch(/will not find a price list/i);
  });
});
