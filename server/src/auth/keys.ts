/**
 * The secrets the identity provider needs: a key pair to sign tokens, keys for its cookies,
 * and the secret of the store's own server-side client. Taken from the environment when
 * given there; otherwise made once and kept in the database, so every instance and every
 * restart uses the same ones (and nobody's session is lost).
 */
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { exportJWK, generateKeyPair, type JWK } from 'jose';
import type { Db } from '../db/database';
import { oidcKeys } from '../db/schema';

export interface ProviderSecrets {
  /** Private signing keys (JWK), first one current. */
  readonly signingKeys: JWK[];
  readonly cookieKeys: string[];
  readonly serverClientSecret: string;
}

async function storedOrNew<T>(db: Db, purpose: string, make: () => Promise<T>): Promise<T> {
  const [existing] = await db.select().from(oidcKeys).where(eq(oidcKeys.purpose, purpose));
  if (existing) return existing.material as T;
  // Two instances starting together: the first insert wins and both read it back.
  await db
    .insert(oidcKeys)
    .values({ purpose, material: await make() })
    .onConflictDoNothing();
  const [row] = await db.select().from(oidcKeys).where(eq(oidcKeys.purpose, purpose));
  if (!row) throw new Error(`Could not store the ${purpose} keys`);
  return row.material as T;
}

async function newSigningKey(): Promise<JWK[]> {
  const { privateKey } = await generateKeyPair('RS256', { extractable: true, modulusLength: 2048 });
  const jwk = await exportJWK(privateKey);
  return [{ ...jwk, alg: 'RS256', use: 'sig', kid: randomBytes(8).toString('base64url') }];
}

export interface SecretsFromEnvironment {
  /** JSON: a JWK set ({ "keys": [...] }) of private signing keys. */
  readonly jwks?: string | undefined;
  /** Comma-separated cookie keys, newest first. */
  readonly cookieKeys?: string | undefined;
  readonly serverClientSecret?: string | undefined;
}

export async function providerSecrets(
  db: Db,
  env: SecretsFromEnvironment,
): Promise<ProviderSecrets> {
  const signingKeys = env.jwks
    ? (JSON.parse(env.jwks) as { keys: JWK[] }).keys
    : await storedOrNew(db, 'signing', newSigningKey);
  const cookieKeys = env.cookieKeys
    ? env.cookieKeys
        .split(',')
        .map((k) => k.trim())
        .filter(Boolean)
    : await storedOrNew(db, 'cookies', () =>
        Promise.resolve([randomBytes(32).toString('base64url')]),
      );
  const serverClientSecret =
    env.serverClientSecret ??
    (await storedOrNew(db, 'client-secret', () =>
      Promise.resolve(randomBytes(32).toString('base64url')),
    ));
  return { signingKeys, cookieKeys, serverClientSecret };
}
