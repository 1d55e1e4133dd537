/**
 * Scheduled price changes (migration 021): read ahead by quotes (the early expiration rule,
 * SPEC 9) and applied on their day. Applying is one statement per change set, safe on every
 * instance at once (a change applied is gone), run when the store starts and every hour.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../db/database';

function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

/** The first day of each product's next price in a store, after `today` (YYYY-MM-DD). */
export async function nextPriceChanges(
  db: Db,
  storeId: string,
  codes: readonly string[],
  today: string,
): Promise<ReadonlyMap<string, string>> {
  if (codes.length === 0) return new Map();
  const rows = rowsOf<{ product_code: string; starts_on: string }>(
    await db.execute(sql`
      select product_code, min(starts_on)::text as starts_on from scheduled_prices
       where store_id = ${storeId} and starts_on > ${today}::date
         and product_code in (${sql.join(
           codes.map((c) => sql`${c}`),
           sql`, `,
         )})
       group by product_code`),
  );
  return new Map(rows.map((r) => [r.product_code, r.starts_on]));
}

/** Makes every change due by `today` the product's price, and forgets it. */
export async function applyDuePriceChanges(db: Db, today: string): Promise<number> {
  return db.transaction(async (tx) => {
    const applied = rowsOf<{ product_code: string }>(
      await tx.execute(sql`
        with due as (
          delete from scheduled_prices where starts_on <= ${today}::date
          returning product_code, store_id, starts_on, amount_minor
        ), latest as (
          select distinct on (product_code, store_id) product_code, store_id, amount_minor
            from due order by product_code, store_id, starts_on desc
        )
        update product_prices p set amount_minor = latest.amount_minor
          from latest
         where p.product_code = latest.product_code and p.store_id = latest.store_id
        returning p.product_code`),
    );
    return applied.length;
  });
}

const HOUR_MS = 3_600_000;

/** Applies due changes now and every hour until stopped. */
export function startPriceChanges(
  db: Db,
  onError: (error: unknown) => void,
  clock: () => Date = () => new Date(),
): () => void {
  const run = () => {
    applyDuePriceChanges(db, clock().toISOString().slice(0, 10)).catch(onError);
  };
  run();
  const timer = setInterval(run, HOUR_MS);
  timer.unref();
  return () => {
    clearInterval(timer);
  };
}
