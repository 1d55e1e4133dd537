/**
 * Storage for the OpenID provider's models (sessions, grants, authorization codes, access
 * and refresh tokens, interactions) in Postgres, so that a restart or another instance
 * finds them. Implements oidc-provider's adapter interface.
 */
import { and, eq, lt, sql } from 'drizzle-orm';
import type { Adapter, AdapterPayload } from 'oidc-provider';
import type { Db } from '../db/database';
import { oidcModels } from '../db/schema';

async function findWhere(
  db: Db,
  model: string,
  condition: ReturnType<typeof eq>,
): Promise<AdapterPayload | undefined> {
  const [row] = await db
    .select({
      payload: oidcModels.payload,
      consumedAt: oidcModels.consumedAt,
      expiresAt: oidcModels.expiresAt,
    })
    .from(oidcModels)
    .where(and(eq(oidcModels.model, model), condition));
  if (!row) return undefined;
  if (row.expiresAt && row.expiresAt.getTime() <= Date.now()) return undefined;
  const payload = row.payload as AdapterPayload;
  return row.consumedAt
    ? { ...payload, consumed: Math.floor(row.consumedAt.getTime() / 1000) }
    : payload;
}

export function postgresAdapterFactory(db: Db) {
  return class PostgresAdapter implements Adapter {
    constructor(readonly model: string) {}

    async upsert(id: string, payload: AdapterPayload, expiresIn: number): Promise<void> {
      const expiresAt = expiresIn ? new Date(Date.now() + expiresIn * 1000) : null;
      const row = {
        model: this.model,
        id,
        payload,
        grantId: payload.grantId ?? null,
        uid: payload.uid ?? null,
        userCode: payload.userCode ?? null,
        expiresAt,
      };
      await db
        .insert(oidcModels)
        .values(row)
        .onConflictDoUpdate({ target: [oidcModels.model, oidcModels.id], set: row });
    }

    find(id: string) {
      return findWhere(db, this.model, eq(oidcModels.id, id));
    }

    findByUid(uid: string) {
      return findWhere(db, this.model, eq(oidcModels.uid, uid));
    }

    findByUserCode(userCode: string) {
      return findWhere(db, this.model, eq(oidcModels.userCode, userCode));
    }

    async consume(id: string): Promise<void> {
      await db
        .update(oidcModels)
        .set({ consumedAt: sql`now()` })
        .where(and(eq(oidcModels.model, this.model), eq(oidcModels.id, id)));
    }

    async destroy(id: string): Promise<void> {
      await db
        .delete(oidcModels)
        .where(and(eq(oidcModels.model, this.model), eq(oidcModels.id, id)));
    }

    async revokeByGrantId(grantId: string): Promise<void> {
      await db.delete(oidcModels).where(eq(oidcModels.grantId, grantId));
    }
  };
}

/** Removes what has expired; run from time to time. */
export async function purgeExpiredModels(db: Db): Promise<void> {
  await db.delete(oidcModels).where(lt(oidcModels.expiresAt, sql`now()`));
}
