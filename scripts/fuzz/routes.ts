/**
 * Every route of the store, as the fuzzer knows it: its method and path, and the zod schemas
 * of its path parameters, query, body and headers, taken from where the route takes them (the
 * domain, the stream kinds of the registry). A few schemas live inline in their route files;
 * they are written again here from what those routes accept. The running app names its
 * routes itself (route-recorder.js), so a route this table does not know is still fuzzed,
 * with generic values.
 */
import * as z from 'zod';
import {
  searchQuerySchema,
  productParamsSchema,
  storeQuerySchema,
} from '../../domain/catalog/schemas';
import {
  addQualifiedUserRequestSchema,
  checkoutLocaleQuery,
  claimAccountRequestSchema,
  placeOrderRequestSchema,
  qglobalRequestSchema,
} from '../../domain/checkout/requests';
import {
  autosuggestParamsSchema,
  autosuggestQuerySchema,
  commerceUserParamsSchema,
  commerceUserQuerySchema,
} from '../../domain/commerce/commerce-api';
import { CONTENT_FILES } from '../../domain/content/paths';
import { addressVerificationRequestSchema } from '../../domain/address-verification/verification';
import { addressBookEntrySchema } from '../../domain/customer/address-book';
import { orderHistoryQuerySchema } from '../../domain/order/history';
import {
  invoiceLocaleQuery,
  invoicePaymentBodySchema,
  invoicesQuerySchema,
} from '../../domain/invoice/requests';
import { orderLookupRawQuerySchema } from '../../domain/order/lookup';
import {
  orderQuoteBodySchema,
  quotePreviewQuerySchema,
  quotesQuerySchema,
} from '../../domain/quote/requests';
import { STREAM_REGISTRY } from '../../domain/registry';
import { bootstrapQuerySchema } from '../../domain/shared/bootstrap';
import { LOCALES } from '../../domain/storefront/storefronts';
import { pullQuerySchema, pushBatchSchema, pushSingleSchema } from '../../domain/sync/push-schema';
import { idSchema } from '../../domain/sync/schemas';
import { registrationSchema, signInSchema } from '../../domain/validation/identity';
import { requestText } from '../../domain/validation/fields';
import { orderTrainingRequestSchema } from '../../server/src/routes/api/orders/training';

/** A schema of classic zod or zod/mini. */
export type Schema = z.core.$ZodType;

export type Method = 'GET' | 'POST' | 'DELETE' | 'PUT' | 'PATCH' | 'OPTIONS';

export interface RouteSpec {
  readonly method: Method;
  /** Fastify's pattern: `/api/carts/:id`. */
  readonly path: string;
  readonly params?: Schema;
  readonly query?: Schema;
  readonly body?: Schema;
  /** Form-encoded body (the OpenID provider's endpoints). */
  readonly form?: Schema;
  /** Request headers the route reads. */
  readonly headers?: Schema;
  /** Ends the caller's session: sent only without a buyer's cookies. */
  readonly endsSession?: boolean;
  /** Values a path segment takes besides its schema's (a `*` route's path). */
  readonly wildcard?: readonly string[];
}

const id = z.object({ id: idSchema });
const localeEnum = z.enum(LOCALES);
const anyLocale = z.union([localeEnum, z.string()]);
const meId = z.object({ id: requestText(64).min(1) });
const text = z.string().max(200);

/** The stream kinds' sync routes (server/src/streams/routes.ts), one set per addressed kind. */
function streamRoutes(): RouteSpec[] {
  const routes: RouteSpec[] = [];
  for (const kind of STREAM_REGISTRY.kinds) {
    const address = kind.address;
    if (!address) continue;
    const command = kind.commandSchema as unknown as z.ZodType;
    const queued = pushBatchSchema.shape.commands.element.extend({ command });
    const body = z.union([
      pushSingleSchema.extend({ command }),
      pushBatchSchema.extend({ commands: z.array(queued).min(1).max(100) }),
    ]);
    const owner = { as: z.enum(['visitor']).optional(), user: idSchema.optional() };
    const query = kind.perStore
      ? z.object({ locale: localeEnum, ...owner })
      : z.object({ locale: localeEnum.optional(), ...owner });
    if (address.per === 'user') {
      routes.push({ method: 'POST', path: `${address.path}/commands`, query, body });
      routes.push({ method: 'GET', path: address.path, query: pullQuerySchema });
    } else {
      routes.push({
        method: 'POST',
        path: `${address.path}/:id/commands`,
        params: id,
        query,
        body,
      });
      routes.push({
        method: 'GET',
        path: `${address.path}/:id`,
        params: id,
        query: pullQuerySchema,
      });
    }
  }
  return routes;
}

const commerceHeaders = z.object({
  'x-site-id': z.enum([
    'usassessments',
    'caassessments',
    'ukassessments',
    'auassessments',
    'nzassessments',
    'asiaassessments',
    'nlassessments',
    'esassessments',
  ]),
  'x-platform-key': z.enum(['assessments-web']),
  'x-request-id': z.string().regex(/^[A-Za-z0-9_-]{8,128}$/),
  'x-entry-point': z.enum(['header', 'product', 'cart', 'checkout']).optional(),
  'x-routing-region': z.enum(['US', 'CA', 'EU', 'AP']),
  'x-no-cache': z.enum(['true', 'false']).optional(),
});

/** The OpenID provider's own endpoints, with the parameters they read. */
const oidcForm = z.object({
  client_id: z.enum(['storefront', 'store-server']).optional(),
  grant_type: z.enum(['authorization_code', 'refresh_token', 'client_credentials']).optional(),
  code: text.optional(),
  refresh_token: text.optional(),
  token: text.optional(),
  token_type_hint: z.enum(['access_token', 'refresh_token']).optional(),
  redirect_uri: text.optional(),
  code_verifier: text.optional(),
  resource: z.union([z.enum(['urn:assessments-store:api']), z.url()]).optional(),
  scope: z.enum(['openid', 'openid api', 'openid profile email offline_access']).optional(),
});
const oidcQuery = oidcForm.extend({
  response_type: z.enum(['code']).optional(),
  code_challenge: text.optional(),
  code_challenge_method: z.enum(['S256', 'plain']).optional(),
  state: text.optional(),
  nonce: text.optional(),
  ui_locales: anyLocale.optional(),
  login_hint: text.optional(),
  prompt: z.enum(['login', 'consent', 'none']).optional(),
});
const OIDC_PATHS = [
  '',
  '.well-known/openid-configuration',
  'jwks',
  'auth',
  'token',
  'me',
  'token/introspection',
  'token/revocation',
  'session/end',
  'reg',
  'request',
  'nonexistent',
];

export const ROUTES: readonly RouteSpec[] = [
  { method: 'GET', path: '/api/health' },
  { method: 'GET', path: '/api/bootstrap', query: bootstrapQuerySchema },
  { method: 'GET', path: '/api/assessments/checkout/session' },
  {
    method: 'GET',
    path: '/api/assessments/checkout/identityProfiles',
    query: z.object({ userId: requestText(64).min(1), token: z.string().max(4096).optional() }),
  },
  {
    method: 'GET',
    path: '/api/assessments/checkout/routingRegion',
    query: z.object({ locale: anyLocale.optional() }),
  },
  { method: 'GET', path: '/api/catalog/search', query: searchQuerySchema },
  {
    method: 'GET',
    path: '/api/catalog/products/:code',
    params: productParamsSchema,
    query: storeQuerySchema,
  },
  { method: 'GET', path: '/api/catalog/index', query: storeQuerySchema },
  { method: 'GET', path: '/api/carts/current', query: z.object({ locale: localeEnum }) },
  ...streamRoutes(),
  {
    method: 'POST',
    path: '/api/checkouts/:id/place-order',
    params: id,
    query: checkoutLocaleQuery,
    body: placeOrderRequestSchema,
    headers: z.object({ 'idempotency-key': z.union([idSchema, z.string()]).optional() }),
  },
  { method: 'GET', path: '/api/checkout/facts', query: checkoutLocaleQuery },
  { method: 'GET', path: '/api/checkout/payment-fields' },
  { method: 'POST', path: '/api/checkout/accounts/claim', body: claimAccountRequestSchema },
  {
    method: 'POST',
    path: '/api/checkout/accounts/:id/qualified-users',
    params: id,
    body: addQualifiedUserRequestSchema,
  },
  { method: 'POST', path: '/api/checkout/qglobal/lookup', body: qglobalRequestSchema },
  { method: 'POST', path: '/api/checkout/qglobal/profile', body: qglobalRequestSchema },
  {
    method: 'GET',
    path: '/api/commerce/users/:userId',
    params: commerceUserParamsSchema,
    query: commerceUserQuerySchema,
    headers: commerceHeaders,
  },
  {
    method: 'GET',
    path: '/api/commerce/users/:userId/carts/:cartId/search/address/autosuggest',
    params: autosuggestParamsSchema,
    query: autosuggestQuerySchema,
    headers: commerceHeaders,
  },
  {
    method: 'POST',
    path: '/api/addresses/verify',
    body: addressVerificationRequestSchema,
  },
  { method: 'GET', path: '/api/me/addresses' },
  { method: 'POST', path: '/api/me/addresses', body: addressBookEntrySchema },
  { method: 'GET', path: '/api/me/addresses/:id', params: meId },
  { method: 'DELETE', path: '/api/me/addresses/:id', params: meId },
  { method: 'GET', path: '/api/me/accounts' },
  { method: 'GET', path: '/api/me/accounts/:id', params: meId },
  { method: 'GET', path: '/api/me/accounts/:id/members', params: meId },
  { method: 'GET', path: '/api/me/payment-methods' },
  { method: 'GET', path: '/api/me/payment-methods/:id', params: meId },
  { method: 'DELETE', path: '/api/me/payment-methods/:id', params: meId },
  { method: 'GET', path: '/api/me/qualifications' },
  { method: 'GET', path: '/api/orders', query: orderHistoryQuerySchema },
  { method: 'GET', path: '/api/orders/:id', params: id },
  {
    method: 'POST',
    path: '/api/orders/:id/training-participants',
    params: id,
    body: orderTrainingRequestSchema,
  },
  { method: 'GET', path: '/api/order-status', query: orderLookupRawQuerySchema },
  { method: 'GET', path: '/api/quotes', query: quotesQuerySchema },
  { method: 'GET', path: '/api/quotes/preview', query: quotePreviewQuerySchema },
  { method: 'GET', path: '/api/quotes/:id', params: id },
  { method: 'GET', path: '/api/quotes/:id/pdf', params: id },
  { method: 'POST', path: '/api/quotes/:id/order', params: id, body: orderQuoteBodySchema },
  { method: 'GET', path: '/api/invoices', query: invoicesQuerySchema },
  { method: 'GET', path: '/api/invoices/:id', params: id },
  { method: 'GET', path: '/api/invoices/:id/pdf', params: id, query: invoiceLocaleQuery },
  {
    method: 'POST',
    path: '/api/invoices/:id/payments',
    params: id,
    query: invoiceLocaleQuery,
    body: invoicePaymentBodySchema,
  },
  {
    method: 'GET',
    path: '/auth/login',
    query: z.object({
      returnTo: z.string().max(2000).optional(),
      locale: anyLocale.optional(),
      screen_hint: z.enum(['signup']).optional(),
    }),
  },
  { method: 'POST', path: '/auth/logout', endsSession: true },
  { method: 'POST', path: '/api/me/sessions/end', endsSession: true },
  {
    method: 'POST',
    path: '/auth/session',
    headers: z.object({ authorization: z.string().max(2000).optional() }),
  },
  {
    method: 'GET',
    path: '/auth/session/callback',
    query: z.object({
      code: text.optional(),
      state: text.optional(),
      error: text.optional(),
      iss: text.optional(),
    }),
  },
  { method: 'GET', path: '/content/site.css' },
  {
    method: 'GET',
    path: '/content/:locale/:name',
    params: z.object({
      locale: anyLocale,
      name: z.union([
        z.enum(Object.values(CONTENT_FILES) as [string, ...string[]]),
        z.enum(['about.html', 'privacy.html', 'not-found.html', 'error-404.html']),
        z.string(),
      ]),
    }),
  },
  {
    method: 'GET',
    path: '/graphql/execute.json/USAssessments/:query',
    params: z.object({
      query: z.union([z.enum(['en-us-checkout', 'en-gb-checkout', 'en-au-checkout']), z.string()]),
    }),
  },
  { method: 'GET', path: '/oidc/*', query: oidcQuery, wildcard: OIDC_PATHS },
  { method: 'POST', path: '/oidc/*', form: oidcForm, wildcard: OIDC_PATHS },
  { method: 'GET', path: '/oidc-interaction/:uid', params: z.object({ uid: text }) },
  { method: 'GET', path: '/oidc-interaction/:uid/details', params: z.object({ uid: text }) },
  {
    method: 'POST',
    path: '/oidc-interaction/:uid/login',
    params: z.object({ uid: text }),
    body: signInSchema,
  },
  {
    method: 'POST',
    path: '/oidc-interaction/:uid/register',
    params: z.object({ uid: text }),
    body: registrationSchema,
  },
  { method: 'POST', path: '/oidc-interaction/:uid/abort', params: z.object({ uid: text }) },
  { method: 'POST', path: '/oidc-session/end', endsSession: true },
  {
    method: 'GET',
    path: '/store/customer/current',
    // The buyer's activity (milliseconds ago), as the session check reports it.
    headers: z.object({
      'x-session-activity': z
        .string()
        .regex(/^[0-9]{1,10}$/)
        .optional(),
    }),
  },
  { method: 'GET', path: '/payment-sandbox/fields' },
  { method: 'GET', path: '/payment-sandbox/fields.js' },
  { method: 'GET', path: '/payment-sandbox/fields.css' },
  { method: 'GET', path: '/payment-sandbox/card-checks.js' },
  {
    method: 'POST',
    path: '/payment-sandbox/tokens',
    body: z.strictObject({
      number: z
        .enum(['4242424242424242', '4000000000000002', '5555555555554444'])
        .or(z.string().max(40)),
      expMonth: z.string().max(4),
      expYear: z.string().max(6),
      securityCode: z.string().max(8),
    }),
  },
];

/** Paths that no route takes, and the pages of the PWA (served when it is built). */
export const STRAY_PATHS: readonly string[] = [
  '/',
  '/en-gb/',
  '/en-us/cart',
  '/en-gb/my-account/order-history',
  '/fr-ca/login',
  '/api/',
  '/api/nope',
  '/api/carts/',
  '/api/me/addresses/',
  '/%',
  '/%E0%A4%A',
  '/api/%00',
  '/api/carts/%ED%A0%80/commands',
  '/..%2f..%2fetc%2fpasswd',
  '/api/catalog/products/%3Cscript%3E',
  `/${'a'.repeat(10_000)}`,
  '/sw.js',
  '/manifest.webmanifest',
  '/index.html',
];

export interface AppRoute {
  readonly method: string;
  readonly path: string;
}

/** The spec of a route of the app (a generic one when this table does not know it). */
export function specFor(route: AppRoute): RouteSpec {
  const known = ROUTES.find((r) => r.method === route.method && r.path === route.path);
  if (known) return known;
  const names = [...route.path.matchAll(/:(\w+)/g)].map((m) => m[1] ?? '');
  const params =
    names.length > 0 ? z.object(Object.fromEntries(names.map((n) => [n, text]))) : undefined;
  return {
    method: route.method as Method,
    path: route.path,
    ...(params ? { params } : {}),
    query: z.record(z.string(), z.string()),
    ...(route.method === 'GET' || route.method === 'HEAD' ? {} : { body: z.unknown() }),
  };
}
