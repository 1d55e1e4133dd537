/**
 * The browser's sync engine with fake-indexeddb against the real server (app.inject on
 * PGlite, and PostgreSQL when DATABASE_URL is set): 200 commands queued offline survive
 * closing the database, and once online the server holds all 200 effects exactly once, even
 * when the flush is cut off midway (the server applied a command but its answer was lost)
 * and retried, or when the next page reads the stream before sending it again; a poison
 * command never holds back the ones behind it; a user's change never goes out under another
 * session.
 */
import 'fake-indexeddb/auto';
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CartCommand } from '../../../domain/cart/commands';
import { cartDecider } from '../../../domain/cart/decide';
import type { CartEvent } from '../../../domain/cart/events';
import type { CartProduct } from '../../../domain/cart/context';
import type { CartState } from '../../../domain/cart/state';
import type { CatalogIndex } from '../../../domain/catalog/catalog';
import { replay } from '../../../domain/shared/decider';
import { STREAM_REGISTRY } from '../../../domain/registry';
import type { StoredEvent } from '../../../domain/sync/protocol';
import { storefrontFor } from '../../../domain/storefront/storefronts';
import { flushAnswer, syncOutcome } from '../../../domain/sync/background-sync';
import { seedDemoUsers } from '../../../server/src/auth/demo-users';
import { findUserWithPassword } from '../../../server/src/auth/users';
import { createWebSession, SESSION_COOKIE } from '../../../server/src/auth/web-sessions';
import { commands } from '../../../server/src/db/schema';
import { seedIfEmpty } from '../../../server/src/db/seed';
import { buildTestApp } from '../../../tests/support/app';
import { testDatabaseTargets, type TestDatabase } from '../../../tests/support/databases';
import {
  browserCartContext,
  cartDefinition,
  cartProductOf,
  cartStreamId,
} from '../cart/cart-stream';
import { openLocalDb } from './local-db';
import { memoryPendingLog, type PendingLog, type PendingRecord } from './pending-log';
import {
  SyncEngine,
  type BackgroundSyncLike,
  type FlushResult,
  type LockManagerLike,
  type SyncEngineOptions,
} from './sync-engine';
import { ApiError } from '../api';
import { injectNetwork, isPlainlyOrderable, tabLocks } from './test-doubles';
import type { SyncTransport } from './transport';

const storefront = storefrontFor('en-us');

describe.each(testDatabaseTargets())('sync engine with the real server ($kind)', (target) => {
  let t: TestDatabase;
  let app: FastifyInstance;
  let cookie = '';
  let userId = '';
  const products = new Map<string, CartProduct>();

  beforeAll(async () => {
    t = await target.open();
    app = await buildTestApp(t.database);
    await seedIfEmpty(t.database.db);
    await seedDemoUsers(t.database.db);
    const dana = await findUserWithPassword(t.database.db, 'dana.reyes@demo.example');
    userId = dana?.id ?? '';
    cookie = `${SESSION_COOKIE}=${(await createWebSession(t.database.db, userId, null, new Date())).id}`;
    const index = (await app.inject('/api/catalog/index?locale=en-us')).json<CatalogIndex>();
    for (const item of index.items) products.set(item.code, cartProductOf(item));
  });

  afterAll(async () => {
    await app.close();
    await t.dispose();
  });

  /**
   * The network (the shipped transport over app.inject): off, on, or on but losing the
   * answer of the n-th push. `failWith` makes any push holding a command id fail with a
   * status (a server error, say).
   */
  function network() {
    const extra = { loseAnswerOf: -1, pushes: 0, failWith: new Map<string, number>() };
    // The state the test changes; the network reads it on every request.
    let net: { online: boolean } & typeof extra = { online: false, ...extra };
    const { state, transport } = injectNetwork(() => (request) => app.inject(request), {
      cookie: () => cookie,
      beforePush: (body) => {
        net.pushes += 1;
        for (const [commandId, status] of net.failWith) {
          if (body?.includes(commandId)) throw new ApiError(status, null);
        }
      },
      loseAnswer: (method) => {
        if (method !== 'POST' || net.pushes !== net.loseAnswerOf) return false;
        net.online = false;
        return true;
      },
    });
    net = Object.assign(state, extra);
    return { state: net, transport };
  }

  function engine(
    name: string,
    transport: SyncTransport,
    cartId: string,
    currentUserId?: () => string | null,
    tabs?: { locks: LockManagerLike; channelName: string },
    extra: Partial<SyncEngineOptions> = {},
  ) {
    const sync = new SyncEngine({
      ...extra,
      db: openLocalDb(name),
      registry: STREAM_REGISTRY,
      transport,
      makeId: randomUUID,
      // The streams here are the signed-in user's (the cookie's).
      currentUserId: currentUserId ?? (() => userId),
      ...(tabs ?? {}),
    });
    const context = browserCartContext({
      cartId,
      storefront,
      actor: { kind: 'user', id: userId },
      products,
    });
    const cart = sync.openStream<CartState, CartCommand, CartEvent>(
      cartStreamId(cartId),
      cartDefinition(context),
    );
    return { sync, cart };
  }

  it('delivers 200 offline commands exactly once across a restart and a cut-off flush', async () => {
    const name = `sync-test-${randomUUID()}`;
    const cartId = randomUUID();
    const { state: net, transport } = network();
    const forms = [...products.values()]
      .filter(
        (p) =>
          /-(RF25|SB)$/.test(p.code) &&
          p.soldOnline &&
          p.orderableOnline &&
          p.unitPriceMinor !== null,
      )
      .slice(0, 20)
      .map((p) => p.code);
    expect(forms).toHaveLength(20);

    const first = engine(name, transport, cartId);
    await first.cart.ready;
    const saves: Promise<void>[] = [];
    for (let i = 0; i < 200; i += 1) {
      const commandId = randomUUID();
      const command: CartCommand = {
        type: 'AddItem',
        data: { code: forms[i % 20] ?? '', quantity: 1 },
        metadata: { commandId, now: new Date().toISOString() },
      };
      const { events, saved } = first.sync.dispatch(first.cart, command, {
        locale: 'en-us',
        userId,
      });
      // The view has the change before the command is even stored.
      expect(events.length).toBeGreaterThan(0);
      saves.push(saved);
    }
    await Promise.all(saves);
    const offlineView = first.cart.state$.getValue();
    expect(offlineView.lines.map((l) => l.quantity)).toEqual(forms.map(() => 10));
    expect(await first.sync.flush()).toEqual({ sent: 0, complete: false });
    first.sync.close();

    // The browser was closed: a new page opens the same database.
    const second = engine(name, transport, cartId);
    await second.cart.ready;
    expect(second.cart.state$.getValue()).toEqual(offlineView);
    expect(await second.sync.db.outbox.count()).toBe(200);

    // Online, but the answer to the second request (commands 101 to 200) never arrives.
    net.online = true;
    net.loseAnswerOf = 2;
    const cut = await second.sync.flush();
    expect(cut).toEqual({ sent: 100, complete: false });
    net.online = true;
    const rest = await second.sync.flush();
    expect(rest).toEqual({ sent: 100, complete: true });
    // Two requests of 100 commands, and the one sent again.
    expect(net.pushes).toBe(3);

    const server = await app.inject({ url: `/api/carts/${cartId}`, headers: { cookie } });
    const stored = server.json<{ version: number; events: StoredEvent<CartEvent>[] }>();
    const serverState = replay(
      cartDecider,
      stored.events.map((e) => e.event),
    );
    expect(serverState.lines.map((l) => [l.code, l.quantity])).toEqual(forms.map((c) => [c, 10]));
    const answered = await t.database.db
      .select()
      .from(commands)
      .where(eq(commands.streamId, `cart:${cartId}`));
    expect(answered).toHaveLength(200);
    expect(new Set(stored.events.map((e) => e.commandId)).size).toBe(200);
    expect(await second.sync.db.outbox.count()).toBe(0);
    expect(second.cart.state$.getValue()).toEqual(serverState);
    expect(second.cart.stream.confirmedVersion).toBe(stored.version);
    // Snapshots were taken on the way (each answer of 100 commands crossed a hundred).
    expect((await second.sync.db.snapshots.get(`cart:${cartId}`))?.version).toBe(201);
    second.sync.close();
  });

  it('reports a command the server refuses and keeps the rest', async () => {
    const cartId = randomUUID();
    const { state: net, transport } = network();
    const { sync, cart } = engine(`sync-test-${randomUUID()}`, transport, cartId);
    await cart.ready;
    const notices: string[] = [];
    sync.notices$.subscribe((n) => notices.push(n.message.message));
    const meta = () => ({ commandId: randomUUID(), now: new Date().toISOString() });
    sync.dispatch(
      cart,
      { type: 'AddItem', data: { code: 'WRI3-KIT', quantity: 1 }, metadata: meta() },
      { locale: 'en-us', userId },
    );
    // A promotion code is only decided by the server: queued with no effect here.
    const promo = sync.dispatch(
      cart,
      { type: 'ApplyPromotion', data: { code: 'SPRING25' }, metadata: meta() },
      { locale: 'en-us', userId },
    );
    expect(promo.events).toEqual([]);
    const good = sync.dispatch(
      cart,
      { type: 'ApplyPromotion', data: { code: 'SCHOOL10' }, metadata: meta() },
      { locale: 'en-us', userId },
    );
    await Promise.all([promo.saved, good.saved]);
    net.online = true;
    expect(await sync.flush()).toEqual({ sent: 3, complete: true });
    expect(notices).toEqual(['This promotion code is not active.']);
    expect(cart.state$.getValue().promotions.map((p) => p.code)).toEqual(['SCHOOL10']);
    sync.close();
  });

  it('shows another device’s changes after a pull', async () => {
    const cartId = randomUUID();
    const a = network();
    const b = network();
    a.state.online = true;
    b.state.online = true;
    const one = engine(`sync-a-${randomUUID()}`, a.transport, cartId);
    const two = engine(`sync-b-${randomUUID()}`, b.transport, cartId);
    await Promise.all([one.cart.ready, two.cart.ready]);
    const meta = () => ({ commandId: randomUUID(), now: new Date().toISOString() });
    await one.sync.dispatch(
      one.cart,
      { type: 'AddItem', data: { code: 'WRI3-KIT', quantity: 2 }, metadata: meta() },
      { locale: 'en-us', userId },
    ).saved;
    await one.sync.flush();
    await two.sync.pull(cartStreamId(cartId));
    expect(two.cart.state$.getValue().lines.map((l) => [l.code, l.quantity])).toEqual([
      ['WRI3-KIT', 2],
    ]);
    one.sync.close();
    two.sync.close();
  });

  it('shows once a command the server took whose answer was lost with its page, when the next page pulls first', async () => {
    const name = `sync-test-${randomUUID()}`;
    const cartId = randomUUID();
    const { state: net, transport } = network();
    const first = engine(name, transport, cartId);
    await first.cart.ready;
    const command: CartCommand = {
      type: 'AddItem',
      data: { code: 'WRI3-KIT', quantity: 2 },
      metadata: { commandId: randomUUID(), now: new Date().toISOString() },
    };
    await first.sync.dispatch(first.cart, command, { locale: 'en-us', userId }).saved;
    // The server takes it; its answer is lost as the page is left.
    net.online = true;
    net.loseAnswerOf = 1;
    expect(await first.sync.flush()).toEqual({ sent: 0, complete: false });
    first.sync.close();

    // The next page reads the stream from the server before it sends its outbox again.
    const second = engine(name, transport, cartId);
    await second.cart.ready;
    expect(second.cart.state$.getValue().lines.map((l) => [l.code, l.quantity])).toEqual([
      ['WRI3-KIT', 2],
    ]);
    net.online = true;
    await second.sync.pull(cartStreamId(cartId));
    expect(second.cart.state$.getValue().lines.map((l) => [l.code, l.quantity])).toEqual([
      ['WRI3-KIT', 2],
    ]);
    expect(await second.sync.db.outbox.count()).toBe(0);
    // Nothing is left to send: the server's one event is the command's.
    expect(await second.sync.flush()).toEqual({ sent: 0, complete: true });
    expect(net.pushes).toBe(1);
    second.sync.close();
  });

  it('lets one tab send at a time, and every tab sees every change', async () => {
    const name = `sync-tabs-${randomUUID()}`;
    const cartId = randomUUID();
    const { state: net, transport } = network();
    const locks = tabLocks();
    const tabs = { locks, channelName: `tabs-${randomUUID()}` };
    const one = engine(name, transport, cartId, undefined, tabs);
    const two = engine(name, transport, cartId, undefined, tabs);
    await Promise.all([one.cart.ready, two.cart.ready]);
    const meta = () => ({ commandId: randomUUID(), now: new Date().toISOString() });
    await one.sync.dispatch(
      one.cart,
      { type: 'AddItem', data: { code: 'WRI3-KIT', quantity: 1 }, metadata: meta() },
      { locale: 'en-us', userId },
    ).saved;
    await two.sync.dispatch(
      two.cart,
      { type: 'AddItem', data: { code: 'WRI3-RF25', quantity: 3 }, metadata: meta() },
      { locale: 'en-us', userId },
    ).saved;
    // Each tab shows the other's change (BroadcastChannel, then the database).
    const both = [
      ['WRI3-KIT', 1],
      ['WRI3-RF25', 3],
    ];
    const lines = (open: typeof one.cart) =>
      open.state$.getValue().lines.map((l) => [l.code, l.quantity]);
    await expect.poll(() => lines(one.cart), { timeout: 2_000 }).toEqual(both);
    await expect.poll(() => lines(two.cart), { timeout: 2_000 }).toEqual(both);

    // Both flush at once: the tab without the lock sends nothing; the other sends all.
    net.online = true;
    const [first, second] = await Promise.all([one.sync.flush(), two.sync.flush()]);
    expect([first, second]).toEqual([
      { sent: 2, complete: true },
      { sent: 0, complete: true, elsewhere: true },
    ]);
    const server = await app.inject({ url: `/api/carts/${cartId}`, headers: { cookie } });
    const stored = server.json<{ events: StoredEvent<CartEvent>[] }>();
    expect(new Set(stored.events.map((e) => e.commandId)).size).toBe(2);
    await expect.poll(() => two.cart.stream.pending.length, { timeout: 2_000 }).toBe(0);
    // The tab that did not send also counts nothing waiting any more.
    await expect.poll(() => two.sync.queued$.getValue(), { timeout: 2_000 }).toBe(0);
    expect(lines(two.cart)).toEqual(both);
    one.sync.close();
    two.sync.close();
  });

  it("keeps a user's queued commands through a sign-out and sends them when they are back", async () => {
    const name = `sync-test-${randomUUID()}`;
    const cartId = randomUUID();
    const { state: net, transport } = network();
    let signedIn: string | null = userId;
    const { sync, cart } = engine(name, transport, cartId, () => signedIn);
    await cart.ready;
    const code = [...products.values()].find(
      (p) => p.soldOnline && p.orderableOnline && p.stock !== 0 && p.minOrderQuantity === null,
    )?.code;
    const commandId = randomUUID();
    await sync.dispatch(
      cart,
      {
        type: 'AddItem',
        data: { code: code ?? '', quantity: 2 },
        metadata: { commandId, now: new Date().toISOString() },
      },
      { locale: 'en-us', userId },
    ).saved;
    // Signed out, online: the command is not sent as someone else, and not dropped.
    signedIn = null;
    net.online = true;
    expect(await sync.flush()).toEqual({ sent: 0, complete: true });
    expect(await sync.db.outbox.count()).toBe(1);
    expect(net.pushes).toBe(0);
    // Back: it goes.
    signedIn = userId;
    expect(await sync.flush()).toEqual({ sent: 1, complete: true });
    expect(await sync.db.outbox.count()).toBe(0);
    expect(cart.state$.getValue().lines.map((l) => [l.code, l.quantity])).toEqual([[code, 2]]);
    sync.close();
  });

  it('never jams: a poison command at the head is dropped or set aside, and the ones behind it go', async () => {
    const cartId = randomUUID();
    const { state: net, transport } = network();
    let now = Date.parse('2026-11-23T10:00:00Z');
    const { sync, cart } = engine(
      `sync-poison-${randomUUID()}`,
      transport,
      cartId,
      undefined,
      undefined,
      {
        clock: () => now,
      },
    );
    await cart.ready;
    const notices: string[] = [];
    sync.notices$.subscribe((n) => notices.push(n.message.id));
    const codes = [...products.values()]
      .filter(isPlainlyOrderable)
      .slice(0, 5)
      .map((p) => p.code);
    const ids: string[] = [];
    for (const code of codes) {
      const commandId = randomUUID();
      ids.push(commandId);
      await sync.dispatch(
        cart,
        {
          type: 'AddItem',
          data: { code, quantity: 1 },
          metadata: { commandId, now: new Date(now).toISOString() },
        },
        { locale: 'en-us', userId },
      ).saved;
    }
    const [refused, good1, failing, good2, good3] = ids;
    // The server refuses the first for good (400) and fails on the third (500) every time.
    net.failWith.set(refused ?? '', 400);
    net.failWith.set(failing ?? '', 500);
    net.online = true;
    // The refused one leaves the queue; the one behind it goes; the failing one pauses, and
    // the commands of its cart behind it keep their order for its first tries.
    expect(await sync.flush()).toEqual({ sent: 2, complete: true });
    expect(notices).toEqual(['cart.items-need-update']);
    const onServer = async () => {
      const response = await app.inject({ url: `/api/carts/${cartId}`, headers: { cookie } });
      return new Set(
        response.json<{ events: StoredEvent<CartEvent>[] }>().events.map((e) => e.commandId),
      );
    };
    expect(await onServer()).toEqual(new Set([good1]));
    // The failing one is retried after a pause, longer each time, then set aside: kept and counted.
    for (let attempt = 2; attempt <= 6; attempt += 1) {
      now += 10 * 60_000;
      await sync.flush();
    }
    await expect.poll(() => sync.setAside$.getValue()).toBe(1);
    expect(sync.queued$.getValue()).toBe(3);
    // Set aside, it holds nothing back: the rest go.
    now += 60 * 60_000;
    expect(await sync.flush()).toEqual({ sent: 2, complete: true });
    expect(await onServer()).toEqual(new Set([good1, good2, good3]));
    expect(await sync.db.outbox.count()).toBe(1);
    // The buyer tries again once the server is well: it goes.
    net.failWith.clear();
    await sync.retrySetAside();
    expect(await sync.flush()).toEqual({ sent: 1, complete: true });
    expect(await onServer()).toEqual(new Set([good1, good2, good3, failing]));
    expect(sync.setAside$.getValue()).toBe(0);
    expect(cart.state$.getValue().lines).toHaveLength(4);
    sync.close();
  });

  it("never writes a user's change under another session: an ended one gets 401 and the change waits", async () => {
    const cartId = randomUUID();
    const { state: net, transport } = network();
    const { sync, cart } = engine(`sync-ended-${randomUUID()}`, transport, cartId);
    await cart.ready;
    const refusedFor: (string | null)[] = [];
    sync.unauthorized$.subscribe((who) => refusedFor.push(who));
    const code = [...products.values()].find(
      (p) => p.soldOnline && p.orderableOnline && p.stock !== 0 && p.minOrderQuantity === null,
    )?.code;
    await sync.dispatch(
      cart,
      {
        type: 'AddItem',
        data: { code: code ?? '', quantity: 1 },
        metadata: { commandId: randomUUID(), now: new Date().toISOString() },
      },
      { locale: 'en-us', userId },
    ).saved;
    // The session ended on the server (the browser does not know yet).
    const valid = cookie;
    cookie = `${SESSION_COOKIE}=ended-session-0000`;
    net.online = true;
    expect(await sync.flush()).toEqual({ sent: 0, complete: false });
    expect(refusedFor).toEqual([userId]);
    expect(await sync.db.outbox.count()).toBe(1);
    cookie = valid;
    // Nothing was written, under a visitor cookie or otherwise.
    expect(
      (await app.inject({ url: `/api/carts/${cartId}`, headers: { cookie } })).statusCode,
    ).toBe(404);
    // Signed in again as the same buyer: it goes.
    expect(await sync.flush()).toEqual({ sent: 1, complete: true });
    expect(cart.state$.getValue().lines.map((l) => [l.code, l.quantity])).toEqual([[code, 1]]);
    sync.close();
  });

  it('loses no command shown on a page that was left before its write finished', async () => {
    const cartId = randomUUID();
    const { state: net, transport } = network();
    // The first page's log: the page is gone before its write finished, so nothing is
    // taken off it; the write itself went to a database the next page never sees.
    const kept: PendingRecord[] = [];
    const cutOff: PendingLog = {
      add: (record) => {
        kept.push(structuredClone(record));
      },
      remove: () => undefined,
      all: () => [...kept],
    };
    const first = engine(`sync-test-${randomUUID()}`, transport, cartId, undefined, undefined, {
      pending: cutOff,
    });
    await first.cart.ready;
    const commandId = randomUUID();
    await first.sync.dispatch(
      first.cart,
      {
        type: 'AddItem',
        data: { code: 'WRI3-KIT', quantity: 2 },
        metadata: { commandId, now: new Date().toISOString() },
      },
      { locale: 'en-us', userId },
    ).saved;
    expect(kept.map((r) => r.entry.commandId)).toEqual([commandId]);

    // The next page (of the tab or another) finds it, shows it and queues it once, even if
    // found twice.
    const name = `sync-test-${randomUUID()}`;
    const next = engine(name, transport, cartId, undefined, undefined, {
      pending: memoryPendingLog(structuredClone(kept)),
    });
    await next.cart.ready;
    expect(next.cart.state$.getValue().lines.map((l) => [l.code, l.quantity])).toEqual([
      ['WRI3-KIT', 2],
    ]);
    const again = engine(name, transport, cartId, undefined, undefined, {
      pending: memoryPendingLog(structuredClone(kept)),
    });
    await again.cart.ready;
    expect(await again.sync.db.outbox.count()).toBe(1);

    // The first page had not gone after all: its own write, finishing after another page put
    // the command in the outbox, keeps the one copy and fails nothing.
    const late = engine(name, transport, cartId, undefined, undefined, {
      pending: memoryPendingLog(),
    });
    await late.cart.ready;
    const [record] = kept;
    if (!record) throw new Error('no record kept');
    await late.sync.db.transaction('rw', late.sync.db.outbox, async () => {
      const stored = await late.sync.db.outbox.where('commandId').equals(commandId).first();
      expect(stored?.command).toEqual(record.entry.command);
    });
    await late.sync.dispatch(late.cart, record.entry.command as CartCommand, {
      locale: 'en-us',
      userId,
    }).saved;
    expect(await late.sync.db.outbox.where('commandId').equals(commandId).count()).toBe(1);

    // Sent by both pages: the server takes it once.
    net.online = true;
    await first.sync.flush();
    await again.sync.flush();
    const stored = await t.database.db
      .select()
      .from(commands)
      .where(eq(commands.commandId, commandId));
    expect(stored).toHaveLength(1);
    const pulled = await app.inject({
      url: `/api/carts/${cartId}?after=0`,
      headers: { cookie },
    });
    const lines = replay(
      cartDecider,
      pulled.json<{ events: StoredEvent<CartEvent>[] }>().events.map((e) => e.event),
    ).lines;
    expect(lines.map((l) => [l.code, l.quantity])).toEqual([['WRI3-KIT', 2]]);
  });

  it('registers a background sync for changes queued offline; the sync event, the page and a second tab all asking to send apply each change once', async () => {
    const name = `sync-background-${randomUUID()}`;
    const cartId = randomUUID();
    const { state: net, transport } = network();
    // The browser's Background Sync as each tab sees it: the syncs registered, and the
    // tabs' answers to the service worker (what its sync event asks of every open page).
    const registered: string[] = [];
    const answering = new Map<string, () => Promise<FlushResult>>();
    const backgroundSync = (tab: string): BackgroundSyncLike => ({
      request: () => registered.push(tab),
      onFlushRequest: (send) => {
        answering.set(tab, send);
        return () => answering.delete(tab);
      },
    });
    const syncEvent = async () =>
      syncOutcome(
        (await Promise.all([...answering.values()].map((send) => send()))).map(flushAnswer),
      );
    const tabs = { locks: tabLocks(), channelName: `tabs-${randomUUID()}` };
    const online = () => net.online;
    const one = engine(name, transport, cartId, undefined, tabs, {
      online,
      backgroundSync: backgroundSync('one'),
    });
    const two = engine(name, transport, cartId, undefined, tabs, {
      online,
      backgroundSync: backgroundSync('two'),
    });
    await Promise.all([one.cart.ready, two.cart.ready]);
    one.sync.start();
    two.sync.start();
    expect([...answering.keys()].sort()).toEqual(['one', 'two']);

    // Offline: each change queued registers a sync.
    const meta = () => ({ commandId: randomUUID(), now: new Date().toISOString() });
    await one.sync.dispatch(
      one.cart,
      { type: 'AddItem', data: { code: 'WRI3-KIT', quantity: 1 }, metadata: meta() },
      { locale: 'en-us', userId },
    ).saved;
    expect(registered).toContain('one');
    await two.sync.dispatch(
      two.cart,
      { type: 'AddItem', data: { code: 'WRI3-RF25', quantity: 3 }, metadata: meta() },
      { locale: 'en-us', userId },
    ).saved;
    expect(registered).toContain('two');
    // Still offline, the sync event finds nothing can go: the browser fires it again later.
    expect(await syncEvent()).toBe('retry');

    // Back online, but the answer to the first push is lost (the server did apply it): the
    // event fails, a sync is registered again (offline once more), and the next event sends.
    net.online = true;
    net.loseAnswerOf = net.pushes + 1;
    registered.length = 0;
    expect(await syncEvent()).toBe('retry');
    expect(registered.length).toBeGreaterThan(0);
    net.online = true;
    // The sync event, and the page's own trigger at the same moment.
    const [outcome, own] = await Promise.all([syncEvent(), one.sync.flush()]);
    expect(outcome).toBe('done');
    expect(own.complete).toBe(true);

    // Online, a change registers no sync (one would fire at once): the page sends it itself.
    registered.length = 0;
    await one.sync.dispatch(
      one.cart,
      { type: 'ChangeQuantity', data: { code: 'WRI3-KIT', quantity: 2 }, metadata: meta() },
      { locale: 'en-us', userId },
    ).saved;
    expect(registered).toEqual([]);
    await expect.poll(() => one.sync.db.outbox.count(), { timeout: 5_000 }).toBe(0);

    const server = await app.inject({ url: `/api/carts/${cartId}`, headers: { cookie } });
    const stored = server.json<{ events: StoredEvent<CartEvent>[] }>();
    const serverState = replay(
      cartDecider,
      stored.events.map((e) => e.event),
    );
    expect(serverState.lines.map((l) => [l.code, l.quantity])).toEqual([
      ['WRI3-KIT', 2],
      ['WRI3-RF25', 3],
    ]);
    const answered = await t.database.db
      .select()
      .from(commands)
      .where(eq(commands.streamId, `cart:${cartId}`));
    expect(answered).toHaveLength(3);
    one.sync.close();
    two.sync.close();
    expect(answering.size).toBe(0);
  });
});
