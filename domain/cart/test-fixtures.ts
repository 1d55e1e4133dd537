/** A small catalog and promotions for cart tests (tests only). */
import type { CartContext, CartProduct, CartPromotion } from './context';
import type { CartCommand } from './commands';
import type { CartAccount, CartOwner } from './state';

const base: Omit<CartProduct, 'code' | 'name' | 'program' | 'unitPriceMinor'> = {
  format: 'physical-kit',
  qualificationLevel: 'B',
  notDiscountable: false,
  soldOnline: true,
  orderableOnline: true,
  preOrder: false,
  aimsweb: false,
  minOrderQuantity: null,
  maxOrderQuantity: null,
  stock: null,
};

export const PRODUCTS: readonly CartProduct[] = [
  {
    ...base,
    code: 'KIT',
    name: 'Reading Kit',
    program: 'Reading',
    unitPriceMinor: 49_999,
    stock: 40,
    maxOrderQuantity: 20,
  },
  {
    ...base,
    code: 'FORMS',
    name: 'Reading Forms (25)',
    program: 'Reading',
    unitPriceMinor: 6_899,
    stock: 500,
  },
  {
    ...base,
    code: 'BOOKLET',
    name: 'Booklet',
    program: 'Reading',
    unitPriceMinor: 325,
    minOrderQuantity: 25,
    maxOrderQuantity: 500,
    stock: 1000,
  },
  { ...base, code: 'FEW', name: 'Scarce Kit', program: 'Scarce', unitPriceMinor: 10_000, stock: 3 },
  {
    ...base,
    code: 'GONE',
    name: 'Sold-out Kit',
    program: 'Scarce',
    unitPriceMinor: 10_000,
    stock: 0,
  },
  {
    ...base,
    code: 'NEW',
    name: 'New Edition Kit',
    program: 'Next',
    unitPriceMinor: 150_000,
    preOrder: true,
    stock: 0,
  },
  {
    ...base,
    code: 'QG',
    name: 'Scoring 1 year',
    program: 'Reading',
    format: 'digital-scoring',
    unitPriceMinor: 14_900,
    notDiscountable: true,
  },
  {
    ...base,
    code: 'TRN',
    name: 'Training',
    program: 'Reading',
    format: 'online-training',
    unitPriceMinor: 14_900,
  },
  {
    ...base,
    code: 'MANUAL',
    name: 'Manual',
    program: 'Quoted',
    unitPriceMinor: 9_900,
    soldOnline: false,
  },
  {
    ...base,
    code: 'PHONE',
    name: 'Phone Manual',
    program: 'Quoted',
    unitPriceMinor: 9_900,
    orderableOnline: false,
  },
  { ...base, code: 'NOPRICE', name: 'Unpriced', program: 'Quoted', unitPriceMinor: null },
];

export const PROMOTIONS: readonly CartPromotion[] = [
  {
    code: 'SCHOOL10',
    name: '10% off',
    enabled: true,
    startsAt: '2026-01-01T00:00:00Z',
    endsAt: '2027-12-31T00:00:00Z',
    appliesTo: { kind: 'cart' },
    minimumSubtotalMinor: 0,
    discountBasisPoints: 1000,
  },
  {
    code: 'ENDED',
    name: 'Ended',
    enabled: true,
    startsAt: '2026-01-01T00:00:00Z',
    endsAt: '2026-02-01T00:00:00Z',
    appliesTo: { kind: 'cart' },
    minimumSubtotalMinor: 0,
    discountBasisPoints: 2500,
  },
  {
    code: 'KITS20',
    name: '20% off kits',
    enabled: true,
    startsAt: '2026-01-01T00:00:00Z',
    endsAt: null,
    appliesTo: { kind: 'products', productCodes: ['KIT'] },
    minimumSubtotalMinor: 0,
    discountBasisPoints: 2000,
  },
  {
    code: 'BIG',
    name: '15% over 1,000',
    enabled: true,
    startsAt: '2026-01-01T00:00:00Z',
    endsAt: null,
    appliesTo: { kind: 'cart' },
    minimumSubtotalMinor: 100_000,
    discountBasisPoints: 1500,
  },
];

/** Customer accounts a user may price a cart for (SPEC 4.7 programmes). */
export const ACCOUNTS: readonly CartAccount[] = [
  {
    id: 'acct-personal',
    number: 'T7K2Q9X4M3PL',
    name: 'Dana Reyes',
    type: 'PERSONAL',
    discounts: [],
  },
  {
    id: 'acct-uap',
    number: '7310',
    name: 'Lakeshore University Psychology Clinic',
    type: 'ORGANIZATION',
    discounts: [{ programme: 'UAP', status: 'UAP_APPLIED', basisPoints: 2000 }],
  },
  {
    id: 'acct-old',
    number: '4821',
    name: 'Riverside Child Development Clinic',
    type: 'ORGANIZATION',
    discounts: [{ programme: 'OLD', status: 'OLD_APPLIED', basisPoints: 1000 }],
  },
  {
    id: 'acct-limit',
    number: '5502',
    name: 'Harbour College Clinic',
    type: 'ORGANIZATION',
    discounts: [
      { programme: 'UAP', status: 'UAP_LIMIT_REACHED', basisPoints: 2000 },
      { programme: 'OLD', status: 'OLD_APPLIED', basisPoints: 500 },
    ],
  },
];

export const VISITOR: CartOwner = { kind: 'visitor', id: 'visitor-1' };
export const NOW = '2026-11-22T10:00:00.000Z';

export function cartContext(overrides: Partial<CartContext> = {}): CartContext {
  const products = new Map(PRODUCTS.map((p) => [p.code, p]));
  const promotions = new Map(PROMOTIONS.map((p) => [p.code, p]));
  return {
    cartId: 'cart-1',
    storeId: 'usassessments',
    currency: 'USD',
    actor: VISITOR,
    product: (code) => products.get(code),
    promotion: (code) => promotions.get(code),
    account: (id) => ACCOUNTS.find((a) => a.id === id),
    defaultAccount: null,
    ...overrides,
  };
}

let counter = 0;

/** A command with fresh metadata. */
export function command<T extends CartCommand['type']>(
  type: T,
  data: Extract<CartCommand, { type: T }>['data'],
  now = NOW,
): CartCommand {
  counter += 1;
  return { type, data, metadata: { commandId: `cmd-${counter}`, now } } as CartCommand;
}
