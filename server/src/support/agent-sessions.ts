/**
 * Sessions of customer service acting for a buyer (decision 063): one open at a time per
 * agent sign-in. A session is open while its row has not ended and the agent's sign-in is
 * live (not ended, not idle for 1800 s, not expired): an agent's sign-in that times out ends
 * the acting with it. The rows stay for the audit; the events made in a session name it in
 * their metadata (`onBehalfOf.agentSessionId`).
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { SESSION_IDLE_SECONDS } from '../auth/web-sessions';
import type { Db } from '../db/database';

export interface AgentSessionRow {
  readonly id: string;
  readonly agentId: string;
  readonly signInHash: string;
  readonly buyerId: string;
  readonly accountId: string | null;
  readonly savedCardConsent: boolean;
  readonly startedAt: Date;
}

interface RawRow {
  id: string;
  agent_id: string;
  sign_in_hash: string;
  buyer_id: string;
  account_id: string | null;
  saved_card_consent: boolean;
  started_at: string | Date;
}

function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

const toRow = (row: RawRow): AgentSessionRow => ({
  id: row.id,
  agentId: row.agent_id,
  signInHash: row.sign_in_hash,
  buyerId: row.buyer_id,
  accountId: row.account_id,
  savedCardConsent: row.saved_card_consent,
  startedAt: new Date(row.started_at),
});

/** The sign-in of the session is live: the same rules as `findWebSession`'s. */
const SIGN_IN_LIVE = sql`exists (
  select 1 from web_sessions w
   where w.id_hash = s.sign_in_hash and w.purpose = 'agent' and w.ended_at is null
     and w.expires_at > now()
     and w.last_seen_at > now() - make_interval(secs => ${SESSION_IDLE_SECONDS}))`;

/**
 * Sessions whose agent sign-in is gone (timed out, expired, ended) are ended, as of when the
 * sign-in stopped answering: found so, on the way, by the reads below.
 */
async function endTimedOut(db: Db, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  await db.execute(sql`
    update agent_sessions s
       set ended_at = coalesce(
             (select least(w.last_seen_at + make_interval(secs => ${SESSION_IDLE_SECONDS}),
                           coalesce(w.ended_at, w.expires_at))
                from web_sessions w where w.id_hash = s.sign_in_hash),
             now()),
           end_reason = 'timed-out'
     where s.id in (${sql.join(
       ids.map((id) => sql`${id}::uuid`),
       sql`, `,
     )}) and s.ended_at is null`);
}

/** The open session of this agent sign-in (by its id hash), if any. */
export async function openAgentSession(
  db: Db,
  signInHash: string,
): Promise<AgentSessionRow | undefined> {
  const rows = rowsOf<RawRow & { live: boolean }>(
    await db.execute(sql`
      select s.id, s.agent_id, s.sign_in_hash, s.buyer_id, s.account_id, s.saved_card_consent,
             s.started_at, ${SIGN_IN_LIVE} as live
        from agent_sessions s
       where s.sign_in_hash = ${signInHash} and s.ended_at is null`),
  );
  await endTimedOut(
    db,
    rows.filter((row) => !row.live).map((row) => row.id),
  );
  const row = rows.find((r) => r.live);
  return row ? toRow(row) : undefined;
}

/**
 * Starts acting for a buyer and account; an open session of the same sign-in ends first
 * ('replaced'), in the same transaction.
 */
export async function startAgentSession(
  db: Db,
  input: {
    readonly agentId: string;
    readonly signInHash: string;
    readonly buyerId: string;
    readonly accountId: string | null;
  },
  now: Date,
): Promise<AgentSessionRow> {
  const id = randomUUID();
  const at = now.toISOString();
  await db.transaction(async (tx) => {
    // One start at a time per sign-in (two tabs at once): the sign-in's row is the lock.
    await tx.execute(sql`
      select 1 from web_sessions where id_hash = ${input.signInHash} for update`);
    await tx.execute(sql`
      update agent_sessions set ended_at = ${at}::timestamptz, end_reason = 'replaced'
       where sign_in_hash = ${input.signInHash} and ended_at is null`);
    await tx.execute(sql`
      insert into agent_sessions (id, agent_id, sign_in_hash, buyer_id, account_id, started_at)
      values (${id}, ${input.agentId}, ${input.signInHash}, ${input.buyerId}, ${input.accountId},
              ${at}::timestamptz)`);
  });
  return {
    id,
    agentId: input.agentId,
    signInHash: input.signInHash,
    buyerId: input.buyerId,
    accountId: input.accountId,
    savedCardConsent: false,
    startedAt: now,
  };
}

export type EndReason = 'ended' | 'replaced' | 'signed-out' | 'agent-removed';

/** Ends the open session of this sign-in; the ended session's id, or undefined when none. */
export async function endAgentSession(
  db: Db,
  signInHash: string,
  now: Date,
  reason: EndReason = 'ended',
): Promise<string | undefined> {
  const [row] = rowsOf<{ id: string }>(
    await db.execute(sql`
      update agent_sessions set ended_at = ${now.toISOString()}::timestamptz, end_reason = ${reason}
       where sign_in_hash = ${signInHash} and ended_at is null
      returning id`),
  );
  return row?.id;
}

/** Records the buyer's answer on paying with a saved card; false when no session is open. */
export async function recordSavedCardConsent(
  db: Db,
  signInHash: string,
  savedCards: boolean,
): Promise<boolean> {
  const rows = rowsOf<{ id: string }>(
    await db.execute(sql`
      update agent_sessions set saved_card_consent = ${savedCards}
       where sign_in_hash = ${signInHash} and ended_at is null
      returning id`),
  );
  return rows.length > 0;
}

/** The agent acting for this buyer now, if any (the buyer's own tabs follow the cart then). */
export async function agentActingFor(
  db: Db,
  buyerId: string,
): Promise<{ readonly givenName: string; readonly familyName: string } | undefined> {
  const rows = rowsOf<{ id: string; given_name: string; family_name: string; live: boolean }>(
    await db.execute(sql`
      select s.id, u.given_name, u.family_name, ${SIGN_IN_LIVE} as live
        from agent_sessions s join users u on u.id = s.agent_id
       where s.buyer_id = ${buyerId} and s.ended_at is null
       order by s.started_at desc`),
  );
  await endTimedOut(
    db,
    rows.filter((row) => !row.live).map((row) => row.id),
  );
  const row = rows.find((r) => r.live);
  return row ? { givenName: row.given_name, familyName: row.family_name } : undefined;
}

export interface SessionSummary {
  readonly id: string;
  readonly agent: { readonly id: string; readonly email: string; readonly name: string };
  readonly buyer: {
    readonly id: string;
    readonly email: string;
    readonly firstName: string;
    readonly lastName: string;
  };
  readonly account: { readonly id: string; readonly number: string; readonly name: string } | null;
  readonly startedAt: string;
  /** When it ended; null while open (an agent's sign-in that timed out ends it too). */
  readonly endedAt: string | null;
  readonly endReason: string | null;
  readonly savedCardConsent: boolean;
  /** How many events were recorded in it. */
  readonly actions: number;
}

interface SummaryRaw {
  id: string;
  agent_id: string;
  agent_email: string;
  agent_given: string;
  agent_family: string;
  buyer_id: string;
  buyer_email: string;
  buyer_given: string;
  buyer_family: string;
  account_id: string | null;
  account_number: string | null;
  account_name: string | null;
  started_at: string | Date;
  ended_at: string | Date | null;
  end_reason: string | null;
  saved_card_consent: boolean;
  live: boolean;
  actions: string | number;
}

const iso = (value: string | Date): string => new Date(value).toISOString();

/**
 * Sessions, newest first: an agent's, or those acted for a buyer, since a time. A session
 * whose agent sign-in is gone shows as ended when its sign-in was last active.
 */
export async function listAgentSessions(
  db: Db,
  filter: {
    readonly agentId?: string;
    readonly buyerId?: string;
    readonly since?: Date;
    readonly limit: number;
  },
): Promise<SessionSummary[]> {
  const where = [sql`true`];
  if (filter.agentId) where.push(sql`s.agent_id = ${filter.agentId}`);
  if (filter.buyerId) where.push(sql`s.buyer_id = ${filter.buyerId}`);
  if (filter.since) where.push(sql`s.started_at >= ${filter.since.toISOString()}::timestamptz`);
  const rows = rowsOf<SummaryRaw>(
    await db.execute(sql`
      select s.id, s.agent_id, a.email as agent_email, a.given_name as agent_given,
             a.family_name as agent_family, s.buyer_id, b.email as buyer_email,
             b.given_name as buyer_given, b.family_name as buyer_family, s.account_id,
             c.account_number, c.name as account_name, s.started_at,
             coalesce(s.ended_at, case when ${SIGN_IN_LIVE} then null else
               (select least(w.last_seen_at + make_interval(secs => ${SESSION_IDLE_SECONDS}),
                             coalesce(w.ended_at, w.expires_at))
                  from web_sessions w where w.id_hash = s.sign_in_hash) end,
               -- A sign-in the housekeeping has removed: ended, when is no longer known.
               case when ${SIGN_IN_LIVE} then null else s.started_at end) as ended_at,
             coalesce(s.end_reason, case when ${SIGN_IN_LIVE} then null else 'timed-out' end)
               as end_reason,
             s.saved_card_consent, ${SIGN_IN_LIVE} as live,
             (select count(*) from events e
               where e.metadata ? 'onBehalfOf'
                 and e.metadata -> 'onBehalfOf' ->> 'agentSessionId' = s.id::text) as actions
        from agent_sessions s
        join users a on a.id = s.agent_id
        join users b on b.id = s.buyer_id
        left join customer_accounts c on c.id = s.account_id
       where ${sql.join(where, sql` and `)}
       order by s.started_at desc
       limit ${filter.limit}`),
  );
  return rows.map((row) => ({
    id: row.id,
    agent: {
      id: row.agent_id,
      email: row.agent_email,
      name: `${row.agent_given} ${row.agent_family}`,
    },
    buyer: {
      id: row.buyer_id,
      email: row.buyer_email,
      firstName: row.buyer_given,
      lastName: row.buyer_family,
    },
    account:
      row.account_id && row.account_number
        ? { id: row.account_id, number: row.account_number, name: row.account_name ?? '' }
        : null,
    startedAt: iso(row.started_at),
    endedAt: row.ended_at === null ? null : iso(row.ended_at),
    endReason: row.end_reason,
    savedCardConsent: row.saved_card_consent,
    actions: Number(row.actions),
  }));
}

export interface SessionAction {
  readonly at: string;
  readonly streamId: string;
  readonly type: string;
  readonly version: number;
}

/** What was done in a session: its events, oldest first. */
export async function sessionActions(db: Db, sessionId: string): Promise<SessionAction[]> {
  const rows = rowsOf<{
    recorded_at: string | Date;
    stream_id: string;
    type: string;
    version: number;
  }>(
    await db.execute(sql`
      select recorded_at, stream_id, type, version from events
       where metadata ? 'onBehalfOf' and metadata -> 'onBehalfOf' ->> 'agentSessionId' = ${sessionId}
       order by position`),
  );
  return rows.map((row) => ({
    at: iso(row.recorded_at),
    streamId: row.stream_id,
    type: row.type,
    version: Number(row.version),
  }));
}
