import { describe, expect, it } from 'vitest';
import { flushAnswer, flushAnswerOf, isFlushRequest, syncOutcome } from './background-sync';

describe('background sync between the page and the service worker', () => {
  const sentAll = flushAnswer({ sent: 2, complete: true });
  const offline = flushAnswer({ sent: 0, complete: false });
  const elsewhere = flushAnswer({ sent: 0, complete: true, elsewhere: true });

  it('is done when a page sent everything it could, or when no page is open', () => {
    expect(syncOutcome([sentAll])).toBe('done');
    expect(syncOutcome([elsewhere, sentAll])).toBe('done');
    expect(syncOutcome([null, sentAll])).toBe('done');
    expect(syncOutcome([])).toBe('done');
  });

  it('is tried again when no page could send: offline still, silent, or only deferring to another tab', () => {
    expect(syncOutcome([offline])).toBe('retry');
    expect(syncOutcome([null])).toBe('retry');
    expect(syncOutcome([elsewhere])).toBe('retry');
    expect(syncOutcome([elsewhere, offline, null])).toBe('retry');
  });

  it('reads only its own messages', () => {
    expect(isFlushRequest({ type: 'outbox-flush' })).toBe(true);
    expect(isFlushRequest({ type: 'SKIP_WAITING' })).toBe(false);
    expect(isFlushRequest(null)).toBe(false);
    expect(flushAnswerOf(JSON.parse(JSON.stringify(sentAll)))).toEqual(sentAll);
    expect(flushAnswerOf({ type: 'outbox-flushed', sent: '2', complete: true })).toBeNull();
    expect(flushAnswerOf({ type: 'other' })).toBeNull();
    expect(flushAnswerOf(undefined)).toBeNull();
  });
});
