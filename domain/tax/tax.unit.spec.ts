/**
 * The tax on an order (SPEC 6; decision 025), read as given a store and an address, when
 * goods and shipping are charged, then these tax lines. Amounts are in minor units.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { allStorefronts } from '../storefront/storefronts';
import { TAX_KIND_LABELS, TAX_MESSAGES } from './messages';
import { formatRate, percentToPpm, TAX_JURISDICTIONS, jurisdictionOf } from './rates';
import { isVatStore, taxFor, type TaxableAddress, type TaxBasis, type TaxResult } from './tax';

interface Expected {
  readonly basis: TaxBasis;
  readonly taxMinor: number;
  /** 'kind rate amount', e.g. 'gst 5% 570'. */
  readonly lines: readonly string[];
}

const summary = (result: TaxResult): Expected => ({
  basis: result.basis,
  taxMinor: result.taxMinor,
  lines: result.lines.map((l) => `${l.id} ${l.rate} ${String(l.amountMinor)}`),
});

function given(storeId: string, address: TaxableAddress | null, taxExempt = false) {
  return {
    when: (goodsMinor: number, shippingMinor: number) => ({
      then: (expected: Expected) =>
        expect(summary(taxFor({ storeId, address, goodsMinor, shippingMinor, taxExempt }))).toEqual(
          expected,
        ),
    }),
  };
}

const taxed = (taxMinor: number, ...lines: string[]): Expected => ({
  basis: 'taxed',
  taxMinor,
  lines,
});
const untaxed = (basis: TaxBasis): Expected => ({ basis, taxMinor: 0, lines: [] });

const US = 'usassessments';
const CA = 'caassessments';
const us = (region?: string): TaxableAddress => ({ country: 'US', region });
const ca = (region: string): TaxableAddress => ({ country: 'CA', region });

describe('US sales tax by the state of the delivery address', () => {
  it('charges Texas 6.25 % on goods and shipping', () => {
    // 6.25 % of 100.00 + 10.00 = 6.875 -> 6.88
    given(US, us('TX')).when(10_000, 1_000).then(taxed(688, 'sales-tax 6.25% 688'));
  });

  it('charges California 7.25 % on goods only: shipping by carrier is not taxed there', () => {
    given(US, us('CA')).when(10_000, 1_000).then(taxed(725, 'sales-tax 7.25% 725'));
  });

  it('charges a state without sales tax nothing, with no tax line', () => {
    given(US, us('OR')).when(10_000, 1_000).then(taxed(0));
    given(US, us('DE')).when(10_000, 1_000).then(taxed(0));
  });

  it('charges the District of Columbia 7 % on goods and shipping', () => {
    given(US, us('DC')).when(10_000, 1_000).then(taxed(770, 'sales-tax 7% 770'));
  });

  it("shows Missouri's 4.225 % and New Jersey's 6.625 % as they are", () => {
    // 4.225 % of 200.00 = 8.45; 6.625 % of 211.00 (shipping taxed) = 13.97875 -> 13.98
    given(US, us('MO')).when(20_000, 1_100).then(taxed(845, 'sales-tax 4.225% 845'));
    given(US, us('NJ')).when(20_000, 1_100).then(taxed(1_398, 'sales-tax 6.625% 1398'));
  });

  it('labels the line sales tax', () => {
    const result = taxFor({
      storeId: US,
      address: us('TX'),
      goodsMinor: 100,
      shippingMinor: 0,
      taxExempt: false,
    });
    expect(result.lines[0]?.label).toEqual(TAX_MESSAGES.salesTax);
  });

  it('has a row for each of the 50 states and DC', () => {
    const states = TAX_JURISDICTIONS.filter((j) => j.country === 'US').map((j) => j.region);
    expect(states).toHaveLength(51);
    expect(new Set(states).size).toBe(51);
    expect(states).toContain('DC');
  });
});

describe('Canada by province or territory', () => {
  it('charges Ontario 13 % HST on goods and shipping', () => {
    given(CA, ca('ON')).when(10_000, 1_400).then(taxed(1_482, 'hst 13% 1482'));
  });

  it('charges Nova Scotia 14 % HST (from 1 April 2025)', () => {
    given(CA, ca('NS')).when(10_000, 1_400).then(taxed(1_596, 'hst 14% 1596'));
  });

  it('charges New Brunswick, Newfoundland and Labrador and PEI 15 % HST', () => {
    for (const region of ['NB', 'NL', 'PE']) {
      given(CA, ca(region)).when(10_000, 0).then(taxed(1_500, 'hst 15% 1500'));
    }
  });

  it('charges British Columbia 5 % GST and 7 % PST, each on goods and shipping', () => {
    given(CA, ca('BC'))
      .when(10_000, 1_400)
      .then(taxed(1_368, 'gst 5% 570', 'pst 7% 798'));
  });

  it('charges Saskatchewan 6 % PST and Manitoba 7 % PST on top of GST', () => {
    given(CA, ca('SK'))
      .when(10_000, 0)
      .then(taxed(1_100, 'gst 5% 500', 'pst 6% 600'));
    given(CA, ca('MB'))
      .when(10_000, 0)
      .then(taxed(1_200, 'gst 5% 500', 'pst 7% 700'));
  });

  it('charges Quebec 5 % GST and 9.975 % QST, each rounded half up on its own', () => {
    // GST 5 % of 100.10 = 5.005 -> 5.01; QST 9.975 % of 100.10 = 9.984975 -> 9.98
    given(CA, ca('QC'))
      .when(10_010, 0)
      .then(taxed(1_499, 'gst 5% 501', 'qst 9.975% 998'));
    // QST 9.975 % of 20.00 = 1.995 exactly -> 2.00
    given(CA, ca('QC'))
      .when(2_000, 0)
      .then(taxed(300, 'gst 5% 100', 'qst 9.975% 200'));
  });

  it('charges Alberta and the territories GST only', () => {
    for (const region of ['AB', 'NT', 'NU', 'YT']) {
      given(CA, ca(region)).when(10_000, 1_400).then(taxed(570, 'gst 5% 570'));
    }
  });

  it('labels the lines GST, HST, PST and QST', () => {
    const labels = (region: string) =>
      taxFor({
        storeId: CA,
        address: ca(region),
        goodsMinor: 100,
        shippingMinor: 0,
        taxExempt: false,
      }).lines.map((l) => l.label);
    expect(labels('BC')).toEqual([TAX_MESSAGES.gst, TAX_MESSAGES.pst]);
    expect(labels('QC')).toEqual([TAX_MESSAGES.gst, TAX_MESSAGES.qst]);
    expect(labels('ON')).toEqual([TAX_MESSAGES.hst]);
  });

  it('has a row for each of the 13 provinces and territories', () => {
    const regions = TAX_JURISDICTIONS.filter((j) => j.country === 'CA').map((j) => j.region);
    expect([...regions].sort()).toEqual(
      ['AB', 'BC', 'MB', 'NB', 'NL', 'NS', 'NT', 'NU', 'ON', 'PE', 'QC', 'SK', 'YT'].sort(),
    );
  });
});

describe('VAT, GST and consumption tax for the whole country', () => {
  it('charges the United Kingdom 20 % VAT on goods and shipping', () => {
    given('ukassessments', { country: 'GB' })
      .when(25_150, 1_000)
      .then(taxed(5_230, 'vat 20% 5230'));
  });

  it('charges the Netherlands 21 % VAT', () => {
    // 21 % of 99.99 + 9.00 = 22.8879 -> 22.89
    given('nlassessments', { country: 'NL', region: 'NH' })
      .when(9_999, 900)
      .then(taxed(2_289, 'vat 21% 2289'));
  });

  it('charges Spain 21 % VAT', () => {
    given('esassessments', { country: 'ES', region: 'M' })
      .when(5_000, 900)
      .then(taxed(1_239, 'vat 21% 1239'));
  });

  it('charges Australia 10 % GST', () => {
    // 10 % of 123.45 + 15.00 = 13.845 -> 13.85
    given('auassessments', { country: 'AU', region: 'NSW' })
      .when(12_345, 1_500)
      .then(taxed(1_385, 'gst 10% 1385'));
  });

  it('charges New Zealand 15 % GST', () => {
    given('nzassessments', { country: 'NZ' })
      .when(10_000, 1_700)
      .then(taxed(1_755, 'gst 15% 1755'));
  });

  it('charges Singapore 9 % GST', () => {
    given('sgassessments', { country: 'SG' }).when(10_000, 1_300).then(taxed(1_017, 'gst 9% 1017'));
  });

  it('charges Japan 10 % consumption tax, in whole yen when the amounts are yen', () => {
    // 10 % of ¥12,345 + ¥1,000 = ¥1,334.5 -> ¥1,335: the minor unit of JPY is the yen.
    given('asiaassessments', { country: 'JP', region: '13' })
      .when(12_345, 1_000)
      .then(taxed(1_335, 'consumption-tax 10% 1335'));
  });

  it('labels VAT and consumption tax lines', () => {
    const label = (storeId: string, country: string) =>
      taxFor({ storeId, address: { country }, goodsMinor: 1, shippingMinor: 0, taxExempt: false })
        .lines[0]?.label;
    expect(label('ukassessments', 'GB')).toEqual(TAX_MESSAGES.vat);
    expect(label('asiaassessments', 'JP')).toEqual(TAX_MESSAGES.consumptionTax);
  });
});

describe('shipping, taxed or not as each jurisdiction says', () => {
  it('adds tax on shipping exactly where the row says shipping is taxed', () => {
    for (const jurisdiction of TAX_JURISDICTIONS) {
      const store = allStorefronts().find((s) => s.country === jurisdiction.country);
      expect(store, jurisdiction.name).toBeDefined();
      const address = { country: jurisdiction.country, region: jurisdiction.region ?? undefined };
      const tax = (shippingMinor: number) =>
        taxFor({
          storeId: store?.storeId ?? '',
          address,
          goodsMinor: 10_000,
          shippingMinor,
          taxExempt: false,
        }).lines.map((l) => l.amountMinor);
      const withShipping = tax(100_000);
      const withoutShipping = tax(0);
      const charged = jurisdiction.taxes.filter((rate) => rate.ratePpm > 0);
      expect(withShipping, jurisdiction.name).toHaveLength(charged.length);
      charged.forEach((rate, i) => {
        const extra = (withShipping[i] ?? 0) - (withoutShipping[i] ?? 0);
        expect(extra > 0, `${jurisdiction.name} ${rate.kind}`).toBe(rate.taxesShipping);
      });
    }
  });

  it('taxes shipping alone when the goods are free', () => {
    given('ukassessments', { country: 'GB' }).when(0, 800).then(taxed(160, 'vat 20% 160'));
    given(US, us('CA')).when(0, 1_000).then(taxed(0, 'sales-tax 7.25% 0'));
  });
});

describe('no tax', () => {
  it('charges a tax-exempt organization nothing (SPEC 6)', () => {
    given(US, us('TX'), true).when(10_000, 1_000).then(untaxed('exempt'));
    given('ukassessments', { country: 'GB' }, true).when(10_000, 1_000).then(untaxed('exempt'));
  });

  it('says exempt even before the address is known', () => {
    given(CA, null, true).when(10_000, 1_400).then(untaxed('exempt'));
  });

  it('zero-rates a delivery outside the store’s country as an export', () => {
    given(US, ca('ON')).when(10_000, 1_000).then(untaxed('export'));
    given(CA, us('NY')).when(10_000, 1_000).then(untaxed('export'));
    given('ukassessments', { country: 'FR' }).when(10_000, 1_000).then(untaxed('export'));
    given('nlassessments', { country: 'BE' }).when(10_000, 1_000).then(untaxed('export'));
    given('auassessments', { country: 'NZ' }).when(10_000, 1_000).then(untaxed('export'));
    given('asiaassessments', { country: 'SG' }).when(10_000, 1_000).then(untaxed('export'));
  });

  it('treats US territories, armed-forces addresses and the Canary Islands as outside', () => {
    given(US, us('PR')).when(10_000, 1_000).then(untaxed('export'));
    given(US, us('AE')).when(10_000, 1_000).then(untaxed('export'));
    given('esassessments', { country: 'ES', region: 'TF' })
      .when(10_000, 900)
      .then(untaxed('export'));
  });

  it('waits for an address: none, or a US or Canadian one without a state or province', () => {
    given(US, null).when(10_000, 1_000).then(untaxed('unknown-address'));
    given(US, us()).when(10_000, 1_000).then(untaxed('unknown-address'));
    given(US, us('  ')).when(10_000, 1_000).then(untaxed('unknown-address'));
    given(CA, ca('XX')).when(10_000, 1_000).then(untaxed('unknown-address'));
  });

  it('has a message for each reason an order carries no tax', () => {
    expect(TAX_MESSAGES.exempt.message).toBe('Tax exempt');
    expect(TAX_MESSAGES.export.message).toBe('No tax on exports');
    expect(TAX_MESSAGES.addressNeeded.id).toBe('tax.address-needed');
  });
});

describe('amounts', () => {
  it('rounds each line half up to the minor unit', () => {
    // Texas 6.25 %: 0.08 -> 0.005 -> 0.01; 0.07 -> 0.004375 -> 0.00; 0.24 -> 0.015 -> 0.02
    given(US, us('TX')).when(8, 0).then(taxed(1, 'sales-tax 6.25% 1'));
    given(US, us('TX')).when(7, 0).then(taxed(0, 'sales-tax 6.25% 0'));
    given(US, us('TX')).when(24, 0).then(taxed(2, 'sales-tax 6.25% 2'));
    // 20 % of 0.02 = 0.004 -> 0.00; of 0.03 = 0.006 -> 0.01
    given('ukassessments', { country: 'GB' }).when(2, 0).then(taxed(0, 'vat 20% 0'));
    given('ukassessments', { country: 'GB' }).when(3, 0).then(taxed(1, 'vat 20% 1'));
  });

  it('charges 0 on nothing, with the lines still shown', () => {
    given(CA, ca('BC'))
      .when(0, 0)
      .then(taxed(0, 'gst 5% 0', 'pst 7% 0'));
  });

  it('computes large amounts exactly, without floating-point drift', () => {
    // Of 90,071,992,547,409.91: GST 4,503,599,627,370.4955 -> ...370.50,
    // QST 8,984,681,256,604.1385... -> ...604.14
    given(CA, ca('QC'))
      .when(Number.MAX_SAFE_INTEGER, 0)
      .then(taxed(1_348_828_088_397_464, 'gst 5% 450359962737050', 'qst 9.975% 898468125660414'));
  });

  it('refuses an amount that is negative or not whole', () => {
    const tax = (goodsMinor: number, shippingMinor: number) => () =>
      taxFor({ storeId: US, address: us('TX'), goodsMinor, shippingMinor, taxExempt: false });
    expect(tax(-1, 0)).toThrow(RangeError);
    expect(tax(0, -1)).toThrow(RangeError);
    expect(tax(10.5, 0)).toThrow(RangeError);
    expect(tax(Number.NaN, 0)).toThrow(RangeError);
  });

  it('refuses a store it does not know rather than charge nothing', () => {
    expect(() =>
      taxFor({
        storeId: 'nowhere',
        address: us('TX'),
        goodsMinor: 1,
        shippingMinor: 0,
        taxExempt: false,
      }),
    ).toThrow(RangeError);
  });

  it('reads country and region codes whatever their case', () => {
    given(US, { country: 'us', region: 'tx' })
      .when(10_000, 1_000)
      .then(taxed(688, 'sales-tax 6.25% 688'));
  });

  const stores = [...new Set(allStorefronts().map((s) => s.storeId))];
  const addresses: TaxableAddress[] = [
    ...TAX_JURISDICTIONS.map((j) => ({ country: j.country, region: j.region ?? undefined })),
    { country: 'FR' },
    { country: 'US' },
  ];
  const taxInput = fc.record({
    storeId: fc.constantFrom(...stores),
    address: fc.option(fc.constantFrom(...addresses), { nil: null }),
    goodsMinor: fc.integer({ min: 0, max: 1_000_000_000 }),
    shippingMinor: fc.integer({ min: 0, max: 1_000_000 }),
    taxExempt: fc.boolean(),
  });

  it('is never negative, and the lines add up to the tax', () => {
    fc.assert(
      fc.property(taxInput, (input) => {
        const result = taxFor(input);
        expect(result.taxMinor).toBeGreaterThanOrEqual(0);
        expect(Number.isSafeInteger(result.taxMinor)).toBe(true);
        expect(result.lines.reduce((n, l) => n + l.amountMinor, 0)).toBe(result.taxMinor);
        for (const l of result.lines) expect(l.amountMinor).toBeGreaterThanOrEqual(0);
      }),
    );
  });

  it('never falls as goods or shipping grow', () => {
    fc.assert(
      fc.property(
        taxInput,
        fc.integer({ min: 0, max: 1_000_000 }),
        fc.integer({ min: 0, max: 1_000 }),
        (input, moreGoods, moreShipping) => {
          const more = taxFor({
            ...input,
            goodsMinor: input.goodsMinor + moreGoods,
            shippingMinor: input.shippingMinor + moreShipping,
          });
          expect(more.taxMinor).toBeGreaterThanOrEqual(taxFor(input).taxMinor);
        },
      ),
    );
  });
});

describe('VAT stores', () => {
  it('are the United Kingdom, Netherlands and Spain stores', () => {
    const stores = [...new Set(allStorefronts().map((s) => s.storeId))];
    expect(stores.filter(isVatStore).sort()).toEqual([
      'esassessments',
      'nlassessments',
      'ukassessments',
    ]);
    expect(isVatStore('nowhere')).toBe(false);
    // The short list agrees with the rates: a store is a VAT store when its country has VAT.
    for (const storefront of allStorefronts()) {
      const found = jurisdictionOf(storefront.country, undefined);
      const vat = found.kind === 'found' && found.jurisdiction.taxes.some((r) => r.kind === 'vat');
      expect(isVatStore(storefront.storeId), storefront.storeId).toBe(vat);
    }
  });

  it("show prices as 'Excl. VAT'", () => {
    expect(TAX_MESSAGES.exclVat).toEqual({ id: 'tax.excl-vat', message: 'Excl. VAT' });
  });
});

describe('the rates as data', () => {
  it('holds 9.975 % exactly in millionths and shows it as written', () => {
    expect(percentToPpm('9.975')).toBe(99_750);
    expect(percentToPpm('4.225')).toBe(42_250);
    expect(percentToPpm('5')).toBe(50_000);
    expect(percentToPpm('0')).toBe(0);
    expect(formatRate(99_750)).toBe('9.975%');
    expect(formatRate(62_500)).toBe('6.25%');
    expect(formatRate(130_000)).toBe('13%');
    expect(formatRate(0)).toBe('0%');
    expect(() => percentToPpm('9.97501')).toThrow(RangeError);
    expect(() => percentToPpm('-5')).toThrow(RangeError);
  });

  it('gives every rate a source, an effective date and a label', () => {
    for (const jurisdiction of TAX_JURISDICTIONS) {
      for (const rate of jurisdiction.taxes) {
        expect(rate.source, jurisdiction.name).not.toBe('');
        expect(rate.effectiveFrom, jurisdiction.name).toMatch(/^\d{4}-\d{2}-\d{2}$/);
        expect(rate.effectiveFrom <= '2026-11-23', jurisdiction.name).toBe(true);
        expect(TAX_KIND_LABELS[rate.kind].id).toMatch(/^tax\./);
        expect(Number.isSafeInteger(rate.ratePpm) && rate.ratePpm >= 0).toBe(true);
      }
    }
  });

  it('covers the country of every store', () => {
    for (const store of allStorefronts()) {
      expect(
        TAX_JURISDICTIONS.some((j) => j.country === store.country),
        store.storeId,
      ).toBe(true);
    }
  });
});
