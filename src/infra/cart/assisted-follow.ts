/**
 * The buyer's open tabs follow the cart while customer service acts for them (decision 063,
 * "The calls"): while a confirmed buyer is signed in, online, and the page is visible, it asks
 * the server whether an agent is acting for them every 10 s; while one is, it pulls the active
 * cart every 3 s. Both start at once when the page shows again, comes back online or the
 * buyer signs in. It stops when any of those ends, and for good (until another sign-in) when
 * the server answers 401. One request at a time, never two; a failed one is tried again at
 * its next turn, quietly. Everything it touches comes in through `AssistedFollowDeps`, so it
 * is tested with a fake clock.
 */
import type { AssistedAnswer, AssistingAgent } from '../../../domain/support/assisted';

/** How often a visible page asks whether an agent acts for the buyer (decision 063). */
export const ASSISTED_CHECK_INTERVAL_MS = 10_000;
/** How often a visible page pulls the cart while an agent acts for the buyer. */
export const ASSISTED_CART_REFRESH_MS = 3_000;

export interface AssistedFollowDeps {
  now(): number;
  setTimeout(handler: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
  /**
   * GET /api/me/assisted, checked; 'unauthorized' for a 401. Throws when there is no answer,
   * and when `signal` aborts: following stopped meanwhile (a sign-out, the page hidden).
   */
  askAssisted(signal: AbortSignal): Promise<AssistedAnswer | 'unauthorized'>;
  /** Pulls the active cart from the server. */
  refreshCart(): Promise<void>;
  /** The agent acting for the buyer now, or null: called only when it changes. */
  onAgent(agent: AssistingAgent | null): void;
  /** The server refused the buyer (401): their session may have ended elsewhere. */
  onUnauthorized?(): void;
  warn?(message: string, error: unknown): void;
}

export interface FollowConditions {
  /** The signed-in buyer whose session the server confirmed, or null. */
  readonly userId: string | null;
  readonly visible: boolean;
  readonly online: boolean;
}

function sameAgent(a: AssistingAgent | null, b: AssistingAgent | null): boolean {
  return a === b || (!!a && !!b && a.firstName === b.firstName && a.lastName === b.lastName);
}

export class AssistedFollow {
  private conditions: FollowConditions = { userId: null, visible: false, online: false };
  /** The buyer the server refused (401): not asked about again until someone signs in. */
  private refusedUserId: string | null = null;
  private agentNow: AssistingAgent | null = null;
  private nextCheckAt: number | null = null;
  private nextRefreshAt: number | null = null;
  private timer: unknown;
  private busy = false;
  /** The question in flight, called off when following stops. */
  private asking: AbortController | undefined;
  /** Changes whenever following stops or starts over: an answer from before is dropped. */
  private round = 0;

  constructor(private readonly deps: AssistedFollowDeps) {}

  /** The agent acting for the buyer, as last heard. */
  get agent(): AssistingAgent | null {
    return this.agentNow;
  }

  /** Whether it follows now (a buyer, visible, online, not refused). */
  get following(): boolean {
    const { userId, visible, online } = this.conditions;
    return userId !== null && visible && online && this.refusedUserId !== userId;
  }

  /** Who is signed in, whether the page shows, whether the browser is online. */
  update(next: Partial<FollowConditions>): void {
    const before = this.conditions;
    const wasFollowing = this.following;
    this.conditions = { ...before, ...next };
    const { userId } = this.conditions;
    if (userId !== before.userId) {
      // Another buyer, or none: what was known of the last one is not theirs.
      this.refusedUserId = null;
      this.setAgent(null);
    }
    const cameBack =
      (userId !== before.userId && userId !== null) ||
      (this.conditions.visible && !before.visible) ||
      (this.conditions.online && !before.online);
    if (!this.following) {
      if (wasFollowing) this.stop();
    } else if (cameBack || !wasFollowing) {
      // At once: ask, and pull the cart if an agent was acting (the page shows again).
      this.round++;
      this.nextCheckAt = this.deps.now();
      this.nextRefreshAt = this.agentNow ? this.deps.now() : null;
      this.run();
    }
  }

  /** Stops for good (the page goes away). */
  dispose(): void {
    this.conditions = { userId: null, visible: false, online: false };
    this.stop();
  }

  private stop(): void {
    this.round++;
    this.asking?.abort();
    this.asking = undefined;
    this.clearTimer();
    this.nextCheckAt = null;
    this.nextRefreshAt = null;
  }

  private clearTimer(): void {
    if (this.timer !== undefined) this.deps.clearTimeout(this.timer);
    this.timer = undefined;
  }

  private setAgent(agent: AssistingAgent | null): void {
    if (sameAgent(agent, this.agentNow)) return;
    this.agentNow = agent;
    this.deps.onAgent(agent);
  }

  /** Does what is due now (the check first), else waits for the next thing due. */
  private run(): void {
    if (this.busy || !this.following) return;
    this.clearTimer();
    const now = this.deps.now();
    if (this.nextCheckAt !== null && this.nextCheckAt <= now) {
      void this.check();
      return;
    }
    if (this.nextRefreshAt !== null && this.nextRefreshAt <= now) {
      void this.refresh();
      return;
    }
    const due = Math.min(this.nextCheckAt ?? Infinity, this.nextRefreshAt ?? Infinity);
    if (due === Infinity) return;
    this.timer = this.deps.setTimeout(() => {
      this.timer = undefined;
      this.run();
    }, due - now);
  }

  private async check(): Promise<void> {
    const round = this.round;
    const userId = this.conditions.userId;
    this.busy = true;
    let answer: AssistedAnswer | 'unauthorized' | null = null;
    const asking = new AbortController();
    this.asking = asking;
    try {
      answer = await this.deps.askAssisted(asking.signal);
    } catch (error) {
      if (!asking.signal.aborted) {
        this.deps.warn?.('Whether customer service is acting for you could not be checked.', error);
      }
    } finally {
      this.busy = false;
      if (this.asking === asking) this.asking = undefined;
    }
    if (round === this.round && userId === this.conditions.userId) {
      const now = this.deps.now();
      this.nextCheckAt = now + ASSISTED_CHECK_INTERVAL_MS;
      if (answer === 'unauthorized') {
        this.refusedUserId = userId;
        this.setAgent(null);
        this.stop();
        this.deps.onUnauthorized?.();
        return;
      }
      if (answer) {
        const agent = answer.assisted ? answer.agent : null;
        // Just started: the agent's first changes show at once.
        if (agent && !this.agentNow) this.nextRefreshAt = now;
        if (!agent) this.nextRefreshAt = null;
        this.setAgent(agent);
      }
    }
    this.run();
  }

  private async refresh(): Promise<void> {
    const round = this.round;
    this.busy = true;
    try {
      await this.deps.refreshCart();
    } catch (error) {
      this.deps.warn?.('The cart could not be refreshed.', error);
    } finally {
      this.busy = false;
    }
    if (round === this.round && this.agentNow) {
      this.nextRefreshAt = this.deps.now() + ASSISTED_CART_REFRESH_MS;
    }
    this.run();
  }
}
