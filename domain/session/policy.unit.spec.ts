import { describe, expect, it } from 'vitest';
import {
  ACTIVITY_EVENTS,
  activityStatus,
  activityTick,
  isActivityEvent,
  maySendSessionCheck,
  onSessionCheckUnauthorized,
  SESSION_POLICY,
  tokenNeedsRefresh,
} from './policy';

const T0 = Date.UTC(2026, 10, 22, 9, 0, 0);
const MIN = 60_000;

describe('session policy constants (SPEC 9)', () => {
  it('has the spec numbers', () => {
    expect(SESSION_POLICY).toMatchObject({
      inactivityTimeoutMs: 1_800_000,
      activityCheckIntervalMs: 1_000,
      sessionCheckThrottleMs: 300_000,
      loginSessionWaitMs: 4_000,
      signInTimeoutMs: 60_000,
      tokenRefreshThresholdMs: 30_000,
      silentTokenWaitMs: 10_000,
      idleWarningMs: 15_000,
      stateBytes: 16,
      verifierBytes: 32,
    });
  });
});

describe('activity (SPEC 4.4)', () => {
  it('counts the nine listed events as activity', () => {
    expect([...ACTIVITY_EVENTS].sort()).toEqual([
      'beforeunload',
      'cut',
      'focus',
      'keydown',
      'mousedown',
      'paste',
      'scroll',
      'touchstart',
      'wheel',
    ]);
    expect(isActivityEvent('mousemove')).toBe(false);
  });

  it('is inactive until a user is present and logged in', () => {
    expect(activityStatus({ present: false, loggedIn: false })).toBe('inactive');
    expect(activityStatus({ present: true, loggedIn: false })).toBe('inactive');
    expect(activityStatus({ present: true, loggedIn: true })).toBe('active');
  });

  it('sends a session check at most once every 5 minutes', () => {
    expect(maySendSessionCheck(null, T0)).toBe(true);
    expect(maySendSessionCheck(T0, T0 + 5 * MIN - 1)).toBe(false);
    expect(maySendSessionCheck(T0, T0 + 5 * MIN)).toBe(true);
  });

  it('refreshes a token within 30 s of its expiry', () => {
    expect(tokenNeedsRefresh(T0 + 31_000, T0)).toBe(false);
    expect(tokenNeedsRefresh(T0 + 30_000, T0)).toBe(true);
    expect(tokenNeedsRefresh(T0 - 1, T0)).toBe(true);
    expect(tokenNeedsRefresh(null, T0)).toBe(false);
  });

  const tick = (overrides: Partial<Parameters<typeof activityTick>[0]>) =>
    activityTick({
      now: T0,
      activitySinceLastTick: false,
      lastActivityAt: T0,
      sharedLastActivityAt: null,
      tokenExpiresAt: null,
      ...overrides,
    });

  it('saves the activity time, and refreshes a due token, only after activity', () => {
    expect(tick({ activitySinceLastTick: true, tokenExpiresAt: T0 + 10_000 })).toEqual({
      saveSharedActivityAt: T0,
      refreshToken: true,
      idle: { kind: 'active' },
    });
    expect(tick({ activitySinceLastTick: false, tokenExpiresAt: T0 + 10_000 })).toMatchObject({
      saveSharedActivityAt: null,
      refreshToken: false,
    });
  });

  it('warns 15 s before the 1800 s timeout, then times out', () => {
    const last = T0 - 1_800_000;
    expect(tick({ lastActivityAt: last + 16_000 }).idle).toEqual({ kind: 'active' });
    expect(tick({ lastActivityAt: last + 15_000 }).idle).toEqual({
      kind: 'warning',
      msLeft: 15_000,
    });
    expect(tick({ lastActivityAt: last + 1 }).idle).toEqual({ kind: 'warning', msLeft: 1 });
    expect(tick({ lastActivityAt: last }).idle).toEqual({ kind: 'timed-out' });
  });

  it('does not time out while another tab is active', () => {
    expect(
      tick({ lastActivityAt: T0 - 2_000_000, sharedLastActivityAt: T0 - 60_000 }).idle,
    ).toEqual({ kind: 'active' });
    expect(
      tick({ lastActivityAt: T0 - 2_000_000, sharedLastActivityAt: T0 - 1_900_000 }).idle,
    ).toEqual({ kind: 'timed-out' });
  });

  it('logs out on a 401 from the session check, except on the register page', () => {
    expect(onSessionCheckUnauthorized('/en-gb/cart')).toBe('logout');
    expect(onSessionCheckUnauthorized('/en-gb/my-account/addresses')).toBe('logout');
    expect(onSessionCheckUnauthorized('/en-gb/register')).toBe('ignore');
    expect(onSessionCheckUnauthorized('/fr-ca/register/')).toBe('ignore');
  });
});
