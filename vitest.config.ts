import { defineConfig } from 'vitest/config';
import { appPlugins } from './vite.config.ts';
import { LongFirstSequencer } from './tests/support/long-first-sequencer.ts';

/**
 * Two projects: `unit` (pure, no I/O: domain rules, components with fake-indexeddb) and
 * `int` (real databases and HTTP through app.inject, PGlite always, PostgreSQL when
 * DATABASE_URL is set). Browser tests are Playwright's (tests/e2e).
 */
export default defineConfig({
  plugins: appPlugins(),
  test: {
    // Long integration files start first (tests/support/long-first-sequencer.ts).
    sequence: { sequencer: LongFirstSequencer },
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['{domain,src,sw,server,scripts,locales,tests}/**/*.unit.spec.{ts,tsx}'],
          environment: 'node',
          setupFiles: ['tests/support/unit-setup.ts'],
          sequence: { groupOrder: 0 },
        },
      },
      {
        extends: true,
        test: {
          name: 'int',
          include: ['{domain,src,sw,server,scripts,locales,tests}/**/*.int.spec.{ts,tsx}'],
          environment: 'node',
          globalSetup: ['tests/support/int-global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 60_000,
          // Each file starts its own databases and processes; two at a time on two cores.
          maxWorkers: 2,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
