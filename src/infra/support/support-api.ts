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
import { apiFetch, apiJson, postJson } from '../api';

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

/** Starts acting for a buyer, for one of their accounts (an open session ends first). */
export async function startSession(buyerId: string, accountId: string | null): Promise<Acting> {
  return actingSchema.parse(await postJson('/api/support/sessions', { buyerId, accountId }));
}

/** Records whether the buyer agreed to pay with a saved card. */
export async function recordSavedCardConsent(savedCards: boolean): Promise<Acting> {
  return actingSchema.parse(
    await postJson('/api/support/sessions/current/consent', { savedCards }),
  );
}

/** Ends the session of acting; the buyer's own sessions are untouched. */
export async function endSession(): Promise<void> {
  await apiFetch('/api/support/sessions/current/end', { method: 'POST' });
}

/** Ends the agent's sign-in, and any session of acting it holds. */
export async function supportSignOut(): Promise<void> {
  await apiFetch('/auth/support/logout', { method: 'POST' });
}
