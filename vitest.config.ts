import { defineConfig } from 'vitest/config';

/** What both server projects share: a real database (PGlite, or PostgreSQL with DATABASE_URL) per file. */
const server = {
  environment: 'node',
  // A worker imports the server's modules once and runs its files one after another, instead of
  // importing the whole app again for each file (40% of the time with isolation, 9% without). Safe
  // because a file shares nothing but modules: each builds its own app on its own database, no
  // server test mocks a module or stubs a global, and the module-level caches hold only what is the
  // same for every file (parsed fonts, the SCORM runtime, a password hash). See docs/testing.md.
  isolate: false,
  globalSetup: ['apps/server/src/testing/global-setup.ts'],
  testTimeout: 30_000,
  hookTimeout: 60_000,
  expect: { poll: { timeout: 10_000 } },
} as const;

/**
 * One run, five projects: the contract, the server (against a real database), the server files that
 * need one engine only, the web app's logic, and the browser journeys.
 *
 * `server` runs on both engines in CI (PGlite, then PostgreSQL); `server-once` (files named
 * `*.once.test.ts`) only in the run that has every project, on PostgreSQL in CI: pure units, and tests
 * whose subject is decided before any SQL (the generated bad-input cases) or that start the real
 * server in its own process (the crash test). See docs/testing.md, "One engine or both".
 */
export default defineConfig({
  test: {
    maxWorkers: 2,
    reporters: ['default', './scripts/time-per-project.ts'],
    projects: [
      { test: { name: 'contract', include: ['packages/contract/src/**/*.test.ts'], environment: 'node' } },
      {
        test: {
          ...server,
          name: 'server',
          include: ['apps/server/src/**/*.test.ts'],
          exclude: ['**/node_modules/**', 'apps/server/src/**/*.once.test.ts'],
        },
      },
      { test: { ...server, name: 'server-once', include: ['apps/server/src/**/*.once.test.ts'] } },
      'apps/web/vitest.config.ts',
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['e2e/global-setup.ts'],
          // Journeys run two at a time, each worker against its own server (e2e/global-setup.ts).
          // A project with `fileParallelism: false` was put by vitest in a group of its own that ran
          // after every other project, on one worker, leaving the second core idle for most of the
          // run; now its files share the run's queue (contract, e2e, server, server-once, web, in
          // that order: vitest sorts by project name) with the other projects. docs/testing.md, "CI time".
          testTimeout: 90_000,
          // `expect.poll` waits for a condition and ends as soon as it holds; vitest's 1-s default
          // was too short for a page reload on a loaded machine.
          expect: { poll: { timeout: 10_000 } },
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
