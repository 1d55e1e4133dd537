/**
 * Customer service acting for the buyer shown in this tab (decision 063): the agent's names,
 * the session and the buyer's consent to saved cards, as the customer's answer last said, or
 * null. Sign-in sets it on every session check; the banner on every page follows it. Light on
 * purpose (no RxJS, no zod): the first page of every visit loads it.
 */
import type { ActingAgent } from '../../domain/support/acting-agent';
import { withServerValue } from './use-observable';
import { ValueSubject } from './value-subject';

export const actingAgent$ = withServerValue(new ValueSubject<ActingAgent | null>(null), null);

/** Shows a new answer; the same agent and session with the same consent changes nothing. */
export function showActingAgent(agent: ActingAgent | null): void {
  const shown = actingAgent$.getValue();
  if (
    shown === agent ||
    (shown &&
      agent &&
      shown.sessionId === agent.sessionId &&
      shown.firstName === agent.firstName &&
      shown.lastName === agent.lastName &&
      shown.savedCardConsent === agent.savedCardConsent)
  ) {
    return;
  }
  actingAgent$.next(agent);
}
