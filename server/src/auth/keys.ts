/**
 * The secrets of sign-in (decision 034): keys to sign tokens, keys for the provider's
 * cookies, keys for the store's own cookies, and the secret of the store's server-side
 * client. Taken from the environment when given there; otherwise kept in the database (one
 * row per key), so every instance and every restart uses the same ones.
 *
 * Keys in the database rotate without signing anyone out: `rotateKeys` retires the current
 * key of each purpose and adds a new one that signs from then on. A retired key still
 * verifies what it signed until the longest life of that (a token, a cookie) has passed;
 * after that, the next rotation or start removes it. A running store sees a rotation made
 * elsewhere by reading the key list again (`KeyRing`): at most every minute while it is
 * used, and at once when a token names a key it does not know.
 */
import { createHmac, randomBytes } from 'node:crypto';
import { and, asc, eq, inArray, isNull, lt, ne, or } from 'drizzle-orm';
import { exportJWK, generateKeyPair, importJWK, type JSONWebKeySet, type JWK } from 'jose';
import type { Db } from '../db/database';
import { oidcKeys } from '../db/schema';

/** The purposes of rotating keys. */
export const KEY_PURPOSES = ['signing', 'provider-cookies', 'store-cookies'] as const;
export type KeyPurpose = (typeof KEY_PURPOSES)[number];

const MINUTE = 60 * 1000;
const DAY = 24 * 60 * MINUTE;

/** The longest life of a token signed by the provider: the ID token's hour (access: 15 min). */
export const LONGEST_TOKEN_MS = 60 * MINUTE;
/** How often a running store reads the key list again (and so, how late it may still sign). */
export const KEY_POLL_MS = MINUTE;

/**
 * How long a retired key of each purpose still verifies: the longest life of what it signed,
 * plus the time a running store may go on signing with it before it sees the rotation.
 */
export const KEPT_AFTER_RETIREMENT_MS: Readonly<Record<KeyPurpose, number>> = {
  signing: LONGEST_TOKEN_MS + 5 * KEY_POLL_MS,
  // The provider's session, grant and interaction cookies: 14 days at most.
  'provider-cookies': 14 * DAY + 5 * KEY_POLL_MS,
  // The store's visitor cookie lives a year (a cookie signed with an old key is signed
  // again with the current one when the visitor comes back).
  'store-cookies': 365 * DAY + 5 * KEY_POLL_MS,
};

export interface ProviderSecrets {
  /** Private signing keys (JWK), first one current. */
  readonly signingKeys: JWK[];
  /** The provider's cookie keys, newest first. */
  readonly cookieKeys: string[];
  readonly serverClientSecret: string;
}

export interface KeySet extends ProviderSecrets {
  /** The store's own cookie keys (@fastify/cookie), newest first. */
  readonly storeCookieKeys: string[];
  /** The public signing keys, as published and as the API's token verifier trusts them. */
  readonly publicJwks: JSONWebKeySet;
}

export interface SecretsFromEnvironment {
  /** JSON: a JWK set ({ "keys": [...] }) of private signing keys. */
  readonly jwks?: string | undefined;
  /** Comma-separated cookie keys, newest first. */
  readonly cookieKeys?: string | undefined;
  readonly serverClientSecret?: string | undefined;
}

interface KeyRow {
  readonly id: string;
  readonly purpose: string;
  readonly material: unknown;
  readonly createdAt: Date;
  readonly retiredAt: Date | null;
}

function isKeyPurpose(purpose: string): purpose is KeyPurpose {
  return (KEY_PURPOSES as readonly string[]).includes(purpose);
}

/** Whether a retired key is past the time it verifies for. */
function isExpired(row: KeyRow, now: Date): boolean {
  if (row.retiredAt === null || !isKeyPurpose(row.purpose)) return false;
  return row.retiredAt.getTime() + KEPT_AFTER_RETIREMENT_MS[row.purpose] <= now.getTime();
}

/** The current key first, then the retired ones, most recently retired first. */
function byUse(a: KeyRow, b: KeyRow): number {
  if (a.retiredAt === null || b.retiredAt === null) {
    if (a.retiredAt === b.retiredAt) return b.createdAt.getTime() - a.createdAt.getTime();
    return a.retiredAt === null ? -1 : 1;
  }
  return b.retiredAt.getTime() - a.retiredAt.getTime();
}

async function newSigningKey(): Promise<{ id: string; material: JWK }> {
  const { privateKey } = await generateKeyPair('RS256', { extractable: true, modulusLength: 2048 });
  const jwk = await exportJWK(privateKey);
  const kid = randomBytes(8).toString('base64url');
  return { id: `signing:${kid}`, material: { ...jwk, alg: 'RS256', use: 'sig', kid } };
}

async function newKey(purpose: KeyPurpose): Promise<{ id: string; material: unknown }> {
  if (purpose === 'signing') return newSigningKey();
  return {
    id: `${purpose}:${randomBytes(8).toString('base64url')}`,
    material: randomBytes(32).toString('base64url'),
  };
}

async function readRows(db: Db): Promise<KeyRow[]> {
  return db
    .select({
      id: oidcKeys.id,
      purpose: oidcKeys.purpose,
      material: oidcKeys.material,
      createdAt: oidcKeys.createdAt,
      retiredAt: oidcKeys.retiredAt,
    })
    .from(oidcKeys)
    .where(ne(oidcKeys.purpose, 'client-secret'))
    .orderBy(asc(oidcKeys.createdAt));
}

/** Removes the retired keys that no longer verify anything. */
async function dropExpired(db: Db, now: Date): Promise<string[]> {
  const gone = KEY_PURPOSES.map((purpose) =>
    and(
      eq(oidcKeys.purpose, purpose),
      lt(oidcKeys.retiredAt, new Date(now.getTime() - KEPT_AFTER_RETIREMENT_MS[purpose])),
    ),
  );
  const dropped = await db
    .delete(oidcKeys)
    .where(or(...gone))
    .returning({ id: oidcKeys.id });
  return dropped.map((row) => row.id);
}

/** Adds a current key to each purpose that has none (the first start, or after an upgrade). */
async function ensureCurrentKeys(db: Db, purposes: readonly KeyPurpose[]): Promise<void> {
  const current = await db
    .select({ purpose: oidcKeys.purpose })
    .from(oidcKeys)
    .where(isNull(oidcKeys.retiredAt));
  const have = new Set(current.map((row) => row.purpose));
  for (const purpose of purposes) {
    if (have.has(purpose)) continue;
    // Two instances starting together: one current key per purpose (a unique index), so
    // the second insert does nothing and both read the first one's key.
    await db
      .insert(oidcKeys)
      .values({ purpose, ...(await newKey(purpose)) })
      .onConflictDoNothing();
  }
}

async function clientSecret(db: Db): Promise<string> {
  const read = async () => {
    const [row] = await db.select().from(oidcKeys).where(eq(oidcKeys.purpose, 'client-secret'));
    return row?.material as string | undefined;
  };
  const existing = await read();
  if (existing !== undefined) return existing;
  await db
    .insert(oidcKeys)
    .values({
      id: 'client-secret',
      purpose: 'client-secret',
      material: randomBytes(32).toString('base64url'),
    })
    .onConflictDoNothing();
  const made = await read();
  if (made === undefined) throw new Error('Could not store the client secret');
  return made;
}

export interface RotatedKey {
  readonly purpose: KeyPurpose;
  readonly id: string;
}

export interface Rotation {
  /** The new current key of each purpose. */
  readonly added: readonly RotatedKey[];
  /** Keys retired by this rotation: they still verify for their purpose's keep time. */
  readonly retired: readonly RotatedKey[];
  /** Retired keys past their keep time, removed. */
  readonly dropped: readonly string[];
}

/**
 * Rotates the keys of the given purposes (all by default) in one transaction: the current key is retired (it verifies
 * for its keep time), a new one becomes current, and keys past their keep time go. The
 * function an operator channel to a running store calls for `keys rotate`.
 */
export async function rotateKeys(
  db: Db,
  now: Date = new Date(),
  purposes: readonly KeyPurpose[] = KEY_PURPOSES,
): Promise<Rotation> {
  const made = await Promise.all(
    purposes.map(async (purpose) => ({ purpose, ...(await newKey(purpose)) })),
  );
  return db.transaction(async (tx) => {
    const dropped = await dropExpired(tx, now);
    const retired = await tx
      .update(oidcKeys)
      .set({ retiredAt: now })
      .where(and(isNull(oidcKeys.retiredAt), inArray(oidcKeys.purpose, [...purposes])))
      .returning({ id: oidcKeys.id, purpose: oidcKeys.purpose });
    for (const key of made) {
      await tx.insert(oidcKeys).values({
        id: key.id,
        purpose: key.purpose,
        material: key.material,
        createdAt: now,
      });
    }
    return {
      added: made.map(({ purpose, id }) => ({ purpose, id })),
      retired: retired.map(({ id, purpose }) => ({ id, purpose: purpose as KeyPurpose })),
      dropped,
    };
  });
}

export interface KeyListing {
  readonly id: string;
  readonly purpose: string;
  readonly state: 'current' | 'retired';
  readonly createdAt: Date;
  readonly retiredAt: Date | null;
  /** Until when a retired key still verifies (null for the current key). */
  readonly keptUntil: Date | null;
}

/** The keys in the database, without their material (`npm run keys -- list`). */
export async function listKeys(db: Db, now: Date = new Date()): Promise<KeyListing[]> {
  const rows = (await readRows(db)).filter((row) => !isExpired(row, now));
  return [...rows]
    .sort((a, b) => a.purpose.localeCompare(b.purpose) || byUse(a, b))
    .map((row) => ({
      id: row.id,
      purpose: row.purpose,
      state: row.retiredAt === null ? 'current' : 'retired',
      createdAt: row.createdAt,
      retiredAt: row.retiredAt,
      keptUntil:
        row.retiredAt === null || !isKeyPurpose(row.purpose)
          ? null
          : new Date(row.retiredAt.getTime() + KEPT_AFTER_RETIREMENT_MS[row.purpose]),
    }));
}

async function publicJwks(keys: readonly JWK[]): Promise<JSONWebKeySet> {
  const publicKeys: JWK[] = [];
  for (const key of keys) {
    const imported = await importJWK(key, key.alg ?? 'RS256', { extractable: true });
    if (imported instanceof Uint8Array) continue;
    const { d: _d, p: _p, q: _q, dp: _dp, dq: _dq, qi: _qi, ...rest } = await exportJWK(imported);
    publicKeys.push({ ...rest, kid: key.kid, alg: key.alg, use: 'sig' });
  }
  return { keys: publicKeys };
}

/** A key of the store's cookies made from a key given in the environment (its own purpose). */
function storeKeyFrom(key: string): string {
  return createHmac('sha256', key).update('store-cookies').digest('base64url');
}

function splitKeys(keys: string): string[] {
  return keys
    .split(',')
    .map((k) => k.trim())
    .filter(Boolean);
}

/**
 * The keys in use, read again when a rotation may have happened. `current()` answers at once
 * with what was read last (and starts a read in the background once a minute has passed);
 * `refresh()` reads now.
 */
export class KeyRing {
  private keys: KeySet;
  private fingerprint: string;
  private checkedAt: number;
  private reading: Promise<boolean> | undefined;
  /** Goes up each time the keys change. */
  version = 0;

  private constructor(
    private readonly db: Db,
    private readonly env: SecretsFromEnvironment,
    first: { keys: KeySet; fingerprint: string },
    private readonly clock: () => number,
  ) {
    this.keys = first.keys;
    this.fingerprint = first.fingerprint;
    this.checkedAt = clock();
  }

  /** Whether the database holds the keys (none of them given in the environment). */
  get rotates(): { signing: boolean; cookies: boolean } {
    return { signing: this.env.jwks === undefined, cookies: this.env.cookieKeys === undefined };
  }

  static async open(
    db: Db,
    env: SecretsFromEnvironment,
    options: { now?: () => number } = {},
  ): Promise<KeyRing> {
    const clock = options.now ?? Date.now;
    const kept = KEY_PURPOSES.filter((purpose) =>
      purpose === 'signing' ? env.jwks === undefined : env.cookieKeys === undefined,
    );
    if (kept.length > 0) {
      await dropExpired(db, new Date(clock()));
      await ensureCurrentKeys(db, kept);
    }
    const secret = env.serverClientSecret ?? (await clientSecret(db));
    const first = await KeyRing.read(db, env, secret, new Date(clock()));
    return new KeyRing(db, env, first, clock);
  }

  private static async read(
    db: Db,
    env: SecretsFromEnvironment,
    serverClientSecret: string,
    now: Date,
  ): Promise<{ keys: KeySet; fingerprint: string }> {
    const rows = env.jwks !== undefined && env.cookieKeys !== undefined ? [] : await readRows(db);
    const live = rows.filter((row) => !isExpired(row, now)).sort(byUse);
    const of = (purpose: KeyPurpose) => live.filter((row) => row.purpose === purpose);
    const signingKeys =
      env.jwks !== undefined
        ? (JSON.parse(env.jwks) as { keys: JWK[] }).keys
        : of('signing').map((row) => row.material as JWK);
    const given = env.cookieKeys !== undefined ? splitKeys(env.cookieKeys) : undefined;
    const cookieKeys = given ?? of('provider-cookies').map((row) => row.material as string);
    // Keys from the environment are the provider's; the store signs with keys made from
    // them, and still accepts the given ones for cookies signed before (signed again on use).
    const storeCookieKeys = given
      ? [...given.map(storeKeyFrom), ...given]
      : of('store-cookies').map((row) => row.material as string);
    if (signingKeys.length === 0 || cookieKeys.length === 0 || storeCookieKeys.length === 0) {
      throw new Error('Sign-in has no current keys: start the store to make them');
    }
    return {
      keys: {
        signingKeys,
        cookieKeys,
        storeCookieKeys,
        serverClientSecret,
        publicJwks: await publicJwks(signingKeys),
      },
      fingerprint: live.map((row) => `${row.id}/${row.retiredAt?.toISOString() ?? ''}`).join(),
    };
  }

  /** The keys in use; reads them again in the background once KEY_POLL_MS has passed. */
  current(): KeySet {
    if (this.clock() - this.checkedAt >= KEY_POLL_MS) void this.refresh().catch(() => false);
    return this.keys;
  }

  /** Reads the keys now (one read at a time); true when they changed. */
  refresh(): Promise<boolean> {
    this.reading ??= (async () => {
      try {
        this.checkedAt = this.clock();
        const next = await KeyRing.read(
          this.db,
          this.env,
          this.keys.serverClientSecret,
          new Date(this.clock()),
        );
        if (next.fingerprint === this.fingerprint) return false;
        this.keys = next.keys;
        this.fingerprint = next.fingerprint;
        this.version += 1;
        return true;
      } finally {
        this.reading = undefined;
      }
    })();
    return this.reading;
  }
}
