/**
 * The headless-commerce calls of SPEC 7.2 from the browser: every request carries the site
 * id, the platform key, a fresh request id, the access token as Bearer (added by apiFetch
 * in token mode; the session cookie otherwise), the optional entry point, the routing
 * region and the optional no-cache flag. The user fetch throws on a non-ok answer (the
 * shared fetch helper's ApiError); the address autosuggest gives an empty list on any
 * failure and turns a body of 'null' into null.
 */
import {
  COMMERCE_HEADERS,
  WEB_PLATFORM_KEY,
  type AddressSuggestion,
  type CommerceUser,
  type EntryPoint,
} from '../../domain/commerce/commerce-api';
import type { Storefront } from '../../domain/storefront/storefronts';
import { apiFetch, apiJson } from './api';

export interface CommerceCallOptions {
  readonly storefront: Storefront;
  readonly entryPoint?: EntryPoint;
  readonly noCache?: boolean;
}

export function commerceHeaders(options: CommerceCallOptions, requestId: string): Headers {
  const headers = new Headers({
    [COMMERCE_HEADERS.siteId]: options.storefront.storeId,
    [COMMERCE_HEADERS.platformKey]: WEB_PLATFORM_KEY,
    [COMMERCE_HEADERS.requestId]: requestId,
    [COMMERCE_HEADERS.routingRegion]: options.storefront.region,
  });
  if (options.entryPoint) headers.set(COMMERCE_HEADERS.entryPoint, options.entryPoint);
  if (options.noCache) headers.set(COMMERCE_HEADERS.noCache, 'true');
  return headers;
}

const BASE = '/api/commerce';

export function fetchCommerceUser(
  userId: string,
  options: CommerceCallOptions,
): Promise<CommerceUser> {
  const query = new URLSearchParams({ locale: options.storefront.locale });
  return apiJson<CommerceUser>(`${BASE}/users/${encodeURIComponent(userId)}?${query.toString()}`, {
    headers: commerceHeaders(options, crypto.randomUUID()),
  });
}

export interface AutosuggestQuery {
  readonly addressType: 'SHIPPING' | 'BILLING';
  readonly term: string;
  readonly lang: string;
}

export async function autosuggestAddress(
  userId: string,
  cartId: string,
  query: AutosuggestQuery,
  options: CommerceCallOptions,
): Promise<AddressSuggestion[] | null> {
  const params = new URLSearchParams({ ...query });
  const path = `${BASE}/users/${encodeURIComponent(userId)}/carts/${encodeURIComponent(cartId)}/search/address/autosuggest?${params.toString()}`;
  try {
    const response = await apiFetch(path, {
      headers: commerceHeaders(options, crypto.randomUUID()),
    });
    const text = (await response.text()).trim();
    if (text === 'null') return null;
    const body: unknown = JSON.parse(text);
    return Array.isArray(body) ? (body as AddressSuggestion[]) : [];
  } catch {
    // Suggestions are a convenience: typing the address by hand always works.
    return [];
  }
}
