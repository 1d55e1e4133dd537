/**
 * `cold_cart_open_ms`: a new page opens a cart whose history holds 10,000 confirmed events
 * (and a few queued commands) from IndexedDB (fake-indexeddb here): the snapshot, the events
 * after it, the outbox, then the state on screen. The median of twenty opens, each with a
 * fresh database connection. Also the same with 1,000 events, to show it does not grow with
 * the history.
 */
import 'fake-indexeddb/auto';
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import type { CartCommand } from '../../domain/cart/commands';
import { cartDecider } from '../../domain/cart/decide';
import type { CartEvent } from '../../domain/cart/events';
import type { CartState } from '../../domain/cart/state';
import { cartStreamKind } from '../../domain/cart/stream';
import { STREAM_REGISTRY } from '../../domain/registry';
import { storefrontFor } from '../../domain/storefront/storefronts';
import { browserCartContext, cartDefinition, cartStreamId } from '../../src/infra/cart/cart-stream';
import { openLocalDb } from '../../src/infra/sync/local-db';
import { SNAPSHOT_EVERY, SyncEngine } from '../../src/infra/sync/sync-engine';
import type { SyncTransport } from '../../src/infra/sync/transport';
import { cartHistory } from './cart-reducer';
import { percentile, round, type Metric } from './metric';

const offline: SyncTransport = {
  push: () => Promise.reject(new TypeError('offline')),
  pull: () => Promise.reject(new TypeError('offline')),
};

async function prepare(name: string, cartId: string, count: number): Promise<void> {
  const db = openLocalDb(name);
  const streamId = cartStreamId(cartId);
  const events = cartHistory(count);
  await db.events.bulkPut(
    events.map((event, i) => ({
      streamId,
      version: i + 1,
      commandId: `c${String(i)}`,
      type: event.type,
      v: event.v,
      data: event.data,
    })),
  );
  const snapshotAt = Math.floor(count / SNAPSHOT_EVERY) * SNAPSHOT_EVERY;
  let state = cartDecider.initialState();
  for (const event of events.slice(0, snapshotAt)) state = cartDecider.evolve(state, event);
  await db.snapshots.put({
    streamId,
    version: snapshotAt,
    shape: cartStreamKind.snapshotShape,
    state,
  });
  await db.streams.put({ streamId, kind: 'cart', version: count, locale: 'en-us' });
  db.close();
}

async function openOnce(name: string, cartId: string): Promise<number> {
  const started = performance.now();
  const sync = new SyncEngine({
    db: openLocalDb(name),
    registry: STREAM_REGISTRY,
    transport: offline,
    makeId: randomUUID,
  });
  const context = browserCartContext({
    cartId,
    storefront: storefrontFor('en-us'),
    actor: { kind: 'user', id: 'bench-user' },
    products: new Map(),
  });
  const cart = sync.openStream<CartState, CartCommand, CartEvent>(
    cartStreamId(cartId),
    cartDefinition(context),
  );
  await cart.ready;
  const elapsed = performance.now() - started;
  if (cart.stream.confirmedVersion === 0) throw new Error('the cart did not open');
  sync.close();
  return elapsed;
}

async function median(count: number): Promise<number> {
  const name = `bench-open-${String(count)}-${randomUUID()}`;
  const cartId = randomUUID();
  await prepare(name, cartId, count);
  const times: number[] = [];
  for (let i = 0; i < 22; i += 1) {
    const elapsed = await openOnce(name, cartId);
    if (i >= 2) times.push(elapsed);
  }
  times.sort((a, b) => a - b);
  return percentile(times, 50);
}

export async function benchColdOpen(): Promise<Metric[]> {
  const small = await median(1_000);
  const large = await median(10_000);
  return [
    { name: 'cold_cart_open_ms', value: round(large), unit: 'ms' },
    { name: 'cold_cart_open_1000_events_ms', value: round(small), unit: 'ms' },
  ];
}
