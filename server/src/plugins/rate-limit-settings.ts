/**
 * The rate limits' settings (issue 16, decision 033): requests a minute per caller (the
 * signed-in user, else the client address) for each group of routes, each from its own
 * environment variable. 0 turns a group's limit off.
 *
 * The defaults are far above what one person does, even many people behind one clinic's
 * address, and above what the browser tests do from 127.0.0.1 (decision 033 sizes them).
 */
import * as z from 'zod';
import { ConfigError } from '../config';

export const RATE_LIMIT_GROUPS = [
  'cart',
  'register',
  'session',
  'signIn',
  'orderStatus',
  'orderStatusTotal',
  'placeOrder',
  'search',
  'checkout',
  'cardTokens',
  'authorize',
  'addressBook',
  'addressVerification',
  'qglobal',
  'account',
  'cardVerify',
] as const;

export type RateLimitGroup = (typeof RATE_LIMIT_GROUPS)[number];

/** Requests a minute for each group; 0: no limit. */
export type RateLimits = Readonly<Record<RateLimitGroup, number>>;

export const RATE_LIMIT_ENV = {
  cart: 'RATE_LIMIT_CART',
  register: 'RATE_LIMIT_REGISTER',
  session: 'RATE_LIMIT_SESSION',
  signIn: 'RATE_LIMIT_SIGN_IN',
  orderStatus: 'RATE_LIMIT_ORDER_STATUS',
  placeOrder: 'RATE_LIMIT_PLACE_ORDER',
  search: 'RATE_LIMIT_SEARCH',
  orderStatusTotal: 'RATE_LIMIT_ORDER_STATUS_TOTAL',
  checkout: 'RATE_LIMIT_CHECKOUT',
  cardTokens: 'RATE_LIMIT_CARD_TOKENS',
  authorize: 'RATE_LIMIT_AUTHORIZE',
  addressBook: 'RATE_LIMIT_ADDRESS_BOOK',
  addressVerification: 'RATE_LIMIT_ADDRESS_VERIFICATION',
  qglobal: 'RATE_LIMIT_QGLOBAL',
  account: 'RATE_LIMIT_ACCOUNT',
  cardVerify: 'RATE_LIMIT_CARD_VERIFY',
} as const satisfies Record<RateLimitGroup, string>;

export const DEFAULT_RATE_LIMITS: RateLimits = {
  cart: 600,
  register: 30,
  session: 120,
  signIn: 60,
  orderStatus: 30,
  placeOrder: 30,
  search: 600,
  // Every visitor's lookups together: what walking order numbers would need, far above what
  // a store's customers look up in a minute.
  orderStatusTotal: 1_200,
  // A checkout is a dozen commands; a buyer changing their mind often, a few dozen.
  checkout: 120,
  // Cards typed into the payment fields, per address: a few per checkout, a few checkouts.
  cardTokens: 60,
  // The OpenID provider's authorization requests (sign-in, silent renewals), per address.
  authorize: 120,
  // Addresses saved to the address book, per buyer.
  addressBook: 30,
  // Addresses checked by the verification service, per buyer: one per address saved or
  // typed at checkout, and again after each re-entry (a paid lookup with AddressDoctor).
  addressVerification: 60,
  // Q-global account lookups and additions, per buyer: each says whether a number exists.
  qglobal: 20,
  // The account area's changes (profile, preferences, accounts, members, qualifications and
  // their certificates, saved cards), per buyer: a person edits a few a minute.
  account: 60,
  // Cards added on the payment cards page, per buyer: each is checked with the card's issuer.
  cardVerify: 10,
};

/** Every group off (tests that do not test the limits). */
export const NO_RATE_LIMITS: RateLimits = {
  cart: 0,
  register: 0,
  session: 0,
  signIn: 0,
  orderStatus: 0,
  placeOrder: 0,
  search: 0,
  orderStatusTotal: 0,
  checkout: 0,
  cardTokens: 0,
  authorize: 0,
  addressBook: 0,
  addressVerification: 0,
  qglobal: 0,
  account: 0,
  cardVerify: 0,
};

const perMinute = z
  .string()
  .trim()
  .regex(/^[0-9]{1,7}$/, 'must be a whole number of requests a minute (0: no limit)')
  .transform(Number)
  .optional();

/** RATE_LIMIT_*: each group's limit, or its default when the variable is unset or empty. */
export function rateLimitsFrom(env: Readonly<Record<string, string | undefined>>): RateLimits {
  const limits: Record<RateLimitGroup, number> = { ...DEFAULT_RATE_LIMITS };
  const problems: string[] = [];
  for (const group of RATE_LIMIT_GROUPS) {
    const name = RATE_LIMIT_ENV[group];
    const raw = env[name];
    if (raw === undefined || raw.trim() === '') continue;
    const parsed = perMinute.safeParse(raw);
    if (parsed.success && parsed.data !== undefined) limits[group] = parsed.data;
    else problems.push(`${name}: ${parsed.error?.issues[0]?.message ?? 'is not valid'}`);
  }
  if (problems.length > 0) throw new ConfigError(`Invalid environment: ${problems.join('; ')}`);
  return limits;
}
