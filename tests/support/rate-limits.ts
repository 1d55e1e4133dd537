/** Rate-limit windows in integration tests, without waiting a minute or racing the clock. */
import { sql } from 'drizzle-orm';
import type { Db } from '../../server/src/db/database';

/**
 * Returns when the database's clock is at least `marginSeconds` away from the end of its
 * minute (waiting for the next minute if not), so that a short burst falls in one window.
 */
export async function awaitFreshWindow(db: Db, marginSeconds = 10): Promise<void> {
  const result: unknown = await db.execute(
    sql`select mod((extract(epoch from clock_timestamp()) * 1000)::numeric, 60000) as ms`,
  );
  const [row] = (result as { rows: { ms: number | string }[] }).rows;
  const into = Number(row?.ms ?? 0);
  const left = 60_000 - into;
  if (left < marginSeconds * 1000) await new Promise((resolve) => setTimeout(resolve, left + 250));
}

/** Every count moved back a window, as if its minute had passed. */
export async function endRateWindows(db: Db): Promise<void> {
  await db.execute(sql`update rate_limits set window_start = window_start - interval '1 minute'`);
}

/** Forgets every count. */
export async function clearRateLimits(db: Db): Promise<void> {
  await db.execute(sql`delete from rate_limits`);
}
