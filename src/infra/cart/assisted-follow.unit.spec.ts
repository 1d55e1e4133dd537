import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AssistedAnswer, AssistingAgent } from '../../../domain/support/assisted';
import { AssistedFollow, type AssistedFollowDeps } from './assisted-follow';

const ALEX: AssistingAgent = { firstName: 'Alex', lastName: 'Morgan' };
const ASSISTED: AssistedAnswer = { assisted: true, agent: ALEX };
const NOT_ASSISTED: AssistedAnswer = { assisted: false };

type Answer = AssistedAnswer | 'unauthorized' | Error;

function setup(overrides: Partial<AssistedFollowDeps> = {}) {
  let answer: Answer = NOT_ASSISTED;
  let inFlight = 0;
  const calls = {
    asks: [] as number[],
    refreshes: [] as number[],
    agents: [] as (AssistingAgent | null)[],
    unauthorized: 0,
    warnings: 0,
    maxInFlight: 0,
  };
  const start = Date.now();
  const track = async <T>(work: () => Promise<T>): Promise<T> => {
    inFlight++;
    calls.maxInFlight = Math.max(calls.maxInFlight, inFlight);
    try {
      return await work();
    } finally {
      inFlight--;
    }
  };
  const deps: AssistedFollowDeps = {
    now: () => Date.now(),
    setTimeout: (handler, ms) => setTimeout(handler, ms),
    clearTimeout: (handle) => {
      clearTimeout(handle as ReturnType<typeof setTimeout>);
    },
    askAssisted: () =>
      track(() => {
        calls.asks.push(Date.now() - start);
        return answer instanceof Error ? Promise.reject(answer) : Promise.resolve(answer);
      }),
    refreshCart: () =>
      track(() => {
        calls.refreshes.push(Date.now() - start);
        return Promise.resolve();
      }),
    onAgent: (agent) => {
      calls.agents.push(agent);
    },
    onUnauthorized: () => {
      calls.unauthorized++;
    },
    warn: () => {
      calls.warnings++;
    },
    ...overrides,
  };
  const follow = new AssistedFollow(deps);
  return {
    follow,
    calls,
    answer: (next: Answer) => {
      answer = next;
    },
    track,
  };
}

const SHOWN = { userId: 'buyer-1', visible: true, online: true } as const;

describe('following the cart while customer service acts for the buyer (decision 063)', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: Date.UTC(2026, 10, 28, 9) });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('asks only while a buyer is signed in, the page is visible and the browser online', async () => {
    const { follow, calls } = setup();
    follow.update({ userId: null, visible: true, online: true });
    follow.update({ userId: 'buyer-1', visible: false, online: true });
    follow.update({ userId: 'buyer-1', visible: true, online: false });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(calls.asks).toEqual([]);
    follow.update({ online: true });
    await vi.advanceTimersByTimeAsync(25_000);
    expect(calls.asks).toEqual([60_000, 70_000, 80_000]);
    follow.dispose();
  });

  it('stops asking while the page is hidden and asks at once when it shows again', async () => {
    const { follow, calls } = setup();
    follow.update(SHOWN);
    await vi.advanceTimersByTimeAsync(4_000);
    follow.update({ visible: false });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(calls.asks).toEqual([0]);
    follow.update({ visible: true });
    await vi.advanceTimersByTimeAsync(0);
    expect(calls.asks).toEqual([0, 64_000]);
    expect(calls.refreshes).toEqual([]);
    follow.dispose();
  });

  it('calls off the question in flight when the buyer signs out, quietly', async () => {
    let seen: AbortSignal | undefined;
    const { follow, calls } = setup({
      askAssisted: (signal) => {
        seen = signal;
        // The server answers only after the sign-out (the session is gone by then).
        return new Promise((resolve, reject) => {
          signal.addEventListener('abort', () => {
            reject(new DOMException('aborted', 'AbortError'));
          });
          setTimeout(() => {
            resolve('unauthorized');
          }, 1_000);
        });
      },
    });
    follow.update(SHOWN);
    await vi.advanceTimersByTimeAsync(100);
    expect(seen?.aborted).toBe(false);
    follow.update({ userId: null });
    expect(seen?.aborted).toBe(true);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(calls.unauthorized).toBe(0);
    expect(calls.warnings).toBe(0);
    follow.dispose();
  });

  it('pulls the cart at once and every 3 s while assisted, and every 10 s asks whether it still is', async () => {
    const { follow, calls, answer } = setup();
    answer(ASSISTED);
    follow.update(SHOWN);
    await vi.advanceTimersByTimeAsync(9_500);
    expect(calls.agents).toEqual([ALEX]);
    expect(calls.asks).toEqual([0]);
    expect(calls.refreshes).toEqual([0, 3_000, 6_000, 9_000]);
    answer(NOT_ASSISTED);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(calls.asks).toEqual([0, 10_000, 20_000, 30_000]);
    expect(calls.refreshes).toEqual([0, 3_000, 6_000, 9_000]);
    expect(calls.agents).toEqual([ALEX, null]);
    follow.dispose();
  });

  it('tells of the agent only when who acts changes', async () => {
    const { follow, calls, answer } = setup();
    answer(ASSISTED);
    follow.update(SHOWN);
    await vi.advanceTimersByTimeAsync(20_000);
    answer({ assisted: true, agent: { firstName: 'Sam', lastName: 'Lee' } });
    await vi.advanceTimersByTimeAsync(10_000);
    expect(calls.agents).toEqual([ALEX, { firstName: 'Sam', lastName: 'Lee' }]);
    follow.dispose();
  });

  it('asks and pulls the cart at once when an assisted page shows again', async () => {
    const { follow, calls, answer } = setup();
    answer(ASSISTED);
    follow.update(SHOWN);
    await vi.advanceTimersByTimeAsync(1_000);
    follow.update({ visible: false });
    await vi.advanceTimersByTimeAsync(59_000);
    expect(calls.refreshes).toEqual([0]);
    follow.update({ visible: true });
    await vi.advanceTimersByTimeAsync(0);
    expect(calls.asks).toEqual([0, 60_000]);
    expect(calls.refreshes).toEqual([0, 60_000]);
    await vi.advanceTimersByTimeAsync(3_000);
    expect(calls.refreshes).toEqual([0, 60_000, 63_000]);
    follow.dispose();
  });

  it('stops on a 401 until someone signs in again', async () => {
    const { follow, calls, answer } = setup();
    answer(ASSISTED);
    follow.update(SHOWN);
    await vi.advanceTimersByTimeAsync(5_000);
    answer('unauthorized');
    await vi.advanceTimersByTimeAsync(5_000);
    expect(calls.unauthorized).toBe(1);
    expect(calls.agents).toEqual([ALEX, null]);
    expect(follow.following).toBe(false);
    const asks = calls.asks.length;
    const refreshes = calls.refreshes.length;
    follow.update({ visible: false });
    follow.update({ visible: true });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(calls.asks).toHaveLength(asks);
    expect(calls.refreshes).toHaveLength(refreshes);
    // Signed out, then in again: asked at once.
    answer(NOT_ASSISTED);
    follow.update({ userId: null });
    follow.update({ userId: 'buyer-1' });
    await vi.advanceTimersByTimeAsync(0);
    expect(calls.asks).toHaveLength(asks + 1);
    follow.dispose();
  });

  it('stops on sign-out, forgets the agent, and starts at once for the next buyer', async () => {
    const { follow, calls, answer } = setup();
    answer(ASSISTED);
    follow.update(SHOWN);
    await vi.advanceTimersByTimeAsync(4_000);
    follow.update({ userId: null });
    expect(calls.agents).toEqual([ALEX, null]);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(calls.asks).toEqual([0]);
    expect(calls.refreshes).toEqual([0, 3_000]);
    answer(NOT_ASSISTED);
    follow.update({ userId: 'buyer-2' });
    await vi.advanceTimersByTimeAsync(0);
    expect(calls.asks).toEqual([0, 64_000]);
    follow.dispose();
  });

  it('never sends a request while another is on its way', async () => {
    const pending: (() => void)[] = [];
    const slow = () =>
      new Promise<void>((resolve) => {
        pending.push(resolve);
      });
    const asks: number[] = [];
    const refreshes: number[] = [];
    const { follow, calls, track } = setup({
      askAssisted: () =>
        track(async () => {
          asks.push(Date.now());
          await slow();
          return ASSISTED;
        }),
      refreshCart: () =>
        track(async () => {
          refreshes.push(Date.now());
          await slow();
        }),
    });
    follow.update(SHOWN);
    // The page hides and shows again, goes offline and back, all while the first ask waits.
    await vi.advanceTimersByTimeAsync(30_000);
    follow.update({ visible: false });
    follow.update({ visible: true });
    follow.update({ online: false });
    follow.update({ online: true });
    await vi.advanceTimersByTimeAsync(30_000);
    expect(asks).toHaveLength(1);
    expect(refreshes).toHaveLength(0);
    // Answers arrive late, one by one: each next request goes only after the last.
    for (let i = 0; i < 6; i++) {
      pending.shift()?.();
      await vi.advanceTimersByTimeAsync(5_000);
    }
    expect(asks.length).toBeGreaterThan(1);
    expect(refreshes.length).toBeGreaterThan(1);
    expect(calls.maxInFlight).toBe(1);
    follow.dispose();
  });

  it('goes on quietly after a failed request', async () => {
    const { follow, calls, answer } = setup({
      refreshCart: () => {
        calls.refreshes.push(Date.now());
        return Promise.reject(new Error('offline'));
      },
    });
    answer(new Error('502'));
    follow.update(SHOWN);
    await vi.advanceTimersByTimeAsync(15_000);
    expect(calls.asks).toEqual([0, 10_000]);
    expect(calls.warnings).toBe(2);
    expect(calls.agents).toEqual([]);
    answer(ASSISTED);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(calls.agents).toEqual([ALEX]);
    // Failed pulls go on every 3 s, each with its warning.
    expect(calls.refreshes).toHaveLength(2);
    expect(calls.warnings).toBe(4);
    expect(follow.following).toBe(true);
    follow.dispose();
  });

  it('drops an answer about a buyer who has signed out meanwhile', async () => {
    let release: ((answer: AssistedAnswer) => void) | undefined;
    const { follow, calls } = setup({
      askAssisted: () =>
        new Promise((resolve) => {
          release = resolve;
        }),
    });
    follow.update(SHOWN);
    follow.update({ userId: null });
    release?.(ASSISTED);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(calls.agents).toEqual([]);
    expect(calls.refreshes).toEqual([]);
  });
});
