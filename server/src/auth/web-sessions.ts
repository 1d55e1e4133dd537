/**
 * The store's own sessions for the server-session sign-in mode (SPEC 4.1, 7.2): a random id
 * in an HttpOnly cookie, only its SHA-256 kept in Postgres with the user and the refresh
 * token the store holds for them.
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import { webSessions } from '../db/schema';

export const SESSION_COOKIE = 'store_session';
export const SESSION_DAYS = 14;

function hash(id: string): string {
  return createHash('sha256').update(id).digest('base64url');
}

export async function createWebSession(
  db: Db,
  userId: string,
  refreshToken: string | null,
  now: Date,
): Promise<{ id: string; expiresAt: Date }> {
  const id = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + SESSION_DAYS * 24 * 3600 * 1000);
  await db.insert(webSessions).values({ idHash: hash(id), userId, refreshToken, expiresAt });
  return { id, expiresAt };
}

export async function findWebSession(
  db: Db,
  id: string,
  now: Date,
): Promise<{ userId: string; refreshToken: string | null } | undefined> {
  if (!id || id.length > 100) return undefined;
  const [row] = await db
    .update(webSessions)
    .set({ lastSeenAt: now })
    .where(and(eq(webSessions.idHash, hash(id)), gt(webSessions.expiresAt, now)))
    .returning({ userId: webSessions.userId, refreshToken: webSessions.refreshToken });
  return row;
}

export async function deleteWebSession(db: Db, id: string): Promise<string | null> {
  const [row] = await db
    .delete(webSessions)
    .where(eq(webSessions.idHash, hash(id)))
    .returning({ refreshToken: webSessions.refreshToken });
  return row?.refreshToken ?? null;
}

export async function purgeExpiredWebSessions(db: Db): Promise<void> {
  await db.delete(webSessions).where(sql`${webSessions.expiresAt} < now()`);
}
