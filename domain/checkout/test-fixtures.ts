/**
 * A buyer, their accounts and carts for checkout and order tests (tests only). Dana Reyes
 * has a personal account and belongs to two organizations: Riverside Child Development
 * Clinic, which has ordered before (purchase orders allowed) and has qualified users of
 * every kind, and Lakeshore University Psychology Clinic, which has not ordered yet.
 */
import type { Level, ProductFormat } from '../catalog/catalog';
import { replay } from '../shared/decider';
import type { CatalogProduct } from '../order/place-order';
import { cartFingerprint, type CheckoutCart, type CheckoutCartLine } from './cart-snapshot';
import type { CartReference, CheckoutCommand } from './commands';
import type { CheckoutContext } from './context';
import { checkoutDecider } from './decide';
import type { CheckoutEvent } from './events';
import type { SavedAddress } from '../customer/address-book';
import type { CheckoutAccount, CheckoutFacts } from './facts';
import type {
  BillingChoice,
  CheckoutAddress,
  CheckoutState,
  InvoiceContact,
  NewCardPayment,
  PaymentChoice,
  PaymentDecline,
  PlatformChoice,
  PurchaseOrderPayment,
  SavedCardPayment,
} from './state';
import type { ShippingMethodId } from './shipping-methods';
import type { TrainingParticipant } from '../validation/training';

export const NOW = '2026-11-23T10:00:00.000Z';
export const CHECKOUT_ID = 'checkout-5d2e8b10';
export const CART_ID = 'cart-7f3a9c21';
export const STORE_ID = 'usassessments';

/** The signed-in buyer. */
export const BUYER = {
  userId: 'user-dana-reyes',
  firstName: 'Dana',
  lastName: 'Reyes',
  email: 'dana.reyes@riverside-clinic.example',
} as const;

export const OTHER_USER_ID = 'user-someone-else';

// Qualified users (SPEC 6: levels A only; A and B; A, B and C).
export const DANA = {
  userId: 'user-dana-reyes',
  firstName: 'Dana',
  lastName: 'Reyes',
  level: 'B',
} as const;
export const SAM = {
  userId: 'user-sam-okafor',
  firstName: 'Sam',
  lastName: 'Okafor',
  level: 'C',
} as const;
export const PRIYA = {
  userId: 'user-priya-natarajan',
  firstName: 'Priya',
  lastName: 'Natarajan',
  level: 'A',
} as const;
export const TOMAS = {
  userId: 'user-tomas-alvarez',
  firstName: 'Tomás',
  lastName: 'Álvarez',
  level: 'C',
} as const;
/** A member with no qualification on record. */
export const JORDAN = {
  userId: 'user-jordan-lee',
  firstName: 'Jordan',
  lastName: 'Lee',
  level: null,
} as const;

/** The address book every account of these facts has (the default first). */
export const BOOK: readonly SavedAddress[] = [
  {
    id: 'addr-riverside',
    firstName: 'Sam',
    lastName: 'Okafor',
    organization: 'Riverside Child Development Clinic',
    line1: '1200 Riverside Drive',
    line2: 'Suite 300',
    line3: null,
    town: 'Springfield',
    region: 'IL',
    postalCode: '62704',
    country: 'US',
    phone: '+12175550143',
    defaultShipping: true,
    defaultBilling: true,
  },
  {
    id: 'addr-london',
    firstName: 'Priya',
    lastName: 'Natarajan',
    organization: null,
    line1: '70 Whitehall',
    line2: null,
    line3: null,
    town: 'London',
    region: 'WSM',
    postalCode: 'SW1A 2AS',
    country: 'GB',
    phone: '+442079460000',
    defaultShipping: false,
    defaultBilling: false,
  },
];

export const PERSONAL: CheckoutAccount = {
  id: 'acct-personal',
  number: 'T7K2Q9X4M3PL',
  name: 'Dana Reyes',
  type: 'PERSONAL',
  hasOrdered: true,
  taxExempt: false,
  discounts: [],
  qualifiedUsers: [DANA],
  qglobalAccounts: [],
  aimswebAccounts: [],
  addressBook: BOOK,
};

export const RIVERSIDE: CheckoutAccount = {
  id: 'acct-riverside',
  number: '4821',
  name: 'Riverside Child Development Clinic',
  type: 'ORGANIZATION',
  hasOrdered: true,
  taxExempt: true,
  discounts: [{ programme: 'OLD', status: 'OLD_APPLIED', basisPoints: 1000 }],
  qualifiedUsers: [SAM, PRIYA, TOMAS, JORDAN],
  qglobalAccounts: ['QG-482100'],
  aimswebAccounts: ['AW-4821-01'],
  addressBook: BOOK,
};

/** An organization no order was placed for yet (SPEC 4.8: no purchase orders). */
export const LAKESHORE: CheckoutAccount = {
  id: 'acct-lakeshore',
  number: '7310',
  name: 'Lakeshore University Psychology Clinic',
  type: 'ORGANIZATION',
  hasOrdered: false,
  taxExempt: false,
  discounts: [{ programme: 'UAP', status: 'UAP_APPLIED', basisPoints: 2000 }],
  qualifiedUsers: [SAM],
  qglobalAccounts: ['QG-731000'],
  aimswebAccounts: ['AW-7310-01'],
  addressBook: BOOK,
};

/** A Q-global account on Dana's own profile: any of her customer accounts may use it. */
export const PROFILE_QGLOBAL = 'QG-990017';

export const FACTS: CheckoutFacts = {
  userId: BUYER.userId,
  accounts: [PERSONAL, RIVERSIDE, LAKESHORE],
  profileQglobalAccounts: [PROFILE_QGLOBAL],
  savedCards: [
    {
      id: 'card-dana-visa',
      brand: 'visa',
      last4: '4242',
      expMonth: 9,
      expYear: 2029,
      holderName: 'Dana Reyes',
    },
  ],
  flags: {
    line3: false,
    poThreshold: false,
    poForSpain: false,
    checkoutRetry: false,
    bankTransfer: false,
    ofac: false,
    vat: false,
    tpp: false,
    checkoutRecaptcha: false,
  },
  poThresholdMinor: 25_000,
};

export function factsWith(
  overrides: Partial<Omit<CheckoutFacts, 'flags'>> & {
    flags?: Partial<CheckoutFacts['flags']>;
    /** Every account's address book. */
    addressBook?: readonly SavedAddress[];
  },
): CheckoutFacts {
  const { flags, addressBook, ...rest } = overrides;
  const facts = { ...FACTS, ...rest, flags: { ...FACTS.flags, ...flags } };
  return addressBook
    ? { ...facts, accounts: facts.accounts.map((a) => ({ ...a, addressBook })) }
    : facts;
}

/** The facts with one account changed (another answer from the store). */
export function factsWithAccount(id: string, change: Partial<CheckoutAccount>): CheckoutFacts {
  return {
    ...FACTS,
    accounts: FACTS.accounts.map((a) => (a.id === id ? { ...a, ...change } : a)),
  };
}

// Addresses as checkout stores them.
export const US_ADDRESS: CheckoutAddress = {
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
};

export const GB_ADDRESS: CheckoutAddress = {
  firstName: 'Priya',
  lastName: 'Natarajan',
  line1: '70 Whitehall',
  town: 'London',
  region: 'WSM',
  postalCode: 'SW1A 2AS',
  country: 'GB',
  phone: '+442079460000',
};

export const INVOICE_CONTACT: InvoiceContact = {
  firstName: 'Priya',
  lastName: 'Natarajan',
  email: 'accounts@riverside-clinic.example',
  phone: { countryIso: 'US', phoneCode: '1', e164: '+12175550188' },
};

export const PURCHASE_ORDER: PurchaseOrderPayment = {
  method: 'purchase-order',
  poNumber: 'PO-2026-0457',
  invoiceContact: INVOICE_CONTACT,
};

/** A new card as the gateway tokenized it (the sandbox's approving Visa). */
export const NEW_CARD: NewCardPayment = {
  method: 'card',
  source: 'new',
  token: 'sandbox_tok_3f9a1c27b64e',
  card: { brand: 'visa', last4: '4242', expMonth: 12, expYear: 2030 },
  firstName: 'Dana',
  lastName: 'Reyes',
  saveCard: true,
};

/** Dana's saved Visa, as her profile has it (FACTS.savedCards). */
export const SAVED_CARD: SavedCardPayment = {
  method: 'card',
  source: 'saved',
  paymentMethodId: 'card-dana-visa',
  card: { brand: 'visa', last4: '4242', expMonth: 9, expYear: 2029 },
  holderName: 'Dana Reyes',
};

/** Two participants' details, dates well over six weeks after NOW. */
export const PARTICIPANTS: readonly TrainingParticipant[] = [
  {
    firstName: 'Jordan',
    lastName: "O'Neill",
    email: 'jordan.oneill@riverside-clinic.example',
    firstPreferredDate: '2027-02-01',
    secondPreferredDate: '2027-02-08',
  },
  {
    firstName: 'Mei',
    lastName: 'Tanaka-Ross',
    email: 'mei.tanaka@riverside-clinic.example',
    firstPreferredDate: '2027-02-01',
    secondPreferredDate: '2027-03-01',
  },
];

// The catalog: one product of each kind checkout cares about.
interface Product {
  readonly code: string;
  readonly name: string;
  readonly programName: string;
  readonly unitPriceMinor: number;
  readonly format: ProductFormat;
  readonly qualificationLevel: Level;
  readonly aimsweb: boolean;
  readonly preOrder: boolean;
  readonly notDiscountable: boolean;
}

const physical = {
  format: 'physical-kit',
  aimsweb: false,
  preOrder: false,
  notDiscountable: false,
} as const;

export const PRODUCTS = {
  /** A physical kit, level B. */
  kit: {
    ...physical,
    code: 'WRI3-KIT',
    name: 'Westbrook Reading Inventory, Third Edition, Complete Kit',
    programName: 'Westbrook Reading Inventory',
    unitPriceMinor: 49_999,
    qualificationLevel: 'B',
  },
  /** Record forms, level A. */
  forms: {
    ...physical,
    code: 'WRI3-FORMS',
    name: 'Westbrook Reading Inventory Record Forms (25)',
    programName: 'Westbrook Reading Inventory',
    unitPriceMinor: 6_899,
    qualificationLevel: 'A',
  },
  /** A level C kit. */
  levelC: {
    ...physical,
    code: 'CCAT-KIT',
    name: 'Clinical Cognitive Assessment Test Kit',
    programName: 'Clinical Cognitive Assessment',
    unitPriceMinor: 129_900,
    qualificationLevel: 'C',
  },
  /** Digital scoring and reporting in Q-global, level B, takes no discount. */
  scoring: {
    ...physical,
    code: 'WRI3-QG-1Y',
    name: 'Westbrook Reading Inventory Q-global Scoring, 1 year',
    programName: 'Westbrook Reading Inventory',
    unitPriceMinor: 14_900,
    format: 'digital-scoring',
    qualificationLevel: 'B',
    notDiscountable: true,
  },
  /** A digital library in Q-global, level C. */
  library: {
    ...physical,
    code: 'CCAT-LIB',
    name: 'Clinical Cognitive Assessment Digital Library',
    programName: 'Clinical Cognitive Assessment',
    unitPriceMinor: 39_900,
    format: 'digital-library',
    qualificationLevel: 'C',
  },
  /** aimswebPlus, priced per student, level A. */
  aimsweb: {
    ...physical,
    code: 'AWP-STUDENT-1Y',
    name: 'aimswebPlus, 1 student, 1 year',
    programName: 'aimswebPlus',
    unitPriceMinor: 1_000,
    format: 'digital-scoring',
    qualificationLevel: 'A',
    aimsweb: true,
  },
  /** A kit not out yet: pre-ordered (SPEC 4.8). */
  preOrder: {
    ...physical,
    code: 'WRI4-KIT',
    name: 'Westbrook Reading Inventory, Fourth Edition, Complete Kit',
    programName: 'Westbrook Reading Inventory',
    unitPriceMinor: 150_000,
    qualificationLevel: 'B',
    preOrder: true,
  },
  /** Online training: no shipping and no platform account. */
  training: {
    ...physical,
    code: 'WRI3-TRN',
    name: 'Westbrook Reading Inventory Online Training',
    programName: 'Westbrook Reading Inventory',
    unitPriceMinor: 19_900,
    format: 'online-training',
    qualificationLevel: 'A',
  },
} as const satisfies Record<string, Product>;

export type ProductKey = keyof typeof PRODUCTS;

export function line(
  key: ProductKey,
  quantity = 1,
  overrides: Partial<CheckoutCartLine> = {},
): CheckoutCartLine {
  return { ...PRODUCTS[key], quantity, ...overrides };
}

/** A cart as checkout sees it, with its fingerprint. */
export function checkoutCart(
  lines: readonly CheckoutCartLine[],
  overrides: Partial<Omit<CheckoutCart, 'lines' | 'fingerprint'>> = {},
): CheckoutCart {
  const promotions = overrides.promotions ?? [];
  return {
    cartId: CART_ID,
    version: lines.length,
    currency: 'USD',
    ...overrides,
    lines,
    promotions,
    fingerprint: cartFingerprint({
      lines: lines.map((l) => ({ ...l, minOrderQuantity: null, maxOrderQuantity: null })),
      promotions,
    }),
  };
}

export const CARTS = {
  /** A physical kit, level B. */
  kit: checkoutCart([line('kit', 2)]),
  /** Level A items only. */
  levelA: checkoutCart([line('forms', 4)]),
  /** A level C item. */
  levelC: checkoutCart([line('levelC')]),
  /** Digital scoring in Q-global only: nothing to ship. */
  digital: checkoutCart([line('scoring')]),
  /** aimswebPlus for 40 students ($400): nothing to ship. */
  aimsweb: checkoutCart([line('aimsweb', 40)]),
  /** aimswebPlus for 29 students ($290), under the $300 minimum, with a kit. */
  aimswebUnderMinimum: checkoutCart([line('aimsweb', 29), line('kit')]),
  /** A pre-ordered kit. */
  preOrder: checkoutCart([line('preOrder')]),
  /** Online training: no shipping, no platform account. */
  training: checkoutCart([line('training')]),
  /** A kit, Q-global scoring and a pre-ordered kit. */
  mixed: checkoutCart([line('kit', 2), line('scoring'), line('preOrder')]),
  empty: checkoutCart([]),
} as const;

export function cartRef(cart: CheckoutCart): CartReference {
  return { cartId: cart.cartId, version: cart.version, fingerprint: cart.fingerprint };
}

/** The catalog as the store has it now, each product as in PRODUCTS unless changed. */
export function catalog(
  changes: Partial<Record<string, Partial<CatalogProduct>>> = {},
): (code: string) => CatalogProduct | undefined {
  const products = new Map<string, CatalogProduct>(
    Object.values(PRODUCTS).map((p) => [
      p.code,
      {
        code: p.code,
        format: p.format,
        qualificationLevel: p.qualificationLevel,
        soldOnline: true,
        orderableOnline: true,
        preOrder: p.preOrder,
        aimsweb: p.aimsweb,
        unitPriceMinor: p.unitPriceMinor,
        stock: p.format === 'physical-kit' ? (p.preOrder ? 0 : 100) : null,
      },
    ]),
  );
  return (code) => {
    const product = products.get(code);
    const change = changes[code];
    return product && change ? { ...product, ...change } : product;
  };
}

export function checkoutContext(overrides: Partial<CheckoutContext> = {}): CheckoutContext {
  return {
    checkoutId: CHECKOUT_ID,
    storeId: STORE_ID,
    locale: 'en-us',
    userId: BUYER.userId,
    cart: CARTS.kit,
    facts: FACTS,
    ...overrides,
  };
}

let counter = 0;

/** A command with fresh metadata. */
export function command<T extends CheckoutCommand['type']>(
  type: T,
  data: Extract<CheckoutCommand, { type: T }>['data'],
  now = NOW,
): CheckoutCommand {
  counter += 1;
  return {
    type,
    data,
    metadata: { commandId: `cmd-${String(counter).padStart(8, '0')}`, now },
  } as CheckoutCommand;
}

// Events, as the decider makes them.
export const events = {
  started: (cart: CheckoutCart = CARTS.kit): CheckoutEvent => ({
    type: 'CheckoutStarted',
    v: 1,
    data: {
      checkoutId: CHECKOUT_ID,
      storeId: STORE_ID,
      ownerId: BUYER.userId,
      cart: cartRef(cart),
    },
  }),
  restarted: (cart: CheckoutCart): CheckoutEvent => ({
    type: 'CheckoutRestarted',
    v: 1,
    data: { cart: cartRef(cart), reason: 'cart-changed' },
  }),
  account: (account: CheckoutAccount = RIVERSIDE): CheckoutEvent => ({
    type: 'CustomerAccountChosen',
    v: 1,
    data: {
      account: { id: account.id, number: account.number, name: account.name, type: account.type },
    },
  }),
  qualifiedUser: (
    user: typeof SAM | typeof PRIYA | typeof TOMAS | typeof DANA = SAM,
  ): CheckoutEvent => ({
    type: 'QualifiedUserChosen',
    v: 1,
    data: { qualifiedUser: user },
  }),
  qglobal: (
    choice: PlatformChoice = { mode: 'existing', accountNumber: 'QG-482100' },
  ): CheckoutEvent => ({
    type: 'QglobalAccountChosen',
    v: 1,
    data: { choice },
  }),
  aimsweb: (
    choice: PlatformChoice = { mode: 'existing', accountNumber: 'AW-4821-01' },
  ): CheckoutEvent => ({
    type: 'AimswebAccountChosen',
    v: 1,
    data: { choice },
  }),
  shippingAddress: (
    address: CheckoutAddress = US_ADDRESS,
    saveToAddressBook = false,
  ): CheckoutEvent => ({
    type: 'ShippingAddressChosen',
    v: 1,
    data: { address, saveToAddressBook },
  }),
  shippingMethod: (method: ShippingMethodId = 'regular'): CheckoutEvent => ({
    type: 'ShippingMethodChosen',
    v: 1,
    data: { method },
  }),
  billing: (billing: BillingChoice = { sameAsShipping: true }): CheckoutEvent => ({
    type: 'BillingAddressChosen',
    v: 1,
    data: { billing },
  }),
  payment: (payment: PaymentChoice = PURCHASE_ORDER): CheckoutEvent => ({
    type: 'PaymentChosen',
    v: 1,
    data: { payment },
  }),
  declined: (decline: PaymentDecline): CheckoutEvent => ({
    type: 'PaymentDeclined',
    v: 1,
    data: { decline },
  }),
  training: (
    code: string,
    participants: readonly TrainingParticipant[] = PARTICIPANTS,
  ): CheckoutEvent => ({
    type: 'TrainingParticipantsGiven',
    v: 1,
    data: { code, participants },
  }),
  placed: (orderId: string = CHECKOUT_ID): CheckoutEvent => ({
    type: 'CheckoutOrderPlaced',
    v: 1,
    data: { orderId },
  }),
} as const;

/**
 * Every step of a checkout of this cart under Riverside with Sam (level C) as qualified
 * user: the Q-global and aimswebPlus accounts when the cart has such items, delivery when
 * it ships, billing same as shipping (or the London address when nothing ships), and a
 * purchase order.
 */
export function completedCheckout(cart: CheckoutCart): CheckoutEvent[] {
  const ships = cart.lines.some((l) => l.format === 'physical-kit');
  const qglobal = cart.lines.some(
    (l) => !l.aimsweb && (l.format === 'digital-scoring' || l.format === 'digital-library'),
  );
  const aimsweb = cart.lines.some((l) => l.aimsweb);
  return [
    events.started(cart),
    events.account(RIVERSIDE),
    events.qualifiedUser(SAM),
    ...(qglobal ? [events.qglobal()] : []),
    ...(aimsweb ? [events.aimsweb()] : []),
    ...(ships ? [events.shippingAddress(US_ADDRESS, true), events.shippingMethod('regular')] : []),
    events.billing(
      ships ? { sameAsShipping: true } : { sameAsShipping: false, address: GB_ADDRESS },
    ),
    events.payment(),
  ];
}

export function stateOf(given: readonly CheckoutEvent[]): CheckoutState {
  return replay(checkoutDecider, given);
}
