/**
 * Pricing a quote (SPEC 2.5; decision 051): the cart as the store holds it, priced for the
 * cart's customer account as checkout prices it (the account's discount, the promotion codes,
 * the tax where the account's goods go), numbered, with its last day (30 days, or sooner under
 * the early expiration rule). Pure: the server reads the facts, this decides.
 */
import { appliedAccountDiscount } from '../cart/projections/summary';
import type { CartPromotion } from '../cart/context';
import type { CatalogProduct } from '../order/place-order';
import { priceCart, type CheckoutCart } from '../checkout/cart-snapshot';
import type { CheckoutAccount } from '../checkout/facts';
import type { SavedAddress } from '../customer/address-book';
import { dateOfInstant } from '../shared/calendar';
import { DomainError } from '../shared/domain-error';
import { withValues } from '../shared/message';
import { allStorefronts, type Locale } from '../storefront/storefronts';
import { jurisdictionOf } from '../tax/rates';
import { taxFor, type TaxableAddress } from '../tax/tax';
import { earlyQuoteExpiration, quoteLastDay, type EarlyExpiration } from './expiration';
import { QUOTE_MESSAGES } from './messages';
import { QUOTE_VALID_DAYS, type Quote, type QuoteLine } from './quote';

/** A product as the catalog has it now, with its next price (a scheduled change). */
export interface QuotedProduct extends Omit<CatalogProduct, 'stock'> {
  /** The first day of its next price in this store (YYYY-MM-DD), if one is planned. */
  readonly priceChangeOn: string | null;
}

export interface PriceQuoteInput {
  readonly quoteId: string;
  readonly number: string;
  readonly now: string;
  readonly locale: Locale;
  readonly storeId: string;
  readonly buyer: Quote['buyer'];
  /** The cart as the store holds it now. */
  readonly cart: CheckoutCart | null;
  /** The customer account it is priced for; undefined: none the buyer may order for. */
  readonly account: CheckoutAccount | undefined;
  readonly addressBook: readonly SavedAddress[];
  readonly product: (code: string) => QuotedProduct | undefined;
  readonly promotion: (code: string) => CartPromotion | undefined;
}

/** 'Error submitting quote.', with the code of its reason (SPEC 8). */
function submitError(code: string, values: Record<string, string> = {}): DomainError {
  return new DomainError(code, withValues(QUOTE_MESSAGES.submitError, values));
}

/**
 * Where a quote's tax is reckoned: the buyer's default billing (else delivery, else any)
 * address in the store's country; without one, the store's country where it has one rate
 * (a country with state or provincial rates needs the address: the tax is then left to
 * checkout, `unknown-address`).
 */
export function quoteTaxAddress(
  storeId: string,
  addressBook: readonly SavedAddress[],
): TaxableAddress | null {
  const country = allStorefronts().find((s) => s.storeId === storeId)?.country;
  if (!country) return null;
  const domestic = addressBook.filter((a) => a.country === country);
  const chosen =
    domestic.find((a) => a.defaultBilling) ??
    domestic.find((a) => a.defaultShipping) ??
    domestic[0];
  if (chosen) return chosen.region ? { country, region: chosen.region } : { country };
  return jurisdictionOf(country, undefined).kind === 'found' ? { country } : null;
}

/** The first day a discount the quote counts on is gone (its end's next day), if any. */
function discountEndsOn(
  cart: CheckoutCart,
  promotion: PriceQuoteInput['promotion'],
  discounted: ReadonlySet<string>,
): string | null {
  const ends = cart.promotions
    .filter((p) => discounted.has(p.code))
    .map((p) => promotion(p.code)?.endsAt ?? null)
    .filter((end): end is string => end !== null)
    .map((end) => dateOfInstant(new Date(Date.parse(end) + 1000).toISOString()))
    .sort();
  return ends[0] ?? null;
}

/** The quote for this cart and account, or the DomainError that stops it. */
export function priceQuote(input: PriceQuoteInput): Quote {
  const { cart, account } = input;
  if (!cart || cart.lines.length === 0) throw submitError('quote.cart-empty');
  if (!account) throw submitError('quote.no-account');
  const now = Date.parse(input.now);
  // Each line as the catalog sells it now, at the price the cart shows.
  const lines = cart.lines.map((line) => {
    const product = input.product(line.code);
    if (
      !product ||
      !product.soldOnline ||
      !product.orderableOnline ||
      product.unitPriceMinor === null
    ) {
      throw submitError('quote.product-withdrawn', { code: line.code });
    }
    if (product.unitPriceMinor !== line.unitPriceMinor) {
      throw submitError('quote.items-need-update');
    }
    return { line, product };
  });
  // A promotion code still applies as the cart had it, or the cart is to be updated first.
  for (const applied of cart.promotions) {
    const fresh = input.promotion(applied.code);
    const active =
      fresh !== undefined &&
      fresh.enabled &&
      Date.parse(fresh.startsAt) <= now &&
      (fresh.endsAt === null || Date.parse(fresh.endsAt) > now);
    if (!active || fresh.discountBasisPoints !== applied.discountBasisPoints) {
      throw submitError('quote.items-need-update');
    }
  }
  const priced = priceCart(cart, account.discounts);
  const tax = taxFor({
    storeId: input.storeId,
    address: quoteTaxAddress(input.storeId, input.addressBook),
    goodsMinor: priced.totalMinor,
    shippingMinor: 0,
    taxExempt: account.taxExempt,
  });
  const today = dateOfInstant(input.now);
  const changes = lines
    .map(({ product }) => product.priceChangeOn)
    .filter((on): on is string => on !== null && on > today)
    .sort();
  const discounted = new Set(
    priced.promotions.filter((p) => p.discountMinor > 0).map((p) => p.code),
  );
  const early: EarlyExpiration | null = earlyQuoteExpiration({
    today,
    priceUpdateOn: changes[0] ?? null,
    discountEndsOn: discountEndsOn(cart, input.promotion, discounted),
  });
  const quoteLines: QuoteLine[] = priced.lines.map((line, i) => {
    const { product } = lines[i] ?? { product: undefined };
    return {
      code: line.code,
      name: line.name,
      programName: line.programName,
      quantity: line.quantity,
      unitPriceMinor: line.unitPriceMinor,
      discountMinor: line.totalDiscounts.value,
      totalMinor: line.totalPrice.value - line.totalDiscounts.value,
      format: product?.format ?? line.format,
      qualificationLevel: product?.qualificationLevel ?? line.qualificationLevel,
      preOrder: product?.preOrder ?? line.preOrder,
      aimsweb: product?.aimsweb ?? line.aimsweb,
      notDiscountable: line.notDiscountable,
    };
  });
  const applied = appliedAccountDiscount(
    priced.account ? { ...priced.account, discounts: account.discounts } : null,
  );
  return {
    quoteId: input.quoteId,
    number: input.number,
    storeId: input.storeId,
    locale: input.locale,
    currency: cart.currency,
    createdAt: input.now,
    expiresOn: quoteLastDay(today, QUOTE_VALID_DAYS, early),
    earlyExpiration: early,
    buyer: input.buyer,
    account: { id: account.id, number: account.number, name: account.name, type: account.type },
    lines: quoteLines,
    promotions: priced.promotions.filter((p) => p.discountMinor > 0),
    accountDiscount:
      applied && priced.accountDiscount
        ? { programme: applied.programme, discountMinor: priced.accountDiscount.discountMinor }
        : null,
    tax: {
      basis: tax.basis,
      lines: tax.lines.map((l) => ({ ...l })),
    },
    totals: {
      subtotalMinor: priced.subtotalMinor,
      discountsMinor: priced.discountsMinor,
      taxMinor: tax.taxMinor,
      totalMinor: priced.totalMinor + tax.taxMinor,
    },
    cartId: cart.cartId,
    appliedPromotions: cart.promotions,
  };
}
