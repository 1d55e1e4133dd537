/**
 * The embedded database on its own thread (decision 049) answers as PGlite in the caller's
 * thread does: the same rows and types, transactions that commit or leave nothing, the
 * driver's errors with their SQLSTATE, one transaction at a time, an image of the data
 * directory, a clear refusal once closed, and the reason when it cannot open.
 */
import { cp, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { tempDir } from '../../../tests/support/temp-dir';
import { tarEntryNames } from '../ops/backup-file';
import { openDatabase, type Database } from './database';

const dirs: string[] = [];
const opened: Database[] = [];

/** A data directory holding the empty database made once per run (int-global-setup.ts). */
async function copyOfTemplate(into: string[] = dirs): Promise<string> {
  const parent = await tempDir('store-pglite-thread-');
  into.push(parent);
  const dataDir = path.join(parent, 'pglite');
  await cp(inject('pgliteTemplate'), dataDir, { recursive: true });
  return dataDir;
}

async function open(thread: 'own' | 'caller', dir?: string): Promise<Database> {
  const dataDir = dir ?? (await copyOfTemplate());
  const database = await openDatabase({ kind: 'pglite', dataDir, thread });
  opened.push(database);
  return database;
}

afterEach(async () => {
  await Promise.all(opened.splice(0).map((d) => d.close()));
  await Promise.all(dirs.splice(0).map((d) => rm(d, { recursive: true, force: true })));
});

const TABLE = `create table notes (
  id integer primary key, body text not null, at timestamptz not null default now())`;

describe.each(['own', 'caller'] as const)('the embedded database on the %s thread', (thread) => {
  // One database for the tests that need no other (opening one takes seconds); each test
  // has its own table.
  let shared: Database;
  const sharedDirs: string[] = [];
  let tables = 0;
  beforeAll(async () => {
    shared = await openDatabase({
      kind: 'pglite',
      dataDir: await copyOfTemplate(sharedDirs),
      thread,
    });
  });
  afterAll(async () => {
    await shared.close();
    await Promise.all(sharedDirs.map((d) => rm(d, { recursive: true, force: true })));
  });
  async function withTable(): Promise<{ database: Database; table: string }> {
    tables += 1;
    const table = `notes_${String(tables)}`;
    await shared.transaction((s) => s.exec(TABLE.replace('notes', table)));
    return { database: shared, table };
  }

  it('answers Drizzle with timestamps as text and raw rows with dates', async () => {
    const { database, table } = await withTable();
    await database.db.execute(
      sql`insert into ${sql.identifier(table)} (id, body) values (1, 'one')`,
    );
    const viaDrizzle = (await database.db.execute(
      sql`select id, body, at from ${sql.identifier(table)}`,
    )) as {
      rows: { id: number; body: string; at: unknown }[];
    };
    expect(viaDrizzle.rows.map(({ id, body }) => ({ id, body }))).toEqual([{ id: 1, body: 'one' }]);
    expect(typeof viaDrizzle.rows[0]?.at).toBe('string');
    const raw = await database.transaction((s) =>
      s.rows<{ at: unknown }>(`select at from ${table} where id = $1`, [1]),
    );
    expect(raw[0]?.at).toBeInstanceOf(Date);
  });

  it('commits a transaction that ends well and leaves nothing of one that throws', async () => {
    const { database, table } = await withTable();
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`insert into ${sql.identifier(table)} (id, body) values (1, 'kept')`);
    });
    await expect(
      database.db.transaction(async (tx) => {
        await tx.execute(
          sql`insert into ${sql.identifier(table)} (id, body) values (2, 'dropped')`,
        );
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    await expect(
      database.transaction(async (s) => {
        await s.exec(`insert into ${table} (id, body) values (3, 'dropped too')`);
        await s.exec(`insert into ${table} (id, body) values (1, 'a second one')`);
      }),
    ).rejects.toMatchObject({ code: '23505', severity: 'ERROR' });
    const ids = (await database.db.execute(
      sql`select id from ${sql.identifier(table)} order by id`,
    )) as {
      rows: { id: number }[];
    };
    expect(ids.rows).toEqual([{ id: 1 }]);
  });

  it('reports a failed statement with its SQLSTATE through Drizzle, and goes on', async () => {
    const database = shared;
    const failure = await database.db.execute(sql`select * from missing_table`).then(
      () => undefined,
      (error: unknown) => error,
    );
    let found: unknown;
    for (let e: unknown = failure; e && !found; e = (e as { cause?: unknown }).cause) {
      if ((e as { code?: unknown }).code === '42P01') found = e;
    }
    expect(found).toBeInstanceOf(Error);
    // A statement's parameters stay on the database's thread.
    if (thread === 'own') expect(found).not.toHaveProperty('params');
    await expect(database.ping(5_000)).resolves.toBeUndefined();
  });

  it('runs one transaction at a time: a query outside waits for it and sees its write', async () => {
    const { database, table } = await withTable();
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    let inside: () => void = () => undefined;
    const begun = new Promise<void>((resolve) => (inside = resolve));
    const writing = database.transaction(async (s) => {
      await s.exec(`insert into ${table} (id, body) values (1, 'late')`);
      inside();
      await held;
    });
    await begun;
    let counted: number | undefined;
    const reading = database.db
      .execute(sql`select count(*)::int as n from ${sql.identifier(table)}`)
      .then((r) => {
        counted = (r as { rows: { n: number }[] }).rows[0]?.n;
      });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(counted).toBeUndefined();
    release();
    await Promise.all([writing, reading]);
    expect(counted).toBe(1);
  });

  it('keeps what it wrote when opened again, and takes an image of its directory', async () => {
    const first = await open(thread);
    await first.transaction((s) => s.exec(TABLE));
    await first.db.execute(sql`insert into notes (id, body) values (7, 'seven')`);
    const { image, facts } = await (
      first.snapshot ?? (() => Promise.reject(new Error('no snapshot')))
    )((s) => s.rows<{ n: number }>('select count(*)::int as n from notes'));
    expect(facts).toEqual([{ n: 1 }]);
    expect(tarEntryNames(image)).toContain('PG_VERSION');
    const dataDir = path.join(dirs[0] ?? '', 'pglite');
    await first.close();
    const again = await open(thread, dataDir);
    const rows = (await again.db.execute(sql`select body from notes`)) as {
      rows: { body: string }[];
    };
    expect(rows.rows).toEqual([{ body: 'seven' }]);
    // Closed (twice over, as a shutdown and a signal may both ask), it refuses queries.
    await Promise.all([again.close(), again.close()]);
    await expect(again.ping(1_000)).rejects.toThrow(/closed/);
  });

  it.runIf(thread === 'own')(
    'fails to open a directory it cannot use, and says which and why',
    async () => {
      const dir = await tempDir('store-pglite-thread-');
      dirs.push(dir);
      const notADirectory = path.join(dir, 'pglite');
      await writeFile(notADirectory, 'not a database');
      await expect(
        openDatabase({ kind: 'pglite', dataDir: notADirectory, thread }),
      ).rejects.toThrow(
        `The embedded database in ${notADirectory} could not be opened: ErrnoError (errno`,
      );
    },
  );
});
