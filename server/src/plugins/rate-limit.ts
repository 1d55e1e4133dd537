/**
 * Requests counted per key (a route and a client address) in one-minute windows, in the
 * database so that every instance of the store counts together. A request over the limit is
 * told how long to wait. Old windows are overwritten in place: one row per key.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../db/database';

function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

export interface RateDecision {
  readonly allowed: boolean;
  /** Seconds until the window ends (for Retry-After). */
  readonly retryAfterSeconds: number;
}

/** Counts one request of `key` and tells whether it is within `perMinute`. */
export async function hitRateLimit(db: Db, key: string, perMinute: number): Promise<RateDecision> {
  const [row] = rowsOf<{ hits: number; seconds_left: string | number }>(
    await db.execute(sql`
      insert into rate_limits as r (key, window_start, hits)
      values (${key}, date_trunc('minute', now()), 1)
      on conflict (key) do update
         set hits = case when r.window_start = excluded.window_start then r.hits + 1 else 1 end,
             window_start = excluded.window_start
      returning hits,
                ceil(extract(epoch from (window_start + interval '1 minute' - now()))) as seconds_left`),
  );
  const hits = Number(row?.hits ?? 1);
  return {
    allowed: hits <= perMinute,
    retryAfterSeconds: Math.max(1, Number(row?.seconds_left ?? 60)),
  };
}
