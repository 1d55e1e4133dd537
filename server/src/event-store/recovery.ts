/**
 * What a store process that died (a crash, a kill, a power cut) leaves claimed, freed when
 * the embedded database opens again (decision 036). The embedded database belongs to one
 * process at a time (the data directory's lock), so at start every claim in it belongs to a
 * process that no longer runs: its process managers' leases (else they wait out the lease,
 * 30 s, before the order reactions go on) and the Idempotency-Keys of requests it was still
 * running (else a buyer's retry of place order is told to wait, a minute at least). The work
 * behind both is safe to run again: reactions and requests are keyed, so a second run gets
 * the stored answer.
 *
 * Mails being sent are not freed: one may have reached the SMTP server before the crash, so
 * sending it again at once could send it twice; its lease ends the wait (decision 027).
 *
 * With PostgreSQL other instances may hold these claims, alive: they lapse on their own.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../db/database';

export interface FreedClaims {
  readonly leases: number;
  readonly requests: number;
}

/** Frees every claim in the database; only for a database no other process uses. */
export async function freeClaimsOfDeadProcesses(db: Db): Promise<FreedClaims> {
  const leases = await db.execute(sql`
    update checkpoints set lease_owner = null, lease_until = null
     where lease_owner is not null
    returning name`);
  const requests = await db.execute(sql`
    delete from idempotency_keys where status = 'running' returning key`);
  // Both drivers answer raw SQL with `rows`.
  const count = (result: unknown) => (result as { rows: unknown[] }).rows.length;
  return { leases: count(leases), requests: count(requests) };
}
