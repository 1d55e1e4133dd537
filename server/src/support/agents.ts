/**
 * The store's customer service agents (decision 063): users of the identity provider with the
 * site regions they serve. Operators add and remove them (`npm run agents`); a removed agent
 * keeps their row, with the time, for the audit, and can no longer sign in as an agent.
 */
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { SiteRegion } from '../../../domain/storefront/storefronts';
import { isSiteRegion } from '../../../domain/support/support';
import type { Db } from '../db/database';
import { supportAgents, users } from '../db/schema';

export interface SupportAgent {
  readonly userId: string;
  readonly email: string;
  readonly givenName: string;
  readonly familyName: string;
  readonly regions: readonly SiteRegion[];
}

const columns = {
  userId: supportAgents.userId,
  email: users.email,
  givenName: users.givenName,
  familyName: users.familyName,
  regions: supportAgents.regions,
};

function toAgent(row: {
  userId: string;
  email: string;
  givenName: string;
  familyName: string;
  regions: string[];
}): SupportAgent {
  return { ...row, regions: row.regions.filter(isSiteRegion) };
}

/** The agent this user is, unless removed. */
export async function findAgent(db: Db, userId: string): Promise<SupportAgent | undefined> {
  if (!/^[0-9a-f-]{36}$/i.test(userId)) return undefined;
  const [row] = await db
    .select(columns)
    .from(supportAgents)
    .innerJoin(users, eq(users.id, supportAgents.userId))
    .where(and(eq(supportAgents.userId, userId), isNull(supportAgents.removedAt)));
  return row ? toAgent(row) : undefined;
}

/** Every agent not removed, by email. */
export async function listAgents(db: Db): Promise<SupportAgent[]> {
  const rows = await db
    .select(columns)
    .from(supportAgents)
    .innerJoin(users, eq(users.id, supportAgents.userId))
    .where(isNull(supportAgents.removedAt))
    .orderBy(sql`lower(${users.email})`);
  return rows.map(toAgent);
}

export class NoSuchUserError extends Error {
  override readonly name = 'NoSuchUserError';
}

/** The id of the user who signs in with this email; NoSuchUserError when none does. */
export async function userIdByEmail(db: Db, email: string): Promise<string> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = lower(${email.trim()})`);
  if (!row) throw new NoSuchUserError(`No user signs in with ${email.trim()}.`);
  return row.id;
}

/**
 * Makes a user an agent for these regions (again, if removed), or sets the regions of one;
 * their open sessions of acting end.
 */
export async function addAgent(
  db: Db,
  email: string,
  regions: readonly SiteRegion[],
): Promise<SupportAgent> {
  const userId = await userIdByEmail(db, email);
  await db.transaction(async (tx) => {
    await tx
      .insert(supportAgents)
      .values({ userId, regions: [...regions] })
      .onConflictDoUpdate({
        target: supportAgents.userId,
        set: { regions: [...regions], removedAt: null },
      });
    // Regions changed: the agent's sessions of acting end (one may be for a customer of a
    // region no longer served); their sign-in stays.
    await tx.execute(sql`
      update agent_sessions set ended_at = now(), end_reason = 'regions-changed'
       where agent_id = ${userId} and ended_at is null`);
  });
  const agent = await findAgent(db, userId);
  if (!agent) throw new Error('The agent was not recorded.');
  return agent;
}

/**
 * Removes an agent: their sign-ins end and any session of acting they hold ends. False when
 * the user was no agent.
 */
export async function removeAgent(db: Db, email: string, now: Date): Promise<boolean> {
  const userId = await userIdByEmail(db, email);
  return db.transaction(async (tx) => {
    const removed = await tx
      .update(supportAgents)
      .set({ removedAt: now })
      .where(and(eq(supportAgents.userId, userId), isNull(supportAgents.removedAt)))
      .returning({ userId: supportAgents.userId });
    if (removed.length === 0) return false;
    await tx.execute(sql`
      update agent_sessions set ended_at = ${now.toISOString()}::timestamptz, end_reason = 'agent-removed'
       where agent_id = ${userId} and ended_at is null`);
    await tx.execute(sql`
      update web_sessions set ended_at = ${now.toISOString()}::timestamptz, refresh_token = null
       where user_id = ${userId} and purpose = 'agent' and ended_at is null`);
    return true;
  });
}
