/**
 * `npm run housekeeping` (decision 044): while a store runs on the embedded database, the
 * round (or the dry run) is the store's, through its operator channel and with its settings;
 * with no store running, the tool opens the embedded database itself; with DATABASE_URL it
 * works on the server directly. It prints each table's count; the dry run deletes nothing.
 */
import { cp, rm } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { loadConfig } from '../server/src/config';
import { lockDataDir } from '../server/src/db/data-dir-lock';
import { openDatabase, type Database } from '../server/src/db/database';
import { migrate, readMigrations } from '../server/src/db/migrate';
import { DEFAULT_HOUSEKEEPING } from '../server/src/housekeeping/settings';
import { openOperatorChannel, type OperatorChannel } from '../server/src/ops/channel';
import { standaloneOperatorContext } from '../server/src/ops/standalone';
import { postgresUrl } from '../tests/support/databases';
import {
  PURGED_TABLES,
  expectedGone,
  isGone,
  rowNames,
  writeHousekeepingRows,
  type PurgedTable,
} from '../tests/support/housekeeping-rows';
import { runTool, type ToolRun } from '../tests/support/running-store';
import { tempDir } from '../tests/support/temp-dir';

const housekeeping = (args: readonly string[], env: Record<string, string>) =>
  runTool('housekeeping', args, env);

/** The table lines of the tool's output: table, retention, rows. */
function tableLines(run: ToolRun): Record<string, { kept: string; rows: number }> {
  expect(run.code, run.stderr).toBe(0);
  return Object.fromEntries(
    run.stdout
      .split('\n')
      .map((line) => /^([a-z_]+)\s+(\S+)\s+([0-9]+)$/.exec(line))
      .filter((match) => match !== null)
      .map(([, table = '', kept = '', rows = '']) => [table, { kept, rows: Number(rows) }]),
  );
}

async function allRows(database: Database) {
  const tables = Object.keys(PURGED_TABLES) as PurgedTable[];
  return Object.fromEntries(
    await Promise.all(tables.map(async (t) => [t, await rowNames(database, t)] as const)),
  );
}

const rowsOf = (lines: Record<string, { rows: number }>) =>
  Object.fromEntries(Object.entries(lines).map(([table, line]) => [table, line.rows]));

describe('npm run housekeeping on the embedded database', () => {
  let dataDir: string;
  let database: Database | undefined;
  let channel: OperatorChannel | undefined;
  let release: (() => Promise<void>) | undefined;

  /** DATA_DIR with a migrated database holding the test rows, open in this process. */
  async function openStoreData(): Promise<Database> {
    dataDir = await tempDir('store-housekeeping-');
    release = await lockDataDir(dataDir);
    await cp(inject('pgliteTemplate'), path.join(dataDir, 'pglite'), { recursive: true });
    database = await openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'pglite') });
    await migrate(database, await readMigrations());
    await writeHousekeepingRows(database);
    return database;
  }

  afterEach(async () => {
    await channel?.close();
    await database?.close();
    await release?.();
    channel = database = release = undefined;
    await rm(dataDir, { recursive: true, force: true });
  });

  it('asks the running store, which purges with its own settings', async () => {
    const db = await openStoreData();
    channel = await openOperatorChannel({
      dataDir,
      context: {
        ...standaloneOperatorContext(db, loadConfig({})).context,
        housekeeping: DEFAULT_HOUSEKEEPING,
      },
      log: { info: () => undefined, warn: () => undefined, error: () => undefined },
    });
    const before = await allRows(db);
    const gone = await expectedGone(db);
    // The tool's own environment would keep no sent mail: the store's settings rule.
    const env = { DATA_DIR: dataDir, RETENTION_SENT_MAIL: '0' };

    const dry = await housekeeping(['--dry-run'], env);
    expect(dry.stdout).toContain('Housekeeping, dry run (by the running store): nothing deleted.');
    expect(rowsOf(tableLines(dry))).toEqual(gone);
    expect(tableLines(dry).mail_outbox?.kept).toBe('30d');
    expect(await allRows(db)).toEqual(before);

    const purged = await housekeeping([], env);
    expect(purged.stdout).toContain('Housekeeping round 1 (by the running store).');
    expect(rowsOf(tableLines(purged))).toEqual(gone);
    expect(await allRows(db)).toEqual(
      Object.fromEntries(
        Object.entries(before).map(([table, names]) => [table, names.filter((n) => !isGone(n))]),
      ),
    );
  });

  it('opens the embedded database itself when no store runs on it', async () => {
    const db = await openStoreData();
    const gone = await expectedGone(db);
    await db.close();
    await release?.();
    database = release = undefined;

    const purged = await housekeeping([], { DATA_DIR: dataDir, RETENTION_SENT_MAIL: '0' });
    expect(purged.stdout).toContain('Housekeeping round 1 (embedded database).');
    // This environment's settings: every sent mail goes.
    expect(rowsOf(tableLines(purged))).toEqual({ ...gone, mail_outbox: 2 });
    expect(tableLines(purged).mail_outbox?.kept).toBe('0');
  });

  it('refuses an argument it does not know, and says how it is used', async () => {
    const run = await housekeeping(['--everything'], { DATA_DIR: '/nonexistent' });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('Usage: npm run housekeeping [-- --dry-run]');
  });
});

const url = postgresUrl();

describe.runIf(url)('npm run housekeeping with DATABASE_URL', () => {
  const schema = `test_housekeeping_${process.pid}`;
  let database: Database | undefined;

  afterEach(async () => {
    await database?.transaction((session) =>
      session.exec(`drop schema if exists "${schema}" cascade`),
    );
    await database?.close();
    database = undefined;
  });

  it('purges on the server directly', async () => {
    database = await openDatabase({ kind: 'postgres', url: url ?? '', schema, maxConnections: 2 });
    await migrate(database, await readMigrations());
    await writeHousekeepingRows(database);
    const before = await allRows(database);
    const gone = await expectedGone(database);
    const env = { DATABASE_URL: url ?? '', DATABASE_SCHEMA: schema };

    const dry = await housekeeping(['--dry-run'], env);
    expect(dry.stdout).toContain('Housekeeping, dry run (PostgreSQL): nothing deleted.');
    expect(rowsOf(tableLines(dry))).toEqual(gone);
    expect(await allRows(database)).toEqual(before);

    const purged = await housekeeping([], env);
    expect(purged.stdout).toContain('Housekeeping round 1 (PostgreSQL).');
    expect(rowsOf(tableLines(purged))).toEqual(gone);
    const after = await allRows(database);
    for (const names of Object.values(after)) expect(names.filter(isGone)).toEqual([]);
  });
});
