/**
 * The store as a process: it starts on an empty data directory, stops cleanly on Ctrl-C
 * (SIGINT) or SIGTERM, and starts again on the same directory with its data intact.
 */
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { postgresUrl } from '../../tests/support/databases';
import { tempDir } from '../../tests/support/temp-dir';
import { launchStoreProcess, type StoreProcess } from '../../tests/support/server-process';

/** Generous: the acceptance limit for Ctrl-C is 5 s; the server gives up after 4 s. */
const EXIT_LIMIT_MS = 5_000;

async function readEmbedded<T>(dataDir: string, query: (db: PGlite) => Promise<T>): Promise<T> {
  const db = await PGlite.create(path.join(dataDir, 'pglite'));
  try {
    return await query(db);
  } finally {
    await db.close();
  }
}

describe('the store process on the embedded database', () => {
  let dataDir: string;
  const running: StoreProcess[] = [];

  beforeEach(async () => {
    dataDir = await tempDir('store-data-');
  });
  afterEach(async () => {
    for (const store of running.splice(0)) await store.stop('SIGKILL');
    await rm(dataDir, { recursive: true, force: true });
  });

  async function launch(env?: Record<string, string>) {
    const store = await launchStoreProcess({ dataDir, ...(env ? { env } : {}) });
    running.push(store);
    return store;
  }

  it('stops on SIGINT within 5 s and starts again on the same data', async () => {
    const first = await launch();
    const health = await fetch(`${first.url}/api/health`);
    expect(await health.json()).toEqual({ status: 'ok', database: 'pglite' });
    const firstStop = await first.stop('SIGINT');
    expect(firstStop.code).toBe(0);
    expect(firstStop.ms).toBeLessThan(EXIT_LIMIT_MS);

    // The directory is whole: it opens, holds the seed, and takes a write.
    await readEmbedded(dataDir, async (db) => {
      const { rows } = await db.query<{ n: number }>('select count(*)::int as n from storefronts');
      expect(rows[0]?.n).toBe(10);
      await db.exec(
        `create table restart_marker (note text); insert into restart_marker values ('kept')`,
      );
    });

    const second = await launch();
    expect(await (await fetch(`${second.url}/api/health`)).json()).toEqual({
      status: 'ok',
      database: 'pglite',
    });
    const secondStop = await second.stop('SIGTERM');
    expect(secondStop.code).toBe(0);
    expect(secondStop.ms).toBeLessThan(EXIT_LIMIT_MS);

    await readEmbedded(dataDir, async (db) => {
      const marker = await db.query<{ note: string }>('select note from restart_marker');
      expect(marker.rows).toEqual([{ note: 'kept' }]);
      const { rows } = await db.query<{ n: number }>('select count(*)::int as n from storefronts');
      expect(rows[0]?.n).toBe(10);
    });
  });

  it('refuses to open a data directory that another store process is using', async () => {
    const first = await launch();
    await expect(launchStoreProcess({ dataDir })).rejects.toThrow(
      `Another store process (pid ${String(first.child.pid)}) is using ${dataDir}`,
    );
    expect((await fetch(`${first.url}/api/health`)).status).toBe(200);
  });

  it('takes over the lock left by a process that was killed', async () => {
    const first = await launch();
    await first.stop('SIGKILL');
    const second = await launch();
    expect((await fetch(`${second.url}/api/health`)).status).toBe(200);
  });
});

describe.runIf(postgresUrl())('the store process on PostgreSQL', () => {
  it('reports postgres and keeps its tables in the schema it was given', async () => {
    const url = postgresUrl() ?? '';
    const dataDir = await tempDir('store-data-');
    const schema = `test_proc_${process.pid}`;
    const store = await launchStoreProcess({
      dataDir,
      env: { DATABASE_URL: url, DATABASE_SCHEMA: schema },
    });
    try {
      expect(await (await fetch(`${store.url}/api/health`)).json()).toEqual({
        status: 'ok',
        database: 'postgres',
      });
      expect((await store.stop('SIGTERM')).code).toBe(0);
    } finally {
      await store.stop('SIGKILL');
      const pg = await import('pg');
      const admin = new pg.default.Client({ connectionString: url });
      await admin.connect();
      await admin.query(`drop schema if exists "${schema}" cascade`);
      await admin.end();
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
