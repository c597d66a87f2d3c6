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
