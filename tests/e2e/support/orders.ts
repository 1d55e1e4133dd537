/**
 * Placing an order through the store's API with the browser's own session, for tests about
 * what comes after checkout (checkout itself is tested through its pages in
 * checkout.e2e.spec.ts): a cart, a checkout with its choices, and the place order request.
 */
import { randomUUID } from 'node:crypto';
import { request, type APIRequestContext, type Page } from '@playwright/test';
import { cartStreamKind } from '../../../domain/cart/stream';
import { checkoutCartOf } from '../../../domain/checkout/cart-snapshot';
import type { CheckoutFacts } from '../../../domain/checkout/facts';
import type { Order } from '../../../domain/order/order';
import { expect } from '../fixtures';

const LEEDS = {
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

function batch(commands: readonly { type: string; data: unknown }[]) {
  const now = new Date().toISOString();
  return {
    clientId: `e2e-${randomUUID()}`,
    expectedVersion: 0,
    commands: commands.map((command, i) => {
      const commandId = randomUUID();
      return { seq: i + 1, commandId, command: { ...command, metadata: { commandId, now } } };
    }),
  };
}

/** Sam (signed in on this page) orders these items in en-gb for Riverside, paid by this PO. */
export async function placeSamsPurchaseOrder(
  page: Page,
  items: readonly { code: string; quantity: number }[],
  poNumber: string,
): Promise<Order> {
  const origin = new URL(page.url()).origin;
  // Its own connections, with the page's session cookie.
  const api = await request.newContext({
    baseURL: origin,
    storageState: await page.context().storageState(),
    timeout: 20_000,
  });
  try {
    return await place(api, origin, items, poNumber);
  } finally {
    await api.dispose();
  }
}

async function place(
  api: APIRequestContext,
  origin: string,
  items: readonly { code: string; quantity: number }[],
  poNumber: string,
): Promise<Order> {
  const locale = 'en-gb';
  const cartId = randomUUID();
  const cart = await api.post(`${origin}/api/carts/${cartId}/commands?locale=${locale}`, {
    data: batch(items.map((item) => ({ type: 'AddItem', data: item }))),
  });
  expect(cart.status(), await cart.text()).toBe(200);
  const pulled = (await (await api.get(`${origin}/api/carts/${cartId}?after=0`)).json()) as {
    events: { version: number; event: unknown }[];
  };
  let state = cartStreamKind.initialState();
  let version = 0;
  for (const { version: v, event } of pulled.events) {
    state = cartStreamKind.evolve(state, cartStreamKind.upcast(event as never));
    version = v;
  }
  const snapshot = checkoutCartOf(state, version);
  if (!snapshot) throw new Error('The cart was not written');
  const facts = (await (
    await api.get(`${origin}/api/checkout/facts?locale=${locale}`)
  ).json()) as CheckoutFacts;
  // By its name: each set of buyers has a Riverside of its own (decision 067).
  const riverside = facts.accounts.find((a) => a.name === 'Riverside Child Development Clinic');
  const sam = riverside?.qualifiedUsers.find((u) => u.firstName === 'Sam');
  if (!riverside || !sam) throw new Error('Sam has no Riverside account');
  const checkoutId = randomUUID();
  const started = await api.post(
    `${origin}/api/checkouts/${checkoutId}/commands?locale=${locale}`,
    {
      data: batch([
        { type: 'StartCheckout', data: { cart: snapshot } },
        { type: 'ChooseCustomerAccount', data: { accountId: riverside.id } },
        { type: 'ChooseQualifiedUser', data: { userId: sam.userId } },
        { type: 'ChooseShippingAddress', data: { address: LEEDS, saveToAddressBook: false } },
        { type: 'ChooseShippingMethod', data: { method: 'regular' } },
        { type: 'ChooseBillingAddress', data: { sameAsShipping: true } },
        {
          type: 'ChoosePayment',
          data: {
            method: 'purchase-order',
            poNumber,
            invoiceContact: {
              firstName: 'Sam',
              lastName: 'Okafor',
              email: 'accounts@riverside.example',
              phone: { countryIso: 'GB', phoneCode: '44', e164: '+441134960123' },
            },
          },
        },
      ]),
    },
  );
  const pushed = (await started.json()) as { version: number; results: { status: string }[] };
  expect(
    pushed.results.filter((r) => r.status !== 'confirmed'),
    JSON.stringify(pushed),
  ).toEqual([]);
  const placed = await api.post(
    `${origin}/api/checkouts/${checkoutId}/place-order?locale=${locale}`,
    {
      headers: { 'idempotency-key': randomUUID() },
      data: { termsAccepted: true, checkoutVersion: pushed.version },
    },
  );
  expect(placed.status(), await placed.text()).toBe(201);
  return ((await placed.json()) as { order: Order }).order;
}
