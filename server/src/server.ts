/**
 * The store's process: opens the database (embedded PGlite, or PostgreSQL with DATABASE_URL),
 * applies migrations, seeds an empty database, serves the PWA and the API on one port, and
 * closes everything cleanly on SIGINT or SIGTERM so the embedded database is never left
 * half-written.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app';
import { loadConfig, type ServerConfig } from './config';
import { lockDataDir } from './db/data-dir-lock';
import { openDatabase, type Database } from './db/database';
import { migrate, readMigrations } from './db/migrate';
import { seedIfEmpty } from './db/seed';
import { freeClaimsOfDeadProcesses } from './event-store/recovery';
import { startFlagService, type FlagService } from './flags/flag-service';
import { startIdentity } from './auth/identity';
import { seedDemoUsers } from './auth/demo-users';
import { createPaymentGateway } from './payments/create-gateway';
import { createChallengeVerifier } from './challenge/create-verifier';
import { openOperatorChannel, type OperatorChannel } from './ops/channel';
import { mailTranslationsOnDemand } from './mail/translations';

/** Time allowed for a clean shutdown before the process exits anyway. */
const SHUTDOWN_GRACE_MS = 4_000;

export interface RunningServer {
  readonly app: FastifyInstance;
  readonly database: Database;
  readonly url: string;
  close(): Promise<void>;
}

export async function startServer(config: ServerConfig): Promise<RunningServer> {
  const logger = { level: config.logLevel };
  let releaseLock: (() => Promise<void>) | undefined;
  let database: Database | undefined;
  let flags: FlagService | undefined;
  let operator: OperatorChannel | undefined;
  try {
    if (config.databaseUrl === undefined) {
      releaseLock = await lockDataDir(config.dataDir);
      database = await openDatabase({
        kind: 'pglite',
        dataDir: path.join(config.dataDir, 'pglite'),
        thread: config.embeddedDatabaseThread,
      });
    } else {
      database = await openDatabase({
        kind: 'postgres',
        url: config.databaseUrl,
        onIdleError: (error) => {
          console.error(`PostgreSQL connection lost: ${error.message}`);
        },
        ...(config.databaseSchema ? { schema: config.databaseSchema } : {}),
      });
    }
    await migrate(database, await readMigrations());
    // What a crashed process left claimed in the embedded database, freed (decision 036).
    if (database.kind === 'pglite') await freeClaimsOfDeadProcesses(database.db);
    await seedIfEmpty(database.db);
    if (config.demoUsers) await seedDemoUsers(database.db);
    const identity = await startIdentity(database.db, config.identity, config.publicUrl, {
      configured: Object.keys(config.storefrontHosts),
    });
    flags = await startFlagService({
      sdkKey: config.launchDarklySdkKey,
      flagsFile: config.flagsFile,
    });
    const app = await buildApp({
      database,
      staticDir: config.staticDir,
      logger,
      contentDir: config.contentDir,
      flags,
      publicConfig: config,
      identity,
      publicUrl: config.publicUrl,
      trustProxy: config.trustProxy,
      commercePlatformKeys: config.commercePlatformKeys,
      payments: createPaymentGateway(config.payments, database.db),
      challenge: createChallengeVerifier(config.challenge, database.db),
      mail: config.mail,
      fulfilment: config.fulfilment,
      rateLimits: config.rateLimits,
      housekeeping: config.housekeeping,
      requestTimeoutMs: config.requestTimeoutMs,
    });
    // The embedded database is this process's alone: operators reach it through the store
    // (npm run backup, keys, housekeeping, orders, mail; decision 037).
    if (database.kind === 'pglite') {
      operator = await openOperatorChannel({
        dataDir: config.dataDir,
        context: {
          database,
          startedAt: new Date(),
          housekeeping: config.housekeeping,
          commands: app.commands,
          mail: { smtpUrl: config.mail.smtpUrl, translations: mailTranslationsOnDemand() },
          maintenanceChanged: () => {
            app.maintenance.forget();
          },
          demoUsers: config.demoUsers,
        },
        log: {
          info: (message) => app.log.info(message),
          warn: (message) => app.log.warn(message),
          error: (message) => app.log.error(message),
        },
      });
    }
    const db = database;
    const release = releaseLock;
    const flagService = flags;
    const channel = operator;
    app.addHook('onClose', async () => {
      await channel?.close();
      flagService.close();
      await db.close();
      await release?.();
    });
    await app.listen({ port: config.port, host: config.host });
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : config.port;
    return { app, database, url: `http://localhost:${port}`, close: () => app.close() };
  } catch (error) {
    await operator?.close().catch(() => undefined);
    flags?.close();
    await database?.close().catch(() => undefined);
    await releaseLock?.().catch(() => undefined);
    throw error;
  }
}

/** Runs the store until SIGINT or SIGTERM. */
export async function runServer(): Promise<void> {
  let server: RunningServer;
  try {
    const config = loadConfig();
    server = await startServer(config);
    const where =
      server.database.kind === 'pglite' ? `embedded database in ${config.dataDir}` : 'PostgreSQL';
    server.app.log.info(`Store ready at ${server.url} (${where}, Node.js ${process.version})`);
  } catch (error) {
    console.error(`The store could not start: ${(error as Error).message}`);
    process.exit(1);
  }

  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    server.app.log.info(`${signal} received: closing`);
    setTimeout(() => {
      console.error('Shutdown took too long; exiting');
      process.exit(1);
    }, SHUTDOWN_GRACE_MS).unref();
    server.close().then(
      () => {
        server.app.log.info('closed cleanly');
        process.exit(0);
      },
      (error: unknown) => {
        console.error(`Shutdown failed: ${(error as Error).message}`);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await runServer();
}
