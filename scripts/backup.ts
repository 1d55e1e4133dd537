/**
 * `npm run backup [-- <file>] [--json]`: a consistent backup of the store's database
 * (decision 037).
 *
 * - Embedded database (DATA_DIR): while the store runs, the store itself takes the image
 *   through its operator channel (DATA_DIR/operator/store.sock), between two transactions;
 *   while it is stopped, this tool opens the directory and takes it the same way. The file
 *   (default backups/store-<time>.tar.gz) is PGlite's data directory, gzipped.
 * - PostgreSQL (DATABASE_URL): pg_dump --format=custom when it is installed (default
 *   backups/store-<time>.dump); otherwise how to run it.
 *
 * `npm run restore -- <file>` brings a backup of the embedded database back.
 */
import { existsSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig, type ServerConfig } from '../server/src/config';
import { DataDirInUseError, lockDataDir } from '../server/src/db/data-dir-lock';
import { openDatabase } from '../server/src/db/database';
import {
  claimBackupPath,
  defaultBackupPath,
  describeFacts,
  writeBackupFile,
} from '../server/src/ops/backup-file';
import { callOperator, NoOperatorChannel, OperatorRefusal } from '../server/src/ops/client';
import { operatorSocketPath, type OperatorResult } from '../server/src/ops/contract';
import { OPERATOR_HANDLERS } from '../server/src/ops/handlers';
import { standaloneOperatorContext } from '../server/src/ops/standalone';
import { pgConnection, pgDumpArgs, pgInstructions, runPgTool } from '../server/src/ops/pg-tools';
import { fail } from './store-database';

const USAGE = `Usage: npm run backup [-- <file>] [--json]

  <file>   where to write it (default: backups/store-<time>.tar.gz, or .dump on PostgreSQL)
  --json   print what the backup holds as JSON
`;

/** The file as the operator would type it: relative when below the working directory. */
function restorable(file: string): string {
  const relative = path.relative(process.cwd(), file);
  return relative && !relative.startsWith('..') ? relative : file;
}

interface Taken {
  readonly image: Uint8Array;
  readonly facts: OperatorResult<'backup'>;
  readonly how: string;
}

/** The store's own image when it runs; else this process opens the directory. */
async function takeImage(config: ServerConfig): Promise<Taken> {
  const socket = operatorSocketPath(config.dataDir);
  try {
    const { result, attachment } = await callOperator(socket, 'backup', {});
    if (!attachment) fail('The store answered the backup without its image.');
    return { image: attachment, facts: result, how: 'taken by the running store' };
  } catch (error) {
    if (error instanceof OperatorRefusal) fail(error.message);
    if (!(error instanceof NoOperatorChannel)) throw error;
  }
  const dir = path.join(config.dataDir, 'pglite');
  if (!existsSync(path.join(dir, 'PG_VERSION'))) {
    fail(`No store database in ${config.dataDir}: nothing to back up.`);
  }
  let release: () => Promise<void>;
  try {
    release = await lockDataDir(config.dataDir);
  } catch (error) {
    if (!(error instanceof DataDirInUseError)) throw error;
    return fail(
      `${error.message}.\nIt does not answer on ${socket} (see its log for "operator channel"); without that channel, stop the store and run npm run backup again.`,
    );
  }
  try {
    const database = await openDatabase({ kind: 'pglite', dataDir: dir });
    try {
      const { result, attachment } = await OPERATOR_HANDLERS.backup(
        {},
        standaloneOperatorContext(database, config).context,
      );
      if (!attachment) fail('The embedded database gave no image.');
      return { image: attachment, facts: result, how: 'the store was stopped' };
    } finally {
      await database.close();
    }
  } finally {
    await release();
  }
}

async function backupPostgres(config: ServerConfig & { databaseUrl: string }, file?: string) {
  const target = { url: config.databaseUrl, schema: config.databaseSchema };
  const claimed = await claimBackupPath(file ?? defaultBackupPath('dump'));
  const ran = await runPgTool('pg_dump', pgDumpArgs(target, claimed), pgConnection(target.url).env);
  if (ran === 'missing' || ran.code !== 0) {
    await rm(claimed, { force: true });
    if (ran === 'missing') fail(`pg_dump is not installed.\n\n${pgInstructions(target)}`);
    fail(
      `pg_dump failed (exit code ${ran.code}):\n${ran.stderr.trim()}\n\n${pgInstructions(target)}`,
    );
  }
  process.stdout.write(
    `Backup written to ${claimed} by pg_dump (PostgreSQL${target.schema ? `, schema ${target.schema}` : ''}).\n\n${pgInstructions(target, restorable(claimed))}\n`,
  );
}

async function main(): Promise<void> {
  let args;
  try {
    args = parseArgs({
      allowPositionals: true,
      options: {
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
  if (args.positionals.length > 1) fail(`One file at most.\n\n${USAGE}`);
  const [file] = args.positionals;
  let config: ServerConfig;
  try {
    config = loadConfig();
  } catch (error) {
    return fail((error as Error).message);
  }
  if (config.databaseUrl !== undefined) {
    await backupPostgres({ ...config, databaseUrl: config.databaseUrl }, file);
    return;
  }
  const wanted = path.resolve(file ?? defaultBackupPath('tar.gz'));
  if (existsSync(wanted)) fail(`${wanted} exists already; give another file name.`);
  const { image, facts, how } = await takeImage(config);
  let claimed: string;
  try {
    claimed = await claimBackupPath(wanted);
  } catch (error) {
    return fail((error as Error).message);
  }
  try {
    const bytes = await writeBackupFile(claimed, image);
    if (args.values.json) {
      process.stdout.write(`${JSON.stringify({ file: claimed, bytes, how, ...facts })}\n`);
      return;
    }
    process.stdout.write(
      `Backup written to ${claimed} (${(bytes / 1_048_576).toFixed(1)} MB, ${how}, at ${facts.takenAt}).\nIt holds ${describeFacts(facts)}.\nRestore it with: npm run restore -- ${restorable(claimed)}\n`,
    );
  } catch (error) {
    await rm(claimed, { force: true });
    throw error;
  }
}

await main();
