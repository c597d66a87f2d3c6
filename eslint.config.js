// Lint rules: typescript-eslint for all TS, React hooks and jsx-a11y for components, the Astro plugin for .astro files.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import astro from 'eslint-plugin-astro';
import globals from 'globals';

/** One no-restricted-imports rule per wall; a later, narrower wall repeats the wider one's patterns, since a rule's options replace each other. */
function importWalls(walls) {
  return walls.map(({ files, forbidden, except, why }) => ({
    files,
    rules: { 'no-restricted-imports': ['error', { patterns: [{ group: forbidden, message: why }, ...(except ? [{ regex: except, message: why }] : [])] }] },
  }));
}

export default tseslint.config(
  { ignores: ['dist/', '.astro/', 'node_modules/', 'test-results/', 'playwright-report/', 'data/', 'bench/results/', 'bench/.dist/', 'dist-renderer/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  ...astro.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  // The walls between the rooms: the site and the server meet only in core/ (the lead model and the
  // business facts); the storage layer knows nothing of HTTP, the outbox or the lead reports.
  ...importWalls([
    { files: ['src/**', 'astro.config.ts'], forbidden: ['**/server/**'], why: 'The site never imports the lead server; share code through core/.' },
    { files: ['core/**'], forbidden: ['**/src/**', '**/server/**'], why: 'core/ is neutral: it imports neither the site nor the server.' },
    {
      files: ['server/**'],
      forbidden: ['**/src/**', '**/tests/**', '**/bench/**', '**/scripts/**'],
      why: 'The server imports only core/ from outside itself.',
    },
    {
      // The site editor checks and writes content exactly as the build reads it, through one door.
      files: ['server/site/content.ts'],
      forbidden: ['**/tests/**', '**/bench/**', '**/scripts/**'],
      except: '/src/(?!lib/(content-check|content-entries|content-files|content-schemas|content-security|page-names|price-dates|tokens)\\.ts$)',
      why: 'The site editor reaches the site only for its content model.',
    },
    {
      // Partners' pages read the outbox's work through storage, never its code: the outbox builds on partners/, not the reverse.
      files: ['server/partners/**'],
      forbidden: ['**/src/**', '**/tests/**', '**/bench/**', '**/scripts/**', '**/outbox/**'],
      why: 'partners/ does not import outbox/: the outbox sends what partners/ describes.',
    },
    {
      files: ['server/storage/**'],
      forbidden: [
        '**/src/**',
        '**/http/**',
        '**/outbox/**',
        '**/leads/**',
        '**/inbox/**',
        '**/site/**',
        '**/sms/**',
        '**/partners/**',
        '**/dispatch/**',
        '**/visits/**',
        '**/push/**',
        '../config.ts',
      ],
      why: 'storage/ reads and writes: it imports nothing from the rooms built on it, nor the rules of dispatch.',
    },
  ]),
  {
    // The inbox app reads the API's schemas as types only: a value import of one bundles zod into every phone's first load.
    files: ['src/inbox/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'zod', message: 'The inbox app carries no zod: the server checks what it sends.' }],
          patterns: [
            {
              regex: '/core/(inbox-api/(?!ladder-rules|job-app-vendors)[^/]+|lead/schema|visit/beacon-schema|business-details|date-schema)\\.ts$',
              allowTypeImports: true,
              message: 'A schema module brings zod with it: import its types with `import type`, and plain values from a zod-free file (as ladder-rules.ts).',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['**/*.tsx'],
    ...jsxA11y.flatConfigs.strict,
    plugins: { ...jsxA11y.flatConfigs.strict.plugins, 'react-hooks': reactHooks },
    rules: {
      ...jsxA11y.flatConfigs.strict.rules,
      ...reactHooks.configs.recommended.rules,
      // A wide table's scrolling wrapper is focusable so keyboard users can scroll it (axe: scrollable-region-focusable).
      'jsx-a11y/no-noninteractive-tabindex': ['error', { tags: [], roles: ['tabpanel', 'group'] }],
    },
  },
);
