/**
 * Customer service acting for a buyer (SPEC 3, 6; decision 063): the site regions an agent
 * serves, the region a customer is served in, and the shapes of the support calls. Pure:
 * shared by the server, the terminal's tools and the browser.
 */
import * as z from 'zod';
import { localeForCountry, STOREFRONT_COUNTRIES } from '../storefront/country-locale';
import { DEFAULT_LOCALE, storefrontFor, type SiteRegion } from '../storefront/storefronts';
import type { MessageDescriptor } from '../shared/message';
import { requestText } from '../validation/fields';
import { V } from '../validation/messages';

/** SPEC 3's site regions, in the order the store lists them. */
export const SITE_REGIONS = ['US', 'CA', 'EU', 'AP'] as const satisfies readonly SiteRegion[];

export function isSiteRegion(value: string): value is SiteRegion {
  return (SITE_REGIONS as readonly string[]).includes(value);
}

/**
 * The region a customer is served in: the region of their registration country's storefront,
 * or of the default storefront for a country the store has none for (where the store sends
 * such a visitor).
 */
export function customerRegion(registrationCountry: string | null | undefined): SiteRegion {
  return storefrontFor(localeForCountry(registrationCountry) ?? DEFAULT_LOCALE).region;
}

export { AGENT_SESSION_HEADER } from './acting-agent';

/**
 * The registration countries of customers in these regions, as SQL can filter them: the
 * countries with a storefront in them, and whether the rest (countries without a storefront,
 * served in the default storefront's region) belong too.
 */
export function regionCountries(regions: readonly string[]): {
  readonly countries: readonly string[];
  readonly elsewhere: boolean;
} {
  return {
    countries: STOREFRONT_COUNTRIES.filter((country) => regions.includes(customerRegion(country))),
    elsewhere: regions.includes(storefrontFor(DEFAULT_LOCALE).region),
  };
}

/** Whether an agent serving these regions may open this customer. */
export function agentServes(
  regions: readonly string[],
  registrationCountry: string | null | undefined,
): boolean {
  return regions.includes(customerRegion(registrationCountry));
}

/** "US,CA" or "all" as an operator types it; undefined when a part is not a region. */
export function parseRegions(text: string): SiteRegion[] | undefined {
  const trimmed = text.trim().toUpperCase();
  if (trimmed === 'ALL') return [...SITE_REGIONS];
  const parts = trimmed.split(/[\s,]+/).filter((part) => part.length > 0);
  if (parts.length === 0 || !parts.every(isSiteRegion)) return undefined;
  return SITE_REGIONS.filter((region) => parts.includes(region));
}

/** Fewest and most characters of a customer search. */
export const CUSTOMER_SEARCH_MIN = 2;
export const CUSTOMER_SEARCH_MAX = 100;
/** Most customers one search answers with. */
export const CUSTOMER_SEARCH_LIMIT = 20;
/** Most of an agent's recent sessions their page lists. */
export const RECENT_SESSIONS_LIMIT = 20;

export const customerSearchQuery = z.object({
  q: z
    .string()
    .trim()
    .min(CUSTOMER_SEARCH_MIN, { error: V.tooShort.id })
    .max(CUSTOMER_SEARCH_MAX, { error: V.tooLong.id }),
});

const uuid = requestText(36).regex(
  /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i,
  { error: V.invalid.id },
);

export const startAgentSessionInput = z.object({
  buyerId: uuid,
  /** One of the buyer's customer accounts; null for a buyer who has none yet. */
  accountId: uuid.nullable(),
});

export const agentConsentInput = z.object({ savedCards: z.boolean() });

/** How a customer was found. */
export const CUSTOMER_MATCHES = ['email', 'name', 'account', 'order', 'quote'] as const;
export type CustomerMatch = (typeof CUSTOMER_MATCHES)[number];

/** What the support calls say when they refuse (decision 063). */
export const SUPPORT_MESSAGES = {
  customerNotFound: /*i18n*/ {
    id: 'support.customer-not-found',
    message: 'This customer is outside your regions or does not exist.',
  },
  notCustomersAccount: /*i18n*/ {
    id: 'support.not-customers-account',
    message: "This customer account is not one of the customer's accounts.",
  },
  noOpenSession: /*i18n*/ {
    id: 'support.no-open-session',
    message: 'You are not acting for a customer.',
  },
  savedCardNeedsConsent: /*i18n*/ {
    id: 'support.saved-card-needs-consent',
    message:
      'Ask the customer whether a saved card of theirs may pay, and tick their consent first. Or take a new card or a purchase order.',
  },
} as const satisfies Record<string, MessageDescriptor>;
