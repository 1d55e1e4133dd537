/**
 * Placing orders through the store's API in integration tests, as the browser does: demo
 * buyers signed in with a server session, a cart, a checkout with its choices, and the place
 * order request. One place for what several specs need.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { cartStreamKind } from '../../domain/cart/stream';
import type { CartState } from '../../domain/cart/state';
import { checkoutCartOf, type CheckoutCart } from '../../domain/checkout/cart-snapshot';
import type { CheckoutCommand } from '../../domain/checkout/commands';
import type { CheckoutFacts } from '../../domain/checkout/facts';
import type { Order } from '../../domain/order/order';
import type { DistributiveOmit } from '../../domain/shared/types';
import { streamIdOf } from '../../domain/sync/stream-kind';
import { seedDemoUsers } from '../../server/src/auth/demo-users';
import { findUserWithPassword } from '../../server/src/auth/users';
import { createWebSession, SESSION_COOKIE } from '../../server/src/auth/web-sessions';
import type { Db } from '../../server/src/db/database';
import { seedIfEmpty } from '../../server/src/db/seed';

export const DEMO_EMAILS = {
  dana: 'dana.reyes@demo.example',
  sam: 'sam.okafor@demo.example',
  priya: 'priya.shah@demo.example',
} as const;
export type DemoBuyer = keyof typeof DEMO_EMAILS;

export interface SignedIn {
  readonly userId: string;
  /** The `cookie` header of a server session. */
  readonly cookie: string;
}

/** Seeds the catalog and the demo buyers, and signs each of these in. */
export async function signInDemoBuyers<W extends DemoBuyer>(
  db: Db,
  who: readonly W[],
): Promise<Record<W, SignedIn>> {
  await seedIfEmpty(db);
  await seedDemoUsers(db);
  const signedIn = {} as Record<W, SignedIn>;
  for (const name of who) {
    const user = await findUserWithPassword(db, DEMO_EMAILS[name]);
    if (!user) throw new Error(`${DEMO_EMAILS[name]} was not seeded`);
    const session = await createWebSession(db, user.id, null, new Date());
    signedIn[name] = { userId: user.id, cookie: `${SESSION_COOKIE}=${session.id}` };
  }
  return signedIn;
}

export const LEEDS_ADDRESS = {
  firstName: 'Sam',
  lastName: 'Okafor',
  organization: 'Riverside Child Development Clinic',
  line1: '22 Riverside Walk',
  town: 'Leeds',
  region: 'LDS',
  postalCode: 'LS1 4AP',
  country: 'GB',
  phone: '+441134960123',
};

export function purchaseOrder(poNumber: string) {
  return {
    method: 'purchase-order' as const,
    poNumber,
    invoiceContact: {
      firstName: 'Sam',
      lastName: 'Okafor',
      email: 'accounts@riverside.example',
      phone: { countryIso: 'GB', phoneCode: '44', e164: '+441134960123' },
    },
  };
}

export type CheckoutChoices = (
  facts: CheckoutFacts,
) => DistributiveOmit<CheckoutCommand, 'metadata'>[];

/** A store's API as one buyer uses it. */
export class BuyerFlow {
  constructor(
    private readonly app: FastifyInstance,
    readonly buyer: SignedIn,
    private readonly locale: string,
  ) {}

  private now() {
    return new Date().toISOString();
  }

  /** A new cart of these items, as the server holds it. */
  async cartWith(items: readonly { code: string; quantity?: number }[]) {
    const cartId = randomUUID();
    const response = await this.app.inject({
      method: 'POST',
      url: `/api/carts/${cartId}/commands?locale=${this.locale}`,
      headers: { cookie: this.buyer.cookie },
      payload: {
        clientId: `device-${this.buyer.userId}`,
        expectedVersion: 0,
        commands: items.map((item, i) => {
          const commandId = randomUUID();
          return {
            seq: i + 1,
            commandId,
            command: {
              type: 'AddItem',
              data: { code: item.code, quantity: item.quantity ?? 1 },
              metadata: { commandId, now: this.now() },
            },
          };
        }),
      },
    });
    expect(response.statusCode, response.body).toBe(200);
    return this.cart(cartId);
  }

  async facts(): Promise<CheckoutFacts> {
    const response = await this.app.inject({
      url: `/api/checkout/facts?locale=${this.locale}`,
      headers: { cookie: this.buyer.cookie },
    });
    return response.json<CheckoutFacts>();
  }

  /** A checkout of a new cart of these items, with these choices, every one confirmed. */
  async checkout(items: readonly { code: string; quantity?: number }[], choices: CheckoutChoices) {
    return this.checkoutOf(await this.cartWith(items), choices);
  }

  /** The cart as the server holds it now. */
  async cart(cartId: string) {
    const found = await this.app.eventStore.stateOf(
      cartStreamKind,
      streamIdOf(cartStreamKind, cartId),
    );
    const cart = found ? checkoutCartOf(found.state as CartState, found.row.version) : null;
    if (!cart) throw new Error('no cart');
    return cart;
  }

  /** A checkout of this cart, with these choices, every one confirmed. */
  async checkoutOf(cart: CheckoutCart, choices: CheckoutChoices) {
    const checkoutId = randomUUID();
    const commands = [
      { type: 'StartCheckout' as const, data: { cart } },
      ...choices(await this.facts()),
    ];
    const response = await this.app.inject({
      method: 'POST',
      url: `/api/checkouts/${checkoutId}/commands?locale=${this.locale}`,
      headers: { cookie: this.buyer.cookie },
      payload: {
        clientId: `device-${this.buyer.userId}`,
        expectedVersion: 0,
        commands: commands.map((command, i) => {
          const commandId = randomUUID();
          return {
            seq: i + 1,
            commandId,
            command: { ...command, metadata: { commandId, now: this.now() } },
          };
        }),
      },
    });
    const pushed = response.json<{
      version: number;
      results: { status: string; code?: string }[];
    }>();
    expect(
      pushed.results.filter((r) => r.status !== 'confirmed'),
      JSON.stringify(pushed.results),
    ).toEqual([]);
    return { checkoutId, version: pushed.version, cart };
  }

  place(checkoutId: string, version: number) {
    return this.app.inject({
      method: 'POST',
      url: `/api/checkouts/${checkoutId}/place-order?locale=${this.locale}`,
      headers: { cookie: this.buyer.cookie, 'idempotency-key': randomUUID() },
      payload: { termsAccepted: true, checkoutVersion: version },
    });
  }

  /** Checks out and places the order; the order as the store answered. */
  async order(
    items: readonly { code: string; quantity?: number }[],
    choices: CheckoutChoices,
  ): Promise<Order> {
    const { checkoutId, version } = await this.checkout(items, choices);
    const response = await this.place(checkoutId, version);
    expect(response.statusCode, response.body).toBe(201);
    return response.json<{ order: Order }>().order;
  }
}

/** Sam's choices in en-gb: Riverside (4821), himself as qualified user, Leeds, paid by PO. */
export function samsPurchaseOrder(poNumber: string, accountNumber = '4821'): CheckoutChoices {
  return (facts) => {
    const account = facts.accounts.find((a) => a.number === accountNumber);
    if (!account) throw new Error(`no account ${accountNumber}`);
    const user = account.qualifiedUsers.find((u) => u.level);
    if (!user) throw new Error('no qualified user');
    return [
      { type: 'ChooseCustomerAccount', data: { accountId: account.id } },
      { type: 'ChooseQualifiedUser', data: { userId: user.userId } },
      { type: 'ChooseShippingAddress', data: { address: LEEDS_ADDRESS, saveToAddressBook: false } },
      { type: 'ChooseShippingMethod', data: { method: 'regular' } },
      { type: 'ChooseBillingAddress', data: { sameAsShipping: true } },
      { type: 'ChoosePayment', data: purchaseOrder(poNumber) },
    ];
  };
}
