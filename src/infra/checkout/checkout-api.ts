/**
 * Checkout's online calls (decisions 024, 026): the buyer's facts, 'Account not listed', 'Add
 * qualified user', the Q-global lookup, how to mount the payment gateway's card fields,
 * the checkout challenge's token, placing the order and reading it back. The facts are kept in the local database, so
 * checkout works offline once they were loaded; the card fields need the network.
 */
import type { CheckoutFacts, QualifiedUserOption } from '../../../domain/checkout/facts';
import type { Order } from '../../../domain/order/order';
import {
  hostedFieldsConfigSchema,
  type HostedFieldsConfig,
} from '../../../domain/payment/hosted-fields';
import { IDEMPOTENCY_HEADER } from '../../../domain/shared/idempotency';
import type { Locale } from '../../../domain/storefront/storefronts';
import { apiFetch, apiJson, postJson } from '../api';

export function fetchCheckoutFacts(locale: Locale): Promise<CheckoutFacts> {
  return apiJson<CheckoutFacts>(`/api/checkout/facts?locale=${locale}`);
}

/** Where the gateway's card fields come from; read through its schema, nothing more. */
export async function fetchPaymentFields(): Promise<HostedFieldsConfig> {
  return hostedFieldsConfigSchema.parse(await apiJson<unknown>('/api/checkout/payment-fields'));
}

export function claimAccount(
  accountNumber: string,
  termsAccepted: boolean,
): Promise<{ accountId: string }> {
  return postJson('/api/checkout/accounts/claim', { accountNumber, termsAccepted });
}

export function addQualifiedUser(accountId: string, email: string): Promise<QualifiedUserOption> {
  return postJson(`/api/checkout/accounts/${encodeURIComponent(accountId)}/qualified-users`, {
    email,
  });
}

export type QglobalLookup =
  | { readonly outcome: 'not-found' }
  | { readonly outcome: 'no-access' }
  | { readonly outcome: 'linked'; readonly accountNumber: string; readonly organization: string }
  | { readonly outcome: 'yours'; readonly accountNumber: string };

export function lookupQglobal(accountNumber: string): Promise<QglobalLookup> {
  return postJson('/api/checkout/qglobal/lookup', { accountNumber });
}

export async function addQglobalToProfile(accountNumber: string): Promise<void> {
  await apiFetch('/api/checkout/qglobal/profile', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ accountNumber }),
  });
}

export interface PlaceOrderBody {
  readonly termsAccepted: boolean;
  readonly checkoutVersion: number;
  readonly expectedTotalMinor: number;
  /** The checkout challenge's token (the `checkout-recaptcha` flag; decision 061). */
  readonly challengeToken?: string;
}

/** How to show the checkout challenge (decision 061). */
export interface ChallengeConfig {
  readonly provider: string;
  readonly tokenUrl: string;
  readonly siteKey: string | null;
}

export function fetchChallengeConfig(): Promise<ChallengeConfig> {
  return apiJson<ChallengeConfig>('/api/checkout/challenge');
}

/** A token from the challenge once the buyer ticked its box: good for a couple of minutes. */
export function requestChallengeToken(
  config: ChallengeConfig,
): Promise<{ readonly token: string; readonly expiresAt: string }> {
  return postJson(config.tokenUrl, { action: 'place-order', confirmed: true });
}

export function postPlaceOrder(
  checkoutId: string,
  locale: Locale,
  body: PlaceOrderBody,
  idempotencyKey: string,
): Promise<{ order: Order }> {
  return apiJson(`/api/checkouts/${encodeURIComponent(checkoutId)}/place-order?locale=${locale}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', [IDEMPOTENCY_HEADER]: idempotencyKey },
    body: JSON.stringify(body),
  });
}

export function fetchOrder(orderId: string): Promise<{ order: Order }> {
  return apiJson(`/api/orders/${encodeURIComponent(orderId)}`);
}
