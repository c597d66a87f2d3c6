import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// Node's compile cache (the TypeScript it strips and the code it compiles) for every process the
// suite starts: each real server, CLI run and worker starts in about two thirds of the CPU time.
process.env.NODE_COMPILE_CACHE ??= fileURLToPath(new URL('node_modules/.cache/node-compile/', import.meta.url));

export default defineConfig({
  // fast-check with one setting for every property's number of runs, smaller under CI for the largest.
  resolve: { alias: [{ find: /^fast-check$/, replacement: fileURLToPath(new URL('tests/support/property-runs.ts', import.meta.url)) }] },
  test: {
    include: ['tests/unit/**/*.test.ts', 'tests/server/**/*.test.ts', 'tests/site/**/*.test.ts'],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 30_000,
    // Three files at a time on two cores: much of the suite waits (on real server processes, SMTP
    // peers slow on purpose, leases, builds); two at a time kept the cores about 60% busy (some 420
    // CPU seconds in a run of 340 s). More would let the database-heavy files starve each other.
    maxWorkers: 3,
    // An unhandled error or rejection anywhere (a socket, proxy or child process whose 'error' no
    // one handled) fails the whole run even when every test passed. Keep it that way: such an error
    // is a resource a test forgot to handle or close.
    dangerouslyIgnoreUnhandledErrors: false,
  },
});
