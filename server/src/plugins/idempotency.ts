/**
 * Requests that must run online and exactly once (place order, pay, create quote), keyed by
 * the `Idempotency-Key` header. The first request with a key runs and its answer is stored;
 * a repeat with the same key and the same body gets that answer again (nothing runs twice);
 * the same key with another request (another body, method or route) is refused (422); a
 * repeat while the first still runs is told to wait (409), until the first's claim lapses
 * (a process that died mid-request frees its keys after `RUNNING_LEASE_MS`). A request that
 * fails on the server frees its key for a retry, so the work must itself be safe to run
 * again after a failure (write its effects in one transaction, keyed by the same key).
 */
import { createHash } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { IDEMPOTENCY_HEADER, idempotencyKeySchema } from '../../../domain/shared/idempotency';
import type { Db } from '../db/database';
import { idempotencyKeys } from '../db/schema';
import { errorBody } from './errors';

/** How long a claim on a key holds without an answer before another request may run. */
export const RUNNING_LEASE_MS = 60_000;

export interface StoredAnswer {
  readonly statusCode: number;
  readonly body: unknown;
  /**
   * `false`: not the request's outcome (another attempt still runs): answered, not stored,
   * and the key is freed, so that the same request sent again runs and learns the outcome.
   */
  readonly final?: false;
}

export type OnceOutcome =
  | ({ readonly outcome: 'ran' | 'replayed' } & StoredAnswer)
  | { readonly outcome: 'conflict' }
  | { readonly outcome: 'mismatch' };

function hashOf(request: unknown): string {
  return createHash('sha256')
    .update(JSON.stringify(request ?? null))
    .digest('hex');
}

/** Runs `work` once per (scope, key); a repeat gets the stored answer. */
export async function runOnce(
  db: Db,
  target: { readonly scope: string; readonly key: string; readonly request: unknown },
  work: () => Promise<StoredAnswer>,
): Promise<OnceOutcome> {
  const requestHash = hashOf(target.request);
  const claimed = await db
    .insert(idempotencyKeys)
    .values({ scope: target.scope, key: target.key, requestHash, status: 'running' })
    .onConflictDoNothing()
    .returning({ key: idempotencyKeys.key });
  const where = and(eq(idempotencyKeys.scope, target.scope), eq(idempotencyKeys.key, target.key));
  if (claimed.length === 0) {
    const [row] = await db.select().from(idempotencyKeys).where(where);
    if (!row) return runOnce(db, target, work);
    if (row.requestHash !== requestHash) return { outcome: 'mismatch' };
    if (row.status === 'done') {
      return { outcome: 'replayed', statusCode: row.statusCode ?? 200, body: row.response };
    }
    // A claim whose process died: taken over once. The update asks the database whether the
    // claim has lapsed by its own clock (not by comparing with the time read above, which
    // JavaScript holds in milliseconds and PostgreSQL in microseconds), and renews it, so a
    // second taker finds it fresh.
    const lapsed = row.updatedAt.getTime() < Date.now() - RUNNING_LEASE_MS;
    if (!lapsed) return { outcome: 'conflict' };
    const taken = await db
      .update(idempotencyKeys)
      .set({ updatedAt: sql`now()` })
      .where(
        and(
          where,
          eq(idempotencyKeys.status, 'running'),
          sql`${idempotencyKeys.updatedAt} < now() - make_interval(secs => ${RUNNING_LEASE_MS / 1000})`,
        ),
      )
      .returning({ key: idempotencyKeys.key });
    if (taken.length === 0) return { outcome: 'conflict' };
  }
  let answer: StoredAnswer;
  try {
    answer = await work();
  } catch (error) {
    await db.delete(idempotencyKeys).where(where);
    throw error;
  }
  if (answer.statusCode >= 500 || answer.final === false) {
    await db.delete(idempotencyKeys).where(where);
  } else {
    await db
      .update(idempotencyKeys)
      .set({
        status: 'done',
        statusCode: answer.statusCode,
        response: answer.body ?? null,
        updatedAt: sql`now()`,
      })
      .where(where);
  }
  return { outcome: 'ran', statusCode: answer.statusCode, body: answer.body };
}

/**
 * A route's answer through `runOnce`, keyed by the request's header within `scope` (make the
 * scope name the caller, so keys of different people never meet).
 */
export async function sendOnce(
  db: Db,
  request: FastifyRequest,
  reply: FastifyReply,
  scope: string,
  work: () => Promise<StoredAnswer>,
): Promise<FastifyReply> {
  const parsed = idempotencyKeySchema.safeParse(request.headers[IDEMPOTENCY_HEADER]);
  if (!parsed.success) {
    return reply
      .code(400)
      .send(errorBody('idempotency_key_required', 'The request needs an Idempotency-Key header.'));
  }
  const result = await runOnce(
    db,
    {
      scope,
      key: parsed.data,
      // The same key for another route, resource, query or method is another request.
      request: { method: request.method, url: request.url, body: request.body },
    },
    work,
  );
  if (result.outcome === 'conflict') {
    return reply
      .code(409)
      .send(errorBody('idempotency_in_progress', 'The same request is still being handled.'));
  }
  if (result.outcome === 'mismatch') {
    return reply
      .code(422)
      .send(
        errorBody('idempotency_key_reused', 'This Idempotency-Key was used for another request.'),
      );
  }
  if (result.outcome === 'replayed') reply.header('idempotent-replayed', 'true');
  return reply.code(result.statusCode).send(result.body);
}
