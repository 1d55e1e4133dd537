/**
 * The store's own sessions (SPEC 4.1, 4.4, 7.2; decision 031): a random id in an HttpOnly
 * cookie, only its SHA-256 kept in Postgres with the user, the refresh token the store holds
 * for them, and the OpenID grant the session came from. A session answers only while:
 * - it has not ended (logout) and is younger than 14 days;
 * - its grant still exists at the embedded provider (revoking the refresh token or signing
 *   out of the provider revokes the grant, and so ends the session);
 * - the buyer was active in the last 1800 s (SPEC 4.4). Activity is what the browser
 *   reports through the session check; other requests never extend a session.
 * A session found idle or without its grant is ended on the spot.
 */
import { createHash, createHmac, randomBytes } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import { webSessions } from '../db/schema';

export const SESSION_COOKIE = 'store_session';
/** A customer service agent's sign-in (decision 063): HttpOnly, SameSite=Strict. */
export const AGENT_COOKIE = 'agent_session';

/** Whose session: a buyer's, or a customer service agent's sign-in (decision 063). */
export type SessionPurpose = 'buyer' | 'agent';
export const SESSION_DAYS = 14;
/** SPEC 9 "Inactivity timeout": a session without the buyer's activity this long ends. */
export const SESSION_IDLE_SECONDS = 1800;

const IDLE_MS = SESSION_IDLE_SECONDS * 1000;

/** A session's id as stored (`web_sessions.id_hash`): its SHA-256. */
export function sessionIdHash(id: string): string {
  return createHash('sha256').update(id).digest('base64url');
}

/**
 * The session id an access token opens (POST /auth/session): always the same one for the
 * same token, so a second call gives the same session and never a new row. It is an HMAC
 * of the token with a secret of the store that does not rotate (a rotation of the cookie
 * keys must not give the same token a second session), so that the id cannot be worked out
 * from the token (say, one found after it expired) without that secret.
 */
export function sessionIdForToken(token: string, secret: string): string {
  return createHmac('sha256', secret).update(`store-session.${token}`).digest('base64url');
}

export interface NewWebSession {
  readonly userId: string;
  readonly refreshToken?: string | null;
  /** The embedded provider's grant; null when unknown (an external provider). */
  readonly grantId?: string | null;
  /** A chosen id (sessionIdForToken); otherwise a random one. */
  readonly id?: string;
}

function expiryFrom(now: Date): Date {
  return new Date(now.getTime() + SESSION_DAYS * 24 * 3600 * 1000);
}

export async function createWebSession(
  db: Db,
  userId: string,
  refreshToken: string | null,
  now: Date,
  options: { readonly grantId?: string | null; readonly purpose?: SessionPurpose } = {},
): Promise<{ id: string; expiresAt: Date }> {
  const id = randomBytes(32).toString('base64url');
  const expiresAt = expiryFrom(now);
  await db.insert(webSessions).values({
    idHash: sessionIdHash(id),
    userId,
    refreshToken,
    grantId: options.grantId ?? null,
    lastSeenAt: now,
    expiresAt,
    purpose: options.purpose ?? 'buyer',
  });
  return { id, expiresAt };
}

/**
 * The session a token opens (its id from sessionIdForToken): made on the first call, the
 * same one after; undefined when that session has ended (logout, idle, grant revoked) or
 * belongs to someone else.
 */
export async function openWebSession(
  db: Db,
  session: NewWebSession & { readonly id: string },
  now: Date,
): Promise<{ id: string; expiresAt: Date } | undefined> {
  await db
    .insert(webSessions)
    .values({
      idHash: sessionIdHash(session.id),
      userId: session.userId,
      refreshToken: session.refreshToken ?? null,
      grantId: session.grantId ?? null,
      lastSeenAt: now,
      expiresAt: expiryFrom(now),
    })
    .onConflictDoNothing({ target: webSessions.idHash });
  const found = await findWebSession(db, session.id, now);
  if (!found || found.userId !== session.userId || found.purpose !== 'buyer') return undefined;
  return { id: session.id, expiresAt: found.expiresAt };
}

export interface FoundWebSession {
  readonly userId: string;
  readonly refreshToken: string | null;
  readonly expiresAt: Date;
  /** The buyer's last activity as the session now records it. */
  readonly lastSeenAt: Date;
  readonly purpose: SessionPurpose;
}

/**
 * The live session with this id, or undefined. `activeAt`: the buyer's last activity, as the
 * session check reports it; it moves the idle expiry on (never back, never past `now`).
 */
export async function findWebSession(
  db: Db,
  id: string,
  now: Date,
  activeAt?: Date,
): Promise<FoundWebSession | undefined> {
  if (!id || id.length > 100) return undefined;
  const idHash = sessionIdHash(id);
  const [row] = await db
    .select({
      userId: webSessions.userId,
      refreshToken: webSessions.refreshToken,
      lastSeenAt: webSessions.lastSeenAt,
      expiresAt: webSessions.expiresAt,
      endedAt: webSessions.endedAt,
      purpose: webSessions.purpose,
      grantLive: sql<boolean>`(web_sessions.grant_id is null or exists (
        select 1 from oidc_models g
        where g.model = 'Grant' and g.id = web_sessions.grant_id
          and (g.expires_at is null or g.expires_at > ${now.toISOString()}::timestamptz)))`,
    })
    .from(webSessions)
    .where(eq(webSessions.idHash, idHash));
  if (!row || row.endedAt !== null || row.expiresAt.getTime() <= now.getTime()) return undefined;
  if (!row.grantLive || now.getTime() - row.lastSeenAt.getTime() >= IDLE_MS) {
    await db
      .update(webSessions)
      .set({ endedAt: now })
      .where(and(eq(webSessions.idHash, idHash), isNull(webSessions.endedAt)));
    return undefined;
  }
  let lastSeenAt = row.lastSeenAt;
  if (activeAt !== undefined) {
    const at = new Date(Math.min(activeAt.getTime(), now.getTime()));
    if (at.getTime() > row.lastSeenAt.getTime()) {
      lastSeenAt = at;
      await db
        .update(webSessions)
        .set({
          lastSeenAt: sql`greatest(${webSessions.lastSeenAt}, ${at.toISOString()}::timestamptz)`,
        })
        .where(and(eq(webSessions.idHash, idHash), isNull(webSessions.endedAt)));
    }
  }
  return {
    userId: row.userId,
    refreshToken: row.refreshToken,
    expiresAt: row.expiresAt,
    lastSeenAt,
    purpose: row.purpose === 'agent' ? 'agent' : 'buyer',
  };
}

/**
 * Ends the session (logout) and hands back the refresh token it held, for revocation. The
 * row stays for a while (housekeeping keeps ended sessions at least an hour, decision 044):
 * the access token that opened it cannot open it again.
 */
export async function endWebSession(db: Db, id: string, now: Date): Promise<string | null> {
  if (!id || id.length > 100) return null;
  const idHash = sessionIdHash(id);
  const [row] = await db
    .select({ refreshToken: webSessions.refreshToken })
    .from(webSessions)
    .where(eq(webSessions.idHash, idHash));
  if (!row) return null;
  await db
    .update(webSessions)
    .set({
      endedAt: sql`coalesce(${webSessions.endedAt}, ${now.toISOString()}::timestamptz)`,
      refreshToken: null,
    })
    .where(eq(webSessions.idHash, idHash));
  return row.refreshToken;
}

/**
 * Ends every session of a user (the account page's "sign out everywhere", a password change):
 * their refresh tokens and grants are handed back, for revocation at the provider.
 */
export async function endAllWebSessions(
  db: Db,
  userId: string,
  now: Date,
): Promise<{
  readonly refreshTokens: string[];
  readonly grantIds: string[];
  /** The ended sessions' ids as stored (their SHA-256): what the identity cache keys by. */
  readonly idHashes: string[];
}> {
  // Read first: an update's `returning` gives the new (cleared) refresh tokens.
  const rows = await db
    .select({
      idHash: webSessions.idHash,
      refreshToken: webSessions.refreshToken,
      grantId: webSessions.grantId,
    })
    .from(webSessions)
    .where(and(eq(webSessions.userId, userId), isNull(webSessions.endedAt)));
  await db
    .update(webSessions)
    .set({
      endedAt: sql`coalesce(${webSessions.endedAt}, ${now.toISOString()}::timestamptz)`,
      refreshToken: null,
    })
    .where(and(eq(webSessions.userId, userId), isNull(webSessions.endedAt)));
  return {
    idHashes: rows.map((r) => r.idHash),
    refreshTokens: rows.flatMap((r) => (r.refreshToken ? [r.refreshToken] : [])),
    grantIds: [...new Set(rows.flatMap((r) => (r.grantId ? [r.grantId] : [])))],
  };
}

/**
 * Ends every session of a user but the one with this id (a password change: the session it
 * was made in stays). Like `endAllWebSessions`, it hands back what the others held, and the
 * grant the kept session came from, which must stay too.
 */
export async function endOtherWebSessions(
  db: Db,
  userId: string,
  keepId: string | undefined,
  now: Date,
): Promise<{
  readonly grantIds: string[];
  readonly idHashes: string[];
  readonly keptGrantId: string | null;
}> {
  const keepHash = keepId && keepId.length <= 100 ? sessionIdHash(keepId) : '';
  const rows = await db
    .select({ idHash: webSessions.idHash, grantId: webSessions.grantId })
    .from(webSessions)
    .where(and(eq(webSessions.userId, userId), isNull(webSessions.endedAt)));
  const kept = rows.find((r) => r.idHash === keepHash);
  const others = rows.filter((r) => r.idHash !== keepHash);
  await db
    .update(webSessions)
    .set({
      endedAt: sql`coalesce(${webSessions.endedAt}, ${now.toISOString()}::timestamptz)`,
      refreshToken: null,
    })
    .where(
      and(
        eq(webSessions.userId, userId),
        isNull(webSessions.endedAt),
        sql`${webSessions.idHash} <> ${keepHash}`,
      ),
    );
  const keptGrantId = kept?.grantId ?? null;
  return {
    idHashes: others.map((r) => r.idHash),
    grantIds: [
      ...new Set(
        others.flatMap((r) => (r.grantId && r.grantId !== keptGrantId ? [r.grantId] : [])),
      ),
    ],
    keptGrantId,
  };
}
