/**
 * Slows, then refuses, password guessing without locking the owner out (decision 032).
 * Failures are counted in Postgres (so every instance sees them) under four kinds of key:
 *
 * - one account from one client address (`pair`): slowed after the fourth failure, locked
 *   for 15 minutes by the tenth. Only that address is locked out of that account;
 * - one account from one trusted device (`device`, the signed device cookie a successful
 *   sign-in leaves): the same limits, for that device only;
 * - every account from one client address (`address`): slowed after the 31st failure,
 *   locked by the 100th (a school or clinic may share one address);
 * - one account from everywhere (`account`): never locks, only adds a delay, capped.
 *
 * A holder of the account's device cookie is held only by that device's own count: the
 * locks and delays attackers cause elsewhere do not reach it. A success clears the account's
 * count, and the device's count, or without a device cookie the pair's.
 */
import { inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import { loginThrottle } from '../db/schema';

interface Limits {
  /** Failures answered without delay. */
  readonly freeFailures: number;
  /** The failure that locks the key; undefined: the key never locks. */
  readonly lockAfter: number | undefined;
}

type Kind = 'pair' | 'device' | 'address' | 'account';

export const LIMITS: Readonly<Record<Kind, Limits>> = {
  pair: { freeFailures: 3, lockAfter: 10 },
  device: { freeFailures: 3, lockAfter: 10 },
  address: { freeFailures: 30, lockAfter: 100 },
  account: { freeFailures: 5, lockAfter: undefined },
};

export const THROTTLE = {
  /** Each failure past the free ones waits this much longer, up to maxDelayMs. */
  delayStepMs: 500,
  maxDelayMs: 3_000,
  lockMinutes: 15,
  /** A quiet period after which a count starts again. */
  resetAfterMinutes: 60,
} as const;

function kindOf(key: string): Kind {
  const kind = key.slice(0, key.indexOf(':'));
  return kind === 'pair' || kind === 'device' || kind === 'account' ? kind : 'address';
}

function limitsOf(key: string): Limits {
  return LIMITS[kindOf(key)];
}

export function accountKey(email: string): string {
  return `account:${normalEmail(email)}`;
}

export function addressKey(ip: string): string {
  return `ip:${ip}`;
}

export function pairKey(email: string, ip: string): string {
  return `pair:${ip} ${normalEmail(email)}`;
}

export function deviceKey(deviceId: string): string {
  return `device:${deviceId}`;
}

function normalEmail(email: string): string {
  return email.trim().toLowerCase();
}

export interface SignInAttempt {
  readonly email: string;
  /** The client address Fastify settled on (request.ip: X-Forwarded-For only from a trusted proxy). */
  readonly address: string;
  /** The id in a valid device cookie of this account, if the browser sent one. */
  readonly deviceId?: string | undefined;
}

/** Which counts an attempt is held by, and which it adds to when it fails. */
export interface ThrottleKeys {
  /** Checked before the password: a lock on any of them refuses; their counts delay. */
  readonly holding: readonly string[];
  /** Each gets one more failure when the password is wrong. */
  readonly counting: readonly string[];
  /** Cleared when the password is right. */
  readonly clearing: readonly string[];
}

export function throttleKeys(attempt: SignInAttempt): ThrottleKeys {
  const account = accountKey(attempt.email);
  const address = addressKey(attempt.address);
  const pair = pairKey(attempt.email, attempt.address);
  if (attempt.deviceId !== undefined) {
    const device = deviceKey(attempt.deviceId);
    return {
      holding: [device],
      counting: [device, address, account],
      // Not the pair: another client at the same address stays locked out.
      clearing: [device, account],
    };
  }
  return {
    holding: [pair, address, account],
    counting: [pair, address, account],
    clearing: [pair, account],
  };
}

export interface ThrottleState {
  /** Locked until this time: refuse without checking the password. */
  readonly lockedUntil: Date | null;
  /** Wait this long before checking the password (ms). */
  readonly delayMs: number;
}

export async function throttleState(
  db: Db,
  keys: readonly string[],
  now: Date,
): Promise<ThrottleState> {
  if (keys.length === 0) return { lockedUntil: null, delayMs: 0 };
  const rows = await db
    .select()
    .from(loginThrottle)
    .where(inArray(loginThrottle.key, [...keys]));
  let lockedUntil: Date | null = null;
  let extra = 0;
  for (const row of rows) {
    const limits = limitsOf(row.key);
    if (
      limits.lockAfter !== undefined &&
      row.lockedUntil &&
      row.lockedUntil > now &&
      (!lockedUntil || row.lockedUntil > lockedUntil)
    ) {
      lockedUntil = row.lockedUntil;
    }
    const stale = now.getTime() - row.lastFailureAt.getTime() > THROTTLE.resetAfterMinutes * 60_000;
    if (!stale) extra = Math.max(extra, row.failures - limits.freeFailures);
  }
  return {
    lockedUntil,
    delayMs: Math.min(THROTTLE.maxDelayMs, Math.max(0, extra) * THROTTLE.delayStepMs),
  };
}

export async function recordFailure(db: Db, keys: readonly string[], now: Date): Promise<void> {
  const staleBefore = new Date(now.getTime() - THROTTLE.resetAfterMinutes * 60_000);
  const lockUntil = new Date(now.getTime() + THROTTLE.lockMinutes * 60_000);
  // The new count: one after a quiet hour, else one more.
  const next = sql`(case when ${loginThrottle.lastFailureAt} < ${staleBefore} then 1 else ${loginThrottle.failures} + 1 end)`;
  for (const key of keys) {
    const { lockAfter } = limitsOf(key);
    await db
      .insert(loginThrottle)
      .values({
        key,
        failures: 1,
        lastFailureAt: now,
        lockedUntil: lockAfter !== undefined && lockAfter <= 1 ? lockUntil : null,
      })
      .onConflictDoUpdate({
        target: loginThrottle.key,
        set: {
          failures: next,
          lastFailureAt: now,
          lockedUntil:
            lockAfter === undefined
              ? null
              : sql`case when ${next} >= ${lockAfter} then ${lockUntil}::timestamptz else ${loginThrottle.lockedUntil} end`,
        },
      });
  }
}

export async function recordSuccess(db: Db, keys: readonly string[]): Promise<void> {
  if (keys.length === 0) return;
  await db.delete(loginThrottle).where(inArray(loginThrottle.key, [...keys]));
}
