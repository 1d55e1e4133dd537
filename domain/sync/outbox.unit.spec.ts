import { describe, expect, it } from 'vitest';
import {
  afterFailure,
  backoffMs,
  failureOfStatus,
  nextBatch,
  nextWake,
  OUTBOX_POLICY,
  sendable,
  type OutboxItem,
} from './outbox';

const item = (id: number, more: Partial<OutboxItem> = {}): OutboxItem => ({
  id,
  streamId: 'cart:a',
  attempts: 0,
  ...more,
});

describe('the outbox policy', () => {
  it('classes failures: no answer waits, a refusal is final, a server error is retried', () => {
    expect(failureOfStatus(null)).toBe('offline');
    expect(failureOfStatus(401)).toBe('unauthorized');
    for (const status of [400, 403, 404, 409, 413, 422])
      expect(failureOfStatus(status)).toBe('refused');
    for (const status of [408, 429, 500, 502, 503]) expect(failureOfStatus(status)).toBe('retry');
  });

  it('waits longer after each server error, up to five minutes', () => {
    expect([1, 2, 3, 4].map(backoffMs)).toEqual([1000, 2000, 4000, 8000]);
    expect(backoffMs(40)).toBe(OUTBOX_POLICY.maxBackoffMs);
  });

  it("batches the oldest sendable entry with its stream's later ones, skipping what waits", () => {
    const queue = [
      item(1, { streamId: 'cart:b', nextAttemptAt: 5_000, attempts: 1 }),
      item(2),
      item(3, { streamId: 'cart:b' }),
      item(4),
      item(5, { setAsideAt: 10 }),
      item(6, { userId: 'u2' }),
      item(7),
    ];
    expect(nextBatch(queue, 1_000, 'u1').map((i) => i.id)).toEqual([2, 4, 7]);
    expect(nextBatch(queue, 1_000, 'u1', 2).map((i) => i.id)).toEqual([2, 4]);
    // Once its pause is over, the first entry leads again, with its stream's next.
    expect(nextBatch(queue, 6_000, 'u1').map((i) => i.id)).toEqual([1, 3]);
    expect(nextBatch([item(6, { userId: 'u2' })], 0, 'u1')).toEqual([]);
    expect(sendable(item(6, { userId: 'u2' }), 0, 'u2')).toBe(true);
  });

  it("keeps a stream's order behind a paused command, for its first tries only", () => {
    const paused = item(1, { nextAttemptAt: 5_000, attempts: 2 });
    const queue = [paused, item(2), item(3, { streamId: 'cart:b' })];
    // Other streams go; this stream's later command waits for the paused one.
    expect(nextBatch(queue, 1_000, null).map((i) => i.id)).toEqual([3]);
    const tired = { ...paused, attempts: OUTBOX_POLICY.maxAttempts };
    expect(nextBatch([tired, item(2)], 1_000, null).map((i) => i.id)).toEqual([2]);
  });

  it('sets a failing command aside after the bounded tries, only while the server answers others', () => {
    let entry = item(1);
    for (let n = 1; n < OUTBOX_POLICY.maxAttempts; n += 1) {
      entry = { ...entry, ...afterFailure(entry, n * 1000, n * 1000 + 1) };
      expect(entry.setAsideAt).toBeUndefined();
    }
    const outage = afterFailure(entry, 99_000, 500);
    expect(outage.setAsideAt).toBeUndefined();
    const poison = afterFailure(entry, 99_000, 98_000);
    expect(poison.setAsideAt).toBe(99_000);
    expect(poison.attempts).toBe(OUTBOX_POLICY.maxAttempts);
  });

  it('wakes for the earliest entry this person can send', () => {
    expect(nextWake([item(1, { nextAttemptAt: 9 }), item(2, { nextAttemptAt: 4 })], null)).toBe(4);
    expect(
      nextWake([item(1, { setAsideAt: 1 }), item(2, { userId: 'x', nextAttemptAt: 3 })], null),
    ).toBeNull();
    // An entry that is not paused waits for the next flush, not for a timer.
    expect(nextWake([item(1)], null)).toBeNull();
  });
});
