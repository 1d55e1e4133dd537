/**
 * The browser's outbox policy, pure (decision 018): which queued commands go next, in what
 * batches, and what a failure does to a command. A client's queue can never jam: a command
 * the server refuses for good leaves the queue (the buyer is told in the kind's words); one
 * that keeps failing with a server error is retried with growing pauses while the commands
 * behind it go on, and after a bounded number of tries it is set aside: kept, counted and
 * shown with a way to try again, never dropped in silence.
 */

export const OUTBOX_POLICY = {
  /** Commands of one stream sent in one request at most. */
  maxBatch: 100,
  /** Server errors a command may meet before it is set aside. */
  maxAttempts: 6,
  firstBackoffMs: 1_000,
  maxBackoffMs: 5 * 60_000,
} as const;

/** What an outbox entry carries for the policy. */
export interface OutboxItem {
  /** Its place in the queue (IndexedDB's key generator: one order for every tab). */
  readonly id: number;
  readonly streamId: string;
  /** The signed-in user whose stream it is; absent for a visitor's. */
  readonly userId?: string;
  /** Server errors met so far. */
  readonly attempts: number;
  /** Not sent again before this instant (ms since the epoch). */
  readonly nextAttemptAt?: number;
  /** When it first met a server error. */
  readonly firstFailedAt?: number;
  /** When it was set aside: sent again only when the buyer asks. */
  readonly setAsideAt?: number;
}

/**
 * How a failed request bears on its commands: `offline` (no answer: nothing is wrong with
 * them, the queue waits for the connection), `unauthorized` (the session ended: the user's
 * commands wait for that user), `refused` (never better with time: dropped and reported),
 * `retry` (a server error: tried again later).
 */
export type Failure = 'offline' | 'unauthorized' | 'refused' | 'retry';

/** The failure of an HTTP status; null when no answer came at all. */
export function failureOfStatus(status: number | null): Failure {
  if (status === null || status === 0) return 'offline';
  if (status === 401) return 'unauthorized';
  if (status === 408 || status === 425 || status === 429 || status >= 500) return 'retry';
  return 'refused';
}

/** The pause after a command's n-th server error: 1 s, 2 s, 4 s … at most 5 min. */
export function backoffMs(attempts: number): number {
  const exponent = Math.max(0, Math.min(attempts - 1, 30));
  return Math.min(OUTBOX_POLICY.firstBackoffMs * 2 ** exponent, OUTBOX_POLICY.maxBackoffMs);
}

/** Whether an entry may be sent now, by the person signed in here. */
export function sendable(item: OutboxItem, now: number, signedIn: string | null): boolean {
  if (item.setAsideAt !== undefined) return false;
  if (item.nextAttemptAt !== undefined && item.nextAttemptAt > now) return false;
  return item.userId === undefined || item.userId === signedIn;
}

/**
 * The next request's commands: the oldest sendable entry and, after it, the other sendable
 * entries of the same stream and owner, in queue order, up to `maxBatch`. Entries set
 * aside, or another user's, never hold back the others. A stream's commands keep their
 * order while one of them waits out a pause (the later ones may depend on it, "add" before
 * "change the quantity"), but only for its first `maxAttempts` tries: after that the ones
 * behind it go, so nothing waits on it for good.
 */
export function nextBatch<T extends OutboxItem>(
  queue: readonly T[],
  now: number,
  signedIn: string | null,
  maxBatch: number = OUTBOX_POLICY.maxBatch,
): T[] {
  const ordered = [...queue].sort((a, b) => a.id - b.id);
  const heldAfter = new Map<string, number>();
  for (const item of ordered) {
    const paused =
      item.setAsideAt === undefined &&
      item.nextAttemptAt !== undefined &&
      item.nextAttemptAt > now &&
      item.attempts < OUTBOX_POLICY.maxAttempts;
    if (paused && !heldAfter.has(item.streamId)) heldAfter.set(item.streamId, item.id);
  }
  const ready = (item: T) => {
    const held = heldAfter.get(item.streamId);
    return sendable(item, now, signedIn) && (held === undefined || item.id < held);
  };
  const head = ordered.find(ready);
  if (!head) return [];
  return ordered
    .filter(
      (item) =>
        item.streamId === head.streamId &&
        item.userId === head.userId &&
        item.id >= head.id &&
        ready(item),
    )
    .slice(0, maxBatch);
}

/**
 * An entry after a server error. It is set aside after `maxAttempts`, but only once the
 * server has answered other commands since its failures began (`lastSuccessAt`): while the
 * whole server is failing, every command waits its turn instead.
 */
export function afterFailure(
  item: OutboxItem,
  now: number,
  lastSuccessAt: number | null,
): Pick<OutboxItem, 'attempts' | 'nextAttemptAt' | 'firstFailedAt' | 'setAsideAt'> {
  const attempts = item.attempts + 1;
  const firstFailedAt = item.firstFailedAt ?? now;
  const serverAnswersOthers = lastSuccessAt !== null && lastSuccessAt >= firstFailedAt;
  const setAside = attempts >= OUTBOX_POLICY.maxAttempts && serverAnswersOthers;
  return {
    attempts,
    firstFailedAt,
    nextAttemptAt: now + backoffMs(attempts),
    ...(setAside ? { setAsideAt: now } : {}),
  };
}

/** An entry the buyer asked to try again: a fresh start. */
export function retried(): Pick<
  OutboxItem,
  'attempts' | 'nextAttemptAt' | 'firstFailedAt' | 'setAsideAt'
> {
  return { attempts: 0, nextAttemptAt: undefined, firstFailedAt: undefined, setAsideAt: undefined };
}

/**
 * When a paused entry of this person's may next be sent (null: none is paused). Entries
 * that are not paused go with the next flush, whenever the connection allows.
 */
export function nextWake(queue: readonly OutboxItem[], signedIn: string | null): number | null {
  let wake: number | null = null;
  for (const item of queue) {
    if (item.setAsideAt !== undefined || item.nextAttemptAt === undefined) continue;
    if (item.userId !== undefined && item.userId !== signedIn) continue;
    wake = wake === null ? item.nextAttemptAt : Math.min(wake, item.nextAttemptAt);
  }
  return wake;
}
