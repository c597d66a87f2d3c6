/**
 * Property-based tests (fast-check) of the body parser and the lead schema: for any
 * bytes, any content type and any form, the answer is a success (200 JSON or 303) or a 4xx, never
 * a 5xx; a 4xx stores nothing; whatever is stored is within its limits and free of controls and
 * invisible formatting. Run counts are modest so the file takes a few seconds.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/http/app.ts';
import { parseFormBody } from '../../server/http/plugins/quote-form.ts';
import { FORM_NAME, HONEYPOT_FIELD, formFields, leadColumns, parseLead, siteFields, trackingFields } from '../../core/lead/schema.ts';
import { createTestStore, formBody, type TestStore } from '../support/stores.ts';

const limits: Record<string, number> = Object.fromEntries([...formFields, ...trackingFields].map((f) => [f.name, f.maxLength]));
/** The fields that keep line breaks and tabs (project details, access notes). */
const multiLine = new Set<string>(formFields.filter((f) => f.kind === 'textarea').map((f) => f.name));
// eslint-disable-next-line no-control-regex
const FORBIDDEN_ONE_LINE = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\p{Default_Ignorable_Code_Point}\u200e\u200f\u180e\u061c\u202a-\u202e\u2066-\u2069]/u;
const FORBIDDEN_NOTES =
  // eslint-disable-next-line no-control-regex
  /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u2028\u2029\p{Default_Ignorable_Code_Point}\u200e\u200f\u180e\u061c\u202a-\u202e\u2066-\u2069]/u;

/** Text with a good share of the characters the schema must deal with. */
const hostileChar = fc.constantFrom(
  '\u0000',
  '\r',
  '\n',
  '\t',
  '\u0085',
  '\u009b',
  '\u202e',
  '\u2066',
  '\u200b',
  '\ufeff',
  '\u2028',
  '\u00ad',
  '\u034f',
  '\u3164',
  '\u{E0041}',
  '\ufe0f',
  'ｖ',
  '%',
  '&',
  '=',
  '+',
  '<',
  '"',
  '😀',
  'ā',
);
const hostileText = fc
  .array(fc.oneof({ weight: 3, arbitrary: fc.string({ unit: 'binary', maxLength: 8 }) }, { weight: 1, arbitrary: hostileChar }), { maxLength: 40 })
  .map((parts) => parts.join(''));
const fieldNames = [...leadColumns, 'form-name', HONEYPOT_FIELD, '__proto__', 'constructor', ''];

const contentTypes = fc.constantFrom(
  'application/x-www-form-urlencoded',
  'application/x-www-form-urlencoded; charset=utf-8',
  'application/x-www-form-urlencoded; charset=latin1',
  'application/json',
  'text/plain',
  'multipart/form-data; boundary=x',
  '',
);
const accepts = fc.constantFrom('application/json', 'text/html', '*/*', '');

describe('properties of the body parser and lead schema', () => {
  let t: TestStore;
  let app: FastifyInstance;
  beforeAll(async () => {
    t = await createTestStore('sqlite');
    app = await buildApp({ store: t.store, leadPurposes: [], rateLimit: { max: 1_000_000, windowMs: 60_000 } });
  });
  afterAll(async () => {
    await app.close();
    await t.cleanup();
  });

  const outcomes = { success: 0, rejected: 0 };

  /** Posts, then checks the answer and what was stored against the properties. */
  async function postAndCheck(payload: Buffer | string, contentType: string, accept: string) {
    const before = (await t.store.listLeads({ includeSpam: true })).length;
    const headers: Record<string, string> = {};
    if (contentType) headers['content-type'] = contentType;
    if (accept) headers.accept = accept;
    const res = await app.inject({ method: 'POST', url: '/', headers, payload });
    const all = await t.store.listLeads({ includeSpam: true });
    expect(res.statusCode, res.body.slice(0, 200)).toBeLessThan(500);
    const success = res.statusCode === 200 || res.statusCode === 303;
    expect(success || (res.statusCode >= 400 && res.statusCode < 500), `status ${res.statusCode}`).toBe(true);
    outcomes[success ? 'success' : 'rejected']++;
    if (!success) expect(all.length, `a ${res.statusCode} stored a lead`).toBe(before);
    expect(all.length - before).toBeLessThanOrEqual(1);
    for (const lead of all.slice(before)) {
      for (const column of leadColumns) {
        const value = lead[column];
        // Limits count characters (code points), as the schema does.
        expect([...value].length, column).toBeLessThanOrEqual(limits[column]!);
        expect((multiLine.has(column) ? FORBIDDEN_NOTES : FORBIDDEN_ONE_LINE).test(value), `${column}: ${JSON.stringify(value)}`).toBe(false);
      }
    }
    return res;
  }

  it('any bytes with any content type: a success or a 4xx, never a 5xx; a 4xx stores nothing', async () => {
    await fc.assert(
      fc.asyncProperty(fc.uint8Array({ maxLength: 2048 }), contentTypes, accepts, async (bytes, type, accept) => {
        await postAndCheck(Buffer.from(bytes), type, accept);
      }),
      { numRuns: 150 },
    );
  });

  it('any JSON body, with or without the keys the form parser produces: a 415, never a 5xx, nothing stored', async () => {
    const formLike = fc.record(
      {
        fields: fc.oneof(
          fc.constant(null),
          fc.dictionary(fc.constantFrom(...fieldNames), fc.oneof(hostileText, fc.integer(), fc.constant(null)), { maxKeys: 6 }),
        ),
        repeated: fc.oneof(fc.constant([]), fc.array(fc.string(), { maxLength: 3 }), fc.integer()),
        elapsed_ms: fc.oneof(fc.integer(), fc.string()),
      },
      { requiredKeys: [] },
    );
    await fc.assert(
      fc.asyncProperty(fc.oneof(formLike, fc.jsonValue()), accepts, async (value, accept) => {
        const before = (await t.store.listLeads({ includeSpam: true })).length;
        const res = await app.inject({
          method: 'POST',
          url: '/',
          headers: { 'content-type': 'application/json', ...(accept ? { accept } : {}) },
          payload: JSON.stringify(value),
        });
        expect(res.statusCode, JSON.stringify(value)).toBe(415);
        expect((await t.store.listLeads({ includeSpam: true })).length).toBe(before);
      }),
      { numRuns: 150 },
    );
  });

  it('any form, valid or not, with hostile text in any field and repeated or odd keys', async () => {
    const form = fc.record({
      overrides: fc.dictionary(fc.constantFrom(...fieldNames), hostileText, { maxKeys: 6 }),
      extra: fc.array(fc.tuple(fc.constantFrom(...fieldNames), hostileText), { maxLength: 2 }),
      keepFormName: fc.boolean(),
    });
    await fc.assert(
      fc.asyncProperty(form, accepts, async ({ overrides, extra, keepFormName }, accept) => {
        const params = new URLSearchParams(formBody(keepFormName ? { ...overrides, 'form-name': FORM_NAME } : overrides));
        for (const [k, v] of extra) params.append(k, v);
        await postAndCheck(params.toString(), 'application/x-www-form-urlencoded', accept);
      }),
      { numRuns: 250 },
    );
    // The runs must have reached both outcomes, or they proved little.
    expect(outcomes.success).toBeGreaterThan(10);
    expect(outcomes.rejected).toBeGreaterThan(10);
  });

  it('hostile text in the site address and access notes: never a 5xx; stored clean and within 120 / 500 characters, or refused naming only them', async () => {
    // Long enough to cross both limits, built from the same hostile pieces.
    const long = fc.tuple(hostileText, fc.integer({ min: 2, max: 60 })).map(([text, n]) => text.repeat(n).slice(0, 800));
    const value = fc.oneof(hostileText, long, fc.constantFrom('', ' ', '\r\n', '=1+1', 'x'.repeat(120), 'x'.repeat(121), 'y'.repeat(500), 'y'.repeat(501)));
    const site = fc.record(Object.fromEntries(siteFields.map((f) => [f.name, value])) as Record<(typeof siteFields)[number]['name'], fc.Arbitrary<string>>, {
      requiredKeys: [],
    });
    const names = new Set<string>(siteFields.map((f) => f.name));
    const seen = { stored: 0, refused: 0 };
    await fc.assert(
      fc.asyncProperty(site, fc.string({ maxLength: 6 }), async (values, nonce) => {
        // A fresh name each run, so no run is folded into an earlier one as a repeat.
        const payload = formBody({ ...values, contact_name: `Site ${nonce} ${seen.stored + seen.refused}` });
        const res = await postAndCheck(payload, 'application/x-www-form-urlencoded', 'application/json');
        const refused = res.statusCode === 400;
        seen[refused ? 'refused' : 'stored']++;
        expect([200, 400], res.body).toContain(res.statusCode);
        // A refusal names only the site fields; a lead stored has no errors to name.
        const errors = refused ? Object.keys((res.json() as { errors: Record<string, unknown> }).errors) : [];
        expect(
          errors.filter((k) => !names.has(k)),
          res.body,
        ).toEqual([]);
      }),
      { numRuns: 200 },
    );
    expect(seen.stored).toBeGreaterThan(10);
    expect(seen.refused).toBeGreaterThan(10);
  });

  it('parseFormBody throws nothing but a 400 for any bytes', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 1024 }), (bytes) => {
        // Either fields on an object with no prototype, or a 400: one value, checked on every run.
        let outcome: unknown;
        try {
          outcome = { prototype: Object.getPrototypeOf(parseFormBody(Buffer.from(bytes)).fields) };
        } catch (error) {
          outcome = { statusCode: (error as { statusCode?: number }).statusCode };
        }
        expect([{ prototype: null }, { statusCode: 400 }]).toContainEqual(outcome);
      }),
      { numRuns: 500 },
    );
  });

  it('parseLead never throws, and its result is either a clean lead or field errors', () => {
    const seen = { clean: 0, refused: 0 };
    // Anything at all is nearly always refused: a real form's fields with a few hostile changes
    // makes clean leads too, so both halves of the rule are checked.
    const form = Object.fromEntries(new URLSearchParams(formBody()));
    const anyInput = fc.oneof(
      fc.dictionary(fc.constantFrom(...fieldNames), fc.oneof(hostileText, fc.anything()), { maxKeys: 10 }),
      fc.dictionary(fc.constantFrom(...fieldNames), hostileText, { maxKeys: 3 }).map((changes): Record<string, unknown> => ({ ...form, ...changes })),
    );
    fc.assert(
      fc.property(anyInput, (input) => {
        const result = parseLead(input);
        seen[result.ok ? 'clean' : 'refused']++;
        // What the result says, as one value checked on every run: a clean lead has every column
        // and none over its limit; a refusal names at least one field.
        const said = result.ok
          ? { columns: Object.keys(result.lead!).sort(), overLimit: leadColumns.filter((c) => [...result.lead![c]].length > limits[c]!) }
          : { errors: Object.keys(result.errors).length > 0 };
        expect(said).toEqual(result.ok ? { columns: [...leadColumns].sort(), overLimit: [] } : { errors: true });
      }),
      { numRuns: 500 },
    );
    expect(seen.clean).toBeGreaterThan(0);
    expect(seen.refused).toBeGreaterThan(0);
  });
});
