/**
 * `npm run restore -- <file> [--force]`: brings a backup of the embedded database
 * (`npm run backup`) back into DATA_DIR (decision 037).
 *
 * DATA_DIR must hold no database yet, unless --force: then the one there is kept aside as
 * DATA_DIR/pglite.replaced-<time> (delete it once the restored store is fine). Refused while a
 * store runs on DATA_DIR. The backup is unpacked and opened in a directory of its own first,
 * and put in place only once PostgreSQL has opened it and closed it cleanly.
 *
 * With DATABASE_URL, the store's data is PostgreSQL's: this says how to use pg_restore.
 */
import { existsSync } from 'node:fs';
import { readdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import { loadConfig, type ServerConfig } from '../server/src/config';
import { DataDirInUseError, lockDataDir } from '../server/src/db/data-dir-lock';
import { describeFacts, NotABackupError, readBackupImage } from '../server/src/ops/backup-file';
import { storeFacts } from '../server/src/ops/handlers';
import { pgInstructions } from '../server/src/ops/pg-tools';
import { fail } from './store-database';

const USAGE = `Usage: npm run restore -- <file> [--force] [--json]

  <file>    a backup made by npm run backup (a .tar.gz of the embedded database)
  --force   replace the database in DATA_DIR (it is kept aside, not deleted)
  --json    print what the restored database holds as JSON
`;

function stamp(now = new Date()): string {
  return now
    .toISOString()
    .replace(/\.\d{3}Z$/, 'Z')
    .replaceAll(':', '-');
}

async function holdsDatabase(dir: string): Promise<boolean> {
  if (!existsSync(dir)) return false;
  return (await readdir(dir)).length > 0;
}

async function main(): Promise<void> {
  let args;
  try {
    args = parseArgs({
      allowPositionals: true,
      options: {
        force: { type: 'boolean', default: false },
        json: { type: 'boolean', default: false },
        help: { type: 'boolean', short: 'h', default: false },
      },
      strict: true,
    });
  } catch (error) {
    return fail(`${(error as Error).message}\n\n${USAGE}`);
  }
  if (args.values.help) {
    process.stdout.write(USAGE);
    return;
  }
  const [file, ...rest] = args.positionals;
  if (!file || rest.length > 0) fail(`Name one backup file.\n\n${USAGE}`);
  let config: ServerConfig;
  try {
    config = loadConfig();
  } catch (error) {
    return fail((error as Error).message);
  }
  if (config.databaseUrl !== undefined) {
    fail(pgInstructions({ url: config.databaseUrl, schema: config.databaseSchema }));
  }
  const source = path.resolve(file);
  if (!existsSync(source)) fail(`No file ${source}.`);
  let image: Uint8Array;
  try {
    image = await readBackupImage(source);
  } catch (error) {
    if (error instanceof NotABackupError) fail(error.message);
    throw error;
  }

  let release: () => Promise<void>;
  try {
    release = await lockDataDir(config.dataDir);
  } catch (error) {
    if (!(error instanceof DataDirInUseError)) throw error;
    return fail(`${error.message}.\nStop the store before restoring into its directory.`);
  }
  const target = path.join(config.dataDir, 'pglite');
  const staging = path.join(config.dataDir, `pglite.restoring-${stamp()}`);
  try {
    if ((await holdsDatabase(target)) && !args.values.force) {
      await release();
      fail(
        `${target} holds a database already. Restore into an empty DATA_DIR, or add --force to replace it (it is kept as pglite.replaced-<time>).`,
      );
    }
    await rm(staging, { recursive: true, force: true });
    // PGlite unpacks the image and starts PostgreSQL on it (which finishes any recovery);
    // closing it leaves a directory that a clean stop would leave.
    const client = await PGlite.create({
      dataDir: staging,
      loadDataDir: new Blob([image], { type: 'application/x-tar' }),
    });
    let facts: Awaited<ReturnType<typeof storeFacts>>;
    try {
      facts = await storeFacts({
        rows: async <T extends Record<string, unknown>>(text: string, params?: unknown[]) =>
          (await client.query<T>(text, params)).rows,
      });
    } finally {
      await client.close();
    }
    let keptAside: string | undefined;
    if (existsSync(target)) {
      if (await holdsDatabase(target)) {
        keptAside = path.join(config.dataDir, `pglite.replaced-${stamp()}`);
        await rename(target, keptAside);
      } else {
        await rm(target, { recursive: true, force: true });
      }
    }
    await rename(staging, target);
    if (args.values.json) {
      process.stdout.write(`${JSON.stringify({ dataDir: config.dataDir, keptAside, ...facts })}\n`);
      return;
    }
    process.stdout.write(
      `Restored ${source} into ${target}.\nIt holds ${describeFacts(facts)}.\n${
        keptAside ? `The database that was there is kept at ${keptAside}.\n` : ''
      }Start the store (npm start) to use it.\n`,
    );
  } catch (error) {
    await rm(staging, { recursive: true, force: true });
    throw error;
  } finally {
    await release();
  }
}

await main();
