/**
 * Session activity and sign-in timing (SPEC 4.1-4.4, 9) as pure functions of recorded
 * times (milliseconds since the epoch, given by the caller). The browser wires them to
 * events, timers and storage; nothing here reads a clock.
 */
import { classifyRoute } from '../storefront/routes';

/** SPEC 9 constants. */
export const SESSION_POLICY = {
  inactivityTimeoutMs: 1_800_000,
  activityCheckIntervalMs: 1_000,
  sessionCheckThrottleMs: 300_000,
  loginSessionWaitMs: 4_000,
  signInTimeoutMs: 60_000,
  tokenRefreshThresholdMs: 30_000,
  silentTokenWaitMs: 10_000,
  idleWarningMs: 15_000,
  ssoExpiryThresholdSeconds: 300,
  ssoInactivityTimeoutSeconds: 600,
  stateBytes: 16,
  verifierBytes: 32,
} as const;

/** SPEC 4.4: the events that count as activity. */
export const ACTIVITY_EVENTS = [
  'keydown',
  'mousedown',
  'paste',
  'cut',
  'wheel',
  'beforeunload',
  'touchstart',
  'scroll',
  'focus',
] as const;

export type ActivityEvent = (typeof ACTIVITY_EVENTS)[number];

export function isActivityEvent(type: string): type is ActivityEvent {
  return (ACTIVITY_EVENTS as readonly string[]).includes(type);
}

/** SPEC 4.4: inactive until a user is present and logged in, then active. */
export function activityStatus(user: {
  readonly present: boolean;
  readonly loggedIn: boolean;
}): 'inactive' | 'active' {
  return user.present && user.loggedIn ? 'active' : 'inactive';
}

/** SPEC 4.4: a session-check request at most once every 5 minutes. */
export function maySendSessionCheck(lastCheckAt: number | null, now: number): boolean {
  return lastCheckAt === null || now - lastCheckAt >= SESSION_POLICY.sessionCheckThrottleMs;
}

/** SPEC 4.2: a token is renewed when within the threshold (30 s) of its expiry. */
export function tokenNeedsRefresh(tokenExpiresAt: number | null, now: number): boolean {
  return tokenExpiresAt !== null && now >= tokenExpiresAt - SESSION_POLICY.tokenRefreshThresholdMs;
}

export interface ActivityTickInput {
  readonly now: number;
  /** Whether an activity event happened in this tab since the previous tick. */
  readonly activitySinceLastTick: boolean;
  /** This tab's last recorded activity. */
  readonly lastActivityAt: number;
  /** The last activity any tab saved to shared storage. */
  readonly sharedLastActivityAt: number | null;
  readonly tokenExpiresAt: number | null;
}

export type IdleState =
  | { readonly kind: 'active' }
  | { readonly kind: 'warning'; readonly msLeft: number }
  | { readonly kind: 'timed-out' };

export interface ActivityTickResult {
  /** Save this as the shared last-activity time, when there was activity. */
  readonly saveSharedActivityAt: number | null;
  readonly refreshToken: boolean;
  readonly idle: IdleState;
}

/**
 * One tick of SPEC 4.4, every second while active: save the activity time when there was
 * activity and refresh the token if it is due; time out after 1800 s without activity in
 * this tab or any other, with a warning 15 s before.
 */
export function activityTick(input: ActivityTickInput): ActivityTickResult {
  const lastActivity = input.activitySinceLastTick
    ? input.now
    : Math.max(input.lastActivityAt, input.sharedLastActivityAt ?? Number.NEGATIVE_INFINITY);
  const msLeft = lastActivity + SESSION_POLICY.inactivityTimeoutMs - input.now;
  const idle: IdleState =
    msLeft <= 0
      ? { kind: 'timed-out' }
      : msLeft <= SESSION_POLICY.idleWarningMs
        ? { kind: 'warning', msLeft }
        : { kind: 'active' };
  return {
    saveSharedActivityAt: input.activitySinceLastTick ? input.now : null,
    refreshToken: input.activitySinceLastTick && tokenNeedsRefresh(input.tokenExpiresAt, input.now),
    idle,
  };
}

/** SPEC 4.4, 8: a 401 on the session check logs the user out, except on the register page. */
export function onSessionCheckUnauthorized(pathname: string): 'logout' | 'ignore' {
  return classifyRoute(pathname)?.name === 'register' ? 'ignore' : 'logout';
}
