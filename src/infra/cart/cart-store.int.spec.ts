/**
 * The cart store with fake-indexeddb against the real server (app.inject on PGlite): a
 * quick order draft and saved carts made offline survive a restart (a new store on the
 * same database), and reach the server once online.
 */
import 'fake-indexeddb/auto';
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { filter, firstValueFrom } from 'rxjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cartDecider } from '../../../domain/cart/decide';
import type { CartEvent } from '../../../domain/cart/events';
import type { CartProduct } from '../../../domain/cart/context';
import type { CatalogIndex } from '../../../domain/catalog/catalog';
import type { SavedCartEvent, SavedCartsState } from '../../../domain/saved-cart/saved-carts';
import { evolveSavedCarts } from '../../../domain/saved-cart/saved-carts';
import { replay } from '../../../domain/shared/decider';
import { STREAM_REGISTRY } from '../../../domain/registry';
import type { StoredEvent } from '../../../domain/sync/protocol';
import { storefrontFor } from '../../../domain/storefront/storefronts';
import { seedDemoUsers } from '../../../server/src/auth/demo-users';
import { findUserWithPassword } from '../../../server/src/auth/users';
import { createWebSession, SESSION_COOKIE } from '../../../server/src/auth/web-sessions';
import { seedIfEmpty } from '../../../server/src/db/seed';
import { buildTestApp } from '../../../tests/support/app';
import { testDatabaseTargets, type TestDatabase } from '../../../tests/support/databases';
import type { SignedInUser } from '../session';
import { openLocalDb } from '../sync/local-db';
import { SyncEngine } from '../sync/sync-engine';
import { injectNetwork, isPlainlyOrderable } from '../sync/test-doubles';
import type { SyncTransport } from '../sync/transport';
import { CartStore } from './cart-store';
import { cartProductOf } from './cart-stream';

const [pglite] = testDatabaseTargets();
const storefront = storefrontFor('en-us');

describe('cart store with the real server', () => {
  let t: TestDatabase;
  let app: FastifyInstance;
  let cookie = '';
  let dana: SignedInUser;
  const products: CartProduct[] = [];

  beforeAll(async () => {
    t = await pglite!.open();
    app = await buildTestApp(t.database);
    await seedIfEmpty(t.database.db);
    await seedDemoUsers(t.database.db);
    const user = await findUserWithPassword(t.database.db, 'dana.reyes@demo.example');
    dana = {
      id: user?.id ?? '',
      firstName: 'Dana',
      lastName: 'Reyes',
      email: 'dana.reyes@demo.example',
      registrationCountryIso: 'US',
    };
    cookie = `${SESSION_COOKIE}=${(await createWebSession(t.database.db, dana.id, null, new Date())).id}`;
    const index = (await app.inject('/api/catalog/index?locale=en-us')).json<CatalogIndex>();
    products.push(...index.items.map(cartProductOf));
  });

  afterAll(async () => {
    await app.close();
    await t.dispose();
  });

  /** The network, off until a test turns it on; the shipped transport over app.inject. */
  function network() {
    return injectNetwork(() => (request) => app.inject(request), { cookie: () => cookie });
  }

  async function openStore(name: string, transport: SyncTransport) {
    const store = new CartStore(
      new SyncEngine({
        db: openLocalDb(name),
        registry: STREAM_REGISTRY,
        transport,
        makeId: randomUUID,
        currentUserId: () => dana.id,
      }),
    );
    const active = await store.activate(storefront, dana);
    return { store, active };
  }

  function code(test: (p: CartProduct) => boolean): string {
    const found = products.find(test);
    if (!found) throw new Error('no such product in the seed');
    return found.code;
  }
  const orderable = isPlainlyOrderable;

  it('keeps a quick order draft through a restart and adds its valid rows to the cart in one command', async () => {
    const name = `cart-store-${randomUUID()}`;
    const { state: net, transport } = network();
    const first = await openStore(name, transport);
    await first.store.remember(storefront.storeId, products);
    const good = code((p) => orderable(p) && /-RF25$/.test(p.code));
    const notOnline = code((p) => !p.soldOnline);
    const draft = first.store.quickOrder();
    await draft.ready;
    // SPEC 9: rows default to empty.
    expect(draft.state$.getValue().rows.every((r) => r.code === '' && r.quantity === '')).toBe(
      true,
    );
    const [r1, r2, r3] = draft.state$.getValue().rows;
    draft.editRow(r1?.id ?? '', { code: good });
    draft.editRow(r1?.id ?? '', { quantity: '2' });
    draft.editRow(r2?.id ?? '', { code: 'NO-SUCH-CODE', quantity: '1' });
    const last = draft.editRow(r3?.id ?? '', { code: notOnline, quantity: '1' });
    await last.saved;
    const typed = draft.state$.getValue();
    first.store.close();

    // The browser restarts: the draft is as it was, and the products are still known.
    const second = await openStore(name, transport);
    const again = second.store.quickOrder();
    await again.ready;
    expect(again.state$.getValue()).toEqual(typed);
    const { added, saved } = second.store.submitQuickOrder();
    await saved;
    expect(added).toBe(1);
    const rows = again.state$.getValue().rows;
    expect(rows.find((r) => r.code === 'NO-SUCH-CODE')?.error?.field).toBe('code');
    expect(rows.find((r) => r.code === notOnline)?.error?.message.id).toBe(
      'validation.quick-order.not-sold-online',
    );
    expect(second.active.stream.state$.getValue().lines.map((l) => [l.code, l.quantity])).toEqual([
      [good, 2],
    ]);

    // Online: the one AddItems command reaches the server.
    net.online = true;
    await second.store.engine.flush();
    const server = await app.inject({
      url: `/api/carts/${second.active.cartId}`,
      headers: { cookie },
    });
    const stored = server.json<{ events: StoredEvent<CartEvent>[] }>();
    const serverCart = replay(
      cartDecider,
      stored.events.map((e) => e.event),
    );
    expect(serverCart.lines.map((l) => [l.code, l.quantity])).toEqual([[good, 2]]);
    expect(new Set(stored.events.map((e) => e.commandId)).size).toBe(1);
    second.store.close();
  });

  it('saves, deletes and restores saved carts offline, and the server ends up with the same list', async () => {
    const name = `cart-store-${randomUUID()}`;
    const { state: net, transport } = network();
    const first = await openStore(name, transport);
    const [a, b] = products.filter(orderable).map((p) => p);
    if (!a || !b) throw new Error('seed too small');
    let seen = 0;
    const watching = first.store.summary$.subscribe((summary) => {
      seen = summary.itemCount;
    });
    first.store.addItem(a, 1);
    // The new state is out in the same task as the command, before anything is stored.
    expect(seen).toBe(1);
    first.store.addItem(b, 3);
    expect(seen).toBe(4);
    watching.unsubscribe();
    const kits = first.store.saveCart('Clinic kits', 'For the spring clinic');
    const spare = first.store.saveCart('Spare forms');
    // The same name again breaks a rule in the spec's words; nothing is queued.
    expect(() => first.store.saveCart('clinic kits')).toThrow(
      'You already have a saved cart named clinic kits.',
    );
    const gone = first.store.deleteSavedCart(spare.savedCartId);
    await Promise.all([kits.saved, spare.saved, gone.saved]);
    first.store.close();

    const second = await openStore(name, transport);
    const list = second.active.savedCarts?.state$.getValue().carts ?? [];
    expect(list.map((c) => c.name)).toEqual(['Clinic kits']);
    second.store.removeItem(a.code);
    second.store.removeItem(b.code);
    const restored = second.store.restoreSavedCart(kits.savedCartId);
    await restored.saved;
    expect(second.active.stream.state$.getValue().lines.map((l) => [l.code, l.quantity])).toEqual([
      [a.code, 1],
      [b.code, 3],
    ]);

    net.online = true;
    await second.store.engine.flush();
    const server = await app.inject({ url: '/api/saved-carts', headers: { cookie } });
    const initial: SavedCartsState = { carts: [] };
    const saved = server
      .json<{ events: StoredEvent<SavedCartEvent>[] }>()
      .events.reduce((state, e) => evolveSavedCarts(state, e.event), initial);
    expect(saved.carts.map((c) => c.name)).toEqual(['Clinic kits']);
    expect(saved.carts[0]?.restoredAt).not.toBeNull();
    expect(await second.store.engine.db.outbox.count()).toBe(0);
    second.store.close();
  });

  /** One browser where Dana signs in and out (what the sync engine sends follows her). */
  function browser(transport: SyncTransport) {
    const who = { userId: dana.id as string | null };
    const store = new CartStore(
      new SyncEngine({
        db: openLocalDb(`cart-store-${randomUUID()}`),
        registry: STREAM_REGISTRY,
        transport,
        makeId: randomUUID,
        currentUserId: () => who.userId,
      }),
    );
    return {
      store,
      signIn: () => {
        who.userId = dana.id;
        return store.activate(storefront, dana);
      },
      signOut: () => {
        who.userId = null;
        return store.activate(storefront, null);
      },
    };
  }

  const linesOf = (store: CartStore) =>
    (store.active$.getValue()?.stream.state$.getValue().lines ?? []).map((l) => [
      l.code,
      l.quantity,
    ]);

  it('merges a cart made before sign-in at once when the earlier cart is empty', async () => {
    const { transport } = network();
    const { store, signIn, signOut } = browser(transport);
    const [a] = products.filter(orderable);
    if (!a) throw new Error('seed too small');
    await signOut();
    store.addItem(a, 2);
    await signIn();
    await expect.poll(() => linesOf(store)).toEqual([[a.code, 2]]);
    expect(store.mergeOffer$.getValue()).toBeNull();
    store.close();
  });

  it('asks before merging into an earlier cart, and merges when asked to', async () => {
    const { transport } = network();
    const { store, signIn, signOut } = browser(transport);
    const [a, b] = products.filter(orderable);
    if (!a || !b) throw new Error('seed too small');
    await signIn();
    store.addItem(a, 1);
    await signOut();
    store.addItem(a, 2);
    store.addItem(b, 1);
    const offer = firstValueFrom(store.mergeOffer$.pipe(filter((o) => o !== null)));
    await signIn();
    expect(await offer).toMatchObject({ newItems: 3, earlierItems: 1 });
    // Until the person answers, the earlier cart is as it was.
    expect(linesOf(store)).toEqual([[a.code, 1]]);
    store.resolveMerge({ choice: 'merge' });
    expect(store.mergeOffer$.getValue()).toBeNull();
    expect(linesOf(store)).toEqual([
      [a.code, 3],
      [b.code, 1],
    ]);
    store.close();
  });

  it('keeps the earlier cart as a saved cart when the new products replace it', async () => {
    const { state: net, transport } = network();
    const { store, signIn, signOut } = browser(transport);
    const [a, b] = products.filter(orderable);
    if (!a || !b) throw new Error('seed too small');
    const active = await signIn();
    store.addItem(a, 1);
    await signOut();
    store.addItem(b, 2);
    const offer = firstValueFrom(store.mergeOffer$.pipe(filter((o) => o !== null)));
    await signIn();
    await offer;
    store.resolveMerge({
      choice: 'replace',
      savedName: 'Earlier cart 1',
      savedDescription: 'Your cart as it was when you signed in.',
    });
    expect(linesOf(store)).toEqual([[b.code, 2]]);
    const saved = active.savedCarts?.state$.getValue().carts ?? [];
    expect(saved.map((c) => [c.name, c.lines.map((l) => [l.code, l.quantity])])).toEqual([
      ['Earlier cart 1', [[a.code, 1]]],
    ]);

    // Online: the server ends with the same cart and the saved cart.
    net.online = true;
    await store.engine.flush();
    const server = await app.inject({ url: `/api/carts/${active.cartId}`, headers: { cookie } });
    const serverCart = replay(
      cartDecider,
      server.json<{ events: StoredEvent<CartEvent>[] }>().events.map((e) => e.event),
    );
    expect(serverCart.lines.map((l) => [l.code, l.quantity])).toEqual([[b.code, 2]]);
    const savedOnServer = (await app.inject({ url: '/api/saved-carts', headers: { cookie } }))
      .json<{ events: StoredEvent<SavedCartEvent>[] }>()
      .events.reduce((state, e) => evolveSavedCarts(state, e.event), {
        carts: [],
      } as SavedCartsState);
    expect(savedOnServer.carts.map((c) => c.name)).toContain('Earlier cart 1');
    store.close();
  });

  it('shows another tab’s line for a product this tab has never seen, offline', async () => {
    const { transport } = network();
    const name = `cart-store-${randomUUID()}`;
    const tab = () =>
      new CartStore(
        new SyncEngine({
          db: openLocalDb(name),
          registry: STREAM_REGISTRY,
          transport,
          makeId: randomUUID,
          currentUserId: () => dana.id,
        }),
      );
    const a = tab();
    const b = tab();
    await a.activate(storefront, dana);
    await b.activate(storefront, dana);
    const [product] = products.filter(orderable);
    if (!product) throw new Error('seed too small');
    await a.addItem(product, 2).saved;
    // Tab B learns of the change from the channel and decides the queued line itself.
    await expect.poll(() => linesOf(b), { timeout: 2_000 }).toEqual([[product.code, 2]]);
    // A third tab opened now knows the product from the same transaction as the command.
    const c = tab();
    await c.activate(storefront, dana);
    expect(linesOf(c)).toEqual([[product.code, 2]]);
    for (const store of [a, b, c]) store.close();
  });

  it('merges what a visitor adds after every sign-in, not only the first', async () => {
    const { transport } = network();
    const { store, signIn, signOut } = browser(transport);
    const [a, b] = products.filter(orderable);
    if (!a || !b) throw new Error('seed too small');
    await signOut();
    store.addItem(a, 1);
    await signIn();
    await expect.poll(() => linesOf(store)).toEqual([[a.code, 1]]);

    // The same browser, another visit: the visitor's new products are asked about and merged.
    await signOut();
    expect(linesOf(store)).toEqual([]);
    store.addItem(b, 2);
    const offer = firstValueFrom(store.mergeOffer$.pipe(filter((o) => o !== null)));
    await signIn();
    expect(await offer).toMatchObject({ newItems: 2, earlierItems: 1 });
    store.resolveMerge({ choice: 'merge' });
    expect(linesOf(store)).toEqual([
      [a.code, 1],
      [b.code, 2],
    ]);
    store.close();
  });
});
