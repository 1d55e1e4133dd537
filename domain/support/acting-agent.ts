/**
 * The part of the customer's answer (`GET /store/customer/current`) that says customer service
 * is acting for this buyer (decision 063): the agent's names, the session, and whether the
 * buyer agreed to pay with a saved card. Checked by hand, without zod: sign-in reads it on
 * every session check, and zod stays out of that code (decision 041).
 */

/**
 * The header an agent's browser sends with the session of acting it believes in: a tab left
 * on a buyer whose session ended, or was replaced by another buyer's, is refused (401) rather
 * than acting for someone else.
 */
export const AGENT_SESSION_HEADER = 'x-agent-session';

export interface ActingAgent {
  readonly firstName: string;
  readonly lastName: string;
  readonly sessionId: string;
  readonly savedCardConsent: boolean;
}

function record(value: unknown): Record<string, unknown> | null {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : null;
}

/** The agent acting, or null: absent, null or malformed all mean nobody acts here. */
export function parseActingAgent(value: unknown): ActingAgent | null {
  const agent = record(value);
  if (!agent) return null;
  const { firstName, lastName, sessionId, savedCardConsent } = agent;
  if (
    typeof firstName !== 'string' ||
    typeof lastName !== 'string' ||
    typeof sessionId !== 'string' ||
    sessionId === '' ||
    typeof savedCardConsent !== 'boolean'
  ) {
    return null;
  }
  return { firstName, lastName, sessionId, savedCardConsent };
}

/** The same session, agent and consent: a new answer that changes nothing on screen. */
export function sameActingAgent(a: ActingAgent | null, b: ActingAgent | null): boolean {
  if (a === null || b === null) return a === b;
  return (
    a.sessionId === b.sessionId &&
    a.firstName === b.firstName &&
    a.lastName === b.lastName &&
    a.savedCardConsent === b.savedCardConsent
  );
}

/**
 * The customer's answer split in two: the buyer as the app knows a signed-in user, and the
 * agent acting for them (null when the buyer is here in person).
 */
export function splitCustomerAnswer<T extends object>(
  answer: T & { readonly agent?: unknown },
): { readonly customer: Omit<T, 'agent'>; readonly agent: ActingAgent | null } {
  const { agent, ...customer } = answer;
  return { customer, agent: parseActingAgent(agent) };
}
