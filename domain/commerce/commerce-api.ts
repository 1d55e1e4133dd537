/**
 * The headless-commerce calls of SPEC 7.2: the user fetch and the address autosuggest, with
 * the request headers every commerce call carries (site id, platform key, request id,
 * access token as Bearer, optional entry point, routing region, optional no-cache).
 * Shared by the browser, which sends them, and the server, which checks them.
 */
import * as z from 'zod/mini';
import { LOCALES } from '../storefront/storefronts';
import { noCardNumber } from '../validation/card-number-check';
import { storableText } from '../validation/storable-check';

export const COMMERCE_HEADERS = {
  siteId: 'x-site-id',
  platformKey: 'x-platform-key',
  requestId: 'x-request-id',
  entryPoint: 'x-entry-point',
  routingRegion: 'x-routing-region',
  noCache: 'x-no-cache',
} as const;

/** The key this store's own web app presents (a client identifier, not a secret). */
export const WEB_PLATFORM_KEY = 'assessments-web';

/** Where in the store the call was made from, for the commerce service's own analytics. */
export const ENTRY_POINTS = [
  'header',
  'product',
  'cart',
  'quick-order',
  'checkout',
  'account',
] as const;
export type EntryPoint = (typeof ENTRY_POINTS)[number];

export const ROUTING_REGIONS = ['US', 'CA', 'EU', 'AP'] as const;

/** Header values as they arrive (Fastify lower-cases the names). */
export const commerceHeadersSchema = z.object({
  [COMMERCE_HEADERS.siteId]: z.string().check(z.minLength(1), z.maxLength(64)),
  [COMMERCE_HEADERS.platformKey]: z.string().check(z.minLength(1), z.maxLength(128)),
  [COMMERCE_HEADERS.requestId]: z.string().check(z.regex(/^[A-Za-z0-9_-]{8,128}$/)),
  [COMMERCE_HEADERS.entryPoint]: z.optional(z.enum(ENTRY_POINTS)),
  [COMMERCE_HEADERS.routingRegion]: z.enum(ROUTING_REGIONS),
  [COMMERCE_HEADERS.noCache]: z.optional(z.enum(['true', 'false'])),
});

/** A user id as the caller gives it (checked against the caller's own). */
const userId = z.string().check(z.minLength(1), z.maxLength(64), storableText());

export const commerceUserParamsSchema = z.object({ userId });

export const commerceUserQuerySchema = z.object({ locale: z.enum(LOCALES) });

export const ADDRESS_TYPES = ['SHIPPING', 'BILLING'] as const;

export const autosuggestParamsSchema = z.object({
  userId,
  cartId: z.string().check(z.regex(/^[A-Za-z0-9_-]{1,64}$/)),
});

export const autosuggestQuerySchema = z.object({
  addressType: z.pipe(z.string().check(z.toUpperCase()), z.enum(ADDRESS_TYPES)),
  term: z.string().check(z.trim(), z.maxLength(200), storableText(), noCardNumber()),
  lang: z.string().check(z.regex(/^[a-z]{2}(-[A-Za-z]{2})?$/)),
});

/** One suggestion: a saved address that matches what the user is typing. */
export interface AddressSuggestion {
  readonly id: string;
  readonly label: string;
  readonly address: {
    readonly line1: string;
    readonly line2: string | null;
    readonly town: string;
    readonly region: string | null;
    readonly postalCode: string;
    readonly country: string;
  };
}

export interface CommerceUser {
  readonly id: string;
  readonly firstName: string;
  readonly lastName: string;
  readonly email: string;
  readonly registrationCountryIso: string;
  readonly locale: string;
  readonly routingRegion: string;
  readonly qualificationLevel: 'A' | 'B' | 'C' | null;
  readonly accounts: readonly {
    readonly id: string;
    readonly accountNumber: string;
    readonly name: string;
    readonly accountType: 'PERSONAL' | 'ORGANIZATION';
    readonly role: string;
  }[];
  readonly defaultShippingAddressId: string | null;
  readonly defaultBillingAddressId: string | null;
}

/** Minimum characters typed before addresses are suggested. */
export const AUTOSUGGEST_MIN_TERM = 2;
