/**
 * The rate limiter's reconciled counts (decision 048), against a stand-in database that
 * answers the reconciliation statement as PostgreSQL would and counts the statements: a
 * request below the allowance does no database round trip, a caller is counted exactly on
 * one instance, and instances learn each other's counts when they reconcile.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Db } from '../db/database';
import { RATE_SYNC_MS, ReconciledCounts, unsentAllowance } from './rate-limit';

const WINDOW = 60_000;

/** A database of rate_limits rows that runs the upsert's arithmetic, counting statements. */
function fakeDatabase() {
  const rows = new Map<string, { window: number; hits: number }>();
  let statements = 0;
  /** The callers each statement sent, in order. */
  const sent: string[][] = [];
  const db = {
    execute: (query: { queryChunks?: unknown[] }) => {
      statements += 1;
      const json = (query.queryChunks ?? [])
        .map((chunk) =>
          typeof chunk === 'object' && chunk && 'value' in chunk ? chunk.value : chunk,
        )
        .find((value) => typeof value === 'string' && value.startsWith('[{'));
      const batch = JSON.parse(String(json)) as { key: string; window_ms: number; hits: number }[];
      sent.push(batch.map((b) => b.key));
      const answer = batch.map(({ key, window_ms: window, hits }) => {
        const row = rows.get(key);
        const next =
          !row || row.window < window
            ? { window, hits }
            : row.window === window
              ? { window, hits: row.hits + hits }
              : row;
        rows.set(key, next);
        return { key, window_ms: next.window, hits: next.hits };
      });
      return Promise.resolve({ rows: answer });
    },
  } as unknown as Db;
  return { db, statements: () => statements, rows, sent };
}

describe('reconciled rate-limit counts', () => {
  let now = 0;
  const clock = () => now;

  beforeEach(() => {
    vi.useFakeTimers();
    now = 10 * WINDOW + 1_000;
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('takes requests below the allowance without a database round trip, and sends them within a second', async () => {
    const database = fakeDatabase();
    const counts = new ReconciledCounts(database.db, clock);
    const { soft } = unsentAllowance(600);
    for (let i = 1; i < soft; i += 1) {
      expect((await counts.hit('search:address:192.0.2.1', 600, WINDOW)).current).toBe(i);
    }
    expect(database.statements()).toBe(0);
    await vi.advanceTimersByTimeAsync(RATE_SYNC_MS);
    expect(database.statements()).toBe(1);
    expect(database.rows.get('search:address:192.0.2.1')?.hits).toBe(soft - 1);
  });

  it('counts one instance’s caller exactly, and refuses the first request over the limit', async () => {
    const database = fakeDatabase();
    const counts = new ReconciledCounts(database.db, clock);
    const seen: number[] = [];
    for (let i = 0; i < 601; i += 1) {
      seen.push((await counts.hit('cart:user:u1', 600, WINDOW)).current);
      await vi.advanceTimersByTimeAsync(0);
    }
    expect(seen).toEqual(Array.from({ length: 601 }, (_, i) => i + 1));
    // Far fewer statements than requests.
    expect(database.statements()).toBeLessThan(601 / 10);
  });

  it('never holds more than the hard allowance unsent', async () => {
    const database = fakeDatabase();
    const counts = new ReconciledCounts(database.db, clock);
    const { hard } = unsentAllowance(600);
    for (let i = 0; i < 100; i += 1) {
      await counts.hit('cart:user:u2', 600, WINDOW);
      const sent = database.rows.get('cart:user:u2')?.hits ?? 0;
      expect(i + 1 - sent).toBeLessThan(hard);
    }
  });

  it('sends only the callers with hits not yet sent, however many it counted this minute', async () => {
    const database = fakeDatabase();
    const counts = new ReconciledCounts(database.db, clock);
    for (let i = 0; i < 500; i += 1)
      await counts.hit(`cart:address:10.0.${String(i)}`, 600, WINDOW);
    await vi.advanceTimersByTimeAsync(RATE_SYNC_MS);
    expect(database.sent.at(-1)).toHaveLength(500);
    await counts.hit('cart:address:10.0.7', 600, WINDOW);
    await vi.advanceTimersByTimeAsync(RATE_SYNC_MS);
    expect(database.sent.at(-1)).toEqual(['cart:address:10.0.7']);
    expect(database.rows.get('cart:address:10.0.7')?.hits).toBe(2);
  });

  it('learns the other instances’ counts when it reconciles', async () => {
    const database = fakeDatabase();
    const one = new ReconciledCounts(database.db, clock);
    const two = new ReconciledCounts(database.db, clock);
    for (let i = 0; i < 30; i += 1) await one.hit('search:user:u3', 40, WINDOW);
    // A limit of 40 or less is exact: every hit is reconciled before it is answered.
    expect((await two.hit('search:user:u3', 40, WINDOW)).current).toBe(31);
    expect((await one.hit('search:user:u3', 40, WINDOW)).current).toBe(32);
  });

  it('starts each window from nothing, and a late write of an old window undoes nothing', async () => {
    const database = fakeDatabase();
    const counts = new ReconciledCounts(database.db, clock);
    for (let i = 0; i < 5; i += 1) await counts.hit('signIn:address:192.0.2.9', 5, WINDOW);
    now += WINDOW;
    expect((await counts.hit('signIn:address:192.0.2.9', 5, WINDOW)).current).toBe(1);
    const late = new ReconciledCounts(database.db, () => now - WINDOW);
    await late.hit('signIn:address:192.0.2.9', 5, WINDOW);
    expect(database.rows.get('signIn:address:192.0.2.9')).toEqual({
      window: Math.floor(now / WINDOW) * WINDOW,
      hits: 1,
    });
  });

  it('sends the hits again when a reconciliation fails', async () => {
    const database = fakeDatabase();
    let failing = true;
    const flaky = {
      execute: (query: unknown) =>
        failing
          ? Promise.reject(new Error('connection lost'))
          : database.db.execute(query as never),
    } as unknown as Db;
    const counts = new ReconciledCounts(flaky, clock);
    await expect(counts.hit('orderStatus:address:192.0.2.7', 10, WINDOW)).rejects.toThrow();
    failing = false;
    await counts.hit('orderStatus:address:192.0.2.7', 10, WINDOW);
    expect(database.rows.get('orderStatus:address:192.0.2.7')?.hits).toBe(2);
  });
});
