/**
 * The tax on an order (SPEC 6; decision 025): one pure function that the browser runs to show
 * the tax on the review step (offline too) and the server runs, with authority, when the
 * order is placed. Each store taxes deliveries within its own country at the rates in
 * `rates.ts`; a delivery abroad is an export and carries no tax. Prices are net of tax in
 * every store, so tax is added on top of goods (after discounts) and, where the jurisdiction
 * taxes it, shipping.
 */
import type { MessageDescriptor } from '../shared/message';
import { allStorefronts } from '../storefront/storefronts';
import { TAX_KIND_LABELS } from './messages';
import { formatRate, jurisdictionOf, type TaxRate } from './rates';

export interface TaxableAddress {
  /** ISO 3166-1 alpha-2. */
  readonly country: string;
  /** The state's or province's code (required for US and CA addresses). */
  readonly region?: string;
}

export interface TaxInput {
  readonly storeId: string;
  /** Where the goods go: the delivery address, or the billing address when nothing ships. Null: not known yet. */
  readonly address: TaxableAddress | null;
  /** Goods after discounts, in the currency's minor units. */
  readonly goodsMinor: number;
  readonly shippingMinor: number;
  /** SPEC 6: the customer account's tax-exempt status. */
  readonly taxExempt: boolean;
}

export interface TaxLine {
  /** The kind of tax: 'sales-tax', 'gst', 'hst', 'pst', 'qst', 'vat' or 'consumption-tax'. */
  readonly id: string;
  readonly label: MessageDescriptor;
  /** For display, e.g. '9.975%'. */
  readonly rate: string;
  readonly amountMinor: number;
}

/**
 * Why the order carries the tax it does: taxed at the destination's rates (0 where the state
 * has no sales tax), exempt (SPEC 6), an export, or no address to decide by yet.
 */
export type TaxBasis = 'taxed' | 'exempt' | 'export' | 'unknown-address';

export interface TaxResult {
  /** One line per tax charged; none unless the basis is 'taxed', and none for a 0 % rate. */
  readonly lines: readonly TaxLine[];
  readonly taxMinor: number;
  readonly basis: TaxBasis;
}

function storeCountry(storeId: string): string {
  const storefront = allStorefronts().find((s) => s.storeId === storeId);
  if (!storefront) throw new RangeError(`Not a store: ${storeId}`);
  return storefront.country;
}

function amount(value: number, what: string): bigint {
  if (!Number.isSafeInteger(value) || value < 0) {
    throw new RangeError(`${what} must be a whole, non-negative number of minor units: ${value}`);
  }
  return BigInt(value);
}

const MILLION = 1_000_000n;

/** base × rate, rounded half up to a whole minor unit, in integers only. */
function share(base: bigint, ratePpm: number): number {
  return Number((base * BigInt(ratePpm) * 2n + MILLION) / (2n * MILLION));
}

function line(rate: TaxRate, goods: bigint, shipping: bigint): TaxLine {
  return {
    id: rate.kind,
    label: TAX_KIND_LABELS[rate.kind],
    rate: formatRate(rate.ratePpm),
    amountMinor: share(rate.taxesShipping ? goods + shipping : goods, rate.ratePpm),
  };
}

const none = (basis: Exclude<TaxBasis, 'taxed'>): TaxResult => ({ lines: [], taxMinor: 0, basis });

export function taxFor(input: TaxInput): TaxResult {
  const goods = amount(input.goodsMinor, 'Goods');
  const shipping = amount(input.shippingMinor, 'Shipping');
  const home = storeCountry(input.storeId);
  // SPEC 6: whatever the address, an exempt organization is not charged.
  if (input.taxExempt) return none('exempt');
  if (!input.address) return none('unknown-address');
  const country = input.address.country.trim().toUpperCase();
  if (country !== home) return none('export');
  const region = input.address.region?.trim().toUpperCase() || undefined;
  const found = jurisdictionOf(country, region);
  switch (found.kind) {
    case 'outside':
      return none('export');
    case 'unknown':
      return none('unknown-address');
    case 'found': {
      const lines = found.jurisdiction.taxes
        .filter((rate) => rate.ratePpm > 0)
        .map((rate) => line(rate, goods, shipping));
      return { lines, taxMinor: lines.reduce((n, l) => n + l.amountMinor, 0), basis: 'taxed' };
    }
  }
}

export { isVatStore } from './vat-stores';
