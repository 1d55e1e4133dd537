/**
 * The sync endpoint on PGlite and PostgreSQL: carts of visitors and users, the server's
 * prices and stock, rejections in the spec's words, retries answered the same, catching up
 * from an old version, ownership (404 for anyone else), concurrent commands, snapshots, and
 * saved carts.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CartCommand } from '../../../../../domain/cart/commands';
import { cartDecider } from '../../../../../domain/cart/decide';
import type { CartEvent } from '../../../../../domain/cart/events';
import { replay } from '../../../../../domain/shared/decider';
import type { PushResponse } from '../../../../../domain/sync/protocol';
import { buildTestApp } from '../../../../../tests/support/app';
import { testDatabaseTargets, type TestDatabase } from '../../../../../tests/support/databases';
import { seedDemoUsers } from '../../../auth/demo-users';
import { findUserWithPassword } from '../../../auth/users';
import { createWebSession, SESSION_COOKIE } from '../../../auth/web-sessions';
import { listPriceMinor, seedProducts, STORE_RATES } from '../../../db/catalog-seed';
import { streams, syncClients } from '../../../db/schema';
import { seedIfEmpty } from '../../../db/seed';
import { VISITOR_COOKIE } from './index';

const seeded = seedProducts();
const kit = seeded.find((p) => p.code === 'WRI3-KIT');
const scarce = seeded.find(
  (p) =>
    p.format === 'physical-kit' &&
    p.stock !== null &&
    p.stock > 0 &&
    p.stock < 100 &&
    p.soldOnline &&
    p.orderableOnline &&
    !p.preOrder &&
    p.maxOrderQuantity === null,
);
const notSold = seeded.find((p) => !p.soldOnline);

type Cmd = Pick<CartCommand, 'type' | 'data'>;

describe.each(testDatabaseTargets())('cart sync on $kind', (target) => {
  let t: TestDatabase;
  let app: FastifyInstance;
  const session: Record<'dana' | 'sam', string> = { dana: '', sam: '' };

  beforeAll(async () => {
    t = await target.open();
    app = await buildTestApp(t.database);
    await seedIfEmpty(t.database.db);
    await seedDemoUsers(t.database.db);
    for (const [who, email] of [
      ['dana', 'dana.reyes@demo.example'],
      ['sam', 'sam.okafor@demo.example'],
    ] as const) {
      const user = await findUserWithPassword(t.database.db, email);
      const created = await createWebSession(t.database.db, user?.id ?? '', null, new Date());
      session[who] = `${SESSION_COOKIE}=${created.id}`;
    }
  });

  afterAll(async () => {
    await app.close();
    await t.dispose();
  });

  let seq = 0;
  function push(
    cartId: string,
    command: Cmd,
    options: {
      cookie?: string;
      clientId?: string;
      commandId?: string;
      expectedVersion?: number;
      locale?: string;
      /** The instance the command goes to (another app on the same database). */
      server?: FastifyInstance;
    } = {},
  ): Promise<LightMyRequestResponse> {
    seq += 1;
    const commandId = options.commandId ?? randomUUID();
    return (options.server ?? app).inject({
      method: 'POST',
      url: `/api/carts/${cartId}/commands?locale=${options.locale ?? 'en-us'}`,
      headers: options.cookie ? { cookie: options.cookie } : {},
      payload: {
        clientId: options.clientId ?? 'client-0001',
        seq,
        commandId,
        expectedVersion: options.expectedVersion ?? 0,
        command: { ...command, metadata: { commandId, now: '2020-01-01T00:00:00.000Z' } },
      },
    });
  }

  function visitorCookie(response: LightMyRequestResponse): string {
    const cookie = response.cookies.find((c) => c.name === VISITOR_COOKIE);
    if (!cookie) throw new Error('no visitor cookie');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/api' });
    return `${VISITOR_COOKIE}=${cookie.value}`;
  }

  it('gives a visitor a cart priced by the store, and nobody else can see it', async () => {
    const cartId = randomUUID();
    const first = await push(
      cartId,
      { type: 'AddItem', data: { code: 'wri3-kit', quantity: 2 } },
      { locale: 'en-gb' },
    );
    expect(first.statusCode, first.body).toBe(200);
    const cookie = visitorCookie(first);
    const body = first.json<PushResponse<CartEvent>>();
    expect(body).toMatchObject({ status: 'confirmed', version: 2 });
    expect(body.events.map((e) => [e.version, e.event.type])).toEqual([
      [1, 'CartCreated'],
      [2, 'CartItemAdded'],
    ]);
    const added = body.events[1]?.event;
    expect(added?.type === 'CartItemAdded' && added.data.line.unitPriceMinor).toBe(
      listPriceMinor(kit?.usd ?? 0, STORE_RATES['ukassessments'] ?? 0),
    );
    expect(body.events[0]?.event).toMatchObject({
      data: { storeId: 'ukassessments', currency: 'GBP' },
    });

    const mine = await app.inject({ url: `/api/carts/${cartId}`, headers: { cookie } });
    expect(mine.statusCode).toBe(200);
    expect(mine.json()).toMatchObject({ version: 2 });
    expect((await app.inject(`/api/carts/${cartId}`)).statusCode).toBe(404);
    const other = visitorCookie(
      await push(randomUUID(), { type: 'RemoveItem', data: { code: 'X' } }),
    );
    expect(
      (await app.inject({ url: `/api/carts/${cartId}`, headers: { cookie: other } })).statusCode,
    ).toBe(404);
    const hijack = await push(
      cartId,
      { type: 'AddItem', data: { code: 'WRI3-KIT', quantity: 1 } },
      { cookie: other },
    );
    expect(hijack.statusCode).toBe(404);
    expect(
      (await app.inject({ url: `/api/carts/${cartId}`, headers: { cookie: session.dana } }))
        .statusCode,
    ).toBe(404);
  });

  it('answers a retried command the same way, storing its events once', async () => {
    const cartId = randomUUID();
    const commandId = randomUUID();
    const first = await push(
      cartId,
      { type: 'AddItem', data: { code: 'WRI3-RF25', quantity: 1 } },
      { commandId, cookie: session.dana },
    );
    const again = await push(
      cartId,
      { type: 'AddItem', data: { code: 'WRI3-RF25', quantity: 1 } },
      { commandId, cookie: session.dana },
    );
    expect(again.json()).toEqual(first.json());
    const stream = await app.inject({
      url: `/api/carts/${cartId}`,
      headers: { cookie: session.dana },
    });
    expect(stream.json<{ version: number }>().version).toBe(2);
  });

  it('rejects in the spec’s words, keeps the version, and still advances the client', async () => {
    const cartId = randomUUID();
    const clientId = `client-${randomUUID()}`;
    await push(
      cartId,
      { type: 'AddItem', data: { code: 'WRI3-KIT', quantity: 1 } },
      { cookie: session.dana, clientId },
    );
    const rejected = await push(
      cartId,
      { type: 'AddItem', data: { code: notSold?.code ?? '', quantity: 1 } },
      { cookie: session.dana, clientId, expectedVersion: 2 },
    );
    expect(rejected.json()).toEqual({
      status: 'rejected',
      commandId: expect.any(String) as unknown,
      version: 2,
      events: [],
      code: 'cart.not-sold-online',
      message: {
        id: 'validation.quick-order.not-sold-online',
        message: 'Product {code} is not sold online.',
        values: { code: notSold?.code },
      },
    });
    const [client] = await t.database.db
      .select()
      .from(syncClients)
      .where(eq(syncClients.clientId, clientId));
    expect(client?.lastSeq).toBe(seq);
  });

  it('lowers a quantity above the stock, with old and new quantity (SPEC 8)', async () => {
    if (!scarce?.stock) throw new Error('the seed has no scarce kit');
    const response = await push(
      randomUUID(),
      { type: 'AddItem', data: { code: scarce.code, quantity: scarce.stock + 5 } },
      { cookie: session.dana },
    );
    const events = response.json<PushResponse<CartEvent>>().events.map((e) => e.event);
    expect(events.at(-1)).toEqual({
      type: 'CartItemQuantityReduced',
      v: 1,
      data: {
        code: scarce.code,
        oldQuantity: scarce.stock + 5,
        newQuantity: scarce.stock,
        reason: 'insufficient-stock',
      },
    });
  });

  it('sends a client that was behind every event it missed', async () => {
    const cartId = randomUUID();
    await push(
      cartId,
      { type: 'AddItem', data: { code: 'WRI3-KIT', quantity: 1 } },
      { cookie: session.dana, clientId: 'device-aaaa' },
    );
    const fromOther = await push(
      cartId,
      { type: 'AddItem', data: { code: 'HMA2-KIT', quantity: 1 } },
      { cookie: session.dana, clientId: 'device-bbbb', expectedVersion: 0 },
    );
    const body = fromOther.json<PushResponse<CartEvent>>();
    expect(body.events.map((e) => e.version)).toEqual([1, 2, 3]);
    const after = await app.inject({
      url: `/api/carts/${cartId}?after=2`,
      headers: { cookie: session.dana },
    });
    expect(after.json<{ events: { version: number }[] }>().events.map((e) => e.version)).toEqual([
      3,
    ]);
  });

  it('keeps a visitor cart the visitor’s when it is sent while someone is signed in', async () => {
    const cartId = randomUUID();
    const commandId = randomUUID();
    const first = await app.inject({
      method: 'POST',
      url: `/api/carts/${cartId}/commands?locale=en-us&as=visitor`,
      headers: { cookie: session.dana },
      payload: {
        clientId: 'client-visitor-cart',
        seq: 1,
        commandId,
        expectedVersion: 0,
        command: {
          type: 'AddItem',
          data: { code: 'WRI3-KIT', quantity: 1 },
          metadata: { commandId, now: '2026-01-01T00:00:00Z' },
        },
      },
    });
    expect(first.statusCode, first.body).toBe(200);
    const visitor = visitorCookie(first);
    // Signed out, the same browser (its visitor cookie) still has the cart; the user does not.
    expect(
      (await app.inject({ url: `/api/carts/${cartId}`, headers: { cookie: visitor } })).statusCode,
    ).toBe(200);
    expect(
      (await app.inject({ url: `/api/carts/${cartId}`, headers: { cookie: session.dana } }))
        .statusCode,
    ).toBe(404);
  });

  it('keeps a user’s cart to the user and finds their latest cart in a store', async () => {
    const cartId = randomUUID();
    await push(
      cartId,
      { type: 'AddItem', data: { code: 'WRI3-KIT', quantity: 1 } },
      { cookie: session.sam, locale: 'en-au' },
    );
    const current = await app.inject({
      url: '/api/carts/current?locale=en-au',
      headers: { cookie: session.sam },
    });
    // Created, priced for Sam's only account, and the line.
    expect(current.json()).toEqual({ cartId, version: 3 });
    expect(
      (await app.inject({ url: `/api/carts/${cartId}`, headers: { cookie: session.dana } }))
        .statusCode,
    ).toBe(404);
    const intrusion = await push(
      cartId,
      { type: 'ClearCart', data: { reason: 'emptied' } },
      { cookie: session.dana, locale: 'en-au' },
    );
    expect(intrusion.statusCode).toBe(404);
    expect((await app.inject('/api/carts/current?locale=en-au')).statusCode).toBe(401);
  });

  it('prices a cart for an account of the caller’s only, with its discount (SPEC 4.7)', async () => {
    const accountsOf = async (cookie: string) =>
      (await app.inject({ url: '/api/me/accounts', headers: { cookie } })).json<{
        items: { id: string; accountNumber: string }[];
      }>().items;
    const lakeshore = (await accountsOf(session.dana)).find((a) => a.accountNumber === '7310');
    const riverside = (await accountsOf(session.sam)).find((a) => a.accountNumber === '4821');
    if (!lakeshore || !riverside) throw new Error('demo accounts missing');

    // Dana has two accounts: her new cart waits for her choice.
    const cartId = randomUUID();
    const first = await push(
      cartId,
      { type: 'AddItem', data: { code: 'WRI3-KIT', quantity: 1 } },
      { cookie: session.dana },
    );
    expect(first.json<PushResponse<CartEvent>>().events.map((e) => e.event.type)).toEqual([
      'CartCreated',
      'CartItemAdded',
    ]);
    const chosen = await push(
      cartId,
      { type: 'ChooseAccount', data: { accountId: lakeshore.id } },
      { cookie: session.dana, expectedVersion: 2 },
    );
    const body = chosen.json<PushResponse<CartEvent>>();
    expect(body.status).toBe('confirmed');
    const event = body.events[0]?.event;
    expect(event?.type === 'CartAccountChosen' && event.data.account).toMatchObject({
      id: lakeshore.id,
      number: '7310',
      type: 'ORGANIZATION',
      discounts: [{ programme: 'UAP', status: 'UAP_APPLIED', basisPoints: 2000 }],
    });

    // Someone else's account reads as not found, and changes nothing.
    const intrusion = await push(
      cartId,
      { type: 'ChooseAccount', data: { accountId: riverside.id } },
      { cookie: session.dana, expectedVersion: 3 },
    );
    expect(intrusion.json()).toMatchObject({
      status: 'rejected',
      code: 'cart.account-not-found',
      message: { message: 'This account is not found' },
      version: 3,
    });

    // A visitor has no accounts.
    const visitorCart = randomUUID();
    const visitor = visitorCookie(
      await push(visitorCart, { type: 'AddItem', data: { code: 'WRI3-KIT', quantity: 1 } }),
    );
    expect(
      (
        await push(
          visitorCart,
          { type: 'ChooseAccount', data: { accountId: lakeshore.id } },
          { cookie: visitor, expectedVersion: 2 },
        )
      ).json(),
    ).toMatchObject({ status: 'rejected', code: 'cart.account-not-found' });
  });

  it('queues concurrent commands on one cart without losing or repeating any', async () => {
    const cartId = randomUUID();
    const codes = seeded
      .filter(
        (p) => p.soldOnline && p.orderableOnline && p.stock !== 0 && p.minOrderQuantity === null,
      )
      .slice(0, 20)
      .map((p) => p.code);
    const answers = await Promise.all(
      codes.map((code, i) =>
        push(
          cartId,
          { type: 'AddItem', data: { code, quantity: 1 } },
          { cookie: session.dana, clientId: i % 2 ? 'tab-one-0001' : 'tab-two-0002' },
        ),
      ),
    );
    expect(answers.every((a) => a.json<{ status: string }>().status === 'confirmed')).toBe(true);
    const stream = await app.inject({
      url: `/api/carts/${cartId}`,
      headers: { cookie: session.dana },
    });
    const { events } = stream.json<{ events: { version: number; event: CartEvent }[] }>();
    expect(events.map((e) => e.version)).toEqual(events.map((_, i) => i + 1));
    const state = replay(
      cartDecider,
      events.map((e) => e.event),
    );
    expect(state.lines.map((l) => l.code).sort()).toEqual([...codes].sort());
  });

  it('keeps two instances with their own memory in step, and applies a command sent to both once', async () => {
    const cartId = randomUUID();
    const second = await buildTestApp(t.database);
    const via = (server: FastifyInstance, quantity: number, commandId = randomUUID()) =>
      server.inject({
        method: 'POST',
        url: `/api/carts/${cartId}/commands?locale=en-us`,
        headers: { cookie: session.dana },
        payload: {
          clientId: 'client-two-instances',
          seq: 1,
          commandId,
          expectedVersion: 0,
          command: {
            type: 'AddItem',
            data: { code: 'WRI3-RF25', quantity },
            metadata: { commandId, now: '2026-01-01T00:00:00Z' },
          },
        },
      });
    try {
      // Each instance's memory of the cart is stale after the other one writes.
      for (let i = 0; i < 6; i += 1) {
        const answer = await via(i % 2 ? second : app, 1);
        expect(answer.json<{ status: string }>().status, answer.body).toBe('confirmed');
      }
      // One command sent to both instances at once, twice each (a retry racing the original).
      const commandId = randomUUID();
      const answers = await Promise.all(
        [app, second, app, second].map((server) => via(server, 10, commandId)),
      );
      for (const answer of answers) {
        expect(answer.json<{ status: string }>().status, answer.body).toBe('confirmed');
      }
      const all = await app.inject({
        url: `/api/carts/${cartId}`,
        headers: { cookie: session.dana },
      });
      const { events } = all.json<{
        events: { version: number; commandId: string; event: CartEvent }[];
      }>();
      expect(events.map((e) => e.version)).toEqual(events.map((_, i) => i + 1));
      expect(events.filter((e) => e.commandId === commandId)).toHaveLength(1);
      const state = replay(
        cartDecider,
        events.map((e) => e.event),
      );
      expect(state.lines[0]?.quantity).toBe(16);
    } finally {
      await second.close();
    }
  });

  it('makes a new cart once when two instances take its first commands at the same time', async () => {
    const second = await buildTestApp(t.database);
    const first = (server: FastifyInstance, cartId: string, cookie: string, clientId: string) =>
      push(
        cartId,
        { type: 'AddItem', data: { code: 'WRI3-RF25', quantity: 1 } },
        {
          server,
          cookie,
          clientId,
        },
      );
    try {
      // The same buyer on both: both commands apply, one after the other.
      const shared = randomUUID();
      const both = await Promise.all([
        first(app, shared, session.dana, 'client-new-cart-a'),
        first(second, shared, session.dana, 'client-new-cart-b'),
      ]);
      for (const answer of both) {
        expect(answer.json<{ status: string }>().status, answer.body).toBe('confirmed');
      }
      const all = await app.inject({
        url: `/api/carts/${shared}`,
        headers: { cookie: session.dana },
      });
      const { events } = all.json<{ events: { version: number; event: CartEvent }[] }>();
      expect(events.map((e) => e.version)).toEqual(events.map((_, n) => n + 1));
      const state = replay(
        cartDecider,
        events.map((e) => e.event),
      );
      expect(state.lines[0]?.quantity).toBe(2);
      // Two buyers naming the same new id: one has the cart, the other is told it does not exist.
      const contested = randomUUID();
      const answers = await Promise.all([
        first(app, contested, session.dana, 'client-contested-a'),
        first(second, contested, session.sam, 'client-contested-b'),
      ]);
      expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 404]);
      const [owned] = await t.database.db
        .select()
        .from(streams)
        .where(eq(streams.streamId, `cart:${contested}`));
      expect(owned?.version).toBeGreaterThan(0);
    } finally {
      await second.close();
    }
  });

  it('snapshots every 100 events and reads the same state through the snapshot', async () => {
    const cartId = randomUUID();
    for (let i = 0; i < 105; i += 1) {
      const quantity = (i % 5) + 1;
      await push(
        cartId,
        {
          type: i === 0 ? 'AddItem' : 'ChangeQuantity',
          data: { code: 'WRI3-RF25', quantity: i === 0 ? 1 : quantity === 1 ? 6 : quantity },
        },
        { cookie: session.dana, expectedVersion: i },
      );
    }
    const [row] = await t.database.db
      .select()
      .from(streams)
      .where(eq(streams.streamId, `cart:${cartId}`));
    expect(row?.snapshotVersion).toBe(100);
    // A second instance has no cached state: it reads the snapshot and the tail.
    const second = await buildTestApp(t.database);
    try {
      const next = await second.inject({
        method: 'POST',
        url: `/api/carts/${cartId}/commands?locale=en-us`,
        headers: { cookie: session.dana },
        payload: {
          clientId: 'client-9999',
          seq: 1,
          commandId: randomUUID(),
          expectedVersion: row?.version ?? 0,
          command: {
            type: 'AddItem',
            data: { code: 'WRI3-RF25', quantity: 1 },
            metadata: { commandId: randomUUID(), now: '2026-01-01T00:00:00Z' },
          },
        },
      });
      const body = next.json<PushResponse<CartEvent>>();
      const all = await second.inject({
        url: `/api/carts/${cartId}`,
        headers: { cookie: session.dana },
      });
      const state = replay(
        cartDecider,
        all.json<{ events: { event: CartEvent }[] }>().events.map((e) => e.event),
      );
      const change = body.events.at(-1)?.event;
      expect(change?.type === 'CartItemQuantityChanged' && change.data.previousQuantity).toBe(
        (state.lines[0]?.quantity ?? 0) - 1,
      );
    } finally {
      await second.close();
    }
  });

  it('refuses malformed commands with 400', async () => {
    const bad = await app.inject({
      method: 'POST',
      url: `/api/carts/${randomUUID()}/commands?locale=en-us`,
      payload: {
        clientId: 'client-0001',
        seq: 1,
        commandId: randomUUID(),
        expectedVersion: 0,
        command: { type: 'DropTable', data: {} },
      },
    });
    expect(bad.statusCode).toBe(400);
    const noLocale = await app.inject({
      method: 'POST',
      url: `/api/carts/${randomUUID()}/commands`,
      payload: {},
    });
    expect(noLocale.statusCode).toBe(400);
  });

  it('keeps saved carts per signed-in user', async () => {
    const save = (cookie: string | undefined, name: string, savedCartId = randomUUID()) =>
      app.inject({
        method: 'POST',
        url: '/api/saved-carts/commands',
        headers: cookie ? { cookie } : {},
        payload: {
          clientId: 'client-0001',
          seq: 1,
          commandId: randomUUID(),
          expectedVersion: 0,
          command: {
            type: 'SaveCart',
            data: {
              savedCartId,
              name,
              lines: [{ code: 'WRI3-KIT', name: 'Kit', programName: 'Westbrook', quantity: 1 }],
            },
            metadata: { commandId: randomUUID(), now: '2026-01-01T00:00:00Z' },
          },
        },
      });
    expect((await save(undefined, 'Spring')).statusCode).toBe(401);
    expect((await save(session.sam, 'Spring order')).json()).toMatchObject({ status: 'confirmed' });
    expect((await save(session.sam, 'Kits & forms')).json()).toMatchObject({
      status: 'rejected',
      code: 'saved-cart.name-alphanumeric',
    });
    const list = await app.inject({ url: '/api/saved-carts', headers: { cookie: session.sam } });
    expect(list.json<{ events: unknown[] }>().events).toHaveLength(1);
    const danas = await app.inject({ url: '/api/saved-carts', headers: { cookie: session.dana } });
    expect(danas.json()).toEqual({ version: 0, events: [] });
  });
});
