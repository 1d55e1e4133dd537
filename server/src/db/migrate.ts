/**
 * Applies the plain SQL migrations of server/migrations (NNN-name.sql) in order, once each,
 * on start. All pending files run in one transaction under an advisory lock, so several
 * server instances starting together against one PostgreSQL apply them exactly once.
 */
import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { ROOT_DIR } from '../config';
import type { Database } from './database';

export const MIGRATIONS_DIR = path.join(ROOT_DIR, 'server', 'migrations');

const FILE_NAME = /^(\d{3})-[a-z0-9-]+\.sql$/;

export interface Migration {
  readonly id: string;
  readonly sql: string;
  readonly checksum: string;
}

export class MigrationError extends Error {
  override readonly name = 'MigrationError';
}

export async function readMigrations(dir: string = MIGRATIONS_DIR): Promise<Migration[]> {
  const names = (await readdir(dir)).filter((name) => name.endsWith('.sql')).sort();
  const seen = new Set<string>();
  const migrations: Migration[] = [];
  for (const name of names) {
    const match = FILE_NAME.exec(name);
    if (!match?.[1]) {
      throw new MigrationError(`Migration file name must look like 001-some-name.sql: ${name}`);
    }
    if (seen.has(match[1])) throw new MigrationError(`Two migrations share the number ${match[1]}`);
    seen.add(match[1]);
    const sql = await readFile(path.join(dir, name), 'utf8');
    const checksum = createHash('sha256').update(sql).digest('hex');
    migrations.push({ id: name.replace(/\.sql$/, ''), sql, checksum });
  }
  return migrations;
}

/** Applies what is pending and returns the ids it applied. */
export async function migrate(
  database: Database,
  migrations: readonly Migration[],
): Promise<string[]> {
  return database.transaction(async (session) => {
    await session.rows(`select pg_advisory_xact_lock(hashtext('storefront:migrations'))`);
    await session.exec(`
      create table if not exists schema_migrations (
        id text primary key,
        checksum text not null,
        applied_at timestamptz not null default now()
      )`);
    const applied = new Map(
      (
        await session.rows<{ id: string; checksum: string }>(
          'select id, checksum from schema_migrations',
        )
      ).map((row) => [row.id, row.checksum]),
    );
    const known = new Set(migrations.map((m) => m.id));
    for (const id of applied.keys()) {
      if (!known.has(id)) {
        throw new MigrationError(
          `The database has migration ${id}, which this version of the store does not know; refusing to start on a newer schema`,
        );
      }
    }
    const done: string[] = [];
    for (const migration of migrations) {
      const checksum = applied.get(migration.id);
      if (checksum !== undefined) {
        if (checksum !== migration.checksum) {
          throw new MigrationError(
            `Migration ${migration.id} was changed after it was applied; add a new migration instead`,
          );
        }
        continue;
      }
      await session.exec(migration.sql);
      await session.rows('insert into schema_migrations (id, checksum) values ($1, $2)', [
        migration.id,
        migration.checksum,
      ]);
      done.push(migration.id);
    }
    return done;
  });
}
