/**
 * Each collection's JSON Schema for the site editor's forms, made once from the same zod schema
 * the build checks the entry with: labels' help from `.describe()`, lengths, lists and choices
 * all come from there. Dates are written as YYYY-MM-DD in the files, so the form shows a date field.
 */
import { z } from 'zod';
import { collectionSchemas, type CollectionName } from './content.ts';

const made = new Map<CollectionName, Record<string, unknown>>();

export function entrySchemaOf(collection: CollectionName): Record<string, unknown> {
  let schema = made.get(collection);
  if (!schema) {
    schema = z.toJSONSchema(collectionSchemas[collection] as z.ZodType, {
      io: 'input',
      unrepresentable: 'any',
      override: (ctx) => {
        if (ctx.zodSchema._zod.def.type === 'date') {
          ctx.jsonSchema.type = 'string';
          ctx.jsonSchema.format = 'date';
        }
      },
    }) as Record<string, unknown>;
    made.set(collection, schema);
  }
  return schema;
}

/** An entry another field may name, as the form offers it: its id, and its title as the owner knows it. */
export interface EntryChoice {
  id: string;
  title: string;
}

/**
 * The schema with the choices only the published content knows filled in: a field marked
 * `format: 'article'` becomes a choice of the other articles, each shown by its title.
 */
export function withArticleChoices(schema: Record<string, unknown>, articles: readonly EntryChoice[]): Record<string, unknown> {
  const fill = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(fill);
    if (typeof node !== 'object' || node === null) return node;
    const copy = Object.fromEntries(Object.entries(node).map(([key, value]) => [key, fill(value)]));
    if (copy['format'] === 'article') copy['oneOf'] = articles.map((a) => ({ const: a.id, title: a.title }));
    return copy;
  };
  return fill(schema) as Record<string, unknown>;
}
