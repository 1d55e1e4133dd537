/**
 * Customer service acting for the buyer shown in this tab (decision 063): the agent's names,
 * the session and the buyer's consent to saved cards, as the customer's answer last said, or
 * null. Sign-in sets it on every session check (showActingAgent, in code loaded later); the
 * banner on every page follows it. Only the subject: the first page of every visit loads it.
 */
import type { ActingAgent } from '../../domain/support/acting-agent';
import { withServerValue } from './use-observable';
import { ValueSubject } from './value-subject';

export const actingAgent$ = withServerValue(new ValueSubject<ActingAgent | null>(null), null);
