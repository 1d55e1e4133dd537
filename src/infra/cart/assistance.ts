/**
 * Customer service acting for the signed-in buyer, as this browser follows it (decision 063):
 * `AssistedFollow` wired to the session, the connection, the page's visibility, the API and
 * the cart store. Loaded after the first paint, and only for a signed-in user
 * (src/shell/AssistedNoticeSlot.tsx), so a first visit never downloads it.
 */
import {
  assistedAnswerSchema,
  type AssistedAnswer,
  type AssistingAgent,
} from '../../../domain/support/assisted';
import { actingAgent$ } from '../acting-agent';
import { ApiError, apiJson } from '../api';
import { online$ } from '../connectivity';
import {
  confirmedUserId,
  currentUser$,
  sessionCheckRequested$,
  sessionUnconfirmed$,
  signingOut$,
} from '../session';
import { ValueSubject } from '../value-subject';
import { AssistedFollow } from './assisted-follow';
import { loadCartStore } from './cart-loader';

/** An answer that does not come within this long counts as none (the next turn asks again). */
const REQUEST_TIMEOUT_MS = 8_000;

/** The agent acting for the signed-in buyer now, or null. */
export const assistingAgent$ = new ValueSubject<AssistingAgent | null>(null);

async function askAssisted(stopped: AbortSignal): Promise<AssistedAnswer | 'unauthorized'> {
  // Called off when following stops or the answer is late. (AbortSignal.any would say it in
  // one line, but tablets on Safari before 17.4 lack it.)
  const asking = new AbortController();
  const callOff = () => {
    asking.abort();
  };
  stopped.addEventListener('abort', callOff, { once: true });
  const late = setTimeout(callOff, REQUEST_TIMEOUT_MS);
  try {
    const answer = await apiJson<unknown>('/api/me/assisted', { signal: asking.signal });
    return assistedAnswerSchema.parse(answer);
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return 'unauthorized';
    throw error;
  } finally {
    clearTimeout(late);
    stopped.removeEventListener('abort', callOff);
  }
}

/** Pulls the active cart, when it is the signed-in buyer's (not a visitor's, mid sign-in). */
async function refreshCart(): Promise<void> {
  const store = await loadCartStore();
  const owner = store.active$.getValue()?.owner?.id;
  if (owner === undefined || owner !== confirmedUserId()) return;
  await store.followServerCart();
}

let follow: AssistedFollow | undefined;

/** Starts following, once per page; it then follows sign-in, sign-out and the page itself. */
export function followAssistance(): void {
  if (follow) return;
  const started = new AssistedFollow({
    now: () => Date.now(),
    setTimeout: (handler, ms) => window.setTimeout(handler, ms),
    clearTimeout: (handle) => {
      window.clearTimeout(handle as number);
    },
    askAssisted,
    refreshCart,
    onAgent: (agent) => {
      assistingAgent$.next(agent);
    },
    // The server no longer knows the buyer: sign-in checks the session (SPEC 4.3).
    onUnauthorized: () => {
      sessionCheckRequested$.next();
    },
    warn: (message, error) => {
      console.warn(message, error);
    },
  });
  follow = started;
  const update = () => {
    started.update({
      // Customer service's own tab, acting for the buyer, has nothing to follow.
      // Nor does a tab signing out: the server is ending the session.
      userId: actingAgent$.getValue() || signingOut$.getValue() ? null : confirmedUserId(),
      visible: document.visibilityState === 'visible',
      online: online$.getValue(),
    });
  };
  currentUser$.subscribe(update);
  sessionUnconfirmed$.subscribe(update);
  online$.subscribe(update);
  actingAgent$.subscribe(update);
  signingOut$.subscribe(update);
  document.addEventListener('visibilitychange', update);
}
