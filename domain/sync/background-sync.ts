/**
 * Background Sync between the page and the service worker (decision 066). The outbox lives
 * in the page's database and only the page sends it: the page knows who is signed in, the
 * access token in token mode and the customer service session acting for a buyer, which the
 * worker does not. So when a command is queued while the browser is offline, the page
 * registers a one-off sync under OUTBOX_SYNC_TAG; when the browser is back online it wakes
 * the worker with a `sync` event, and the worker asks the open pages to send their outbox
 * now and waits for their answer. The page's own triggers (back online, a moment after each
 * change, every 30 s while anything waits) stay for browsers without Background Sync.
 *
 * A command sent twice (by the sync event and the page's own trigger, or by two tabs) is
 * applied once: one tab at a time sends (Web Locks), and the server answers a command id it
 * has seen with the outcome it recorded, applying nothing again.
 */

export const OUTBOX_SYNC_TAG = 'assessments-outbox';

/** The worker's request to a page: send the outbox now, answer on the port given. */
export const FLUSH_REQUEST = 'outbox-flush';

/** A page's answer: what its flush did. */
export interface FlushAnswer {
  readonly type: 'outbox-flushed';
  readonly sent: number;
  /** Nothing is left that could be sent now. */
  readonly complete: boolean;
  /** Another tab holds the outbox and sends it; this one did nothing. */
  readonly elsewhere: boolean;
}

export function isFlushRequest(data: unknown): boolean {
  return (data as { type?: unknown } | null)?.type === FLUSH_REQUEST;
}

export function flushAnswer(result: {
  readonly sent: number;
  readonly complete: boolean;
  readonly elsewhere?: boolean;
}): FlushAnswer {
  return {
    type: 'outbox-flushed',
    sent: result.sent,
    complete: result.complete,
    elsewhere: result.elsewhere ?? false,
  };
}

/** A page's answer as the worker receives it; null for anything else. */
export function flushAnswerOf(data: unknown): FlushAnswer | null {
  const answer = data as Partial<FlushAnswer> | null;
  if (answer?.type !== 'outbox-flushed') return null;
  if (typeof answer.sent !== 'number' || typeof answer.complete !== 'boolean') return null;
  return flushAnswer({
    sent: answer.sent,
    complete: answer.complete,
    elsewhere: answer.elsewhere === true,
  });
}

/**
 * What a sync event ends with, given each open page's answer (null: it did not answer in
 * time). `done` when a page sent everything it could, or when no page is open (the outbox
 * waits in the database and the next page sends it as it starts); `retry` otherwise: the
 * worker fails the event and the browser fires it again later.
 */
export function syncOutcome(answers: readonly (FlushAnswer | null)[]): 'done' | 'retry' {
  if (answers.length === 0) return 'done';
  return answers.some((answer) => answer?.complete === true && !answer.elsewhere)
    ? 'done'
    : 'retry';
}
