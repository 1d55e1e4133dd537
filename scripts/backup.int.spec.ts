/**
 * `npm run backup` while the store runs and buyers write, then `npm run restore` into an
 * empty directory: the restored store holds every order and cart as they were when the backup
 * was taken, and its database is exactly the running one's up to that moment (decision 037).
 * With DATABASE_URL, `npm run backup` hands the work to pg_dump.
 */
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { cp, rm } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { cartStreamKind } from '../domain/cart/stream';
import type { CartState } from '../domain/cart/state';
import { checkoutCartOf } from '../domain/checkout/cart-snapshot';
import type { CheckoutFacts } from '../domain/checkout/facts';
import type { OrderHistoryPage } from '../domain/order/history';
import type { Order } from '../domain/order/order';
import { STREAM_REGISTRY } from '../domain/registry';
import type { StoredEvent } from '../domain/sync/protocol';
import { parseStreamId } from '../domain/sync/stream-kind';
import { DEMO_USERS } from '../server/src/auth/demo-users';
import { ROOT_DIR } from '../server/src/config';
import { seedProducts } from '../server/src/db/catalog-seed';
import { openDatabase, type Database } from '../server/src/db/database';
import { migrate, readMigrations } from '../server/src/db/migrate';
import { EventStore } from '../server/src/event-store/event-store';
import { samsPurchaseOrder, type CheckoutChoices } from '../tests/support/checkout-flow';
import { postgresUrl, testDatabaseTargets } from '../tests/support/databases';
import { HttpSession } from '../tests/support/http-session';
import { launchStoreProcess, type StoreProcess } from '../tests/support/server-process';
import { runTool, type ToolRun } from '../tests/support/running-store';
import { tempDir } from '../tests/support/temp-dir';

const LOCALE = 'en-gb';
/** Products any buyer may put in a cart in any number. */
const OPEN_CODES = seedProducts()
  .filter(
    (p) =>
      /-(RF25|SB)$/.test(p.code) &&
      p.soldOnline &&
      p.orderableOnline &&
      p.maxOrderQuantity === null &&
      !p.preOrder,
  )
  .map((p) => p.code);
const openCode = (n: number) => OPEN_CODES[n % OPEN_CODES.length] ?? 'none';
/** Orders stay as placed: no fulfilment step runs during the test. */
// Orders stay as placed; buyers write as fast as the test drives them (no rate limit).
const STORE_ENV = {
  FULFILMENT_STEP_SECONDS: '604800',
  RATE_LIMIT_CART: '0',
  RATE_LIMIT_PLACE_ORDER: '0',
  RATE_LIMIT_SESSION: '0',
  RATE_LIMIT_SIGN_IN: '0',
};

interface Facts {
  readonly streams: Record<string, number>;
  readonly events: number;
  readonly lastPosition: number;
}

function factsOf(run: ToolRun): Facts {
  expect(run.code, run.stderr).toBe(0);
  const { streams, events, lastPosition } = JSON.parse(run.stdout) as Facts;
  return { streams, events, lastPosition };
}

/** A buyer signed in through the store's own sign-in pages, talking to it over HTTP. */
class HttpBuyer {
  private seq = 0;

  constructor(
    readonly session: HttpSession,
    readonly clientId = `device-${randomUUID()}`,
  ) {}

  static async signIn(origin: string, email: string, password: string): Promise<HttpBuyer> {
    const session = new HttpSession(origin);
    const { url } = await session.follow(
      `/auth/login?locale=${LOCALE}&returnTo=%2F${LOCALE}%2F`,
      (u) => u.pathname.endsWith('/login'),
    );
    const uid = url.searchParams.get('interaction') ?? '';
    const login = await session.request(`/oidc-interaction/${uid}/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin },
      body: JSON.stringify({ email, password }),
    });
    expect(login.status, await login.clone().text()).toBe(200);
    const { redirectTo } = (await login.json()) as { redirectTo: string };
    await session.follow(redirectTo, (u) => u.pathname === `/${LOCALE}/`);
    expect((await session.request('/store/customer/current')).status).toBe(200);
    return new HttpBuyer(session);
  }

  /** The same buyer (the same session cookie) at another store's address. */
  at(origin: string): HttpBuyer {
    return new HttpBuyer(this.session.sameCookiesAt(origin), this.clientId);
  }

  async json<T>(url: string, init?: RequestInit): Promise<{ status: number; body: T }> {
    const response = await this.session.request(url, init);
    return { status: response.status, body: (await response.json()) as T };
  }

  post<T>(url: string, body: unknown, headers: Record<string, string> = {}) {
    return this.json<T>(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: this.session.origin, ...headers },
      body: JSON.stringify(body),
    });
  }

  /** Sends commands to a stream at `version`; the stream's version after them. */
  async push(path: string, version: number, commands: readonly object[]): Promise<number> {
    const answer = await this.post<{ version: number; results: { status: string }[] }>(
      `${path}/commands?locale=${LOCALE}`,
      {
        clientId: this.clientId,
        expectedVersion: version,
        commands: commands.map((command) => {
          const commandId = randomUUID();
          return {
            seq: (this.seq += 1),
            commandId,
            command: { ...command, metadata: { commandId, now: new Date().toISOString() } },
          };
        }),
      },
    );
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(
      answer.body.results.map((r) => r.status),
      JSON.stringify(answer.body.results),
    ).toEqual(commands.map(() => 'confirmed'));
    return answer.body.version;
  }

  addToCart(cartId: string, version: number, code: string): Promise<number> {
    return this.push(`/api/carts/${cartId}`, version, [
      { type: 'AddItem', data: { code, quantity: 1 } },
    ]);
  }

  async cart(cartId: string): Promise<{ status: number; version: number; state: CartState }> {
    const { status, body } = await this.json<{
      version: number;
      events: StoredEvent<unknown>[];
    }>(`/api/carts/${cartId}?after=0`);
    const state = (body.events ?? []).reduce<CartState>(
      (current, stored) => cartStreamKind.evolve(current, stored.event as never),
      cartStreamKind.initialState(),
    );
    return { status, version: body.version, state };
  }

  async order(code: string, choices: CheckoutChoices): Promise<Order> {
    const cartId = randomUUID();
    const version = await this.addToCart(cartId, 0, code);
    const { state } = await this.cart(cartId);
    const cart = checkoutCartOf(state, version);
    if (!cart) throw new Error('no cart');
    const facts = (await this.json<CheckoutFacts>(`/api/checkout/facts?locale=${LOCALE}`)).body;
    const checkoutId = randomUUID();
    const checkoutVersion = await this.push(`/api/checkouts/${checkoutId}`, 0, [
      { type: 'StartCheckout', data: { cart } },
      ...choices(facts),
    ]);
    const placed = await this.post<{ order: Order }>(
      `/api/checkouts/${checkoutId}/place-order?locale=${LOCALE}`,
      { termsAccepted: true, checkoutVersion },
      { 'idempotency-key': randomUUID() },
    );
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    return placed.body.order;
  }
}

/** One write of the buyers' load: when it started and ended, and what it made. */
interface Write {
  readonly started: number;
  readonly ended: number;
  readonly orderId?: string;
  readonly cart?: { readonly id: string; readonly version: number };
}

async function rowsOf<T extends Record<string, unknown>>(database: Database, sql: string) {
  return database.transaction((session) => session.rows<T>(sql));
}

const pglite = testDatabaseTargets()[0];
const dirs: string[] = [];
const stores: StoreProcess[] = [];

afterAll(async () => {
  for (const store of stores) await store.stop('SIGKILL');
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

async function freshDataDir(withDatabase: boolean): Promise<string> {
  const dir = await tempDir('store-backup-');
  dirs.push(dir);
  if (withDatabase) {
    // The empty database made once per run, copied (tests/support/int-global-setup.ts).
    await cp(inject('pgliteTemplate'), path.join(dir, 'pglite'), { recursive: true });
  }
  return dir;
}

async function launch(dataDir: string): Promise<StoreProcess> {
  const store = await launchStoreProcess({ dataDir, env: STORE_ENV });
  stores.push(store);
  return store;
}

describe(`npm run backup and npm run restore (${pglite?.kind ?? 'pglite'})`, () => {
  it('restores a backup taken while buyers write: every order and cart as it was, and the database as it was', async () => {
    const [dana, sam] = DEMO_USERS;
    if (!dana || !sam) throw new Error('no demo users');
    const sourceDir = await freshDataDir(true);
    const source = await launch(sourceDir);
    const buyers = {
      dana: await HttpBuyer.signIn(source.url, dana.email, dana.password),
      sam: await HttpBuyer.signIn(source.url, sam.email, sam.password),
    };

    // Before the backup: two orders and a cart of two lines.
    const ordersBefore = [
      await buyers.sam.order('MCS5-KIT', samsPurchaseOrder('PO-BEFORE-1')),
      await buyers.sam.order('MCS5-KIT', samsPurchaseOrder('PO-BEFORE-2')),
    ];
    const danasCart = randomUUID();
    let danasVersion = await buyers.dana.addToCart(danasCart, 0, openCode(0));
    danasVersion = await buyers.dana.addToCart(danasCart, danasVersion, openCode(1));

    // Buyers keep writing (Sam places orders, Dana adds to a cart) while the backup runs.
    const writes: Write[] = [];
    let stop = false;
    let backupEnded = Number.POSITIVE_INFINITY;
    const load = (async () => {
      let n = 0;
      while (!stop) {
        n += 1;
        const orderStarted = performance.now();
        const order = await buyers.sam.order('MCS5-KIT', samsPurchaseOrder(`PO-DURING-${n}`));
        writes.push({ started: orderStarted, ended: performance.now(), orderId: order.orderId });
        const started = performance.now();
        danasVersion = await buyers.dana.addToCart(danasCart, danasVersion, openCode(n + 1));
        writes.push({
          started,
          ended: performance.now(),
          cart: { id: danasCart, version: danasVersion },
        });
        // Stop once an order and a cart line began after the backup had answered.
        if (orderStarted > backupEnded) stop = true;
      }
    })();
    while (writes.length < 2) await new Promise((resolve) => setTimeout(resolve, 50));
    const backupFile = path.join(sourceDir, 'backups', 'store.tar.gz');
    const backupStarted = performance.now();
    const backup = await runTool('backup', [backupFile, '--json'], { DATA_DIR: sourceDir });
    backupEnded = performance.now();
    await load;
    const taken = factsOf(backup);
    // Buyers' writes were under way while the store took the image.
    expect(writes.some((w) => w.started < backupEnded && w.ended > backupStarted)).toBe(true);
    expect(JSON.parse(backup.stdout)).toMatchObject({ file: backupFile });

    // Refused while the store runs on the directory.
    const whileRunning = await runTool('restore', [backupFile], { DATA_DIR: sourceDir });
    expect(whileRunning.code).toBe(1);
    expect(whileRunning.stderr).toContain('Stop the store before restoring');

    expect((await source.stop('SIGTERM')).code).toBe(0);
    // A stopped store's directory is backed up by the tool itself.
    const stoppedRun = await runTool(
      'backup',
      [path.join(sourceDir, 'backups', 'stopped.tar.gz'), '--json'],
      { DATA_DIR: sourceDir },
    );
    const stopped = factsOf(stoppedRun);
    expect(JSON.parse(stoppedRun.stdout)).toMatchObject({ how: 'the store was stopped' });
    expect(stopped.events).toBeGreaterThan(taken.events);

    // Into an empty directory; then refused there, as it holds a database now.
    const restoredDir = await freshDataDir(false);
    const restored = factsOf(
      await runTool('restore', [backupFile, '--json'], { DATA_DIR: restoredDir }),
    );
    expect(restored).toEqual(taken);
    const again = await runTool('restore', [backupFile], { DATA_DIR: restoredDir });
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('holds a database already');

    // The restored store: the same buyers (the same sessions) find their orders and carts.
    const store = await launch(restoredDir);
    const sam2 = buyers.sam.at(store.url);
    const dana2 = buyers.dana.at(store.url);
    const history = await sam2.json<OrderHistoryPage>(`/api/orders?locale=${LOCALE}`);
    expect(history.status).toBe(200);
    expect(history.body.total).toBe(taken.streams.order);
    const mustHave = [
      ...ordersBefore.map((o) => o.orderId),
      ...writes.filter((w) => w.orderId && w.ended < backupStarted).map((w) => w.orderId),
    ];
    const mustNotHave = writes
      .filter((w) => w.orderId && w.started > backupEnded)
      .map((w) => w.orderId);
    expect(mustNotHave.length).toBeGreaterThan(0);
    for (const id of mustHave) {
      expect((await sam2.json(`/api/orders/${id}`)).status, `order ${id}`).toBe(200);
    }
    for (const id of mustNotHave) {
      expect((await sam2.json(`/api/orders/${id}`)).status, `order ${id}`).toBe(404);
    }
    const cart = await dana2.cart(danasCart);
    expect(cart.status).toBe(200);
    const cartWrites = writes.filter((w) => w.cart);
    const atLeast = Math.max(
      2,
      ...cartWrites.filter((w) => w.ended < backupStarted).map((w) => w.cart?.version ?? 0),
    );
    const atMost = Math.max(
      2,
      ...cartWrites.filter((w) => w.started < backupEnded).map((w) => w.cart?.version ?? 0),
    );
    expect(cart.version).toBeGreaterThanOrEqual(atLeast);
    expect(cart.version).toBeLessThanOrEqual(atMost);
    expect(cart.state.lines.length).toBeGreaterThan(0);
    expect((await store.stop('SIGTERM')).code).toBe(0);

    // The restored database is the running one's, exactly, up to the backup's last event.
    const before = await openDatabase({ kind: 'pglite', dataDir: path.join(sourceDir, 'pglite') });
    const after = await openDatabase({ kind: 'pglite', dataDir: path.join(restoredDir, 'pglite') });
    try {
      const eventsSql =
        'select stream_id, version, command_id, position::text as position from events order by position';
      // (Each store went on writing after that: the source with the buyers' later writes,
      // the restored one with the work it does once started.)
      const upToBackup = (rows: { position: string }[]) =>
        rows.filter((e) => Number(e.position) <= taken.lastPosition);
      const restoredEvents = upToBackup(await rowsOf<{ position: string }>(after, eventsSql));
      expect(restoredEvents).toHaveLength(taken.events);
      const sourceEvents = await rowsOf<{ position: string }>(before, eventsSql);
      expect(restoredEvents).toEqual(upToBackup(sourceEvents));
      expect(sourceEvents).toHaveLength(stopped.events);
      // Every stream's version, read models and commands agree with its events.
      expect(
        await rowsOf(
          after,
          `select s.stream_id from streams s
             left join (select stream_id, count(*) n, max(version) v from events group by stream_id) e
               on e.stream_id = s.stream_id
            where s.version <> coalesce(e.n, 0) or s.version <> coalesce(e.v, 0)`,
        ),
      ).toEqual([]);
      const commandsSql =
        "select stream_id || ' ' || command_id as key, status from commands order by 1";
      const sourceCommands = new Map(
        (await rowsOf<{ key: string; status: string }>(before, commandsSql)).map((c) => [
          c.key,
          c.status,
        ]),
      );
      const restoredCommands = await rowsOf<{ key: string; status: string }>(after, commandsSql);
      // Each command the restore holds is the source's, as the source answered it...
      expect(restoredCommands.filter((c) => sourceCommands.get(c.key) !== c.status)).toEqual([]);
      // ... and every event's command the source recorded is recorded with it.
      const recorded = new Set(restoredCommands.map((c) => c.key));
      const eventCommands = await rowsOf<{ key: string }>(
        after,
        "select distinct stream_id || ' ' || command_id as key from events",
      );
      expect(
        eventCommands.filter((e) => sourceCommands.has(e.key) && !recorded.has(e.key)),
      ).toEqual([]);
      const store2 = new EventStore(after.db, { registry: STREAM_REGISTRY });
      const models = await rowsOf<{
        model: string;
        stream_id: string;
        version: number;
        doc: unknown;
      }>(after, 'select model, stream_id, version, doc from read_models order by model, stream_id');
      expect(models.length).toBeGreaterThan(0);
      for (const row of models) {
        const kind = STREAM_REGISTRY.kinds.find(
          (k) => k.name === parseStreamId(row.stream_id).kind,
        );
        const model = kind?.readModels?.find((m) => m.name === row.model);
        if (!kind || !model) throw new Error(`no read model ${row.model}`);
        const current = await store2.stateOf(kind, row.stream_id);
        expect(current, row.stream_id).toBeDefined();
        expect(row.version, row.stream_id).toBe(current?.row.version);
        expect(JSON.parse(JSON.stringify(model.project(current!.state, current!.row)))).toEqual(
          row.doc,
        );
      }
    } finally {
      await before.close();
      await after.close();
    }
  }, 180_000);

  it('refuses a file that is not a backup, and restores nothing', async () => {
    const dir = await freshDataDir(false);
    const run = await runTool('restore', [path.join(ROOT_DIR, 'package.json')], { DATA_DIR: dir });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('is not a backup of the store');
  });
});

describe.runIf(postgresUrl())('npm run backup with DATABASE_URL (postgres)', () => {
  it('writes a pg_dump archive of the store schema, or says how to make one', async () => {
    const target = testDatabaseTargets()[1];
    if (!target) throw new Error('no PostgreSQL');
    const opened = await target.open();
    try {
      await migrate(opened.database, await readMigrations());
      const [{ schema } = { schema: '' }] = await rowsOf<{ schema: string }>(
        opened.database,
        'select current_schema() as schema',
      );
      const dir = await freshDataDir(false);
      const file = path.join(dir, 'store.dump');
      const run = await runTool('backup', [file], {
        DATABASE_URL: postgresUrl() ?? '',
        DATABASE_SCHEMA: schema,
      });
      if (run.stderr.includes('pg_dump is not installed')) {
        // No pg_dump here: the tool says how, and writes nothing.
        expect(run.code).toBe(1);
        expect(run.stderr).toContain('pg_dump --format=custom');
        expect(existsSync(file)).toBe(false);
        return;
      }
      expect(run.code, run.stderr).toBe(0);
      expect(run.stdout).toContain(`Backup written to ${file} by pg_dump`);
      const listed = await new Promise<string>((resolve, reject) => {
        const child = spawn('pg_restore', ['--list', file], { stdio: ['ignore', 'pipe', 'pipe'] });
        let out = '';
        child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
        child.on('error', reject);
        child.on('close', () => resolve(out));
      });
      expect(listed).toContain(`TABLE DATA ${schema} events`);
    } finally {
      await opened.dispose();
    }
  });
});
