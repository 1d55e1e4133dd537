/**
 * The store's database for a command-line tool (`npm run orders`, `mail`, `keys`,
 * `housekeeping`): the PostgreSQL server of DATABASE_URL, else the embedded one in DATA_DIR.
 * The embedded one may be opened by one process at a time: the tools ask a store running on it
 * through its operator channel (decision 037) and come here only when none answered, so a
 * store holding it here is one without a channel; the tool says so and stops.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { ServerConfig } from '../server/src/config';
import { DataDirInUseError, lockDataDir } from '../server/src/db/data-dir-lock';
import { openDatabase, type Database } from '../server/src/db/database';
import { operatorSocketPath } from '../server/src/ops/contract';

export function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

export interface Opened {
  readonly database: Database;
  readonly close: () => Promise<void>;
}

export async function openStoreDatabase(config: ServerConfig, tool: string): Promise<Opened> {
  if (config.databaseUrl !== undefined) {
    const database = await openDatabase({
      kind: 'postgres',
      url: config.databaseUrl,
      maxConnections: 1,
      ...(config.databaseSchema ? { schema: config.databaseSchema } : {}),
    });
    return { database, close: () => database.close() };
  }
  const dir = path.join(config.dataDir, 'pglite');
  if (!existsSync(dir)) {
    fail(`No store database in ${config.dataDir} yet: start the store once (npm start).`);
  }
  let release: () => Promise<void>;
  try {
    release = await lockDataDir(config.dataDir);
  } catch (error) {
    if (!(error instanceof DataDirInUseError)) throw error;
    fail(
      `${error.message}.\nIt does not answer on its operator channel, ${operatorSocketPath(config.dataDir)} (see its log for "operator channel"), and the embedded database can be opened by one process at a time: without that channel, stop the store, then run ${tool} again.`,
    );
  }
  const database = await openDatabase({ kind: 'pglite', dataDir: dir }).catch(
    async (error: unknown) => {
      await release();
      throw error;
    },
  );
  return {
    database,
    close: async () => {
      await database.close();
      await release();
    },
  };
}
