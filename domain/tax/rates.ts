/**
 * Tax rates as data (decision 025): US sales tax by state, Canada's GST, HST, PST and QST by
 * province or territory, VAT in the United Kingdom, the Netherlands and Spain, GST in
 * Australia, New Zealand and Singapore, and Japan's consumption tax.
 *
 * Rates are whole numbers of parts per million (millionths) of the taxable amount: basis
 * points cannot hold Quebec's 9.975 %, millionths hold it exactly (99 750) and every other
 * rate here, so tax is computed with integers only. Rows are written in percent and
 * converted exactly by `percentToPpm`.
 *
 * Each row names the official source it was read from; all were read on 2026-11-23 and must
 * be reviewed whenever a rate changes (a new row, a new `effectiveFrom`).
 */

export const TAX_KINDS = [
  'sales-tax',
  'gst',
  'hst',
  'pst',
  'qst',
  'vat',
  'consumption-tax',
] as const;
export type TaxKind = (typeof TAX_KINDS)[number];

export interface TaxRate {
  readonly kind: TaxKind;
  /** Parts per million of the taxable amount: 50 000 is 5 %, 99 750 is 9.975 %. */
  readonly ratePpm: number;
  /** Whether the delivery charge is part of the taxable amount (decision 025). */
  readonly taxesShipping: boolean;
  /**
   * ISO date the rate took effect. `LONG_STANDING` for a rate that stood long before the
   * stores sold and whose start this table does not record.
   */
  readonly effectiveFrom: string;
  /** The official source of the rate (and of the shipping rule where it differs). */
  readonly source: string;
}

export interface TaxJurisdiction {
  /** ISO 3166-1 alpha-2. */
  readonly country: string;
  /** The state's or province's 2-letter code; null where the rate is the whole country's. */
  readonly region: string | null;
  readonly name: string;
  /** Every tax charged there, in the order the lines are shown; a 0 % row charges nothing. */
  readonly taxes: readonly TaxRate[];
}

/**
 * The date a long-standing rate is known to have been in force by: the Tax Foundation's
 * 'State and Local Sales Tax Rates, 2025' gives state rates as of 1 January 2025. The rate
 * began earlier; this table does not record when.
 */
export const LONG_STANDING = '2025-01-01';

/** '9.975' (percent) to 99 750 (parts per million), exactly, without floating point. */
export function percentToPpm(percent: string): number {
  const match = /^(\d{1,3})(?:\.(\d{1,4}))?$/.exec(percent);
  if (!match) throw new RangeError(`Not a percentage with at most 4 decimals: ${percent}`);
  const [, whole = '0', fraction = ''] = match;
  return Number(whole) * 10_000 + Number(fraction.padEnd(4, '0'));
}

/** 99 750 to '9.975%', 50 000 to '5%': the rate as a tax line shows it. */
export function formatRate(ratePpm: number): string {
  const whole = Math.trunc(ratePpm / 10_000);
  const fraction = String(ratePpm % 10_000)
    .padStart(4, '0')
    .replace(/0+$/, '');
  return fraction ? `${String(whole)}.${fraction}%` : `${String(whole)}%`;
}

// ---------------------------------------------------------------------------------------------
// United States: the state-level rate of the delivery address's state (local rates are out of
// scope). Where part of a local rate is levied uniformly across the whole state, it is
// included, as the Tax Foundation's state column does: California 7.25 % (6 % state + 1.25 %
// uniform local), Utah 6.1 % (4.85 % + 1.25 %), Virginia 5.3 % (4.3 % + 1 %). Shipping: whether
// a separately stated charge for delivery by carrier, with no pickup offered, is taxable under
// the state's guidance. Cross-checked against taxfoundation.org/data/all/state/sales-tax-rates/.

/** [state, name, rate in percent, shipping taxed, effective from, its revenue authority's site] */
type StateRow = readonly [string, string, string, boolean, string, string];

const US_STATES: readonly StateRow[] = [
  ['AL', 'Alabama', '4', false, LONG_STANDING, 'revenue.alabama.gov'],
  // No state sales tax (local sales taxes in Alaska are out of scope).
  ['AK', 'Alaska', '0', false, LONG_STANDING, 'tax.alaska.gov'],
  ['AZ', 'Arizona', '5.6', false, '2001-06-01', 'azdor.gov'],
  ['AR', 'Arkansas', '6.5', true, '2013-07-01', 'dfa.arkansas.gov'],
  ['CA', 'California', '7.25', false, '2017-01-01', 'cdtfa.ca.gov'],
  ['CO', 'Colorado', '2.9', false, '2001-01-01', 'tax.colorado.gov'],
  ['CT', 'Connecticut', '6.35', true, '2011-07-01', 'portal.ct.gov/drs'],
  // No state sales tax.
  ['DE', 'Delaware', '0', false, LONG_STANDING, 'revenue.delaware.gov'],
  // FY2025 Budget Support Act: 7 % from 1 October 2026 (its 6.5 % step of 2025 was repealed by
  // the FY2026 act). Confirm with the Office of Tax and Revenue at each review.
  ['DC', 'District of Columbia', '7', true, '2026-10-01', 'otr.cfo.dc.gov'],
  ['FL', 'Florida', '6', true, '1988-02-01', 'floridarevenue.com'],
  ['GA', 'Georgia', '4', true, '1989-04-01', 'dor.georgia.gov'],
  // General excise tax, levied on the seller and passed on to the buyer.
  ['HI', 'Hawaii', '4', true, LONG_STANDING, 'tax.hawaii.gov'],
  ['ID', 'Idaho', '6', false, '2006-10-01', 'tax.idaho.gov'],
  ['IL', 'Illinois', '6.25', true, '1990-01-01', 'tax.illinois.gov'],
  ['IN', 'Indiana', '7', true, '2008-04-01', 'in.gov/dor'],
  ['IA', 'Iowa', '6', false, '2008-07-01', 'revenue.iowa.gov'],
  ['KS', 'Kansas', '6.5', true, '2015-07-01', 'ksrevenue.gov'],
  ['KY', 'Kentucky', '6', true, '1990-07-01', 'revenue.ky.gov'],
  ['LA', 'Louisiana', '5', false, '2025-01-01', 'revenue.louisiana.gov'],
  ['ME', 'Maine', '5.5', false, '2013-10-01', 'maine.gov/revenue'],
  ['MD', 'Maryland', '6', false, '2008-01-03', 'marylandtaxes.gov'],
  ['MA', 'Massachusetts', '6.25', false, '2009-08-01', 'mass.gov/dor'],
  ['MI', 'Michigan', '6', false, '1994-05-01', 'michigan.gov/taxes'],
  ['MN', 'Minnesota', '6.875', true, '2009-07-01', 'revenue.state.mn.us'],
  ['MS', 'Mississippi', '7', true, LONG_STANDING, 'dor.ms.gov'],
  ['MO', 'Missouri', '4.225', false, LONG_STANDING, 'dor.mo.gov'],
  // No state sales tax.
  ['MT', 'Montana', '0', false, LONG_STANDING, 'mtrevenue.gov'],
  ['NE', 'Nebraska', '5.5', true, '2002-10-01', 'revenue.nebraska.gov'],
  ['NV', 'Nevada', '6.85', false, '2009-07-01', 'tax.nv.gov'],
  // No state sales tax.
  ['NH', 'New Hampshire', '0', false, LONG_STANDING, 'revenue.nh.gov'],
  ['NJ', 'New Jersey', '6.625', true, '2018-01-01', 'nj.gov/treasury/taxation'],
  // Gross receipts tax, levied on the seller and passed on to the buyer.
  ['NM', 'New Mexico', '4.875', true, '2023-07-01', 'tax.newmexico.gov'],
  ['NY', 'New York', '4', true, '2005-06-01', 'tax.ny.gov'],
  ['NC', 'North Carolina', '4.75', true, '2011-07-01', 'ncdor.gov'],
  ['ND', 'North Dakota', '5', true, LONG_STANDING, 'tax.nd.gov'],
  ['OH', 'Ohio', '5.75', true, '2013-09-01', 'tax.ohio.gov'],
  ['OK', 'Oklahoma', '4.5', false, LONG_STANDING, 'oklahoma.gov/tax'],
  // No state sales tax.
  ['OR', 'Oregon', '0', false, LONG_STANDING, 'oregon.gov/dor'],
  ['PA', 'Pennsylvania', '6', true, LONG_STANDING, 'revenue.pa.gov'],
  ['RI', 'Rhode Island', '7', true, LONG_STANDING, 'tax.ri.gov'],
  ['SC', 'South Carolina', '6', true, '2007-06-01', 'dor.sc.gov'],
  ['SD', 'South Dakota', '4.2', true, '2023-07-01', 'dor.sd.gov'],
  ['TN', 'Tennessee', '7', true, '2002-07-15', 'tn.gov/revenue'],
  ['TX', 'Texas', '6.25', true, '1990-07-01', 'comptroller.texas.gov'],
  ['UT', 'Utah', '6.1', false, LONG_STANDING, 'tax.utah.gov'],
  ['VT', 'Vermont', '6', true, '2003-10-01', 'tax.vermont.gov'],
  ['VA', 'Virginia', '5.3', false, '2013-07-01', 'tax.virginia.gov'],
  ['WA', 'Washington', '6.5', true, LONG_STANDING, 'dor.wa.gov'],
  ['WV', 'West Virginia', '6', true, LONG_STANDING, 'tax.wv.gov'],
  ['WI', 'Wisconsin', '5', true, '1982-05-01', 'revenue.wi.gov'],
  ['WY', 'Wyoming', '4', false, LONG_STANDING, 'revenue.wyo.gov'],
];

const US_JURISDICTIONS: readonly TaxJurisdiction[] = US_STATES.map(
  ([region, name, percent, taxesShipping, effectiveFrom, site]) => ({
    country: 'US',
    region,
    name,
    taxes: [
      {
        kind: 'sales-tax',
        ratePpm: percentToPpm(percent),
        taxesShipping,
        effectiveFrom,
        source: `${name}'s revenue authority (${site})`,
      },
    ],
  }),
);

// ---------------------------------------------------------------------------------------------
// Canada: GST everywhere, or HST (GST and the provincial part in one) in the participating
// provinces; PST in British Columbia, Saskatchewan and Manitoba (which calls it retail sales
// tax) and QST in Quebec on top of GST, each on the price before the other (QST is not charged
// on GST since 2013). Delivery charges follow the goods under GST/HST and QST, and form part
// of the purchase price under the three PSTs when the seller delivers.

const CRA =
  'Canada Revenue Agency, GST/HST rates (canada.ca/en/revenue-agency/services/tax/businesses/topics/gst-hst-businesses/charge-collect-which-rate.html)';

const GST: TaxRate = {
  kind: 'gst',
  ratePpm: percentToPpm('5'),
  taxesShipping: true,
  effectiveFrom: '2008-01-01',
  source: CRA,
};

const hst = (percent: string, effectiveFrom: string): TaxRate => ({
  kind: 'hst',
  ratePpm: percentToPpm(percent),
  taxesShipping: true,
  effectiveFrom,
  source: CRA,
});

const province = (region: string, name: string, taxes: readonly TaxRate[]): TaxJurisdiction => ({
  country: 'CA',
  region,
  name,
  taxes,
});

const CA_JURISDICTIONS: readonly TaxJurisdiction[] = [
  province('AB', 'Alberta', [GST]),
  province('BC', 'British Columbia', [
    GST,
    {
      kind: 'pst',
      ratePpm: percentToPpm('7'),
      taxesShipping: true,
      effectiveFrom: '2013-04-01',
      source: 'Government of British Columbia, PST (gov.bc.ca/pst)',
    },
  ]),
  province('MB', 'Manitoba', [
    GST,
    {
      kind: 'pst',
      ratePpm: percentToPpm('7'),
      taxesShipping: true,
      effectiveFrom: '2019-07-01',
      source: 'Manitoba Finance, retail sales tax (gov.mb.ca/finance/taxation/taxes/retail.html)',
    },
  ]),
  province('NB', 'New Brunswick', [hst('15', '2016-07-01')]),
  province('NL', 'Newfoundland and Labrador', [hst('15', '2016-07-01')]),
  province('NS', 'Nova Scotia', [hst('14', '2025-04-01')]),
  province('NT', 'Northwest Territories', [GST]),
  province('NU', 'Nunavut', [GST]),
  province('ON', 'Ontario', [hst('13', '2010-07-01')]),
  province('PE', 'Prince Edward Island', [hst('15', '2016-10-01')]),
  province('QC', 'Quebec', [
    GST,
    {
      kind: 'qst',
      ratePpm: percentToPpm('9.975'),
      taxesShipping: true,
      effectiveFrom: '2013-01-01',
      source:
        'Revenu Québec, GST/HST and QST (revenuquebec.ca/en/businesses/consumption-taxes/gsthst-and-qst)',
    },
  ]),
  province('SK', 'Saskatchewan', [
    GST,
    {
      kind: 'pst',
      ratePpm: percentToPpm('6'),
      taxesShipping: true,
      effectiveFrom: '2017-03-23',
      source: 'Government of Saskatchewan, PST (saskatchewan.ca, provincial sales tax)',
    },
  ]),
  province('YT', 'Yukon', [GST]),
];

// ---------------------------------------------------------------------------------------------
// One rate for the whole country: the standard rate (reduced and zero rates, such as those for
// printed books in the United Kingdom, the Netherlands and Spain, are out of scope). Delivery
// charged by the seller follows the goods under VAT, GST and consumption tax.

const national = (country: string, name: string, rate: TaxRate): TaxJurisdiction => ({
  country,
  region: null,
  name,
  taxes: [rate],
});

const NATIONAL_JURISDICTIONS: readonly TaxJurisdiction[] = [
  national('GB', 'United Kingdom', {
    kind: 'vat',
    ratePpm: percentToPpm('20'),
    taxesShipping: true,
    effectiveFrom: '2011-01-04',
    source: 'HM Revenue & Customs, VAT rates (gov.uk/vat-rates)',
  }),
  national('NL', 'Netherlands', {
    kind: 'vat',
    ratePpm: percentToPpm('21'),
    taxesShipping: true,
    effectiveFrom: '2012-10-01',
    source: 'Belastingdienst, btw-tarieven (belastingdienst.nl)',
  }),
  national('ES', 'Spain', {
    kind: 'vat',
    ratePpm: percentToPpm('21'),
    taxesShipping: true,
    effectiveFrom: '2012-09-01',
    source: 'Agencia Tributaria, IVA tipos impositivos (sede.agenciatributaria.gob.es)',
  }),
  national('AU', 'Australia', {
    kind: 'gst',
    ratePpm: percentToPpm('10'),
    taxesShipping: true,
    effectiveFrom: '2000-07-01',
    source: 'Australian Taxation Office, GST (ato.gov.au)',
  }),
  national('NZ', 'New Zealand', {
    kind: 'gst',
    ratePpm: percentToPpm('15'),
    taxesShipping: true,
    effectiveFrom: '2010-10-01',
    source: 'Inland Revenue, GST (ird.govt.nz/gst)',
  }),
  national('SG', 'Singapore', {
    kind: 'gst',
    ratePpm: percentToPpm('9'),
    taxesShipping: true,
    effectiveFrom: '2024-01-01',
    source: 'Inland Revenue Authority of Singapore, GST (iras.gov.sg)',
  }),
  national('JP', 'Japan', {
    kind: 'consumption-tax',
    ratePpm: percentToPpm('10'),
    taxesShipping: true,
    effectiveFrom: '2019-10-01',
    source: 'National Tax Agency, consumption tax (nta.go.jp)',
  }),
];

export const TAX_JURISDICTIONS: readonly TaxJurisdiction[] = [
  ...US_JURISDICTIONS,
  ...CA_JURISDICTIONS,
  ...NATIONAL_JURISDICTIONS,
];

/** Countries whose tax depends on the state or province: an address there needs a region. */
const REGIONAL_COUNTRIES: readonly string[] = ['US', 'CA'];

/**
 * Regions of a country outside its tax territory: a delivery there is treated as an export.
 * US territories and armed-forces addresses are outside every state's sales tax (Puerto
 * Rico's IVU and the territories' own taxes are out of scope); the Canary Islands, Ceuta and
 * Melilla are outside Spanish VAT (IGIC and IPSI are out of scope).
 */
const OUTSIDE_TAX_TERRITORY: Readonly<Record<string, readonly string[]>> = {
  US: ['AS', 'FM', 'GU', 'MH', 'MP', 'PR', 'PW', 'VI', 'AA', 'AE', 'AP'],
  ES: ['CN', 'GC', 'TF', 'CE', 'ML'],
};

export type JurisdictionLookup =
  | { readonly kind: 'found'; readonly jurisdiction: TaxJurisdiction }
  /** A region outside the country's tax territory. */
  | { readonly kind: 'outside' }
  /** No region where one is needed, or one the table does not know. */
  | { readonly kind: 'unknown' };

/** The jurisdiction of an address in a country this table covers (codes upper case). */
export function jurisdictionOf(country: string, region: string | undefined): JurisdictionLookup {
  if (region !== undefined && OUTSIDE_TAX_TERRITORY[country]?.includes(region)) {
    return { kind: 'outside' };
  }
  const regional = REGIONAL_COUNTRIES.includes(country);
  if (regional && region === undefined) return { kind: 'unknown' };
  const jurisdiction = TAX_JURISDICTIONS.find(
    (j) => j.country === country && j.region === (regional ? region : null),
  );
  return jurisdiction ? { kind: 'found', jurisdiction } : { kind: 'unknown' };
}
