import { rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { getTableConfig } from 'drizzle-orm/pg-core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { testDatabaseTargets, useTestDatabase } from '../../../tests/support/databases';
import { tempDir } from '../../../tests/support/temp-dir';
import { migrate, MigrationError, readMigrations, type Migration } from './migrate';
import { schema } from './schema';

describe('readMigrations', () => {
  it('reads the NNN-name.sql files in order with a checksum each', async () => {
    const migrations = await readMigrations();
    expect(migrations.length).toBeGreaterThan(0);
    expect(migrations.map((m) => m.id)).toEqual([...migrations.map((m) => m.id)].sort());
    for (const m of migrations) expect(m.checksum).toMatch(/^[0-9a-f]{64}$/);
  });

  let dir: string;
  beforeEach(async () => {
    dir = await tempDir();
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('rejects a file whose name is not NNN-name.sql', async () => {
    await writeFile(path.join(dir, '1-first.sql'), 'select 1;');
    await expect(readMigrations(dir)).rejects.toThrow(
      'Migration file name must look like 001-some-name.sql: 1-first.sql',
    );
  });

  it('rejects two files with the same number', async () => {
    await writeFile(path.join(dir, '001-a.sql'), 'select 1;');
    await writeFile(path.join(dir, '001-b.sql'), 'select 1;');
    await expect(readMigrations(dir)).rejects.toThrow('Two migrations share the number 001');
  });
});

function fakeMigration(id: string, sql: string): Migration {
  return { id, sql, checksum: `${id}:${sql}` };
}

describe.each(testDatabaseTargets())('migrate on $kind', (target) => {
  const database = useTestDatabase(target, { empty: true });

  it('applies every migration once, in order', async () => {
    const migrations = await readMigrations();
    expect(await migrate(database(), migrations)).toEqual(migrations.map((m) => m.id));
    expect(await migrate(database(), migrations)).toEqual([]);
  });

  it('refuses a migration that was changed after it was applied', async () => {
    await migrate(database(), [fakeMigration('001-a', 'create table a (id int);')]);
    await expect(
      migrate(database(), [fakeMigration('001-a', 'create table a (id bigint);')]),
    ).rejects.toThrow(
      'Migration 001-a was changed after it was applied; add a new migration instead',
    );
  });

  it('refuses to run on a schema newer than the code', async () => {
    await migrate(database(), [
      fakeMigration('001-a', 'create table a (id int);'),
      fakeMigration('002-b', 'create table b (id int);'),
    ]);
    await expect(
      migrate(database(), [fakeMigration('001-a', 'create table a (id int);')]),
    ).rejects.toThrow(MigrationError);
  });

  it('applies nothing when one pending migration fails', async () => {
    await expect(
      migrate(database(), [
        fakeMigration('001-a', 'create table a (id int);'),
        fakeMigration('002-b', 'create table b (id int references nowhere (id));'),
      ]),
    ).rejects.toThrow();
    const rows = await database().transaction((s) =>
      s.rows<{ name: string | null }>(`select to_regclass('a')::text as name`),
    );
    expect(rows[0]?.name).toBeNull();
  });

  it('keeps the Drizzle tables in step with the SQL schema', async () => {
    await migrate(database(), await readMigrations());
    for (const table of Object.values(schema)) {
      const config = getTableConfig(table);
      const columns = await database().transaction((s) =>
        s.rows<{ column_name: string; is_nullable: string }>(
          `select column_name, is_nullable from information_schema.columns
           where table_name = $1 and table_schema = current_schema() order by column_name`,
          [config.name],
        ),
      );
      expect(
        columns.map((c) => [c.column_name, c.is_nullable === 'NO']),
        `columns of ${config.name}`,
      ).toEqual(
        config.columns
          .map((c) => [c.name, c.notNull] as [string, boolean])
          .sort(([a], [b]) => a.localeCompare(b)),
      );
    }
  });
});
