/**
 * A store that starts on the embedded database after its process was killed frees what that
 * process held: its process managers' leases and the place-order claims it was running
 * (decision 036). On PostgreSQL another instance may hold them alive: they are kept.
 */
import { cp, rm } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { postgresUrl, testDatabaseTargets } from '../../../tests/support/databases';
import { tempDir } from '../../../tests/support/temp-dir';
import { loadConfig } from '../config';
import { openDatabase, type Database, type DatabaseOptions } from '../db/database';
import { migrate, readMigrations } from '../db/migrate';
import { startServer, type RunningServer } from '../server';

function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

/** What a process killed in the middle of its work leaves behind. */
async function leaveClaims(database: Database): Promise<void> {
  await database.db.execute(sql`
    insert into checkpoints (name, transaction_id, position, lease_owner, lease_until)
    values ('a-manager', '0'::xid8, 0, 'a-killed-instance', now() + interval '30 seconds')`);
  await database.db.execute(sql`
    insert into idempotency_keys (scope, key, request_hash, status)
    values ('place-order:someone', 'a-key-being-placed', 'hash', 'running')`);
}

async function claimsIn(database: Database) {
  const [lease] = rowsOf<{ lease_owner: string | null }>(
    await database.db.execute(sql`select lease_owner from checkpoints where name = 'a-manager'`),
  );
  const keys = rowsOf<{ status: string }>(
    await database.db.execute(
      sql`select status from idempotency_keys where key = 'a-key-being-placed'`,
    ),
  );
  return { leaseOwner: lease?.lease_owner ?? null, runningKeys: keys.length };
}

describe.each(testDatabaseTargets().map((t) => t.kind))('a store starting on %s', (kind) => {
  let server: RunningServer | undefined;
  const cleanup: (() => Promise<void>)[] = [];

  afterEach(async () => {
    await server?.close();
    server = undefined;
    for (const step of cleanup.splice(0).reverse()) await step();
  });

  it(
    kind === 'pglite'
      ? 'frees the leases and claims a killed process left'
      : 'keeps the leases and claims another instance may hold',
    async () => {
      const dataDir = await tempDir('store-recovery-');
      cleanup.push(() => rm(dataDir, { recursive: true, force: true }));
      let options: DatabaseOptions;
      let env: Record<string, string>;
      if (kind === 'pglite') {
        const pgliteDir = path.join(dataDir, 'pglite');
        await cp(inject('pgliteTemplate'), pgliteDir, { recursive: true });
        options = { kind: 'pglite', dataDir: pgliteDir };
        env = { DATA_DIR: dataDir };
      } else {
        const url = postgresUrl() ?? '';
        const schema = `recovery_${String(process.pid)}_${Math.random().toString(36).slice(2, 8)}`;
        options = { kind: 'postgres', url, schema, maxConnections: 2 };
        env = { DATA_DIR: dataDir, DATABASE_URL: url, DATABASE_SCHEMA: schema };
        cleanup.push(async () => {
          const admin = new pg.Client({ connectionString: url });
          await admin.connect();
          await admin.query(`drop schema if exists "${schema}" cascade`);
          await admin.end();
        });
      }
      const before = await openDatabase(options);
      await migrate(before, await readMigrations());
      await leaveClaims(before);
      await before.close();

      server = await startServer(
        loadConfig({
          ...env,
          PORT: '0',
          HOST: '127.0.0.1',
          LOG_LEVEL: 'warn',
          STATIC_DIR: path.join(dataDir, 'no-build'),
        }),
      );
      const claims = await claimsIn(server.database);
      if (kind === 'pglite') {
        expect(claims).toEqual({ leaseOwner: null, runningKeys: 0 });
      } else {
        expect(claims).toEqual({ leaseOwner: 'a-killed-instance', runningKeys: 1 });
      }
    },
  );
});
