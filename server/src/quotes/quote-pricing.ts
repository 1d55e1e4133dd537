/**
 * Pricing a buyer's cart as a quote on the server (decision 051): the cart as the store holds
 * it, the buyer's checkout facts (accounts, discounts, address book), the catalog now and the
 * price changes ahead, priced by the domain (`priceQuote`). The quote kind's context and the
 * preview the cart page shows before the buyer confirms both come from here, so what the
 * buyer is told is what the quote will be.
 */
import { cartStreamKind } from '../../../domain/cart/stream';
import type { CartState } from '../../../domain/cart/state';
import { checkoutCartOf } from '../../../domain/checkout/cart-snapshot';
import { accountIn } from '../../../domain/checkout/facts';
import { priceQuote, type QuotedProduct } from '../../../domain/quote/price';
import type { Quote } from '../../../domain/quote/quote';
import { dateOfInstant } from '../../../domain/shared/calendar';
import { storefrontFor, type Locale } from '../../../domain/storefront/storefronts';
import { streamIdOf } from '../../../domain/sync/stream-kind';
import { findUserById } from '../auth/users';
import { CartCatalogCache } from '../carts/cart-context';
import { applyDuePriceChanges, nextPriceChanges } from '../catalog/price-changes';
import { factsFor } from '../checkout/checkout-facts';
import type { Db } from '../db/database';
import type { EventStore } from '../event-store/event-store';
import type { FlagService } from '../flags/flag-service';

export interface QuotePricingDeps {
  readonly db: Db;
  readonly flags: FlagService;
  readonly store: () => EventStore;
}

export interface QuoteRequestFacts {
  readonly quoteId: string;
  readonly userId: string;
  readonly cartId: string;
  /** The account the browser's cart is priced for (the store's cart decides first). */
  readonly accountId: string | null;
  readonly locale: Locale;
  readonly now: Date;
}

/**
 * The quote for a buyer's cart, not numbered yet (`number` is empty); throws the DomainError
 * that stops it ('Error submitting quote.' with its reason's code).
 */
export async function priceCartQuote(
  deps: QuotePricingDeps,
  request: QuoteRequestFacts,
): Promise<Quote> {
  const { db } = deps;
  const storefront = storefrontFor(request.locale);
  // A change due today that the hourly step has not applied yet is the price now.
  await applyDuePriceChanges(db, dateOfInstant(request.now.toISOString()));
  const [user, found] = await Promise.all([
    findUserById(db, request.userId),
    deps.store().stateOf(cartStreamKind, streamIdOf(cartStreamKind, request.cartId)),
  ]);
  // Another buyer's cart, or another store's, is no cart of theirs.
  const mine =
    found &&
    found.row.ownerKind === 'user' &&
    found.row.ownerId === request.userId &&
    found.row.storeId === storefront.storeId;
  const state = mine ? (found.state as CartState) : null;
  const cart = state && found ? checkoutCartOf(state, found.row.version) : null;
  const facts = await factsFor(
    db,
    deps.flags,
    { id: request.userId, registrationCountry: user?.registrationCountry ?? null },
    storefront,
  );
  const only = facts.accounts.length === 1 ? facts.accounts[0]?.id : undefined;
  const accountId = state?.account?.id ?? request.accountId ?? only;
  const codes = cart?.lines.map((l) => l.code) ?? [];
  const catalog = new CartCatalogCache();
  const today = dateOfInstant(request.now.toISOString());
  const [product, promotion, changes] = await Promise.all([
    catalog.productLookup(db, storefront.storeId, codes),
    catalog.promotionLookup(db, storefront.storeId, cart?.promotions.map((p) => p.code) ?? []),
    nextPriceChanges(db, storefront.storeId, codes, today),
  ]);
  const account = accountId ? accountIn(facts, accountId) : undefined;
  return priceQuote({
    quoteId: request.quoteId,
    number: '',
    now: request.now.toISOString(),
    locale: request.locale,
    storeId: storefront.storeId,
    buyer: {
      userId: request.userId,
      firstName: user?.givenName ?? '',
      lastName: user?.familyName ?? '',
      email: user?.email ?? '',
    },
    cart,
    account,
    // The account's own book (decision 054).
    addressBook: account?.addressBook ?? [],
    product: (code): QuotedProduct | undefined => {
      const p = product(code);
      return p ? { ...p, priceChangeOn: changes.get(code) ?? null } : undefined;
    },
    promotion,
  });
}
