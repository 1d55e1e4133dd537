/**
 * One query layer over the two Postgres engines the store runs on: PGlite embedded in the
 * process (the default, data in a local directory) and a PostgreSQL server (DATABASE_URL).
 * Application code uses `db` (Drizzle); migrations use `transaction` for raw SQL scripts.
 */
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { describeThrown } from './pglite-protocol';
import { PgliteThreadClient } from './pglite-remote';
import { schema } from './schema';

export type DatabaseKind = 'pglite' | 'postgres';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

/** Raw SQL inside one transaction: `exec` takes a script of several statements. */
export interface SqlSession {
  exec(script: string): Promise<void>;
  rows<T extends Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>;
}

export interface Database {
  readonly kind: DatabaseKind;
  readonly db: Db;
  transaction<T>(work: (session: SqlSession) => Promise<T>): Promise<T>;
  /** Resolves when the database answers a trivial query within `timeoutMs`. */
  ping(timeoutMs: number): Promise<void>;
  close(): Promise<void>;
  /**
   * The embedded database only: an image of its data directory (a tar of PGDATA) taken after
   * a checkpoint, inside a transaction of its own, so no other query or transaction runs
   * while it is read; `inspect` runs in that same transaction and describes what the image
   * holds (decision 037).
   */
  readonly snapshot?: <T>(
    inspect: (session: SqlSession) => Promise<T>,
  ) => Promise<{ readonly image: Uint8Array; readonly facts: T }>;
}

export type DatabaseOptions =
  | {
      readonly kind: 'pglite';
      readonly dataDir: string;
      /**
       * Run the database on a worker thread of its own (the store does, decision 049), so
       * that its statements do not hold the thread that serves requests. Tools and tests
       * that open a database for a moment keep it on theirs.
       */
      readonly thread?: 'own' | 'caller';
    }
  | {
      readonly kind: 'postgres';
      readonly url: string;
      /** Tables live in this schema (created if missing); used to isolate test runs. */
      readonly schema?: string;
      readonly maxConnections?: number;
      readonly onIdleError?: (error: Error) => void;
    };

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  return options.kind === 'pglite'
    ? openPglite(options.dataDir, options.thread ?? 'caller')
    : openPostgres(options);
}

function withTimeout<T>(promise: Promise<T>, timeoutMs: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      reject(new Error(`${what} did not answer within ${timeoutMs} ms`));
    }, timeoutMs);
  });
  return Promise.race([promise, timeout]).finally(() => {
    clearTimeout(timer);
  });
}

/** What the store uses of PGlite's client, whichever thread holds the database. */
interface EmbeddedClient {
  readonly closed: boolean;
  query<T>(text: string, params?: unknown[]): Promise<{ rows: T[] }>;
  transaction<T>(
    work: (tx: {
      exec(script: string): Promise<unknown>;
      query<R>(text: string, params?: unknown[]): Promise<{ rows: R[] }>;
    }) => Promise<T>,
  ): Promise<T>;
  dumpDataDir(compression: 'none'): Promise<Blob>;
  close(): Promise<void>;
}

async function openPglite(dataDir: string, thread: 'own' | 'caller'): Promise<Database> {
  // PGlite needs the parent directory to exist before it creates its own.
  await mkdir(path.dirname(dataDir), { recursive: true });
  let client: EmbeddedClient;
  try {
    client =
      thread === 'own' ? await PgliteThreadClient.open(dataDir) : await PGlite.create(dataDir);
  } catch (error) {
    throw new Error(
      `The embedded database in ${dataDir} could not be opened: ${describeThrown(error)}`,
      { cause: error },
    );
  }
  // A new WAL segment is 16 MB: written full of zeros first, it stopped every write for 30-40
  // ms each time one filled (about every 8,000 small commits). PGlite syncs nothing to disk
  // (fsync is off in its build), so the zeros buy no safety; its one session keeps this.
  await client.query('set wal_init_zero = off');
  // Drizzle's PGlite driver calls `query` and `transaction`, which the thread's client
  // answers as PGlite does (pglite-remote.ts).
  const db = drizzlePglite({ client: client as PGlite, schema });
  let closing: Promise<void> | undefined;
  const sessionOf = (tx: Parameters<Parameters<EmbeddedClient['transaction']>[0]>[0]) => ({
    exec: async (script: string) => {
      await tx.exec(script);
    },
    rows: async <T extends Record<string, unknown>>(text: string, params?: unknown[]) =>
      (await tx.query<T>(text, params)).rows,
  });
  return {
    kind: 'pglite',
    db,
    transaction: (work) => client.transaction((tx) => work(sessionOf(tx))),
    snapshot: async (inspect) => {
      const { dump, facts } = await client.transaction(async (tx) => {
        // PGlite runs one transaction at a time and this one holds it: nothing commits while
        // the files are read, and after the checkpoint the data files hold every committed
        // write, so PostgreSQL opens the image with nothing to replay.
        await tx.exec('checkpoint');
        const taken = await inspect(sessionOf(tx));
        return { dump: await client.dumpDataDir('none'), facts: taken };
      });
      return { image: new Uint8Array(await dump.arrayBuffer()), facts };
    },
    ping: async (timeoutMs) => {
      if (client.closed) throw new Error('The embedded database is closed');
      await withTimeout(client.query('select 1'), timeoutMs, 'The embedded database');
    },
    close: () => {
      closing ??= client.closed ? Promise.resolve() : client.close();
      return closing;
    },
  };
}

function quoteIdentifier(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

async function openPostgres(
  options: Extract<DatabaseOptions, { kind: 'postgres' }>,
): Promise<Database> {
  const pool = new pg.Pool({
    connectionString: options.url,
    max: options.maxConnections ?? 10,
    connectionTimeoutMillis: 5_000,
    ...(options.schema ? { options: `-c search_path=${quoteIdentifier(options.schema)}` } : {}),
  });
  // An idle client that loses its connection must not crash the process; the next query
  // reports the problem (and /api/health answers 503).
  pool.on('error', (error) => {
    options.onIdleError?.(error);
  });
  try {
    await pool.query(
      options.schema
        ? `create schema if not exists ${quoteIdentifier(options.schema)}`
        : 'select 1',
    );
  } catch (error) {
    await pool.end().catch(() => undefined);
    throw error;
  }
  const db = drizzlePg({ client: pool, schema });
  let closing: Promise<void> | undefined;
  return {
    kind: 'postgres',
    db,
    transaction: async (work) => {
      const client = await pool.connect();
      try {
        await client.query('begin');
        const result = await work({
          exec: async (script) => {
            await client.query(script);
          },
          rows: async <T extends Record<string, unknown>>(text: string, params?: unknown[]) =>
            (await client.query<T>(text, params)).rows,
        });
        await client.query('commit');
        return result;
      } catch (error) {
        await client.query('rollback').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
    ping: async (timeoutMs) => {
      await withTimeout(pool.query('select 1'), timeoutMs, 'PostgreSQL');
    },
    close: () => {
      closing ??= pool.end();
      return closing;
    },
  };
}
