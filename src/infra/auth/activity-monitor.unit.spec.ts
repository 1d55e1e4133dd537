import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ActivityMonitor, type ActivityDeps } from './activity-monitor';

const MIN = 60_000;

function setup(overrides: Partial<ActivityDeps> = {}) {
  let shared: number | null = null;
  const events = new EventTarget();
  const calls = {
    warnings: [] as (number | null)[],
    timeouts: 0,
    lost: 0,
    refreshes: 0,
    checks: 0,
  };
  const deps: ActivityDeps = {
    now: () => Date.now(),
    setInterval: (handler, ms) => setInterval(handler, ms),
    clearInterval: (handle) => {
      clearInterval(handle as ReturnType<typeof setInterval>);
    },
    events,
    readSharedActivity: () => shared,
    writeSharedActivity: (at) => {
      shared = at;
    },
    sessionCheck: () => {
      calls.checks++;
      return Promise.resolve('ok');
    },
    tokenExpiresAt: () => null,
    refreshToken: () => {
      calls.refreshes++;
    },
    pathname: () => '/en-us/',
    onWarning: (ms) => {
      calls.warnings.push(ms);
    },
    onTimeout: () => {
      calls.timeouts++;
    },
    onSessionLost: () => {
      calls.lost++;
    },
    ...overrides,
  };
  const monitor = new ActivityMonitor(deps);
  return {
    monitor,
    calls,
    events,
    setShared: (at: number) => {
      shared = at;
    },
    getShared: () => shared,
  };
}

describe('the activity monitor (SPEC 4.4)', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: Date.UTC(2026, 10, 22, 9) });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('warns 15 s before the 1800 s timeout, then times out', () => {
    const { monitor, calls } = setup();
    monitor.start();
    vi.advanceTimersByTime(30 * MIN - 16_000);
    expect(calls.warnings).toEqual([]);
    vi.advanceTimersByTime(1_000);
    expect(calls.warnings).toEqual([15_000]);
    vi.advanceTimersByTime(15_000);
    expect(calls.timeouts).toBe(1);
    expect(monitor.running).toBe(false);
  });

  it('counts the listed events as activity and shares their time with other tabs', () => {
    const { monitor, calls, events, getShared } = setup();
    monitor.start();
    vi.advanceTimersByTime(20 * MIN);
    events.dispatchEvent(new Event('keydown'));
    vi.advanceTimersByTime(1_000);
    expect(getShared()).toBe(Date.now());
    vi.advanceTimersByTime(20 * MIN);
    expect(calls.timeouts).toBe(0);
    events.dispatchEvent(new Event('mousemove')); // not on the list
    vi.advanceTimersByTime(11 * MIN);
    expect(calls.timeouts).toBe(1);
  });

  it('does not time out while another tab records activity', () => {
    const { monitor, calls, setShared } = setup();
    monitor.start();
    vi.advanceTimersByTime(25 * MIN);
    setShared(Date.now());
    vi.advanceTimersByTime(10 * MIN);
    expect(calls.timeouts).toBe(0);
    vi.advanceTimersByTime(20 * MIN);
    expect(calls.timeouts).toBe(1);
  });

  it('checks the session at most every 5 minutes, on activity', () => {
    const { monitor, calls, events } = setup();
    monitor.start();
    events.dispatchEvent(new Event('scroll'));
    events.dispatchEvent(new Event('wheel'));
    vi.advanceTimersByTime(4 * MIN);
    events.dispatchEvent(new Event('keydown'));
    expect(calls.checks).toBe(1);
    vi.advanceTimersByTime(MIN);
    events.dispatchEvent(new Event('keydown'));
    expect(calls.checks).toBe(2);
  });

  it('tells the server how long ago the buyer was active, and reports late activity once the 5 minutes are over', () => {
    const reports: number[] = [];
    const { monitor, events } = setup({
      sessionCheck: (idleMs) => {
        reports.push(idleMs);
        return Promise.resolve('ok');
      },
    });
    monitor.start();
    events.dispatchEvent(new Event('keydown'));
    expect(reports).toEqual([0]);
    vi.advanceTimersByTime(MIN);
    events.dispatchEvent(new Event('scroll'));
    // Then nothing: the scroll is reported when the next check may go, 4 minutes after it.
    vi.advanceTimersByTime(4 * MIN);
    expect(reports).toEqual([0, 4 * MIN]);
    // No activity since: no check, however long the wait.
    vi.advanceTimersByTime(20 * MIN);
    expect(reports).toHaveLength(2);
    monitor.stop();
  });

  it('reports the activity again when a session check got no answer', async () => {
    const reports: number[] = [];
    let answer: 'ok' | 'unknown' = 'unknown';
    const { monitor, events } = setup({
      sessionCheck: (idleMs) => {
        reports.push(idleMs);
        return Promise.resolve(answer);
      },
    });
    monitor.start();
    events.dispatchEvent(new Event('mousedown'));
    await vi.advanceTimersByTimeAsync(1000);
    answer = 'ok';
    await vi.advanceTimersByTimeAsync(5 * MIN);
    expect(reports).toEqual([0, 5 * MIN]);
    await vi.advanceTimersByTimeAsync(10 * MIN);
    expect(reports).toHaveLength(2);
    monitor.stop();
  });

  it('signs out when the session check answers 401, except on the register page', async () => {
    for (const [path, lost] of [
      ['/en-us/cart', 1],
      ['/en-us/register', 0],
    ] as const) {
      const { monitor, calls, events } = setup({
        sessionCheck: () => Promise.resolve('unauthorized'),
        pathname: () => path,
      });
      monitor.start();
      events.dispatchEvent(new Event('touchstart'));
      await vi.runOnlyPendingTimersAsync();
      expect(calls.lost, path).toBe(lost);
      monitor.stop();
    }
  });

  it('refreshes a token within 30 s of its expiry, after activity', () => {
    let expiresAt = Date.now() + 60_000;
    const { monitor, calls, events } = setup({ tokenExpiresAt: () => expiresAt });
    monitor.start();
    events.dispatchEvent(new Event('keydown'));
    vi.advanceTimersByTime(1_000);
    expect(calls.refreshes).toBe(0);
    vi.advanceTimersByTime(29_000);
    events.dispatchEvent(new Event('keydown'));
    vi.advanceTimersByTime(1_000);
    expect(calls.refreshes).toBe(1);
    expiresAt = Date.now() + 15 * MIN;
    events.dispatchEvent(new Event('keydown'));
    vi.advanceTimersByTime(1_000);
    expect(calls.refreshes).toBe(1);
  });

  it('hides the warning when activity comes back, and leaves ignored events out', () => {
    const { monitor, calls, events } = setup({
      ignores: (event) => event.type === 'focus',
    });
    monitor.start();
    vi.advanceTimersByTime(30 * MIN - 10_000);
    expect(calls.warnings.at(-1)).toBe(10_000);
    events.dispatchEvent(new Event('focus'));
    vi.advanceTimersByTime(1_000);
    expect(calls.warnings.at(-1)).toBe(9_000);
    monitor.recordActivity();
    vi.advanceTimersByTime(1_000);
    expect(calls.warnings.at(-1)).toBeNull();
  });
});
