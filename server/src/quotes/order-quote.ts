/**
 * Ordering a quote (SPEC 8; decision 051): a use case. The quote must still be the buyer's,
 * numbered and within its last day, its account still theirs and each product still sold;
 * otherwise 'We are sorry but your quote could not be completed...' with the reason's code.
 * The quote then goes into the buyer's cart (`LoadQuote`, through `execute`): its lines at the
 * quoted prices, its promotion codes and its account, so checkout and placing the order are
 * the store's one checkout. What the cart held before is kept in the buyer's saved carts first,
 * so nothing is lost.
 */
import type { CartLine, CartState } from '../../../domain/cart/state';
import { cartStreamKind } from '../../../domain/cart/stream';
import { accountIn } from '../../../domain/checkout/facts';
import type { Translate } from '../../../domain/mail/order-confirmation';
import { QUOTE_MESSAGES } from '../../../domain/quote/messages';
import { isPastLastDay, refuseQuote, type QuoteState } from '../../../domain/quote/quote';
import { quoteStreamKind } from '../../../domain/quote/stream';
import { savedCartsStreamKind } from '../../../domain/saved-cart/stream';
import { dateOfInstant } from '../../../domain/shared/calendar';
import { DomainError } from '../../../domain/shared/domain-error';
import type { Message } from '../../../domain/shared/message';
import { storefrontFor, type Locale } from '../../../domain/storefront/storefronts';
import { streamIdOf } from '../../../domain/sync/stream-kind';
import { mayAccess, type ForBuyer } from '../acting/acting';
import { CartCatalogCache } from '../carts/cart-context';
import { factsFor } from '../checkout/checkout-facts';
import type { CommandHandler } from '../commands/execute';
import type { Db } from '../db/database';
import type { EventStore } from '../event-store/event-store';
import type { FlagService } from '../flags/flag-service';

export interface OrderQuoteDeps {
  readonly db: Db;
  readonly store: EventStore;
  readonly commands: CommandHandler;
  readonly flags: FlagService;
  /** Words in the storefront's language (the saved cart's name). */
  readonly translate: (locale: string) => Translate;
  readonly now?: () => Date;
}

export interface OrderQuoteRequest {
  readonly quoteId: string;
  readonly locale: Locale;
  /** The buyer's cart in this browser: the quote goes into it. */
  readonly cartId: string;
}

export type OrderQuoteOutcome =
  | { readonly kind: 'loaded'; readonly cartId: string }
  | { readonly kind: 'not-found' }
  | { readonly kind: 'refused'; readonly code: string; readonly message: Message };

export async function orderQuote(
  deps: OrderQuoteDeps,
  who: ForBuyer,
  request: OrderQuoteRequest,
): Promise<OrderQuoteOutcome> {
  try {
    return await load(deps, who, request);
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    return { kind: 'refused', code: error.code, message: error.detail };
  }
}

async function load(
  deps: OrderQuoteDeps,
  who: ForBuyer,
  request: OrderQuoteRequest,
): Promise<OrderQuoteOutcome> {
  const { db, store, commands } = deps;
  const storefront = storefrontFor(request.locale);
  const buyer = who.buyer;
  const found = await store.stateOf(quoteStreamKind, streamIdOf(quoteStreamKind, request.quoteId));
  if (!found || !mayAccess(who, found.row) || found.row.storeId !== storefront.storeId) {
    return { kind: 'not-found' };
  }
  const state = found.state as QuoteState;
  const quote = state.quote;
  if (!quote) return { kind: 'not-found' };
  const today = dateOfInstant((deps.now?.() ?? new Date()).toISOString());
  if (state.status === 'expired' || (state.status === 'created' && isPastLastDay(state, today))) {
    throw refuseQuote('quote.expired');
  }
  if (state.status !== 'created') throw refuseQuote('quote.not-orderable');
  const facts = await factsFor(db, deps.flags, buyer, storefront);
  const account = accountIn(facts, quote.account.id);
  if (!account) throw refuseQuote('quote.account-changed');
  const catalog = new CartCatalogCache();
  const product = await catalog.productLookup(
    db,
    storefront.storeId,
    quote.lines.map((l) => l.code),
  );
  for (const line of quote.lines) {
    const now = product(line.code);
    if (!now || !now.soldOnline || !now.orderableOnline || now.unitPriceMinor === null) {
      throw refuseQuote('quote.product-withdrawn', { code: line.code });
    }
  }

  const cartStreamId = streamIdOf(cartStreamKind, request.cartId);
  const cart = await store.stateOf(cartStreamKind, cartStreamId);
  if (cart && (!mayAccess(who, cart.row) || cart.row.storeId !== storefront.storeId)) {
    return { kind: 'not-found' };
  }
  const held = cart?.state as CartState | undefined;
  // What the cart held is kept in the saved carts before the quote takes its place.
  if (held && held.lines.length > 0 && held.quote?.quoteId !== quote.quoteId) {
    const version = String(cart?.row.version ?? 0);
    const saved = await commands.execute(
      'saved-carts',
      streamIdOf(savedCartsStreamKind, buyer.id),
      {
        type: 'SaveCart',
        data: {
          savedCartId: `before-${quote.quoteId}-${version}`.slice(0, 64),
          name: deps.translate(request.locale)(QUOTE_MESSAGES.savedBefore, {
            number: quote.number,
            version,
          }),
          lines: held.lines.map((l) => ({
            code: l.code,
            name: l.name,
            programName: l.programName,
            quantity: l.quantity,
          })),
        },
      },
      who,
      { commandId: `order-quote-save:${quote.quoteId}:${request.cartId}:${version}` },
    );
    if (saved.result.status === 'rejected') {
      return { kind: 'refused', code: saved.result.code, message: saved.result.message };
    }
  }
  const lines: CartLine[] = quote.lines.map((line) => ({
    code: line.code,
    name: line.name,
    programName: line.programName,
    notDiscountable: line.notDiscountable,
    quantity: line.quantity,
    unitPriceMinor: line.unitPriceMinor,
    format: line.format,
    qualificationLevel: line.qualificationLevel,
    preOrder: line.preOrder,
    aimsweb: line.aimsweb,
    minOrderQuantity: null,
    maxOrderQuantity: null,
  }));
  const loaded = await commands.execute(
    'cart',
    cartStreamId,
    {
      type: 'LoadQuote',
      data: {
        quote: {
          quoteId: quote.quoteId,
          number: quote.number,
          expiresOn: quote.expiresOn,
          accountId: quote.account.id,
        },
        lines,
        promotions: quote.appliedPromotions,
        account: {
          id: account.id,
          number: account.number,
          name: account.name,
          type: account.type,
          discounts: account.discounts,
        },
      },
    },
    who,
    {
      commandId: `order-quote:${quote.quoteId}:${request.cartId}:${String(cart?.row.version ?? 0)}`,
      locale: request.locale,
    },
  );
  if (loaded.result.status === 'rejected') {
    return { kind: 'refused', code: loaded.result.code, message: loaded.result.message };
  }
  return { kind: 'loaded', cartId: request.cartId };
}
