/**
 * The headless-commerce calls of SPEC 7.2 under /api/commerce: the user fetch
 * (/users/{userId}) and the address autosuggest
 * (/users/{userId}/carts/{cartId}/search/address/autosuggest). Every call must carry the
 * commerce headers: a known site id that matches the locale's store, an accepted platform
 * key, a request id (echoed back), the routing region of that site, and the caller's access
 * token as Bearer (the store's session cookie is accepted too). A user reads only their own
 * data: another user's id, or a cart that is not theirs, is 404.
 */
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  AUTOSUGGEST_MIN_TERM,
  autosuggestParamsSchema,
  autosuggestQuerySchema,
  COMMERCE_HEADERS,
  commerceHeadersSchema,
  commerceUserParamsSchema,
  commerceUserQuerySchema,
  type AddressSuggestion,
  type CommerceUser,
} from '../../../../../domain/commerce/commerce-api';
import { searchWords } from '../../../../../domain/catalog/search-text';
import { allStorefronts, type Storefront } from '../../../../../domain/storefront/storefronts';
import { cartStreamKind } from '../../../../../domain/cart/stream';
import { streamIdOf } from '../../../../../domain/sync/stream-kind';
import { buyerOf } from '../../../acting/acting';
import type { User } from '../../../auth/users';
import { listAccounts, qualificationProfile } from '../../../customers/customer-repository';
import { listAddresses } from '../../../customers/address-books';
import type { Db } from '../../../db/database';
import { streams } from '../../../db/schema';
import { errorBody } from '../../../plugins/errors';

/** Whether the cart exists and belongs to this user (a visitor's cart is nobody's here). */
async function ownsCart(db: Db, userId: string, cartId: string): Promise<boolean> {
  const [row] = await db
    .select({ ownerId: streams.ownerId })
    .from(streams)
    .where(
      and(
        eq(streams.streamId, streamIdOf(cartStreamKind, cartId)),
        eq(streams.ownerKind, 'user'),
        eq(streams.ownerId, userId),
      ),
    )
    .limit(1);
  return row !== undefined;
}

export interface CommerceOptions {
  readonly platformKeys: readonly string[];
}

interface CommerceCall {
  readonly buyer: User;
  /** The storefronts of the site id (a store may serve two languages). */
  readonly sites: readonly Storefront[];
  readonly noCache: boolean;
}

export function registerCommerceRoutes(
  app: FastifyInstance,
  db: Db,
  options: CommerceOptions,
): void {
  /** Checks the SPEC 7.2 headers and the caller; sends the error and returns undefined. */
  async function commerceCall(
    request: FastifyRequest,
    reply: FastifyReply,
  ): Promise<CommerceCall | undefined> {
    const headers = commerceHeadersSchema.parse(request.headers);
    reply.header(COMMERCE_HEADERS.requestId, headers[COMMERCE_HEADERS.requestId]);
    reply.header('cache-control', 'no-store');
    if (!options.platformKeys.includes(headers[COMMERCE_HEADERS.platformKey])) {
      await reply.code(403).send(errorBody('platform_key_invalid', 'Unknown platform key.'));
      return undefined;
    }
    const sites = allStorefronts().filter((s) => s.storeId === headers[COMMERCE_HEADERS.siteId]);
    if (sites.length === 0) {
      await reply.code(400).send(errorBody('site_unknown', 'Unknown site id.'));
      return undefined;
    }
    if (sites.every((s) => s.region !== headers[COMMERCE_HEADERS.routingRegion])) {
      await reply
        .code(400)
        .send(errorBody('routing_region_mismatch', 'The routing region is not the site’s region.'));
      return undefined;
    }
    const buyer = buyerOf(request.acting);
    if (!buyer) {
      await reply.code(401).send(errorBody('unauthorized', 'The session is no longer valid.'));
      return undefined;
    }
    return { buyer, sites, noCache: headers[COMMERCE_HEADERS.noCache] === 'true' };
  }

  function notThisUser(reply: FastifyReply) {
    return reply.code(404).send(errorBody('not_found', 'No such user.'));
  }

  // 'anyone': the platform's headers are checked before the caller (400 before 401).
  app.get(
    '/api/commerce/users/:userId',
    { config: { access: 'anyone' } },
    async (request, reply) => {
      const { userId } = commerceUserParamsSchema.parse(request.params);
      const { locale } = commerceUserQuerySchema.parse(request.query);
      const call = await commerceCall(request, reply);
      if (!call) return reply;
      if (!call.sites.some((s) => s.locale === locale)) {
        return reply.code(400).send(errorBody('site_mismatch', 'The locale is not the site’s.'));
      }
      const user = call.buyer;
      if (userId !== user.id) return notThisUser(reply);
      const [accounts, addresses, qualification] = await Promise.all([
        listAccounts(db, user.id),
        listAddresses(db, user.id),
        qualificationProfile(db, user.id),
      ]);
      const site = call.sites.find((s) => s.locale === locale) ?? call.sites[0];
      const body: CommerceUser = {
        id: user.id,
        firstName: user.givenName,
        lastName: user.familyName,
        email: user.email,
        registrationCountryIso: user.registrationCountry,
        locale,
        routingRegion: site?.region ?? 'US',
        qualificationLevel: qualification.level,
        accounts: accounts.map(({ id, accountNumber, name, accountType, role }) => ({
          id,
          accountNumber,
          name,
          accountType,
          role,
        })),
        defaultShippingAddressId: addresses.find((a) => a.defaultShipping)?.id ?? null,
        defaultBillingAddressId: addresses.find((a) => a.defaultBilling)?.id ?? null,
      };
      return body;
    },
  );

  app.get(
    '/api/commerce/users/:userId/carts/:cartId/search/address/autosuggest',
    { config: { access: 'anyone' } },
    async (request, reply) => {
      const { userId, cartId } = autosuggestParamsSchema.parse(request.params);
      const query = autosuggestQuerySchema.parse(request.query);
      const call = await commerceCall(request, reply);
      if (!call) return reply;
      if (userId !== call.buyer.id) return notThisUser(reply);
      // 'current' is the caller's own current cart; any other id must be a cart of theirs.
      if (cartId !== 'current' && !(await ownsCart(db, userId, cartId))) {
        return reply.code(404).send(errorBody('not_found', 'No such cart.'));
      }
      const words = searchWords(query.term);
      if (query.term.length < AUTOSUGGEST_MIN_TERM || words.length === 0) return [];
      const saved = await listAddresses(db, userId);
      const preferred = (a: (typeof saved)[number]) =>
        query.addressType === 'BILLING' ? a.defaultBilling : a.defaultShipping;
      const suggestions: AddressSuggestion[] = saved
        .filter((a) => {
          const hay = searchWords(
            [a.organization, a.line1, a.line2, a.town, a.region, a.postalCode, a.country]
              .filter(Boolean)
              .join(' '),
          );
          return words.every((w) => hay.some((h) => h.startsWith(w)));
        })
        .sort((a, b) => Number(preferred(b)) - Number(preferred(a)))
        .map((a) => ({
          id: a.id,
          label: [a.line1, a.line2, a.town, a.region, a.postalCode, a.country]
            .filter(Boolean)
            .join(', '),
          address: {
            line1: a.line1,
            line2: a.line2,
            town: a.town,
            region: a.region,
            postalCode: a.postalCode,
            country: a.country,
          },
        }));
      if (!call.noCache) reply.header('cache-control', 'private, max-age=60');
      return suggestions;
    },
  );
}
