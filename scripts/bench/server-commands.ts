/**
 * `server_cart_commands_per_s` and `server_cart_command_p99_ms`: the real server (its own
 * process, as `npm start` runs it, with the rate limits on at their defaults) takes cart
 * commands from 50 concurrent connections for 10 seconds, after 2 seconds' warm-up, adding
 * products and changing quantities. Each connection is a run of visitors behind a trusted proxy, each from its own
 * address with its own cart, and each within the cart limit (100 commands, then the next
 * visitor): every command is counted by the limiter, none is refused. On the embedded
 * database, and on PostgreSQL when DATABASE_URL is set (`_postgres`), where `raw_insert_tps`
 * also measures the physical ceiling for one event per command: single-row
 * `INSERT … ON CONFLICT` transactions from 16 clients on the same database in the same run.
 */
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { Agent, request as httpRequest } from 'node:http';
import { seedProducts } from '../../server/src/db/catalog-seed';
import { launchStoreProcess } from '../../tests/support/server-process';
import { tempDir } from '../../tests/support/temp-dir';
import { percentile, round, type Metric } from './metric';

const CONNECTIONS = 50;
const SECONDS = 10;
/**
 * Load before the measured seconds, not counted: a store that has just started compiles its
 * code and the embedded database's as the first thousands of commands arrive (measured: its
 * first second took a third to two fifths of the commands of a later one, and held more than
 * half of the slowest 1 % of all commands).
 */
const WARM_UP_SECONDS = 2;
/** Commands a visitor sends before the next one takes over its connection (under the limit). */
const COMMANDS_PER_VISITOR = 100;
const RAW_CLIENTS = 16;

const codes = seedProducts()
  .filter(
    (p) =>
      /-(RF25|SB)$/.test(p.code) &&
      p.soldOnline &&
      p.orderableOnline &&
      p.maxOrderQuantity === null &&
      !p.preOrder,
  )
  .map((p) => p.code);

/** One HTTP request on a kept-alive connection: status, headers and the JSON body. */
function post(
  agent: Agent,
  url: URL,
  headers: Record<string, string>,
  body: string,
): Promise<{ status: number; setCookie: string | undefined; json: unknown }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { method: 'POST', agent, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        try {
          resolve({
            status: res.statusCode ?? 0,
            setCookie: res.headers['set-cookie']?.[0],
            json: JSON.parse(Buffer.concat(chunks).toString()) as unknown,
          });
        } catch (error) {
          reject(error instanceof Error ? error : new Error(String(error)));
        }
      });
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}

async function load(url: string): Promise<{ perSecond: number; p99: number; errors: number }> {
  const agent = new Agent({ keepAlive: true, maxSockets: CONNECTIONS });
  const latencies: number[] = [];
  let errors = 0;
  const started = performance.now() + WARM_UP_SECONDS * 1000;
  const deadline = started + SECONDS * 1000;

  async function connection(n: number): Promise<void> {
    let cartId = randomUUID();
    let clientId = `bench-client-${String(n).padStart(4, '0')}`;
    let cookie = '';
    let version = 0;
    let visitor = 0;
    let address = `10.${String(n)}.0.1`;
    for (let seq = 1; performance.now() < deadline; seq += 1) {
      if (seq % COMMANDS_PER_VISITOR === 0) {
        // The next visitor: another address, cart and browser.
        visitor += 1;
        address = `10.${String(n)}.${String(Math.floor(visitor / 250))}.${String((visitor % 250) + 1)}`;
        cartId = randomUUID();
        clientId = `bench-client-${String(n).padStart(4, '0')}-${String(visitor)}`;
        cookie = '';
        version = 0;
      }
      const commandId = randomUUID();
      const code = codes[(n + seq) % codes.length] ?? '';
      const command =
        seq % 3 === 0
          ? {
              type: 'ChangeQuantity',
              data: { code: codes[(n + seq - 1) % codes.length], quantity: (seq % 5) + 1 },
            }
          : { type: 'AddItem', data: { code, quantity: 1 } };
      const body = JSON.stringify({
        clientId,
        seq,
        commandId,
        expectedVersion: version,
        command: { ...command, metadata: { commandId, now: new Date().toISOString() } },
      });
      const sent = performance.now();
      const response = await post(
        agent,
        new URL(`${url}/api/carts/${cartId}/commands?locale=en-us`),
        {
          'content-type': 'application/json',
          'x-forwarded-for': address,
          ...(cookie ? { cookie } : {}),
        },
        body,
      );
      const answer = response.json as { status?: string; version?: number };
      if (sent >= started) latencies.push(performance.now() - sent);
      if (response.status !== 200 || answer.status === undefined) errors += 1;
      version = answer.version ?? version;
      if (response.setCookie && !cookie) cookie = response.setCookie.split(';')[0] ?? '';
    }
  }

  await Promise.all(Array.from({ length: CONNECTIONS }, (_, n) => connection(n)));
  const elapsed = (performance.now() - started) / 1000;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  return { perSecond: latencies.length / elapsed, p99: percentile(latencies, 99), errors };
}

async function against(engine: 'pglite' | 'postgres'): Promise<Metric[]> {
  const dataDir = await tempDir('store-bench-server-');
  const schema = `bench_server_${String(process.pid)}`;
  const store = await launchStoreProcess({
    dataDir,
    env: {
      LOG_LEVEL: 'error',
      DEMO_USERS: 'off',
      // The bench's connections come through a proxy on the same machine: each visitor is
      // counted by their own address, with the limits at their defaults.
      TRUST_PROXY: '127.0.0.1',
      ...(engine === 'postgres'
        ? { DATABASE_URL: process.env.DATABASE_URL, DATABASE_SCHEMA: schema }
        : {}),
    },
  });
  try {
    const { perSecond, p99, errors } = await load(store.url);
    if (errors > 0) throw new Error(`${String(errors)} commands failed against ${engine}`);
    const suffix = engine === 'pglite' ? '' : '_postgres';
    return [
      {
        name: `server_cart_commands_per_s${suffix}`,
        value: Math.round(perSecond),
        unit: 'commands/s',
      },
      { name: `server_cart_command_p99_ms${suffix}`, value: round(p99), unit: 'ms' },
    ];
  } finally {
    await store.stop('SIGTERM');
    if (engine === 'postgres') {
      const pg = await import('pg');
      const client = new pg.default.Client({ connectionString: process.env.DATABASE_URL });
      await client.connect();
      await client.query(`drop schema if exists "${schema}" cascade`);
      await client.end();
    }
  }
}

/**
 * `raw_insert_tps`: transactions a second of one single-row `INSERT … ON CONFLICT` each, from
 * RAW_CLIENTS connections for SECONDS, on DATABASE_URL: what the server's disk and PostgreSQL
 * allow for one durable write per command, the ceiling the store's commands are judged against.
 */
async function rawInsertTps(url: string): Promise<Metric> {
  const pg = (await import('pg')).default;
  const schema = `bench_raw_${String(process.pid)}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(`create schema if not exists "${schema}"`);
    await admin.query(
      `create table "${schema}".raw_inserts (id bigint primary key, hits integer not null)`,
    );
    const clients = await Promise.all(
      Array.from({ length: RAW_CLIENTS }, async () => {
        const client = new pg.Client({ connectionString: url });
        await client.connect();
        return client;
      }),
    );
    let done = 0;
    const deadline = performance.now() + SECONDS * 1000;
    const started = performance.now();
    await Promise.all(
      clients.map(async (client, c) => {
        for (let i = 0; performance.now() < deadline; i += 1) {
          await client.query(
            `insert into "${schema}".raw_inserts (id, hits) values ($1, 1)
             on conflict (id) do update set hits = raw_inserts.hits + 1`,
            [c * 10_000_000 + i],
          );
          done += 1;
        }
      }),
    );
    const elapsed = (performance.now() - started) / 1000;
    await Promise.all(clients.map((client) => client.end()));
    return { name: 'raw_insert_tps', value: Math.round(done / elapsed), unit: 'transactions/s' };
  } finally {
    await admin.query(`drop schema if exists "${schema}" cascade`);
    await admin.end();
  }
}

export async function benchServerCommands(): Promise<Metric[]> {
  const metrics = await against('pglite');
  const url = process.env.DATABASE_URL?.trim();
  if (url) {
    metrics.push(await rawInsertTps(url));
    metrics.push(...(await against('postgres')));
  }
  return metrics;
}
