/**
 * Slows, then refuses, password guessing: failures are counted per account and per client
 * address in Postgres (so every instance sees them). From the fifth failure in a row on an
 * account each answer waits longer, and the tenth locks the account for 15 minutes. A
 * success clears the account's count.
 */
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import { loginThrottle } from '../db/schema';

/**
 * Per account: slow from the fifth failure, lock at the tenth. Per client address, where a
 * school or clinic may share one address, ten times more.
 */
export const THROTTLE = {
  account: { freeFailures: 4, lockAfter: 10 },
  address: { freeFailures: 40, lockAfter: 100 },
  lockMinutes: 15,
  /** A quiet period after which the count starts again. */
  resetAfterMinutes: 60,
} as const;

function limitsOf(key: string) {
  return key.startsWith('ip:') ? THROTTLE.address : THROTTLE.account;
}

export interface ThrottleState {
  /** Locked until this time: refuse without checking the password. */
  readonly lockedUntil: Date | null;
  /** Wait this long before answering a failure (ms). */
  readonly delayMs: number;
}

export function accountKey(email: string): string {
  return `account:${email.trim().toLowerCase()}`;
}

export function addressKey(ip: string): string {
  return `ip:${ip}`;
}

export async function throttleState(
  db: Db,
  keys: readonly string[],
  now: Date,
): Promise<ThrottleState> {
  let lockedUntil: Date | null = null;
  let extra = 0;
  for (const key of keys) {
    const [row] = await db.select().from(loginThrottle).where(eq(loginThrottle.key, key));
    if (!row) continue;
    const stale = now.getTime() - row.lastFailureAt.getTime() > THROTTLE.resetAfterMinutes * 60_000;
    if (
      row.lockedUntil &&
      row.lockedUntil > now &&
      (!lockedUntil || row.lockedUntil > lockedUntil)
    ) {
      lockedUntil = row.lockedUntil;
    }
    if (!stale) extra = Math.max(extra, row.failures - limitsOf(key).freeFailures);
  }
  return { lockedUntil, delayMs: Math.min(4_000, Math.max(0, extra) * 500) };
}

export async function recordFailure(db: Db, keys: readonly string[], now: Date): Promise<void> {
  const staleBefore = new Date(now.getTime() - THROTTLE.resetAfterMinutes * 60_000);
  const lockUntil = new Date(now.getTime() + THROTTLE.lockMinutes * 60_000);
  // The new count: one after a quiet hour, else one more.
  const next = sql`(case when ${loginThrottle.lastFailureAt} < ${staleBefore} then 1 else ${loginThrottle.failures} + 1 end)`;
  for (const key of keys) {
    await db
      .insert(loginThrottle)
      .values({ key, failures: 1, lastFailureAt: now })
      .onConflictDoUpdate({
        target: loginThrottle.key,
        set: {
          failures: next,
          lastFailureAt: now,
          lockedUntil: sql`case when ${next} >= ${limitsOf(key).lockAfter} then ${lockUntil}::timestamptz else ${loginThrottle.lockedUntil} end`,
        },
      });
  }
}

export async function recordSuccess(db: Db, key: string): Promise<void> {
  await db.delete(loginThrottle).where(eq(loginThrottle.key, key));
}
