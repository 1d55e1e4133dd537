/**
 * Customer service's calls (decision 063, "The calls"), as the browser reads their answers:
 * the agent signed in and whom they act for, finding a customer, starting and ending a session
 * of acting for a buyer, consent to saved cards, and the agent's recent sessions.
 */
import * as z from 'zod';
import {
  CUSTOMER_MATCHES,
  CUSTOMER_SEARCH_LIMIT,
  CUSTOMER_SEARCH_MAX,
  CUSTOMER_SEARCH_MIN,
  SITE_REGIONS,
} from './support';

/** SPEC 3's site regions; an agent serves some of them. */
export const supportRegionSchema = z.enum(SITE_REGIONS);
export type SupportRegion = z.infer<typeof supportRegionSchema>;

export const supportAccountSchema = z.object({
  id: z.string(),
  number: z.string(),
  name: z.string(),
});
export type SupportAccount = z.infer<typeof supportAccountSchema>;

export const supportBuyerSchema = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
});
export type SupportBuyer = z.infer<typeof supportBuyerSchema>;

/** A session of acting for a buyer, as the agent's own calls answer it. */
export const actingSchema = z.object({
  sessionId: z.string(),
  buyer: supportBuyerSchema,
  account: supportAccountSchema.nullable(),
  savedCardConsent: z.boolean(),
  startedAt: z.string(),
});
export type Acting = z.infer<typeof actingSchema>;

export const supportAgentSchema = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  regions: z.array(supportRegionSchema),
});
export type SupportAgent = z.infer<typeof supportAgentSchema>;

/** `GET /api/support/me`. */
export const supportMeSchema = z.object({
  agent: supportAgentSchema,
  acting: actingSchema.nullable(),
});
export type SupportMe = z.infer<typeof supportMeSchema>;

export const supportCustomerSchema = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  country: z.string(),
  region: supportRegionSchema,
  accounts: z.array(supportAccountSchema),
  matchedBy: z.enum(CUSTOMER_MATCHES),
});
export type SupportCustomer = z.infer<typeof supportCustomerSchema>;

/** `GET /api/support/customers?q=`. */
export const customerSearchSchema = z.object({
  customers: z.array(supportCustomerSchema).max(CUSTOMER_SEARCH_LIMIT),
});

/** The query as sent, or null when it is too short or too long to send. */
export function customerQuery(input: string): string | null {
  const query = input.trim();
  return query.length >= CUSTOMER_SEARCH_MIN && query.length <= CUSTOMER_SEARCH_MAX ? query : null;
}

export const supportSessionSchema = z.object({
  id: z.string(),
  buyer: supportBuyerSchema,
  account: supportAccountSchema.nullable(),
  startedAt: z.string(),
  endedAt: z.string().nullable(),
  actions: z.number().int().nonnegative(),
});
export type SupportSession = z.infer<typeof supportSessionSchema>;

/** `GET /api/support/sessions`: the agent's last 20. */
export const supportSessionsSchema = z.object({
  sessions: z.array(supportSessionSchema),
});

/**
 * Why starting a session was refused, from the answer's status (`POST /api/support/sessions`):
 * a buyer outside the agent's regions (or none) is 404; an account that is not the buyer's is
 * 422, in the server's words; anything else is a failure to try again.
 */
export type StartRefusal =
  | { readonly kind: 'not-found' }
  | { readonly kind: 'refused'; readonly message: string }
  | { readonly kind: 'signed-out' }
  | { readonly kind: 'failed' };

export function startRefusal(status: number | null, message: string | null): StartRefusal {
  if (status === 404) return { kind: 'not-found' };
  if (status === 401) return { kind: 'signed-out' };
  if (status === 422 && message) return { kind: 'refused', message };
  return { kind: 'failed' };
}

/** Where customer service signs in, and their console once signed in. */
export function supportLoginPath(locale: string): string {
  return `/${locale}/my-account/support/login`;
}

export function supportConsolePath(locale: string): string {
  return `/${locale}/my-account/support`;
}

/** The server's start of customer service's sign-in, back on `locale`'s storefront. */
export function supportSignInStart(locale: string): string {
  return `/auth/support/login?locale=${encodeURIComponent(locale)}`;
}
