/**
 * The checks every content entry must pass, whoever wrote it: a developer's file (the content
 * check script and the build's tests) or the owner's edit in the inbox's site editor. Each problem
 * names the field it is about by its path in the entry ("faq.3.answer"), in words a person can act
 * on, so the editor can show it beside that field.
 *
 * An article's body is MDX, which runs code: an owner's body may hold Markdown and the blocks the
 * site offers (`<EmergencyLine />`, `<Business />`, `<Email />`, `<Calculator tool="…" />`) and
 * nothing else, so no import, script, component or expression reaches the build.
 */
import type { z } from 'zod';
import { collectionSchemas, seoLengths, type CollectionName } from './content-schemas.ts';
import { calculatorTools } from './calculators/content-schema.ts';
import { fillTokensDeep } from './tokens.ts';

export interface ContentProblem {
  /** The field's path in the entry, dot-joined ("" for the entry itself, "body" for an article's text). */
  path: string;
  message: string;
}

/** The blocks an article's body may hold, by the tag written. */
export const bodyBlocks = {
  EmergencyLine: { example: '<EmergencyLine />', label: 'The emergency phone number, as a call link' },
  Business: { example: '<Business />', label: 'The business name' },
  Email: { example: '<Email />', label: 'The contact e-mail address, as a link' },
  Calculator: { example: '<Calculator tool="runningCost" />', label: 'A calculator (tool: one of the calculators)' },
} as const;

const BODY_MAX = 60_000;
/** Where a link in an article may go: a page of the site, an anchor, a web page, an e-mail or a phone number. */
const SAFE_TARGET = /^(\/|#|https?:\/\/|mailto:|tel:)/i;
const BLOCK = /^<(EmergencyLine|Business|Email)\s*\/>$/;
const CALCULATOR = /^<Calculator\s+tool="([A-Za-z]+)"\s*\/>$/;

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
  if (body !== undefined) for (const m of body.matchAll(/\]\((\/[^)\s]*)\)/g)) links.push({ path: 'body', href: m[1]! });
  return links
    .filter(({ href }) => {
      const route = href.split('#')[0]!.replace(/(.)\/$/, '$1') || '/';
      return !routes.has(route);
    })
    .map(({ path, href }) => ({ path, message: `${href} is not a page of this site` }));
}

/** What is wrong with an article's Markdown body, line by line. */
export function bodyProblems(body: string): ContentProblem[] {
  if (body.length > BODY_MAX) return [{ path: 'body', message: `The text is ${body.length} characters long: at most ${BODY_MAX}` }];
  const problems: string[] = [];
  body.split('\n').forEach((line, index) => {
    const at = `Line ${index + 1}`;
    if (/^\s*(import|export)\s/.test(line)) problems.push(`${at} starts with "${line.trim().split(/\s/)[0]}", which articles cannot use`);
    if (/[{}]/.test(line)) problems.push(`${at} has a curly bracket, which articles cannot use: write the words instead`);
    const targets = [...line.matchAll(/\]\(\s*([^)\s]*)/g), ...line.matchAll(/^\s*\[[^\]]+\]:\s*(\S+)/g)].map((m) => m[1]!);
    for (const target of targets)
      if (!SAFE_TARGET.test(target))
        problems.push(
          `${at} links to "${target.slice(0, 40)}": a link must go to a page of this site (/contact), a web page (https://…), an e-mail (mailto:) or a phone (tel:)`,
        );
    for (const m of line.matchAll(/<[^>]*>?/g)) {
      const tag = m[0];
      const tool = CALCULATOR.exec(tag)?.[1];
      if (BLOCK.test(tag) || (tool && (calculatorTools as readonly string[]).includes(tool))) continue;
      if (tool) problems.push(`${at}: there is no calculator called "${tool}" (choose one of ${calculatorTools.join(', ')})`);
      else problems.push(`${at} has "${tag.slice(0, 40)}": use one of the blocks offered, or write "less than" instead of "<"`);
    }
  });
  return problems.slice(0, 20).map((message) => ({ path: 'body', message }));
}

/**
 * Every problem with an entry: its collection's schema, the search-result lengths once tokens are
 * filled in, the body's rules (articles and guides), and, given the site's routes, links to pages
 * that do not exist. An empty list means the build will take it.
 */
export function checkEntry(collection: CollectionName, data: unknown, body?: string, routes?: ReadonlySet<string>): ContentProblem[] {
  const { problems, parsed } = schemaProblems(collection, data);
  if (parsed !== undefined) problems.push(...seoProblems(parsed));
  if (body !== undefined) problems.push(...bodyProblems(body));
  problems.push(...linkProblems(data, body, routes));
  return problems;
}
