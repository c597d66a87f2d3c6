/** Keyset paging cursors handed to clients: opaque, and checked against their schema when they come back. */
import type { z } from 'zod';

/** An opaque paging cursor: the last row's sort key as base64url JSON, checked when it comes back. */
export function jsonCursor<T extends z.ZodType>(schema: T) {
  return {
    encode: (value: z.output<T>): string => Buffer.from(JSON.stringify(value)).toString('base64url'),
    /** The cursor in a `next` string, or undefined when it is not one this server made. */
    decode(value: string): z.output<T> | undefined {
      try {
        return schema.parse(JSON.parse(Buffer.from(value, 'base64url').toString('utf8')));
      } catch {
        return undefined;
      }
    },
  };
}
