/** Quotes for the quote tests: a cart, an account, the catalog as the store has it. */
import type { CartPromotion } from '../cart/context';
import {
  BUYER,
  CARTS,
  checkoutCart,
  BOOK,
  LAKESHORE,
  line,
  RIVERSIDE,
} from '../checkout/test-fixtures';
import type { PriceQuoteInput, QuotedProduct } from './price';
import { priceQuote } from './price';
import type { Quote, QuoteCommand, QuoteEvent } from './quote';

export { BUYER, CARTS, checkoutCart, LAKESHORE, line, RIVERSIDE };

export const QUOTE_ID = 'quote-5b1c9e27';
export const NOW = '2026-11-22T10:00:00.000Z';
export const TODAY = '2026-11-22';

/** The catalog as the store has it now: every product of the checkout fixtures, sold. */
export function catalog(
  overrides: Partial<Record<string, Partial<QuotedProduct>>> = {},
): (code: string) => QuotedProduct | undefined {
  return (code) => {
    const found = [
      ...CARTS.kit.lines,
      ...CARTS.levelA.lines,
      ...CARTS.digital.lines,
      ...CARTS.preOrder.lines,
    ].find((l) => l.code === code);
    if (!found) return undefined;
    return {
      code,
      format: found.format,
      qualificationLevel: found.qualificationLevel,
      soldOnline: true,
      orderableOnline: true,
      preOrder: found.preOrder,
      aimsweb: found.aimsweb,
      unitPriceMinor: found.unitPriceMinor,
      priceChangeOn: null,
      ...overrides[code],
    };
  };
}

export const NO_PROMOTIONS = (): CartPromotion | undefined => undefined;

export function priceInput(overrides: Partial<PriceQuoteInput> = {}): PriceQuoteInput {
  return {
    quoteId: QUOTE_ID,
    number: 'Q12345674',
    now: NOW,
    locale: 'en-us',
    storeId: 'usassessments',
    buyer: BUYER,
    cart: CARTS.kit,
    account: LAKESHORE,
    addressBook: BOOK,
    product: catalog(),
    promotion: NO_PROMOTIONS,
    ...overrides,
  };
}

export const QUOTE: Quote = priceQuote(priceInput());

export function command<T extends QuoteCommand['type']>(
  type: T,
  data: Extract<QuoteCommand, { type: T }>['data'],
  now = NOW,
  commandId = 'cmd-1',
): QuoteCommand {
  return { type, data, metadata: { commandId, now } } as QuoteCommand;
}

export const events = {
  requested: (): QuoteEvent => ({
    type: 'QuoteRequested',
    v: 1,
    data: {
      quoteId: QUOTE_ID,
      cartId: CARTS.kit.cartId,
      accountId: LAKESHORE.id,
      requestedAt: NOW,
    },
  }),
  created: (quote: Quote = QUOTE): QuoteEvent => ({ type: 'QuoteCreated', v: 1, data: { quote } }),
};
