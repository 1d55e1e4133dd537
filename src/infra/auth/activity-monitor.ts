/**
 * Session activity (SPEC 4.4) in the browser, built on domain/session's policy: activity
 * events record the time, a 1 s tick shares it with other tabs, refreshes a due token,
 * warns 15 s before the 1800 s timeout and times out; a session check goes out at most
 * every 5 minutes, and a 401 on it signs out (except on the register page). Everything it
 * touches comes in through `ActivityDeps`, so it is tested with a fake clock.
 *
 * The session check is also how the server learns of the buyer's activity (it ends a
 * session idle for 1800 s; decision 031): each check says how long ago the buyer was last
 * active, and activity that came after a check is reported by the tick once the 5 minutes
 * are over, so the server's idle time never runs ahead of the browser's.
 */
import {
  ACTIVITY_EVENTS,
  activityTick,
  maySendSessionCheck,
  onSessionCheckUnauthorized,
  SESSION_POLICY,
} from '../../../domain/session/policy';

export const SHARED_ACTIVITY_KEY = 'lastActivity';

export interface ActivityDeps {
  now(): number;
  setInterval(handler: () => void, ms: number): unknown;
  clearInterval(handle: unknown): void;
  /** Where activity events are heard (the window). */
  readonly events: Pick<EventTarget, 'addEventListener' | 'removeEventListener'>;
  /** Shared between tabs (localStorage). */
  readSharedActivity(): number | null;
  writeSharedActivity(at: number): void;
  /**
   * GET /store/customer/current: does the session still hold? `idleMs`: how long ago the
   * buyer was last active, reported to the server.
   */
  sessionCheck(idleMs: number): Promise<'ok' | 'unauthorized' | 'unknown'>;
  tokenExpiresAt(): number | null;
  refreshToken(): void;
  pathname(): string;
  /** Events to leave out, such as focus moving into the idle warning itself. */
  ignores?(event: Event): boolean;
  onWarning(msLeft: number | null): void;
  onTimeout(): void;
  onSessionLost(): void;
}

export class ActivityMonitor {
  private timer: unknown;
  private lastActivityAt = 0;
  private activitySinceTick = false;
  /** Activity the server has not heard of yet. */
  private activityUnreported = false;
  private lastCheckAt: number | null = null;
  private warning = false;

  constructor(private readonly deps: ActivityDeps) {}

  private readonly onActivity = (event: Event) => {
    if (this.deps.ignores?.(event)) return;
    this.recordActivity();
  };

  get running(): boolean {
    return this.timer !== undefined;
  }

  start(): void {
    if (this.running) return;
    this.lastActivityAt = this.deps.now();
    this.activityUnreported = false;
    this.deps.writeSharedActivity(this.lastActivityAt);
    for (const type of ACTIVITY_EVENTS) {
      this.deps.events.addEventListener(type, this.onActivity, { passive: true, capture: true });
    }
    this.timer = this.deps.setInterval(() => {
      this.tick();
    }, SESSION_POLICY.activityCheckIntervalMs);
  }

  stop(): void {
    if (!this.running) return;
    for (const type of ACTIVITY_EVENTS) {
      this.deps.events.removeEventListener(type, this.onActivity, { capture: true });
    }
    this.deps.clearInterval(this.timer);
    this.timer = undefined;
    if (this.warning) {
      this.warning = false;
      this.deps.onWarning(null);
    }
  }

  /** An activity event, or the "stay signed in" button. */
  recordActivity(): void {
    if (!this.running) return;
    const now = this.deps.now();
    this.lastActivityAt = now;
    this.activitySinceTick = true;
    this.activityUnreported = true;
    this.checkIfDue(now);
  }

  /** The session check, when there is activity to report and 5 minutes have passed. */
  private checkIfDue(now: number): void {
    if (!this.activityUnreported || !maySendSessionCheck(this.lastCheckAt, now)) return;
    this.lastCheckAt = now;
    this.activityUnreported = false;
    void this.deps.sessionCheck(Math.max(0, now - this.lastActivityAt)).then((result) => {
      // Not heard: reported with the next check.
      if (result === 'unknown') this.activityUnreported = true;
      if (
        result === 'unauthorized' &&
        this.running &&
        onSessionCheckUnauthorized(this.deps.pathname()) === 'logout'
      ) {
        this.deps.onSessionLost();
      }
    });
  }

  tick(): void {
    if (!this.running) return;
    const now = this.deps.now();
    const result = activityTick({
      now,
      activitySinceLastTick: this.activitySinceTick,
      lastActivityAt: this.lastActivityAt,
      sharedLastActivityAt: this.deps.readSharedActivity(),
      tokenExpiresAt: this.deps.tokenExpiresAt(),
    });
    this.activitySinceTick = false;
    if (result.saveSharedActivityAt !== null)
      this.deps.writeSharedActivity(result.saveSharedActivityAt);
    if (result.refreshToken) this.deps.refreshToken();
    switch (result.idle.kind) {
      case 'warning':
        this.warning = true;
        this.deps.onWarning(result.idle.msLeft);
        break;
      case 'timed-out':
        this.stop();
        this.deps.onTimeout();
        break;
      case 'active':
        if (this.warning) {
          this.warning = false;
          this.deps.onWarning(null);
        }
        break;
    }
    if (this.running) this.checkIfDue(now);
  }
}
