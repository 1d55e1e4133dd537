/**
 * Customer service's calls to the store (decision 063, "The calls"), their answers checked with
 * the schemas in domain/support. The agent's own cookie goes with each (same origin).
 */
import {
  actingSchema,
  customerSearchSchema,
  supportMeSchema,
  supportSessionsSchema,
  type Acting,
  type SupportCustomer,
  type SupportMe,
  type SupportSession,
} from '../../../domain/support/api';
import { actingAgent$ } from '../acting-agent';
import { ApiError, apiFetch, apiJson, postJson } from '../api';
import { forgetActingBuyer } from '../auth/auth';
import { loadCartStore } from '../cart/cart-loader';

/** The agent signed in, and the session of acting they hold (401 when no agent is). */
export async function supportMe(): Promise<SupportMe> {
  return supportMeSchema.parse(await apiJson('/api/support/me'));
}

export async function findCustomers(query: string): Promise<readonly SupportCustomer[]> {
  const answer = await apiJson(`/api/support/customers?q=${encodeURIComponent(query)}`);
  return customerSearchSchema.parse(answer).customers;
}

export async function recentSessions(): Promise<readonly SupportSession[]> {
  return supportSessionsSchema.parse(await apiJson('/api/support/sessions')).sessions;
}

/** How long ending a session waits for the cart changes not sent yet. */
const FLUSH_WAIT_MS = 5_000;

/** The cart changes made for the buyer and not sent yet go first (nothing is left behind). */
async function sendWaitingChanges(): Promise<void> {
  try {
    const store = await loadCartStore();
    await Promise.race([
      store.flush(),
      new Promise<void>((resolve) => {
        window.setTimeout(resolve, FLUSH_WAIT_MS);
      }),
    ]);
  } catch (error) {
    console.warn('Cart changes could not be sent before the session ended.', error);
  }
}

/**
 * Starts acting for a buyer, for one of their accounts (an open session ends first). A buyer
 * this browser still shows from a session before is forgotten first, in every tab: no tab
 * goes on acting for them in the new session.
 */
export async function startSession(buyerId: string, accountId: string | null): Promise<Acting> {
  if (actingAgent$.getValue()) {
    await sendWaitingChanges();
    await forgetActingBuyer();
  }
  return actingSchema.parse(await postJson('/api/support/sessions', { buyerId, accountId }));
}

/** Records whether the buyer agreed to pay with a saved card. */
export async function recordSavedCardConsent(savedCards: boolean): Promise<Acting> {
  return actingSchema.parse(
    await postJson('/api/support/sessions/current/consent', { savedCards }),
  );
}

/**
 * Ends the session of acting (one already gone, 401 or 404, counts as ended); the buyer's own
 * sessions are untouched. The cart changes waiting go first; then this browser forgets the
 * buyer as a sign-out does locally, in every tab, so that nothing of this page asks for the
 * buyer once the server has ended the session; the agent stays signed in.
 */
export async function endSession(): Promise<void> {
  await sendWaitingChanges();
  await forgetActingBuyer();
  await apiFetch('/api/support/sessions/current/end', { method: 'POST' }).catch(
    (error: unknown) => {
      if (!(error instanceof ApiError && (error.status === 401 || error.status === 404))) {
        throw error;
      }
    },
  );
}

/** Ends the agent's sign-in, and any session of acting it holds. */
export async function supportSignOut(): Promise<void> {
  if (actingAgent$.getValue()) await sendWaitingChanges();
  await apiFetch('/auth/support/logout', { method: 'POST' });
}
