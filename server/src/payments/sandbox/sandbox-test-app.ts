/**
 * For the payment tests: an HTTP application with the store's error handling, security
 * headers and safe logging, its health route, and the sandbox's routes on a clock the test
 * moves. Independent of the store's full composition (app.ts), so the sandbox is tested as
 * the gateway it stands in for.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import type { Database } from '../../db/database';
import { migrate, readMigrations } from '../../db/migrate';
import { registerErrorHandling } from '../../plugins/errors';
import { SAFE_LOGGING } from '../../plugins/redact';
import { registerSecurityHeaders } from '../../plugins/security-headers';
import { registerHealthRoutes } from '../../routes/api/health/index';
import { registerPaymentSandboxRoutes } from './routes';

export interface SandboxTestAppOptions {
  readonly now: () => Date;
  /** Every log line, at the most detailed level. */
  readonly logLines: string[];
}

export async function buildSandboxTestApp(
  database: Database,
  options: SandboxTestAppOptions,
): Promise<FastifyInstance> {
  await migrate(database, await readMigrations());
  const app = Fastify({
    logger: {
      level: 'trace',
      stream: {
        write: (line: string) => {
          options.logLines.push(line);
        },
      },
      ...SAFE_LOGGING,
    },
    bodyLimit: 1_048_576,
  });
  registerErrorHandling(app);
  registerSecurityHeaders(app);
  registerHealthRoutes(app, database);
  await registerPaymentSandboxRoutes(app, database.db, { now: options.now });
  return app;
}
