/**
 * A placed order for mail tests (tests only): Riverside's kit, record forms and a pre-ordered
 * kit, paid by purchase order, delivered in the US, with a discount and regular shipping.
 */
import type { Order } from '../order/order';

/** The fields a confirmation mail reads (the order document may have more). */
type MailedFields =
  | 'orderId'
  | 'webReference'
  | 'placedAt'
  | 'storeId'
  | 'locale'
  | 'currency'
  | 'status'
  | 'buyer'
  | 'placedBy'
  | 'account'
  | 'qualifiedUser'
  | 'qglobal'
  | 'aimsweb'
  | 'lines'
  | 'promotions'
  | 'accountDiscount'
  | 'shippingAddress'
  | 'shippingMethod'
  | 'billingAddress'
  | 'payment'
  | 'totals'
  | 'accessCodes'
  | 'checkoutId'
  | 'cartId'
  | 'saveShippingAddress';

export function sampleOrder(overrides: Partial<Order> = {}): Order {
  const order: Pick<Order, MailedFields> = {
    orderId: 'cart-7f3a9c21-v3',
    webReference: 'W0000042177',
    placedAt: '2026-11-23T10:00:00.000Z',
    storeId: 'usassessments',
    locale: 'en-us',
    currency: 'USD',
    status: 'open',
    buyer: {
      userId: 'user-dana-reyes',
      firstName: 'Dana',
      lastName: 'Reyes',
      email: 'dana.reyes@riverside-clinic.example',
    },
    placedBy: { kind: 'user', id: 'user-dana-reyes', name: 'Dana Reyes' },
    account: {
      id: 'acct-riverside',
      number: '4821',
      name: 'Riverside Child Development Clinic',
      type: 'ORGANIZATION',
    },
    qualifiedUser: { userId: 'user-sam-okafor', firstName: 'Sam', lastName: 'Okafor', level: 'C' },
    qglobal: null,
    aimsweb: null,
    lines: [
      {
        code: 'WRI3-KIT',
        name: 'Westbrook Reading Inventory, Third Edition, Complete Kit',
        programName: 'Westbrook Reading Inventory',
        quantity: 2,
        unitPriceMinor: 49_999,
        discountMinor: 10_000,
        totalMinor: 89_998,
        format: 'physical-kit',
        qualificationLevel: 'B',
        preOrder: false,
      },
      {
        code: 'WRI4-KIT',
        name: 'Westbrook Reading Inventory, Fourth Edition, Complete Kit',
        programName: 'Westbrook Reading Inventory',
        quantity: 1,
        unitPriceMinor: 150_000,
        discountMinor: 0,
        totalMinor: 150_000,
        format: 'physical-kit',
        qualificationLevel: 'B',
        preOrder: true,
      },
    ],
    promotions: [],
    accountDiscount: { programme: 'OLD', discountMinor: 10_000 },
    shippingAddress: {
      firstName: 'Sam',
      lastName: 'Okafor',
      organization: 'Riverside Child Development Clinic',
      line1: '1200 Riverside Drive',
      line2: 'Suite 300',
      town: 'Springfield',
      region: 'IL',
      postalCode: '62704',
      country: 'US',
      phone: '+12175550143',
    },
    shippingMethod: { id: 'regular', priceMinor: 1000, minDays: 10, maxDays: 15 },
    billingAddress: {
      firstName: 'Priya',
      lastName: 'Natarajan',
      organization: 'Riverside Child Development Clinic',
      line1: '1200 Riverside Drive',
      town: 'Springfield',
      region: 'IL',
      postalCode: '62704',
      country: 'US',
    },
    payment: {
      method: 'purchase-order',
      poNumber: 'PO-2026-0457',
      invoiceContact: {
        firstName: 'Priya',
        lastName: 'Natarajan',
        email: 'accounts@riverside-clinic.example',
        phone: { countryIso: 'US', phoneCode: '1', e164: '+12175550188' },
      },
    },
    totals: {
      subtotalMinor: 249_998,
      discountsMinor: 10_000,
      shippingMinor: 1000,
      taxMinor: 0,
      totalMinor: 240_998,
    },
    accessCodes: [],
    checkoutId: 'checkout-5d2e8b10',
    cartId: 'cart-7f3a9c21',
    saveShippingAddress: false,
  };
  return { ...order, ...overrides } as Order;
}
