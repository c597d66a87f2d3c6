/**
 * The part of JSON Schema that zod's `toJSONSchema` writes for the site's content collections, and
 * pure helpers the entry form uses to read a schema and update an entry by path.
 */

export type JsonType = 'object' | 'array' | 'string' | 'number' | 'integer' | 'boolean' | 'null';
export type Scalar = string | number | boolean | null;
export type Path = readonly (string | number)[];

export interface JsonSchema {
  $schema?: string;
  $ref?: string;
  $defs?: Readonly<Record<string, JsonSchema>>;
  definitions?: Readonly<Record<string, JsonSchema>>;
  type?: JsonType | readonly JsonType[];
  title?: string;
  description?: string;
  default?: unknown;
  format?: string;
  properties?: Readonly<Record<string, JsonSchema>>;
  required?: readonly string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  prefixItems?: readonly JsonSchema[];
  enum?: readonly Scalar[];
  const?: Scalar;
  oneOf?: readonly JsonSchema[];
  anyOf?: readonly JsonSchema[];
  minItems?: number;
  uniqueItems?: boolean;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  /** A setting visitors never see (search engines read it): drawn under "Advanced", for owners. */
  advanced?: boolean;
}

/** What the form draws for a schema. */
export type Kind =
  'photo' | 'phone' | 'hours' | 'price' | 'object' | 'variant' | 'list' | 'set' | 'choice' | 'text' | 'number' | 'boolean' | 'fixed' | 'unknown';

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const isNullSchema = (s: JsonSchema) => s.type === 'null' || s.const === null;

/** The branches of a oneOf/anyOf, without a `null` branch (a nullable field is edited as its other branch). */
export function branchesOf(schema: JsonSchema): readonly JsonSchema[] {
  return (schema.oneOf ?? schema.anyOf ?? []).filter((s) => !isNullSchema(s));
}

/** A union of one real branch (e.g. a nullable field) is that branch; every other schema is itself. */
export function unwrap(schema: JsonSchema): JsonSchema {
  const branches = branchesOf(schema);
  if (branches.length !== 1 || schema.properties || schema.type) return schema;
  const [only] = branches as [JsonSchema];
  const description = schema.description ?? only.description;
  const fallback = schema.default ?? only.default;
  return { ...only, ...(description === undefined ? {} : { description }), ...(fallback === undefined ? {} : { default: fallback }) };
}

function mainType(schema: JsonSchema): JsonType | undefined {
  if (typeof schema.type === 'string') return schema.type;
  return schema.type?.find((t) => t !== 'null');
}

/** The fixed values of an enum or of a union of consts, or undefined when the schema is not such a choice. */
export function choicesOf(schema: JsonSchema): readonly Scalar[] | undefined {
  const s = unwrap(schema);
  if (s.enum) return s.enum.filter((v) => v !== null);
  const branches = branchesOf(s);
  if (branches.length === 0) return undefined;
  const values: Scalar[] = [];
  for (const branch of branches) {
    if (branch.const !== undefined) values.push(branch.const);
    else if (branch.enum) values.push(...branch.enum.filter((v) => v !== null));
    else return undefined;
  }
  return values;
}

/** The property whose const tells the branches of a union of objects apart ("type" for blocks, "tool" for calculators). */
export function discriminatorOf(schema: JsonSchema): string | undefined {
  const branches = branchesOf(schema);
  const [first] = branches;
  if (!first?.properties) return undefined;
  return Object.keys(first.properties).find((key) => branches.every((b) => b.properties?.[key]?.const !== undefined));
}

/** The branch of a union of objects that a value (or a discriminator value) selects. */
export function branchFor(schema: JsonSchema, value: unknown): JsonSchema | undefined {
  const key = discriminatorOf(schema);
  if (key === undefined) return undefined;
  const wanted = isRecord(value) ? value[key] : value;
  return branchesOf(schema).find((b) => b.properties?.[key]?.const === wanted);
}

export function kindOf(schema: JsonSchema): Kind {
  const s = unwrap(schema);
  if (s.const !== undefined) return 'fixed';
  if (s.format === 'photo') return 'photo';
  if (s.format === 'phone') return 'phone';
  if (s.format === 'hours') return 'hours';
  if (s.format === 'price') return 'price';
  if (choicesOf(s)) return 'choice';
  if (branchesOf(s).length > 0) return discriminatorOf(s) === undefined ? 'unknown' : 'variant';
  switch (mainType(s)) {
    case 'object':
      return 'object';
    case 'array':
      // A list of distinct fixed choices is a set of tick boxes.
      return s.uniqueItems && s.items && choicesOf(s.items) ? 'set' : 'list';
    case 'string':
      return 'text';
    case 'number':
    case 'integer':
      return 'number';
    case 'boolean':
      return 'boolean';
    default:
      return s.properties ? 'object' : s.items ? 'list' : 'unknown';
  }
}

export function isInteger(schema: JsonSchema): boolean {
  return mainType(unwrap(schema)) === 'integer';
}

/**
 * The schema with every local `$ref` ("#/$defs/x") replaced by what it points to, so the form
 * never looks a reference up. A reference to itself further down becomes `{}` (edited as unknown).
 */
export function inlineRefs(root: JsonSchema): JsonSchema {
  const defs = { ...root.definitions, ...root.$defs };
  const walk = (schema: JsonSchema, seen: readonly string[]): JsonSchema => {
    if (schema.$ref) {
      const name = /^#\/(?:\$defs|definitions)\/(.+)$/.exec(schema.$ref)?.[1];
      const target = name === undefined ? undefined : defs[decodeURIComponent(name)];
      if (!name || !target || seen.includes(name)) return {};
      const { $ref: _ref, ...rest } = schema;
      return walk({ ...target, ...rest }, [...seen, name]);
    }
    const out: JsonSchema = { ...schema };
    if (schema.properties) out.properties = Object.fromEntries(Object.entries(schema.properties).map(([k, v]) => [k, walk(v, seen)]));
    if (schema.items) out.items = walk(schema.items, seen);
    if (schema.prefixItems) out.prefixItems = schema.prefixItems.map((s) => walk(s, seen));
    if (schema.oneOf) out.oneOf = schema.oneOf.map((s) => walk(s, seen));
    if (schema.anyOf) out.anyOf = schema.anyOf.map((s) => walk(s, seen));
    if (typeof schema.additionalProperties === 'object') out.additionalProperties = walk(schema.additionalProperties, seen);
    return out;
  };
  return walk(root, []);
}

/**
 * A sensible new value for a schema, e.g. for an added list item: an object holds its required
 * fields, each empty or at its default; a list holds its fewest items. For a union of objects,
 * `choice` is the discriminator value of the branch wanted (else the first branch).
 */
export function emptyValueOf(schema: JsonSchema, choice?: Scalar): unknown {
  const s = unwrap(schema);
  if (s.default !== undefined) return structuredClone(s.default);
  if (s.const !== undefined) return s.const;
  const choices = choicesOf(s);
  if (choices) return choice !== undefined && choices.includes(choice) ? choice : choices[0];
  const kind = kindOf(s);
  if (kind === 'variant') {
    const branch = (choice === undefined ? undefined : branchFor(s, choice)) ?? branchesOf(s)[0];
    return branch ? emptyValueOf(branch) : {};
  }
  switch (kind) {
    case 'object': {
      const required = new Set(s.required ?? []);
      return Object.fromEntries(
        Object.entries(s.properties ?? {})
          .filter(([key]) => required.has(key))
          .map(([key, prop]) => [key, emptyValueOf(prop)]),
      );
    }
    case 'list': {
      const count = Math.max(s.minItems ?? 0, s.prefixItems?.length ?? 0);
      return Array.from({ length: count }, (_, i) => emptyValueOf(s.prefixItems?.[i] ?? s.items ?? {}));
    }
    case 'text':
      return '';
    case 'number':
      return s.minimum ?? 0;
    case 'boolean':
      return false;
    default:
      return null;
  }
}

/** The value at a path, or undefined where the path leads nowhere. */
export function getAt(value: unknown, path: Path): unknown {
  let here = value;
  for (const step of path) {
    if (typeof step === 'number' ? !Array.isArray(here) : !isRecord(here)) return undefined;
    here = (here as Record<string | number, unknown>)[step];
  }
  return here;
}

/** An object with one key set; `Object.fromEntries` keeps the key order and never touches a prototype. */
function withKey(obj: Record<string, unknown>, key: string, next: unknown): Record<string, unknown> {
  const entries = Object.entries(obj);
  const at = entries.findIndex(([k]) => k === key);
  if (at === -1) entries.push([key, next]);
  else entries[at] = [key, next];
  return Object.fromEntries(entries);
}

/** A copy of `value` with `next` at `path`, creating objects (for names) and lists (for numbers) on the way. */
export function setAt(value: unknown, path: Path, next: unknown): unknown {
  const [step, ...rest] = path;
  if (step === undefined) return next;
  if (typeof step === 'number') {
    const list: unknown[] = Array.isArray(value) ? [...(value as unknown[])] : [];
    while (list.length < step) list.push(undefined);
    list[step] = setAt(list[step], rest, next);
    return list;
  }
  const obj = isRecord(value) ? value : {};
  return withKey(obj, step, setAt(obj[step], rest, next));
}

/** A copy of `value` without what is at `path` (a list closes the gap); unchanged when nothing is there. */
export function removeAt(value: unknown, path: Path): unknown {
  const [step, ...rest] = path;
  if (step === undefined) return undefined;
  if (typeof step === 'number') {
    if (!Array.isArray(value) || step >= value.length) return value;
    if (rest.length === 0) return value.filter((_, i) => i !== step);
    const child = removeAt(value[step], rest);
    if (child === value[step]) return value;
    const list = [...(value as unknown[])];
    list[step] = child;
    return list;
  }
  if (!isRecord(value) || !Object.hasOwn(value, step)) return value;
  if (rest.length === 0) return Object.fromEntries(Object.entries(value).filter(([k]) => k !== step));
  const child = removeAt(value[step], rest);
  return child === value[step] ? value : withKey(value, step, child);
}

/** A copy of `value` with the list at `path` having its item `from` moved to `to`; unchanged when either is out of range. */
export function moveAt(value: unknown, path: Path, from: number, to: number): unknown {
  const list = getAt(value, path);
  if (!Array.isArray(list) || from === to) return value;
  if (from < 0 || to < 0 || from >= list.length || to >= list.length) return value;
  const moved = [...(list as unknown[])];
  const [item] = moved.splice(from, 1);
  moved.splice(to, 0, item);
  return setAt(value, path, moved);
}

/** The key the server gives an error on this path: `['faq', 3, 'answer']` is "faq.3.answer"; the whole entry is "". */
export function pathKey(path: Path): string {
  return path.join('.');
}

/** Keys whose words read as code or jargon, in the words an owner uses. */
const wholeKeys: Readonly<Record<string, string>> = {
  blocks: 'Sections',
  cta: 'Call to action',
  href: 'Link',
  noindex: 'Hide from search engines',
  eyebrow: 'Line above the heading',
  lead: 'Opening paragraph',
  heroLead: 'Opening paragraph',
  smallWalkInChiller: 'Small walk-in chiller',
  mediumWalkInChiller: 'Medium walk-in chiller',
  walkInLabour: 'Walk-in installation labour',
};

const keptWords: Readonly<Record<string, string>> = { email: 'e-mail', faq: 'FAQ', id: 'ID', url: 'URL', kwh: 'kWh', nz: 'NZ', cbd: 'CBD', seo: 'SEO' };

/** A field's label from its key: "heroLead" is "Hero lead", "quoteForm" "Quote form", "faq" "FAQ". */
export function labelOf(key: string | number): string {
  if (typeof key === 'number') return `Item ${key + 1}`;
  const whole = wholeKeys[key];
  if (whole) return whole;
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([a-zA-Z])(\d)/g, '$1 $2')
    .replace(/[_\-\s]+/g, ' ')
    .trim()
    .split(' ')
    .map((word) => keptWords[word.toLowerCase()] ?? word.toLowerCase());
  const text = words.join(' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** A list's name for one of its items: "keywords" gives "Keyword", "industries" "Industry"; undefined when no singular shows. */
export function nounOf(listKey: string): string | undefined {
  const label = labelOf(listKey);
  const singular = label
    .replace(/ies$/, 'y')
    .replace(/(ch|sh|x|ss)es$/, '$1')
    .replace(/([^siu])s$/, '$1');
  return singular === label ? undefined : singular;
}

/**
 * The label of a list's item, counted from 1: a block by its type ("Table 2", "FAQ 5"), an item
 * with a question as "Question 3", else by the list's own noun ("Keyword 2") or "Item 3".
 */
export function itemLabelOf(itemSchema: JsonSchema, item: unknown, index: number, noun?: string): string {
  const n = index + 1;
  const s = unwrap(itemSchema);
  const key = discriminatorOf(s);
  if (key !== undefined && isRecord(item) && typeof item[key] === 'string') return `${labelOf(item[key])} ${n}`;
  if (s.format === 'article') return `Article ${n}`;
  if (s.properties?.['question'] || branchesOf(s).some((b) => b.properties?.['question'])) return `Question ${n}`;
  return `${noun ?? 'Item'} ${n}`;
}

/** How one choice of a schema reads: the title the server gave it (an article's), else its value humanised. */
export function choiceTitle(schema: JsonSchema, value: Scalar): string {
  return branchesOf(unwrap(schema)).find((b) => b.const === value)?.title ?? choiceLabel(value);
}

/** How a fixed choice reads: a key such as "upright-fridge" or "restaurantSizer" is humanised; words people wrote stay as they are. */
export function choiceLabel(value: Scalar): string {
  if (typeof value === 'string' && /^[a-z][a-zA-Z0-9-]*$/.test(value)) return labelOf(value);
  return String(value);
}
