/**
 * `server_cart_commands_per_s` and `server_cart_command_p99_ms`: the real server (its own
 * process, as `npm start` runs it) takes cart commands from 50 concurrent connections for
 * 10 seconds, each connection a visitor with its own cart, adding products and changing
 * quantities. On the embedded database, and on PostgreSQL when DATABASE_URL is set.
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
  const deadline = performance.now() + SECONDS * 1000;
  const started = performance.now();

  async function connection(n: number): Promise<void> {
    const cartId = randomUUID();
    const clientId = `bench-client-${String(n).padStart(4, '0')}`;
    let cookie = '';
    let version = 0;
    for (let seq = 1; performance.now() < deadline; seq += 1) {
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
        { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
        body,
      );
      const answer = response.json as { status?: string; version?: number };
      latencies.push(performance.now() - sent);
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
      // Counted as always (the limiter's statement is part of the cost), never refused.
      RATE_LIMIT_CART: '1000000',
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

export async function benchServerCommands(): Promise<Metric[]> {
  const metrics = await against('pglite');
  if (process.env.DATABASE_URL?.trim()) metrics.push(...(await against('postgres')));
  return metrics;
}
