/**
 * The browser's commerce helpers (SPEC 7.2): the request headers, the shared helper's error
 * on a non-ok user fetch, and the autosuggest's empty list on failure and null for 'null'.
 * The server's side of the same calls is proven in server/src/routes/api/me/me.int.spec.ts.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { storefrontFor } from '../../domain/storefront/storefronts';
import { ApiError } from './api';
import { autosuggestAddress, commerceHeaders, fetchCommerceUser } from './commerce';

const options = { storefront: storefrontFor('en-gb'), entryPoint: 'checkout' } as const;
const query = { addressType: 'SHIPPING', term: 'river', lang: 'en' } as const;

function answer(body: string, status = 200) {
  const calls: { url: string; headers: Headers }[] = [];
  vi.stubGlobal('fetch', (url: string, init?: RequestInit) => {
    calls.push({ url, headers: new Headers(init?.headers) });
    return Promise.resolve(
      new Response(body, { status, headers: { 'content-type': 'application/json' } }),
    );
  });
  return calls;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('commerce calls', () => {
  it('carry the site id, platform key, request id, entry point and routing region', () => {
    const headers = commerceHeaders({ ...options, noCache: true }, 'req-12345678');
    expect(Object.fromEntries(headers.entries())).toEqual({
      'x-site-id': 'ukassessments',
      'x-platform-key': 'assessments-web',
      'x-request-id': 'req-12345678',
      'x-entry-point': 'checkout',
      'x-routing-region': 'EU',
      'x-no-cache': 'true',
    });
    expect(
      commerceHeaders({ storefront: storefrontFor('en-us') }, 'r-000000001').has('x-no-cache'),
    ).toBe(false);
  });

  it('fetch the user with the locale and a fresh request id each time', async () => {
    const calls = answer(JSON.stringify({ id: 'u1', firstName: 'Sam' }));
    await expect(fetchCommerceUser('u1', options)).resolves.toMatchObject({ firstName: 'Sam' });
    await fetchCommerceUser('u1', options);
    expect(calls[0]?.url).toBe('/api/commerce/users/u1?locale=en-gb');
    expect(calls[0]?.headers.get('x-request-id')).not.toBe(calls[1]?.headers.get('x-request-id'));
  });

  it('throw the shared helper’s error, with status and body, when the user fetch fails', async () => {
    answer(JSON.stringify({ error: { code: 'not_found', message: 'No such user.' } }), 404);
    const error: unknown = await fetchCommerceUser('u2', options).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 404, body: { error: { code: 'not_found' } } });
  });

  it('suggest addresses, an empty list on any failure, and null for a body of null', async () => {
    const calls = answer(JSON.stringify([{ id: 'a1', label: '22 Riverside Walk' }]));
    expect(await autosuggestAddress('u1', 'c1', query, options)).toEqual([
      { id: 'a1', label: '22 Riverside Walk' },
    ]);
    expect(calls[0]?.url).toBe(
      '/api/commerce/users/u1/carts/c1/search/address/autosuggest?addressType=SHIPPING&term=river&lang=en',
    );
    answer('null');
    expect(await autosuggestAddress('u1', 'c1', query, options)).toBeNull();
    answer('{"error":{"code":"internal_error","message":"An error occurred."}}', 500);
    expect(await autosuggestAddress('u1', 'c1', query, options)).toEqual([]);
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
    expect(await autosuggestAddress('u1', 'c1', query, options)).toEqual([]);
  });
});
