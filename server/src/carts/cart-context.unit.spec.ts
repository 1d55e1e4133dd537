/**
 * The cart's catalog memory: a product is read once per store within CATALOG_CACHE_MS, read
 * again after, and codes nobody sells (made up by the thousand) never grow it without bound.
 */
import { describe, expect, it } from 'vitest';
import type { Db } from '../db/database';
import { CATALOG_CACHE_MS, CartCatalogCache } from './cart-context';

/**
 * A stand-in for the query builder: each `select … where` is counted and answers every
 * product it knows (the cache keeps only the codes it asked for).
 */
function fakeDb(known: readonly string[]) {
  let reads = 0;
  const chain = {
    select: () => chain,
    from: () => chain,
    leftJoin: () => chain,
    where: () => {
      reads += 1;
      return Promise.resolve(known.map((code) => ({ code, name: code })));
    },
  };
  return { db: chain as unknown as Db, reads: () => reads };
}

describe('CartCatalogCache', () => {
  it('reads a product once per store while fresh, and again once stale', async () => {
    let now = 1_000_000;
    const cache = new CartCatalogCache(() => now);
    const { db, reads } = fakeDb(['A-1', 'B-2']);
    const first = await cache.productLookup(db, 'US', ['A-1', 'B-2', 'NOPE']);
    expect(first('A-1')?.code).toBe('A-1');
    expect(first('NOPE')).toBeUndefined();
    expect(reads()).toBe(1);
    await cache.productLookup(db, 'US', ['A-1', 'NOPE']);
    expect(reads()).toBe(1);
    // Another store's price is its own.
    await cache.productLookup(db, 'GB', ['A-1']);
    expect(reads()).toBe(2);
    now += CATALOG_CACHE_MS;
    await cache.productLookup(db, 'US', ['A-1', 'B-2']);
    expect(reads()).toBe(3);
  });

  it('answers a code it holds even when the same call must make room', async () => {
    const now = 7_000_000;
    const cache = new CartCatalogCache(() => now);
    const { db } = fakeDb(['A-1', 'B-2']);
    await cache.productLookup(db, 'US', ['A-1']);
    // Memory full (A-1 and fresh made-up codes): B-2, new, makes it start again.
    const madeUp = Array.from({ length: 19_999 }, (_, i) => `MADE-UP-${String(i)}`);
    await cache.productLookup(db, 'US', madeUp);
    const lookup = await cache.productLookup(db, 'US', ['A-1', 'B-2']);
    expect(lookup('A-1')?.code).toBe('A-1');
    expect(lookup('B-2')?.code).toBe('B-2');
  });

  it('stays bounded when carts name thousands of codes nobody sells', async () => {
    const now = 5_000_000;
    const cache = new CartCatalogCache(() => now);
    const { db } = fakeDb(['A-1']);
    for (let round = 0; round < 30; round += 1) {
      const codes = Array.from(
        { length: 1_000 },
        (_, i) => `MADE-UP-${String(round)}-${String(i)}`,
      );
      await cache.productLookup(db, 'US', codes);
    }
    const size = (cache as unknown as { products: Map<string, Map<string, unknown>> }).products.get(
      'US',
    )?.size;
    expect(size).toBeLessThanOrEqual(20_000);
    // What is asked for now is still answered.
    const lookup = await cache.productLookup(db, 'US', ['A-1']);
    expect(lookup('A-1')?.code).toBe('A-1');
  });
});

describe('CartCatalogCache reads in flight', () => {
  it('reads a code once for calls made while it is being read, and again after a failed read', async () => {
    const now = 9_000_000;
    const cache = new CartCatalogCache(() => now);
    let reads = 0;
    let release: () => void = () => undefined;
    let fail = false;
    const gate = () =>
      new Promise<void>((resolve) => {
        release = resolve;
      });
    const chain = {
      select: () => chain,
      from: () => chain,
      leftJoin: () => chain,
      where: async () => {
        reads += 1;
        await gate();
        if (fail) throw new Error('the database is away');
        return [{ code: 'A-1', name: 'A-1' }];
      },
    };
    const db = chain as unknown as Db;
    fail = true;
    const failing = cache.productLookup(db, 'US', ['A-1']);
    const waitingOnFailure = cache.productLookup(db, 'US', ['A-1']);
    await Promise.resolve();
    release();
    await expect(failing).rejects.toThrow('the database is away');
    await expect(waitingOnFailure).rejects.toThrow('the database is away');
    expect(reads).toBe(1);

    fail = false;
    const calls = Array.from({ length: 20 }, () => cache.productLookup(db, 'US', ['A-1', 'B-2']));
    await Promise.resolve();
    release();
    const lookups = await Promise.all(calls);
    expect(reads).toBe(2);
    for (const lookup of lookups) {
      expect(lookup('A-1')?.code).toBe('A-1');
      expect(lookup('B-2')).toBeUndefined();
    }
  });

  it('fails a call that waits on a failed read and reads codes of its own, with nothing unhandled', async () => {
    const now = 9_500_000;
    const cache = new CartCatalogCache(() => now);
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    try {
      const gates: { release: () => void; fail: boolean }[] = [];
      const chain = {
        select: () => chain,
        from: () => chain,
        leftJoin: () => chain,
        where: async () => {
          const gate: { release: () => void; fail: boolean } = {
            release: () => undefined,
            fail: gates.length === 0,
          };
          await new Promise<void>((resolve) => {
            gate.release = resolve;
            gates.push(gate);
          });
          if (gate.fail) throw new Error('the first read failed');
          return [{ code: 'B-2', name: 'B-2' }];
        },
      };
      const db = chain as unknown as Db;
      const first = cache.productLookup(db, 'US', ['A-1']);
      const second = cache.productLookup(db, 'US', ['A-1', 'B-2']);
      await Promise.resolve();
      // The first read fails while the second call's own read still runs.
      gates[0]?.release();
      await expect(first).rejects.toThrow('the first read failed');
      await new Promise((resolve) => setImmediate(resolve));
      gates[1]?.release();
      await expect(second).rejects.toThrow('the first read failed');
      await new Promise((resolve) => setImmediate(resolve));
      expect(unhandled).toEqual([]);
    } finally {
      process.off('unhandledRejection', onUnhandled);
    }
  });
});
