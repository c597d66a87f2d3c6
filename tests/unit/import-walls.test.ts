/**
 * The ESLint walls between the rooms: each forbidden import is reported, and the allowed ones are not.
 * Linting real file paths with made-up source checks the configuration the project actually runs.
 */
import { describe, expect, it } from 'vitest';
import { ESLint } from 'eslint';

const eslint = new ESLint({ cwd: new URL('../..', import.meta.url).pathname });

async function wallErrors(filePath: string, importPath: string): Promise<string[]> {
  const [result] = await eslint.lintText(`import { x } from '${importPath}';\nexport const y = x;\n`, { filePath });
  return result!.messages.filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

/** The inbox app's wall against zod: what `source` reports in a file of the app. */
async function inboxZodErrors(source: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${source}\nexport const y = x;\n`, { filePath: 'src/inbox/example.ts' });
  return result!.messages.filter((m) => m.ruleId === '@typescript-eslint/no-restricted-imports').map((m) => m.message);
}

describe('the inbox app carries no zod', () => {
  it.each([
    "import { z as x } from 'zod';",
    "import { jobAppBody as x } from '../../core/inbox-api/job-app.ts';",
    "import { leadSchema as x } from '../../core/lead/schema.ts';",
  ])('refuses %s', async (source) => {
    expect(await inboxZodErrors(source)).toHaveLength(1);
  });

  it.each([
    "import type { JobAppAnswer as x } from '../../core/inbox-api/job-app.ts';",
    "import { jobAppNames as x } from '../../core/inbox-api/job-app-vendors.ts';",
    "import { LADDER_BOUNDS as x } from '../../core/inbox-api/ladder-rules.ts';",
  ])('allows %s', async (source) => {
    expect(await inboxZodErrors(source)).toEqual([]);
  });
});

describe('import walls', () => {
  it.each([
    ['src/components/Example.tsx', '../../server/http/app.ts'],
    ['src/lib/example.ts', '../../server/storage/types.ts'],
    ['core/lead/example.ts', '../../src/config/site.ts'],
    ['core/example.ts', '../server/config.ts'],
    ['server/http/example.ts', '../../src/config/site.ts'],
    ['server/example.ts', '../tests/support/peers.ts'],
    ['server/storage/example.ts', '../http/rate-limit.ts'],
    ['server/storage/example.ts', '../outbox/worker.ts'],
    ['server/storage/example.ts', '../config.ts'],
    ['server/storage/example.ts', '../../src/lib/tokens.ts'],
    ['server/site/site-publisher.ts', '../../src/lib/content-check.ts'],
    ['server/site/content.ts', '../../src/config/site.ts'],
    ['server/site/content.ts', '../../src/lib/jsonld.ts'],
  ])('%s may not import %s', async (file, spec) => {
    expect(await wallErrors(file, spec)).toHaveLength(1);
  });

  it.each([
    ['src/components/Example.tsx', '../../core/lead/fields.ts'],
    ['server/http/example.ts', '../../core/lead/schema.ts'],
    ['server/http/example.ts', '../storage/types.ts'],
    ['server/outbox/example.ts', '../storage/types.ts'],
    ['server/storage/example.ts', '../../core/lead/schema.ts'],
    ['server/site/content.ts', '../../src/lib/content-check.ts'],
    ['server/site/content.ts', '../../src/lib/content-schemas.ts'],
    // What the content's tokens stand for and show, for the editor to explain them.
    ['server/site/content.ts', '../../src/lib/tokens.ts'],
  ])('%s may import %s', async (file, spec) => {
    expect(await wallErrors(file, spec)).toEqual([]);
  });
});
