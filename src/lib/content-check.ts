/**
 * The checks every content entry must pass, whoever wrote it: a developer's file (the content
 * check script and the build's tests) or the owner's edit in the inbox's site editor. Each problem
 * names the field it is about by its path in the entry ("faq.3.answer"), in words a person can act
 * on, so the editor can show it beside that field.
 *
 * An article's body is MDX, which runs code: an owner's body may hold Markdown and the blocks the
 * site offers (`<EmergencyLine />`, `<Business />`, `<Email />`, `<QuoteWithin />`, `<Calculator tool="…" />`) and
 * nothing else, so no import, script, component or expression reaches the build.
 */
import type { z } from 'zod';
import { mdxToJs, mdxToMdast } from 'satteri';
import { collectionSchemas, seoLengths, type CollectionName } from './content-schemas.ts';
import { CALCULATOR_LABELS, calculatorTools } from './calculators/content-schema.ts';
import { PRICE_KEYS, PRICE_LABELS } from '../../core/guide-prices.ts';
import { fillTokensDeep } from './tokens.ts';
import { routes as siteRoutes } from '../config/site.ts';

export interface ContentProblem {
  /** The field's path in the entry, dot-joined ("" for the entry itself, "body" for an article's text). */
  path: string;
  message: string;
}

/** A block's one setting: its name, the values it takes and what one value is called. */
interface BlockSetting {
  name: string;
  values: readonly string[];
  what: string;
}

/** The blocks an article's body may hold, by the tag written; a block with a setting takes exactly that one. */
export const bodyBlocks: Record<string, { example: string; label: string; setting?: BlockSetting; alone?: true }> = {
  EmergencyLine: { example: '<EmergencyLine />', label: 'The emergency phone number, as a call link' },
  Business: { example: '<Business />', label: 'The business name' },
  Email: { example: '<Email />', label: 'The contact e-mail address, as a link' },
  QuoteWithin: { example: '<QuoteWithin />', label: 'How soon a quote follows ("24 hours")' },
  Price: {
    example: '<Price of="displayFridge" />',
    label: 'A price from the price list',
    setting: { name: 'of', values: PRICE_KEYS, what: 'price' },
  },
  Calculator: {
    example: '<Calculator tool="runningCost" />',
    label: 'A calculator',
    setting: { name: 'tool', values: calculatorTools, what: 'calculator' },
    // A whole calculator is a paragraph of its own; every other block sits among words.
    alone: true,
  },
};

/** Words for a block's setting value, where the owner's form names it. */
const settingLabels: Record<string, Record<string, string>> = { Price: PRICE_LABELS, Calculator: CALCULATOR_LABELS };

/** What the editor offers to add: each block, and each value of a block with a setting ("Price: Standard display fridge"). */
export function bodyBlockChoices(): { tag: string; example: string; label: string; alone: boolean }[] {
  return Object.entries(bodyBlocks).flatMap(([tag, block]) => {
    const alone = block.alone === true;
    return block.setting
      ? block.setting.values.map((value) => ({
          tag,
          example: `<${tag} ${block.setting!.name}="${value}" />`,
          label: `${block.label}: ${settingLabels[tag]?.[value] ?? value}`,
          alone,
        }))
      : [{ tag, example: block.example, label: block.label, alone }];
  });
}

const BODY_MAX = 60_000;
/**
 * How deep quotes and lists may sit inside each other. The site's own pages go two deep at most;
 * the build's parser slows with the square of the depth and its compiler's output grows with it
 * (5,000 quotes deep made 200 MB of code and no page), so a body past this is refused unread.
 */
export const NESTING_MAX = 8;
/** The most code the build's compiler may make of one body: a plain 60,000-character body makes a few hundred KB. */
const COMPILED_MAX = 4_000_000;
/** Where a link in an article may go: a page of the site, an anchor, a web page, an e-mail or a phone number. */
const SAFE_TARGET = /^(\/|#|https?:\/\/|mailto:|tel:)/i;

/** What a schema's rule asks for, in plain words (a schema's own message, where it has one, comes first). */
function plainError(issue: z.core.$ZodRawIssue): string | undefined {
  const count = (n: number | bigint, one: string, many: string) => `${n} ${Number(n) === 1 ? one : many}`;
  const kind = issue.origin === 'array' ? ['item', 'items'] : ['character', 'characters'];
  switch (issue.code) {
    case 'too_small':
      if (issue.origin === 'string' || issue.origin === 'array') {
        const exact = issue.exact ? 'exactly' : 'at least';
        return `Needs ${exact} ${count(issue.minimum, kind[0]!, kind[1]!)}${issue.origin === 'string' && typeof issue.input === 'string' ? ` (now ${issue.input.length})` : ''}`;
      }
      return `Must be ${String(issue.minimum)} or more`;
    case 'too_big':
      if (issue.origin === 'string' || issue.origin === 'array') {
        const exact = issue.exact ? 'exactly' : 'at most';
        return `Takes ${exact} ${count(issue.maximum, kind[0]!, kind[1]!)}${issue.origin === 'string' && typeof issue.input === 'string' ? ` (now ${issue.input.length})` : ''}`;
      }
      return `Must be ${String(issue.maximum)} or less`;
    case 'invalid_type':
      return issue.input === undefined ? 'Fill this in' : `Should be ${issue.expected === 'date' ? 'a date' : `a ${issue.expected}`}`;
    case 'invalid_value':
      return `Choose one of: ${issue.values.map(String).join(', ')}`;
    case 'unrecognized_keys':
      return `Not a field of this entry: ${issue.keys.join(', ')}`;
    default:
      return undefined;
  }
}

/** The fields an entry of the schema may have at its top (any of a union's shapes). */
function topLevelKeys(schema: z.ZodType): Set<string> | undefined {
  const def = schema._zod.def as { type: string; shape?: Record<string, unknown>; options?: z.ZodType[]; in?: z.ZodType };
  if (def.type === 'object' && def.shape) return new Set(Object.keys(def.shape));
  if (def.type === 'union' && def.options) return new Set(def.options.flatMap((o) => [...(topLevelKeys(o) ?? [])]));
  if (def.type === 'pipe' && def.in) return topLevelKeys(def.in);
  return undefined;
}

/**
 * Fields the schema does not know. Its parse would drop them, but the entry's file would keep
 * them, and an article's frontmatter reads some (`layout`, `slug`) as instructions to the build.
 */
function unknownFieldProblems(collection: CollectionName, data: unknown): ContentProblem[] {
  const known = topLevelKeys(collectionSchemas[collection] as z.ZodType);
  if (!known || !data || typeof data !== 'object') return [];
  return Object.keys(data)
    .filter((key) => !known.has(key))
    .map((key) => ({ path: key, message: `"${key.slice(0, 40)}" is not a field of this page` }));
}

function schemaProblems(collection: CollectionName, data: unknown): { problems: ContentProblem[]; parsed?: unknown } {
  const schema: z.ZodType = collectionSchemas[collection];
  const result = schema.safeParse(data, { error: plainError });
  if (result.success) return { problems: [], parsed: result.data };
  return { problems: result.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message })) };
}

function seoProblems(parsed: unknown): ContentProblem[] {
  const filled = fillTokensDeep(parsed) as { title?: string; description?: string };
  const { title, description } = seoLengths;
  const problems: ContentProblem[] = [];
  if (filled.title && filled.title.length > title.max)
    problems.push({ path: 'title', message: `${filled.title.length} characters once the business details are filled in: at most ${title.max}` });
  if (filled.description && filled.description.length > description.max)
    problems.push({
      path: 'description',
      message: `${filled.description.length} characters once the business details are filled in: at most ${description.max}`,
    });
  return problems;
}

/** Every internal address in an entry's link fields and Markdown links, with the field it is in. */
function internalLinks(value: unknown, path: string[], out: { path: string; href: string }[]): void {
  if (typeof value === 'string') {
    const key = path.at(-1);
    if (key === 'href' && value.startsWith('/')) out.push({ path: path.join('.'), href: value });
    for (const m of value.matchAll(/\]\((\/[^)\s]*)\)/g)) out.push({ path: path.join('.'), href: m[1]! });
  } else if (Array.isArray(value)) {
    value.forEach((v, i) => internalLinks(v, [...path, String(i)], out));
  } else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) internalLinks(v, [...path, k], out);
  }
}

function linkProblems(data: unknown, body: string | undefined, routes: ReadonlySet<string> | undefined): ContentProblem[] {
  if (!routes) return [];
  const links: { path: string; href: string }[] = [];
  internalLinks(data, [], links);
  if (body !== undefined) for (const href of bodyLinks(body)) links.push({ path: 'body', href });
  return links
    .filter(({ href }) => {
      const route = href.split('#')[0]!.replace(/(.)\/$/, '$1') || '/';
      return !routes.has(route);
    })
    .map(({ path, href }) => ({ path, message: `${href} is not a page of this site` }));
}

/** An article's related cards, each by its last part of address: the build stops at one that names no article. */
function relatedProblems(collection: CollectionName, data: unknown, routes: ReadonlySet<string> | undefined): ContentProblem[] {
  const related = collection === 'blog' && data && typeof data === 'object' ? (data as { related?: unknown }).related : undefined;
  if (!routes || !Array.isArray(related)) return [];
  return related.flatMap((slug, i) =>
    typeof slug === 'string' && !routes.has(`${siteRoutes.blog}/${slug}`)
      ? [{ path: `related.${i}`, message: 'Choose one of the other articles on the site' }]
      : [],
  );
}

interface MdNode {
  type: string;
  name?: string | null;
  url?: string;
  value?: unknown;
  attributes?: { type: string; name?: string; value?: unknown }[];
  children?: MdNode[];
  position?: { start: { line: number } };
}

/** Every node of a parsed body, depth first, without recursion (a body may nest deeply). */
function* nodesOf(root: MdNode): Generator<MdNode> {
  const stack = [root];
  while (stack.length > 0) {
    const node = stack.pop()!;
    yield node;
    if (node.children) for (let i = node.children.length - 1; i >= 0; i--) stack.push(node.children[i]!);
  }
}

/** What is wrong with one node of the body, as the build's parser read it. */
function nodeProblem(node: MdNode): string | undefined {
  switch (node.type) {
    case 'mdxjsEsm':
      return 'has code (an import or export), which articles cannot use';
    case 'mdxFlowExpression':
    case 'mdxTextExpression':
      return 'has a curly bracket, which articles cannot use: write the words instead';
    case 'html':
      return 'has HTML, which articles cannot use: use one of the blocks offered';
    case 'mdxJsxFlowElement':
    case 'mdxJsxTextElement': {
      const attributes = node.attributes ?? [];
      const name = node.name ?? '';
      const block = Object.hasOwn(bodyBlocks, name) ? bodyBlocks[name] : undefined;
      if (!block) return `has "<${name}", which is not one of the blocks offered`;
      if ((node.children ?? []).length > 0) return `has words inside <${name}>: a block stands alone, like ${block.example}`;
      const { setting } = block;
      if (!setting) return attributes.length > 0 ? `has settings on <${name}>, which takes none: write ${block.example}` : undefined;
      const [given] = attributes;
      const ok = attributes.length === 1 && given?.type === 'mdxJsxAttribute' && given.name === setting.name && typeof given.value === 'string';
      if (!ok) return `has a ${setting.what} written another way: write ${block.example}`;
      return setting.values.includes(given.value as string)
        ? undefined
        : `has no ${setting.what} called "${String(given.value).slice(0, 40)}" (choose one of ${setting.values.join(', ')})`;
    }
    default:
      if (node.url !== undefined && !SAFE_TARGET.test(node.url))
        return `links to "${node.url.slice(0, 40)}": a link must go to a page of this site (/contact), a web page (https://…), an e-mail (mailto:) or a phone (tel:)`;
      return undefined;
  }
}

/**
 * The body as the build's own MDX parser reads it, or the reason it cannot be read. The same
 * parser the site's build uses, so what passes here is what the build will take, and nothing in it
 * is code.
 */
export function parseBody(body: string): { nodes: MdNode[] } | { error: string } {
  try {
    return { nodes: [...nodesOf(mdxToMdast(body) as MdNode)] };
  } catch (error) {
    return { error: (error as Error).message.replace(/\s*\([^)]*\)\s*$/, '') };
  }
}

/** A block written whole: `<Name />`, or `<Name setting="value" />` for a block with a setting. */
const BLOCK_TAG = /^<([A-Za-z]+)(?:\s+([a-z]+)="([A-Za-z]+)")?\s*\/>$/;

/** Whether a tag is one of the blocks written whole (true), or what is wrong with it (a block's own setting refused), or false. */
function blockTagCheck(tag: string): true | string | false {
  const [, name = '', setting, value] = BLOCK_TAG.exec(tag) ?? [];
  const block = Object.hasOwn(bodyBlocks, name) ? bodyBlocks[name] : undefined;
  if (!block) return false;
  if (!block.setting) return setting === undefined;
  if (setting !== block.setting.name) return false;
  return block.setting.values.includes(value!) || `there is no ${block.setting.what} called "${value}" (choose one of ${block.setting.values.join(', ')})`;
}
/** A link's target as Markdown writes it: after "](" or "]:", on that line or the next. */
const LINK_TARGET = /\]\([ \t]*(?:\r?\n)?[ \t]*<?([^)\s>]*)|\]:[ \t]*(?:\r?\n)?[ \t]*<?([^\s>]*)/g;

/**
 * The body's text, line by line, by rules stricter than the parser needs, so a trick of Markdown
 * the parser reads differently from how it looks is refused too: no line starting with import or
 * export, no curly bracket, no "<" but the blocks written whole, no character codes, and no link
 * target but the safe ones.
 */
function textProblems(body: string): string[] {
  const problems: string[] = [];
  body.split('\n').forEach((line, index) => {
    const at = `Line ${index + 1}`;
    if (/^\s*(import|export)(?![\w$])/.test(line)) problems.push(`${at} starts with "${line.trim().slice(0, 6)}", which articles cannot use: reword it`);
    if (/[{}]/.test(line)) problems.push(`${at} has a curly bracket, which articles cannot use: write the words instead`);
    if (/&(#[0-9]+|#x[0-9a-f]+|[a-z][a-z0-9]*);/i.test(line)) problems.push(`${at} has a character code (such as &amp;): type the character itself`);
    for (const m of line.matchAll(/<[^>]*>?/g)) {
      const tag = m[0];
      const check = blockTagCheck(tag);
      if (check === true) continue;
      if (check) problems.push(`${at}: ${check}`);
      else problems.push(`${at} has "${tag.slice(0, 40)}": use one of the blocks offered, or write "less than" instead of "<"`);
    }
  });
  for (const m of body.matchAll(LINK_TARGET)) {
    const target = m[1] || m[2];
    if (target && !SAFE_TARGET.test(target))
      problems.push(
        `The text links to "${target.slice(0, 40)}": a link must go to a page of this site (/contact), a web page (https://…), an e-mail (mailto:) or a phone (tel:)`,
      );
  }
  return problems;
}

/** A quote mark or a list item's marker at the start of what is left of a line, with the spaces after it. */
const CONTAINER_MARK = /(?:>|[-*+]|\d{1,9}[.)])(?:[ \t]+|$)/y;

/**
 * How deep quotes and lists sit inside each other, and the first line deeper than NESTING_MAX: one
 * pass over the text, never the parser. Quote marks and list markers that open a line count one
 * each; a list item opened on an earlier line counts for the lines indented under it. An estimate
 * (Markdown's own rules are looser), which the build's parser then checks in full.
 */
export function nestingOf(body: string): { depth: number; line?: number } {
  let depth = 0;
  let line: number | undefined;
  /** Where the text of each list item still open starts, in columns. */
  const open: number[] = [];
  body.split('\n').forEach((text, index) => {
    let at = 0;
    let quotes = 0;
    // Quote marks first (each may be followed by a space), then the indent under them.
    for (;;) {
      while (text[at] === ' ' || text[at] === '\t') at++;
      if (text[at] !== '>') break;
      quotes++;
      at++;
    }
    const deepest = (here: number) => {
      if (here > depth) depth = here;
      if (line === undefined && here > NESTING_MAX) line = index + 1;
    };
    // A line of quote marks alone is a blank line that many quotes deep.
    if (at >= text.length) return deepest(quotes);
    while (open.length > 0 && open.at(-1)! > at) open.pop();
    CONTAINER_MARK.lastIndex = at;
    for (let m = CONTAINER_MARK.exec(text); m; m = CONTAINER_MARK.exec(text)) {
      if (m[0].startsWith('>')) quotes++;
      else open.push(CONTAINER_MARK.lastIndex);
    }
    deepest(quotes + open.length);
  });
  return line === undefined ? { depth } : { depth, line };
}

/**
 * Why the body is refused before anything reads it: too long, or quotes and lists nested deeper
 * than a page needs. Cheap enough to run on the request, so hostile text never reaches a parser.
 */
export function bodyRefusal(body: string): string | undefined {
  if (body.length > BODY_MAX) return `The text is ${body.length} characters long: at most ${BODY_MAX}`;
  const { depth, line } = nestingOf(body);
  if (line !== undefined)
    return `This text has quotes or lists inside each other ${depth} deep (from line ${line}); the site allows at most ${NESTING_MAX}. Take some of the ">" marks or list indents out.`;
  return undefined;
}

/**
 * What is wrong with an article's Markdown body: first by the text's own rules, then as the
 * build's own parser reads it (a body both pass holds no code, no HTML, no component but the
 * blocks and no link but the safe ones), each problem with its line.
 */
export function bodyProblems(body: string): ContentProblem[] {
  const refusal = bodyRefusal(body);
  if (refusal) return [{ path: 'body', message: refusal }];
  let problems = textProblems(body);
  if (problems.length === 0) {
    const parsed = parseBody(body);
    if ('error' in parsed) problems = [`The text cannot be read (${parsed.error}). Check the line it names.`];
    else
      for (const node of parsed.nodes) {
        const problem = nodeProblem(node);
        if (problem) problems.push(`${node.position ? `Line ${node.position.start.line}` : 'The text'} ${problem}`);
      }
  }
  return problems.slice(0, 20).map((message) => ({ path: 'body', message }));
}

/** Every internal address the body's links go to. */
function bodyLinks(body: string): string[] {
  const parsed = parseBody(body);
  if ('error' in parsed) return [];
  return parsed.nodes.flatMap((node) => (node.url !== undefined && node.url.startsWith('/') ? [node.url] : []));
}

/**
 * Every problem with an entry: its collection's schema, the search-result lengths once tokens are
 * filled in, the body's rules (articles and guides), and, given the site's routes, links to pages
 * that do not exist. An empty list means the build will take it.
 */
export function checkEntry(collection: CollectionName, data: unknown, body?: string, routes?: ReadonlySet<string>): ContentProblem[] {
  const { problems, parsed } = schemaProblems(collection, data);
  problems.push(...unknownFieldProblems(collection, data));
  if (parsed !== undefined) problems.push(...seoProblems(parsed));
  if (body !== undefined) problems.push(...bodyProblems(body));
  problems.push(...linkProblems(data, body, routes));
  problems.push(...relatedProblems(collection, data, routes));
  return problems;
}

/** How the build compiles an article's text (the settings @astrojs/mdx gives satteri's mdxToJs). */
export const BUILD_MDX = {
  features: { gfm: true, smartPunctuation: true },
  jsxImportSource: 'astro',
  elementAttributeNameCase: 'html',
} as const;

/**
 * The body as the build compiles it: the build's own MDX compiler (satteri's mdxToJs, which
 * @astrojs/mdx runs) with the build's settings, so a body it cannot turn into a page, or turns into
 * more code than a page can be, is refused here rather than when the site is built. Native code
 * that a hostile body has crashed outright: run it in a process of its own
 * (server/site/content-checker.ts), never in the server's.
 */
export async function compileProblems(body: string): Promise<ContentProblem[]> {
  try {
    const { code } = await mdxToJs(body, BUILD_MDX);
    if (code.length > COMPILED_MAX)
      return [{ path: 'body', message: 'This text is too intricate for the site to build: use fewer quotes, lists or bold marks inside each other.' }];
    return [];
  } catch (error) {
    return [{ path: 'body', message: `The site cannot build this text (${(error as Error).message.slice(0, 200)}). Check the line it names.` }];
  }
}

/**
 * checkEntry, then the build's compiler over a body that passes it: every problem the build would
 * meet. The server runs it in a process of its own, under a time limit.
 */
export async function checkEntryForBuild(collection: CollectionName, data: unknown, body?: string, routes?: ReadonlySet<string>): Promise<ContentProblem[]> {
  const problems = checkEntry(collection, data, body, routes);
  if (body !== undefined && !problems.some((p) => p.path === 'body')) problems.push(...(await compileProblems(body)));
  return problems;
}
