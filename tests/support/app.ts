/** The HTTP application for app.inject tests, with the repository's content and flag file. */
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp, type AppOptions } from '../../server/src/app';
import { startIdentity } from '../../server/src/auth/identity';
import { loadConfig, ROOT_DIR } from '../../server/src/config';
import type { Database } from '../../server/src/db/database';
import { migrate, readMigrations } from '../../server/src/db/migrate';
import { startFlagService } from '../../server/src/flags/flag-service';
import { NO_RATE_LIMITS } from '../../server/src/plugins/rate-limit-settings';

export const REPO_CONTENT_DIR = path.join(ROOT_DIR, 'server', 'content');
export const REPO_FLAGS_FILE = path.join(ROOT_DIR, 'server', 'flags', 'flags.json');
export const TEST_PUBLIC_URL = 'http://localhost:8080';

/**
 * The app on the database (migrated here if it is not yet), with only the rate limits the
 * overrides set; the caller closes it.
 */
export async function buildTestApp(
  database: Database,
  overrides: Partial<Omit<AppOptions, 'database'>> = {},
): Promise<FastifyInstance> {
  await migrate(database, await readMigrations());
  const flags =
    overrides.flags ?? (await startFlagService({ sdkKey: undefined, flagsFile: REPO_FLAGS_FILE }));
  const identity =
    overrides.identity ??
    (await startIdentity(database.db, loadConfig({}).identity, TEST_PUBLIC_URL));
  const app = await buildApp({
    database,
    contentDir: REPO_CONTENT_DIR,
    publicUrl: TEST_PUBLIC_URL,
    publicConfig: {
      launchDarklyClientSideId: undefined,
      gtmContainerId: undefined,
      storefrontHosts: {},
      countryHeader: 'x-country-code',
    },
    ...overrides,
    // Only the limits a test sets: a suite's many requests from one address in a minute must
    // not meet a limit by chance (plugins/rate-limit.int.spec.ts tests them).
    rateLimits: { ...NO_RATE_LIMITS, ...overrides.rateLimits },
    identity,
    flags,
  });
  if (!overrides.flags) {
    app.addHook('onClose', (_instance, done) => {
      flags.close();
      done();
    });
  }
  return app;
}
