/**
 * Storage for the OpenID provider's models (sessions, grants, authorization codes, access
 * and refresh tokens, interactions) in Postgres, so that a restart or another instance
 * finds them. Implements oidc-provider's adapter interface.
 *
 * PostgreSQL cannot hold U+0000 in text or jsonb: a token or code holding one is not found
 * (the client gets invalid_grant, not a 500), and a request whose parameters hold one is
 * refused as invalid_request before it is stored.
 */
import { and, eq, sql } from 'drizzle-orm';
import { errors, type Adapter, type AdapterPayload } from 'oidc-provider';
import type { Db } from '../db/database';
import { oidcModels } from '../db/schema';

/** Whether PostgreSQL would refuse the text: it holds U+0000. */
function unstorable(text: string): boolean {
  return text.includes('\u0000');
}

/** Whether any text in the value, or any key, holds U+0000. */
function holdsUnstorable(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return unstorable(value);
  if (typeof value !== 'object' || value === null || depth > 32) return false;
  return Object.entries(value).some(
    ([key, item]) => unstorable(key) || holdsUnstorable(item, depth + 1),
  );
}

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
      if (unstorable(id) || holdsUnstorable(payload)) {
        throw new errors.InvalidRequest('the request holds characters that are not allowed');
      }
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

    async find(id: string) {
      if (unstorable(id)) return undefined;
      return findWhere(db, this.model, eq(oidcModels.id, id));
    }

    async findByUid(uid: string) {
      if (unstorable(uid)) return undefined;
      return findWhere(db, this.model, eq(oidcModels.uid, uid));
    }

    async findByUserCode(userCode: string) {
      if (unstorable(userCode)) return undefined;
      return findWhere(db, this.model, eq(oidcModels.userCode, userCode));
    }

    async consume(id: string): Promise<void> {
      if (unstorable(id)) return;
      await db
        .update(oidcModels)
        .set({ consumedAt: sql`now()` })
        .where(and(eq(oidcModels.model, this.model), eq(oidcModels.id, id)));
    }

    async destroy(id: string): Promise<void> {
      if (unstorable(id)) return;
      await db
        .delete(oidcModels)
        .where(and(eq(oidcModels.model, this.model), eq(oidcModels.id, id)));
    }

    async revokeByGrantId(grantId: string): Promise<void> {
      if (unstorable(grantId)) return;
      await db.delete(oidcModels).where(eq(oidcModels.grantId, grantId));
    }
  };
}

/**
 * Ends everything the provider holds for a user: their sign-in sessions at the provider,
 * their grants and every token issued under them (the account page's "sign out everywhere").
 * Access tokens of those grants stop within the identity check's bound (decision 048).
 * The ids of the grants revoked.
 */
export async function revokeUserGrants(db: Db, userId: string): Promise<string[]> {
  const grants = await db
    .select({ id: oidcModels.id })
    .from(oidcModels)
    .where(
      and(eq(oidcModels.model, 'Grant'), sql`${oidcModels.payload} ->> 'accountId' = ${userId}`),
    );
  const ids = grants.map((g) => g.id);
  await db.transaction(async (tx) => {
    if (ids.length > 0) {
      await tx.delete(oidcModels).where(
        sql`${oidcModels.grantId} in (${sql.join(
          ids.map((id) => sql`${id}`),
          sql`, `,
        )})`,
      );
    }
    await tx
      .delete(oidcModels)
      .where(
        and(
          sql`${oidcModels.model} in ('Grant', 'Session')`,
          sql`${oidcModels.payload} ->> 'accountId' = ${userId}`,
        ),
      );
  });
  return ids;
}

/**
 * Ends what the provider holds for a user except one grant (a password change made under
 * it): every other grant and the tokens issued under them, and every provider sign-in session
 * that does not name the kept grant. The ids of the grants revoked.
 */
export async function revokeOtherUserGrants(
  db: Db,
  userId: string,
  keepGrantId: string | null,
): Promise<string[]> {
  const keep = keepGrantId ?? '';
  const grants = await db
    .select({ id: oidcModels.id })
    .from(oidcModels)
    .where(
      and(
        eq(oidcModels.model, 'Grant'),
        sql`${oidcModels.payload} ->> 'accountId' = ${userId}`,
        sql`${oidcModels.id} <> ${keep}`,
      ),
    );
  const ids = grants.map((g) => g.id);
  await db.transaction(async (tx) => {
    if (ids.length > 0) {
      await tx.delete(oidcModels).where(
        sql`${oidcModels.grantId} in (${sql.join(
          ids.map((id) => sql`${id}`),
          sql`, `,
        )})`,
      );
      await tx.delete(oidcModels).where(
        and(
          eq(oidcModels.model, 'Grant'),
          sql`${oidcModels.id} in (${sql.join(
            ids.map((id) => sql`${id}`),
            sql`, `,
          )})`,
        ),
      );
    }
    // The provider's sign-in sessions elsewhere: one that names the kept grant stays.
    await tx
      .delete(oidcModels)
      .where(
        and(
          eq(oidcModels.model, 'Session'),
          sql`${oidcModels.payload} ->> 'accountId' = ${userId}`,
          keepGrantId ? sql`position(${keep} in ${oidcModels.payload}::text) = 0` : sql`true`,
        ),
      );
  });
  return ids;
}
