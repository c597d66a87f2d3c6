/** The photos an entry shows are found wherever its schema puts one, named by the path the form uses for its field. */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { photoIdsOf, photoRefsOf } from '../../core/photo-refs.ts';
import { collectionSchemas } from '../../src/lib/content-schemas.ts';

const A = 'a'.repeat(24);
const B = 'b'.repeat(24);

describe('photoRefsOf', () => {
  it('finds a hero block’s, a product hero’s and an article’s photo, with their paths', () => {
    const page = { data: { blocks: [{ type: 'cards' }, { type: 'hero', photo: { id: A, alt: 'x' } }] } };
    expect(photoRefsOf(page)).toEqual([{ path: 'blocks.1.photo.id', id: A }]);
    expect(photoRefsOf({ data: { hero: { heading: 'h', photo: { id: B, alt: 'y' } } } })).toEqual([{ path: 'hero.photo.id', id: B }]);
    expect(photoRefsOf({ data: { title: 't', photo: { id: A, alt: 'z' } } })).toEqual([{ path: 'photo.id', id: A }]);
    expect(photoIdsOf([page, { data: { photo: { id: A, alt: 'z' } } }, { data: { hero: { photo: { id: B, alt: 'y' } } } }])).toEqual([A, B]);
  });

  it('ignores what is not a photo id, and no nesting overflows it', () => {
    expect(photoRefsOf({ data: { photo: { id: '../../etc/passwd', alt: 'x' }, other: { photo: 'text' } } })).toEqual([]);
    let deep: Record<string, unknown> = { photo: { id: A, alt: 'x' } };
    for (let i = 0; i < 50_000; i++) deep = { next: deep };
    expect(photoRefsOf({ data: deep })).toHaveLength(1);
  });

  it('the collections that take a photo are the five with a hero of their own', () => {
    const withPhoto = Object.entries(collectionSchemas)
      .filter(([, schema]) => JSON.stringify(z.toJSONSchema(schema as z.ZodType, { unrepresentable: 'any', io: 'input' })).includes('"format":"photo"'))
      .map(([name]) => name)
      .sort();
    expect(withPhoto).toEqual(['blog', 'cities', 'guides', 'pages', 'products']);
  });
});
