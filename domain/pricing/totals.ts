/**
 * The figures at the foot of a cart, checkout or order: subtotal, discounts, shipping, tax
 * and total, all in the store's currency. Tax is charged on what is paid for goods (after
 * discounts), on shipping where the store's rules say so, and never for a tax-exempt
 * organization (SPEC 6).
 */
import { add, money, multiply, percentage, subtract, sum, zero, type Money, min } from './money';

export interface TotalsLine {
  readonly unitPrice: Money;
  readonly quantity: number;
  /** Discount on the whole line, as a positive amount. */
  readonly discount?: Money;
}

export interface TaxRule {
  /** Rate in basis points: 2000 is 20 %. */
  readonly rateBasisPoints: number;
  readonly appliesToShipping: boolean;
  /** SPEC 6: an organization with tax-exempt status is not charged tax. */
  readonly exempt: boolean;
}

export interface TotalsInput {
  readonly currency: string;
  readonly lines: readonly TotalsLine[];
  /** Discount on the whole order (a promotion code), as a positive amount. */
  readonly orderDiscount?: Money;
  readonly shipping?: Money;
  readonly tax?: TaxRule;
}

export interface Totals {
  readonly subtotal: Money;
  /** All discounts together, as a positive amount, never more than the subtotal. */
  readonly discounts: Money;
  readonly shipping: Money;
  readonly tax: Money;
  readonly total: Money;
}

function nonNegative(amount: Money, what: string): Money {
  if (amount.amountMinor < 0) throw new RangeError(`${what} cannot be negative`);
  return amount;
}

export function computeTotals(input: TotalsInput): Totals {
  const { currency } = input;
  const subtotal = sum(
    input.lines.map((line) => {
      if (!Number.isSafeInteger(line.quantity) || line.quantity < 0) {
        throw new RangeError(`Not a quantity: ${line.quantity}`);
      }
      return multiply(nonNegative(line.unitPrice, 'A price'), line.quantity);
    }),
    currency,
  );
  const requestedDiscounts = sum(
    [
      ...input.lines.map((line) => nonNegative(line.discount ?? zero(currency), 'A discount')),
      nonNegative(input.orderDiscount ?? zero(currency), 'A discount'),
    ],
    currency,
  );
  const discounts = min(requestedDiscounts, subtotal);
  const shipping = nonNegative(input.shipping ?? zero(currency), 'Shipping');
  const goods = subtract(subtotal, discounts);
  let tax = zero(currency);
  if (input.tax && !input.tax.exempt) {
    const base = input.tax.appliesToShipping ? add(goods, shipping) : goods;
    tax = percentage(base, input.tax.rateBasisPoints);
  }
  const total = add(add(goods, shipping), tax);
  return { subtotal, discounts, shipping, tax, total: money(total.amountMinor, currency) };
}
