/**
 * What a session cookie or an access token stands for, looked up in the database at most once
 * per `IDENTITY_CHECK_SECONDS` per instance (decision 048), so that a request (a cart command,
 * a search) does no database round trip to learn who sent it:
 *
 * - a store session (decision 031): its user, expiry, last activity and whether its sign-in
 *   grant is still live. A session ended, expired or revoked on any instance is refused here
 *   within `IDENTITY_CHECK_SECONDS`; a session this instance ends is forgotten at once. A
 *   session that looks idle from what is kept is read again before it is refused (another
 *   instance may have recorded activity), and ended then only by `findWebSession`'s own rules;
 * - an access token's grant (its `grant_id` claim): live, or revoked by a sign-out or by a
 *   refresh token used twice. A revoked grant stops its tokens within the same bound;
 * - a user's profile (names, email, country), for the tokens' and sessions' users.
 *
 * Lookups of the same key at the same time share one query. Each map holds at most
 * `MAX_ENTRIES` (least recently used go first), so made-up cookies cannot grow it without end.
 */
import { createHash } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import { oidcModels } from '../db/schema';
import { findUserById, type User } from '../auth/users';
import {
  findWebSession,
  SESSION_IDLE_SECONDS,
  sessionIdHash,
  type SessionPurpose,
} from '../auth/web-sessions';
import { findAgent, type SupportAgent } from '../support/agents';
import { openAgentSession, type AgentSessionRow } from '../support/agent-sessions';

/** How stale what an instance knows of a session, a grant or a user may be (seconds). */
export const IDENTITY_CHECK_SECONDS = 5;

const MAX_ENTRIES = 20_000;

interface Entry<T> {
  readonly value: T;
  readonly until: number;
}

/** A bounded map whose entries lapse, sharing lookups in flight. */
class Expiring<T> {
  private readonly entries = new Map<string, Entry<T>>();
  private readonly inFlight = new Map<string, Promise<T>>();

  constructor(
    private readonly ttlMs: number,
    private readonly clock: () => number,
  ) {}

  peek(key: string): T | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.until <= this.clock()) {
      this.entries.delete(key);
      return undefined;
    }
    // Used: the newest in the map's order, so the least used goes first when it is full.
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.value;
  }

  set(key: string, value: T): void {
    this.entries.delete(key);
    this.entries.set(key, { value, until: this.clock() + this.ttlMs });
    if (this.entries.size > MAX_ENTRIES) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
  }

  /** Forgotten: a load of it under way when it was forgotten keeps nothing. */
  delete(key: string): void {
    this.entries.delete(key);
    this.inFlight.delete(key);
  }

  async get(key: string, load: () => Promise<T>): Promise<T> {
    const known = this.peek(key);
    if (known !== undefined) return known;
    const pending = this.inFlight.get(key);
    if (pending) return pending;
    const loading: Promise<T> = load().then(
      (value) => {
        // Kept only if nobody forgot the key meanwhile (a sign-out as it loaded).
        if (this.inFlight.get(key) === loading) {
          this.inFlight.delete(key);
          this.set(key, value);
        }
        return value;
      },
      (error: unknown) => {
        if (this.inFlight.get(key) === loading) this.inFlight.delete(key);
        throw error;
      },
    );
    this.inFlight.set(key, loading);
    return loading;
  }

  clear(): void {
    this.entries.clear();
    this.inFlight.clear();
  }
}

/** A live session as kept: whose it is and until when it may be taken without asking again. */
interface KnownSession {
  readonly userId: string | null;
  readonly purpose: SessionPurpose;
  readonly lastSeenAt: number;
  readonly expiresAt: number;
}

const NO_SESSION: KnownSession = { userId: null, purpose: 'buyer', lastSeenAt: 0, expiresAt: 0 };

function sessionKey(id: string): string {
  return createHash('sha256').update(id).digest('base64url');
}

export interface IdentityCacheOptions {
  /** Seconds what is kept may be trusted (default IDENTITY_CHECK_SECONDS). */
  readonly checkSeconds?: number;
  /** The clock (tests). */
  readonly clock?: () => number;
}

export class IdentityCache {
  private readonly sessions: Expiring<KnownSession>;
  private readonly grants: Expiring<boolean>;
  private readonly users: Expiring<User | null>;
  /** Customer service agents by user id (decision 063); null for everyone else. */
  private readonly agents: Expiring<SupportAgent | null>;
  /** The open session of acting for a buyer, by the agent's sign-in (its id hash). */
  private readonly acting: Expiring<AgentSessionRow | null>;
  private readonly clock: () => number;

  constructor(
    private readonly db: Db,
    options: IdentityCacheOptions = {},
  ) {
    this.clock = options.clock ?? Date.now;
    const ttl = (options.checkSeconds ?? IDENTITY_CHECK_SECONDS) * 1000;
    this.sessions = new Expiring(ttl, this.clock);
    this.grants = new Expiring(ttl, this.clock);
    this.users = new Expiring(ttl, this.clock);
    this.agents = new Expiring(ttl, this.clock);
    this.acting = new Expiring(ttl, this.clock);
  }

  /**
   * The user of a live session of this purpose, or undefined (ended, expired, idle, revoked,
   * unknown, or a session of the other purpose: an agent's sign-in never opens a buyer's
   * routes, nor a buyer's an agent's).
   */
  async sessionUser(id: string, purpose: SessionPurpose = 'buyer'): Promise<string | undefined> {
    if (!id || id.length > 100) return undefined;
    const key = sessionKey(id);
    const now = this.clock();
    let known = await this.sessions.get(key, () => this.loadSession(id));
    const idle = now - known.lastSeenAt >= SESSION_IDLE_SECONDS * 1000;
    if (known.userId !== null && (idle || known.expiresAt <= now)) {
      // What is kept says it ended: the database decides (activity may have moved elsewhere).
      this.sessions.delete(key);
      known = await this.sessions.get(key, () => this.loadSession(id));
    }
    return known.purpose === purpose ? (known.userId ?? undefined) : undefined;
  }

  private async loadSession(id: string): Promise<KnownSession> {
    const found = await findWebSession(this.db, id, new Date(this.clock()));
    if (!found) return NO_SESSION;
    return {
      userId: found.userId,
      purpose: found.purpose,
      lastSeenAt: found.lastSeenAt.getTime(),
      expiresAt: found.expiresAt.getTime(),
    };
  }

  /**
   * The session as the database has it now (the session check, SPEC 7.2), recording the
   * buyer's activity when reported (SPEC 4.4): the row moves on, and so does what this
   * instance keeps. The session's user, or undefined.
   */
  async recordActivity(
    id: string,
    activeAt: Date | undefined,
    purpose: SessionPurpose = 'buyer',
  ): Promise<string | undefined> {
    if (!id || id.length > 100) return undefined;
    const key = sessionKey(id);
    const found = await findWebSession(this.db, id, new Date(this.clock()), activeAt);
    const known: KnownSession = found
      ? {
          userId: found.userId,
          purpose: found.purpose,
          lastSeenAt: found.lastSeenAt.getTime(),
          expiresAt: found.expiresAt.getTime(),
        }
      : NO_SESSION;
    this.sessions.set(key, known);
    return known.purpose === purpose ? (known.userId ?? undefined) : undefined;
  }

  /** A session this instance ended: refused from now on here (others within the bound). */
  forgetSession(id: string): void {
    this.forgetSessionHash(sessionKey(id));
  }

  /** The same, by the session's id as stored (its SHA-256, as `web_sessions.id_hash`). */
  forgetSessionHash(hash: string): void {
    this.sessions.set(hash, NO_SESSION);
  }

  /** Whether an access token's grant is still live at the embedded provider. */
  grantLive(grantId: string): Promise<boolean> {
    return this.grants.get(grantId, async () => {
      const now = new Date(this.clock()).toISOString();
      const [row] = await this.db
        .select({ id: oidcModels.id })
        .from(oidcModels)
        .where(
          and(
            eq(oidcModels.model, 'Grant'),
            eq(oidcModels.id, grantId),
            sql`(${oidcModels.expiresAt} is null or ${oidcModels.expiresAt} > ${now}::timestamptz)`,
          ),
        );
      return row !== undefined;
    });
  }

  /** A grant this instance revoked. */
  forgetGrant(grantId: string): void {
    this.grants.set(grantId, false);
  }

  async user(id: string): Promise<User | undefined> {
    return (
      (await this.users.get(id, async () => (await findUserById(this.db, id)) ?? null)) ?? undefined
    );
  }

  /** A user whose profile changed here: read again on next use. */
  forgetUser(id: string): void {
    this.users.delete(id);
  }

  /** The customer service agent this user is (not removed), or undefined. */
  async agent(userId: string): Promise<SupportAgent | undefined> {
    return (
      (await this.agents.get(userId, async () => (await findAgent(this.db, userId)) ?? null)) ??
      undefined
    );
  }

  /** An agent added or removed here: read again on next use. */
  forgetAgent(userId: string): void {
    this.agents.delete(userId);
  }

  /** The session of acting for a buyer that an agent's sign-in holds open, if any. */
  async actingSession(signInId: string): Promise<AgentSessionRow | undefined> {
    const key = sessionIdHash(signInId);
    return (
      (await this.acting.get(key, async () => (await openAgentSession(this.db, key)) ?? null)) ??
      undefined
    );
  }

  /** A session of acting started, changed or ended here: read again on next use. */
  forgetActing(signInHash: string): void {
    this.acting.delete(signInHash);
  }

  /** Everything forgotten (key rotation, tests). */
  clear(): void {
    this.sessions.clear();
    this.grants.clear();
    this.users.clear();
    this.agents.clear();
    this.acting.clear();
  }
}
