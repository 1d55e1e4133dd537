/**
 * The databases an integration suite runs against: a fresh PGlite directory always, and a
 * fresh schema in the PostgreSQL of DATABASE_URL when it is set, so the same tests prove
 * both engines.
 */
import { cp, rm } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { afterEach, beforeEach, inject } from 'vitest';
import { openDatabase, type Database, type DatabaseKind } from '../../server/src/db/database';
import { tempDir } from './temp-dir';

export interface TestDatabase {
  readonly database: Database;
  /** Closes the database and removes everything the test created. */
  dispose(): Promise<void>;
}

export interface OpenOptions {
  /**
   * No migration applied (tests of the migrations themselves). Otherwise a PGlite database
   * may come with every migration applied already (a copy made once per run); a test
   * migrates as the store does, which finds nothing left to do.
   */
  readonly empty?: boolean;
}

export interface TestDatabaseTarget {
  readonly kind: DatabaseKind;
  open(options?: OpenOptions): Promise<TestDatabase>;
}

export function postgresUrl(): string | undefined {
  const url = process.env.DATABASE_URL?.trim();
  return url ? url : undefined;
}

const pgliteTarget: TestDatabaseTarget = {
  kind: 'pglite',
  open: async (options = {}) => {
    const dir = await tempDir();
    // A copy of the database made once per run (tests/support/int-global-setup.ts).
    const template = options.empty ? inject('pgliteTemplate') : inject('pgliteMigratedTemplate');
    await cp(template, path.join(dir, 'pglite'), { recursive: true });
    const database = await openDatabase({ kind: 'pglite', dataDir: path.join(dir, 'pglite') });
    return {
      database,
      dispose: async () => {
        await database.close();
        await rm(dir, { recursive: true, force: true });
      },
    };
  },
};

function postgresTarget(url: string): TestDatabaseTarget {
  return {
    kind: 'postgres',
    open: async () => {
      const schema = `test_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
      const database = await openDatabase({ kind: 'postgres', url, schema, maxConnections: 4 });
      return {
        database,
        dispose: async () => {
          await database.close();
          const admin = new pg.Client({ connectionString: url });
          await admin.connect();
          try {
            await admin.query(`drop schema if exists "${schema}" cascade`);
          } finally {
            await admin.end();
          }
        },
      };
    },
  };
}

/** PGlite always; PostgreSQL as well when DATABASE_URL is set. */
export function testDatabaseTargets(): TestDatabaseTarget[] {
  const url = postgresUrl();
  return url ? [pgliteTarget, postgresTarget(url)] : [pgliteTarget];
}

/**
 * Opens a fresh database of the target before each test of the calling suite and disposes
 * of it after; returns the getter of the current one.
 */
export function useTestDatabase(
  target: TestDatabaseTarget,
  options: OpenOptions = {},
): () => Database {
  let current: TestDatabase | undefined;
  beforeEach(async () => {
    current = await target.open(options);
  });
  afterEach(async () => {
    await current?.dispose();
    current = undefined;
  });
  return () => {
    if (!current) throw new Error('useTestDatabase: no database outside a test');
    return current.database;
  };
}
