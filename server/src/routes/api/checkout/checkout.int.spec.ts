/**
 * Placing an order on PGlite and PostgreSQL (SPEC 2.6, 4.8, 5, 6): a whole checkout synced
 * through its stream and placed once, however often and from however many tabs it is sent;
 * forged checkouts refused with the spec's words; and the lookups of the accounts step
 * ('Account not listed', 'Add qualified user', the Q-global outcomes).
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cartStreamKind } from '../../../../../domain/cart/stream';
import type { CartState } from '../../../../../domain/cart/state';
import { checkoutCartOf } from '../../../../../domain/checkout/cart-snapshot';
import type { CheckoutCommand } from '../../../../../domain/checkout/commands';
import type { CheckoutEvent } from '../../../../../domain/checkout/events';
import type { CheckoutFacts } from '../../../../../domain/checkout/facts';
import { checkoutStreamKind } from '../../../../../domain/checkout/stream';
import type { Order } from '../../../../../domain/order/order';
import { STREAM_REGISTRY } from '../../../../../domain/registry';
import { metadataFor } from '../../../../../domain/shared/event-metadata';
import type { DistributiveOmit } from '../../../../../domain/shared/types';
import { streamIdOf, streamRegistry } from '../../../../../domain/sync/stream-kind';
import { buildTestApp } from '../../../../../tests/support/app';
import { testDatabaseTargets, type TestDatabase } from '../../../../../tests/support/databases';
import { seedDemoUsers } from '../../../auth/demo-users';
import { findUserWithPassword } from '../../../auth/users';
import { createWebSession, SESSION_COOKIE } from '../../../auth/web-sessions';
import { DEMO_ACCOUNTS } from '../../../customers/demo-customers';
import { seedIfEmpty } from '../../../db/seed';
import { EventStore } from '../../../event-store/event-store';

type Who = 'dana' | 'sam' | 'priya' | 'tomas';
const EMAILS: Record<Who, string> = {
  dana: 'dana.reyes@demo.example',
  sam: 'sam.okafor@demo.example',
  priya: 'priya.shah@demo.example',
  tomas: 'tomas.varga@demo.example',
};

const SAM_ADDRESS = {
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

const DANA_ADDRESS = {
  firstName: 'Dana',
  lastName: 'Reyes',
  line1: '48 Willow Street',
  town: 'Middleton',
  region: 'WI',
  postalCode: '53562',
  country: 'US',
};

const PO = {
  method: 'purchase-order' as const,
  poNumber: 'PO-2026-118',
  invoiceContact: {
    firstName: 'Sam',
    lastName: 'Okafor',
    email: 'accounts@riverside.example',
    phone: { countryIso: 'GB', phoneCode: '44', e164: '+441134960123' },
  },
};

function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

describe.each(testDatabaseTargets())('placing an order on $kind', (target) => {
  let t: TestDatabase;
  let app: FastifyInstance;
  const cookie = {} as Record<Who, string>;
  const userId = {} as Record<Who, string>;

  beforeAll(async () => {
    t = await target.open();
    app = await buildTestApp(t.database);
    await seedIfEmpty(t.database.db);
    await seedDemoUsers(t.database.db);
    for (const who of Object.keys(EMAILS) as Who[]) {
      const user = await findUserWithPassword(t.database.db, EMAILS[who]);
      if (!user) throw new Error(`${EMAILS[who]} was not seeded`);
      userId[who] = user.id;
      const session = await createWebSession(t.database.db, user.id, null, new Date());
      cookie[who] = `${SESSION_COOKIE}=${session.id}`;
    }
  }, 120_000);

  afterAll(async () => {
    await app.close();
    await t.dispose();
  });

  const now = () => new Date().toISOString();

  async function cartWith(
    who: Who,
    locale: string,
    items: readonly { code: string; quantity: number }[],
  ) {
    const cartId = randomUUID();
    const response = await app.inject({
      method: 'POST',
      url: `/api/carts/${cartId}/commands?locale=${locale}`,
      headers: { cookie: cookie[who] },
      payload: {
        clientId: `device-${who}`,
        expectedVersion: 0,
        commands: items.map((item, i) => ({
          seq: i + 1,
          commandId: randomUUID(),
          command: {
            type: 'AddItem',
            data: item,
            metadata: { commandId: randomUUID(), now: now() },
          },
        })),
      },
    });
    expect(response.statusCode).toBe(200);
    const found = await app.eventStore.stateOf(cartStreamKind, streamIdOf(cartStreamKind, cartId));
    if (!found) throw new Error('no cart');
    const cart = checkoutCartOf(found.state as CartState, found.row.version);
    if (!cart) throw new Error('no cart state');
    return cart;
  }

  async function facts(who: Who, locale: string): Promise<CheckoutFacts> {
    const response = await app.inject({
      url: `/api/checkout/facts?locale=${locale}`,
      headers: { cookie: cookie[who] },
    });
    expect(response.statusCode).toBe(200);
    return response.json<CheckoutFacts>();
  }

  async function push(
    who: Who,
    checkoutId: string,
    locale: string,
    commands: readonly DistributiveOmit<CheckoutCommand, 'metadata'>[],
  ) {
    const response = await app.inject({
      method: 'POST',
      url: `/api/checkouts/${checkoutId}/commands?locale=${locale}`,
      headers: { cookie: cookie[who] },
      payload: {
        clientId: `device-${who}`,
        expectedVersion: 0,
        commands: commands.map((command, i) => {
          const commandId = randomUUID();
          return {
            seq: i + 1,
            commandId,
            command: { ...command, metadata: { commandId, now: now() } },
          };
        }),
      },
    });
    expect(response.statusCode).toBe(200);
    return response.json<{
      version: number;
      results: { status: string; code?: string; message?: { id: string } }[];
    }>();
  }

  function placeOrder(
    who: Who,
    checkoutId: string,
    locale: string,
    body: Record<string, unknown>,
    key = randomUUID(),
  ) {
    return app.inject({
      method: 'POST',
      url: `/api/checkouts/${checkoutId}/place-order?locale=${locale}`,
      headers: { cookie: cookie[who], 'idempotency-key': key },
      payload: body,
    });
  }

  /** Sam's whole checkout in en-gb, paid by PO: its id and version. */
  async function samsCheckout(items = [{ code: 'MCS5-KIT', quantity: 2 }]) {
    const cart = await cartWith('sam', 'en-gb', items);
    const riverside = (await facts('sam', 'en-gb')).accounts.find(
      (a) => a.number === DEMO_ACCOUNTS.riverside,
    );
    if (!riverside) throw new Error('Riverside is not among Sam’s accounts');
    const checkoutId = randomUUID();
    const pushed = await push('sam', checkoutId, 'en-gb', [
      { type: 'StartCheckout', data: { cart } },
      { type: 'ChooseCustomerAccount', data: { accountId: riverside.id } },
      { type: 'ChooseQualifiedUser', data: { userId: userId.sam } },
      { type: 'ChooseShippingAddress', data: { address: SAM_ADDRESS, saveToAddressBook: false } },
      { type: 'ChooseShippingMethod', data: { method: 'expedited' } },
      { type: 'ChooseBillingAddress', data: { sameAsShipping: true } },
      { type: 'ChoosePayment', data: PO },
    ]);
    expect(pushed.results.map((r) => r.status)).toEqual(Array(7).fill('confirmed'));
    return { checkoutId, version: pushed.version, cart };
  }

  async function ordersOf(checkoutId: string): Promise<number> {
    const [row] = rowsOf<{ n: string | number }>(
      await t.database.db.execute(
        sql`select count(*) as n from read_models where model = 'orders' and doc ->> 'checkoutId' = ${checkoutId}`,
      ),
    );
    return Number(row?.n ?? 0);
  }

  it('places Sam’s order paid by PO, with every field of an order, and empties the cart', async () => {
    const { checkoutId, version, cart } = await samsCheckout();
    const response = await placeOrder('sam', checkoutId, 'en-gb', {
      termsAccepted: true,
      checkoutVersion: version,
    });
    expect(response.statusCode).toBe(201);
    const { order } = response.json<{ order: Order }>();
    expect(order.webReference).toMatch(/^W\d{10}$/);
    expect(order.orderId).toBe(`${cart.cartId}-v${String(cart.version)}`);
    expect(order).toMatchObject({
      checkoutId,
      status: 'created',
      currency: 'GBP',
      account: { number: DEMO_ACCOUNTS.riverside, type: 'ORGANIZATION' },
      qualifiedUser: { userId: userId.sam, level: 'C' },
      payment: { method: 'purchase-order', poNumber: 'PO-2026-118' },
      shippingMethod: { id: 'expedited', priceMinor: 1600 },
      billingAddress: { line1: '22 Riverside Walk' },
      placedBy: { kind: 'user', id: userId.sam },
      cartId: cart.cartId,
    });
    expect(order.lines).toHaveLength(1);
    // Riverside's organizational discount (10 %) on the kit, then shipping, then UK VAT
    // (20 % of goods and shipping: Riverside is not tax exempt).
    const line = order.lines[0];
    expect(line?.discountMinor).toBe(Math.round((line?.unitPriceMinor ?? 0) * 2 * 0.1));
    const beforeTax = order.totals.subtotalMinor - order.totals.discountsMinor + 1600;
    expect(order.totals.taxMinor).toBe(Math.round(beforeTax * 0.2));
    expect(order.totals.totalMinor).toBe(beforeTax + order.totals.taxMinor);
    expect(order.tax.lines.map((l) => [l.id, l.rate])).toEqual([['vat', '20%']]);

    const read = await app.inject({
      url: `/api/orders/${order.orderId}`,
      headers: { cookie: cookie.sam },
    });
    expect(read.json<{ order: Order }>().order.webReference).toBe(order.webReference);
    const other = await app.inject({
      url: `/api/orders/${order.orderId}`,
      headers: { cookie: cookie.dana },
    });
    expect(other.statusCode).toBe(404);

    // The process managers clear the cart and close the checkout.
    await expect
      .poll(
        async () => {
          const found = await app.eventStore.stateOf(
            cartStreamKind,
            streamIdOf(cartStreamKind, cart.cartId),
          );
          return (found?.state as CartState | undefined)?.lines.length;
        },
        { timeout: 15_000 },
      )
      .toBe(0);
    await expect
      .poll(
        async () => {
          const found = await app.eventStore.stateOf(
            checkoutStreamKind,
            streamIdOf(checkoutStreamKind, checkoutId),
          );
          return (found?.state as { placedOrderId: string | null } | undefined)?.placedOrderId;
        },
        { timeout: 15_000 },
      )
      .toBe(order.orderId);
    // A closed checkout takes no more choices.
    const after = await push('sam', checkoutId, 'en-gb', [
      { type: 'ChooseShippingMethod', data: { method: 'regular' } },
    ]);
    expect(after.results[0]).toMatchObject({ status: 'rejected', code: 'checkout.already-placed' });
  });

  it('makes one order of 50 concurrent requests with one idempotency key', async () => {
    const { checkoutId, version } = await samsCheckout();
    const key = randomUUID();
    const responses = await Promise.all(
      Array.from({ length: 50 }, () =>
        placeOrder(
          'sam',
          checkoutId,
          'en-gb',
          { termsAccepted: true, checkoutVersion: version },
          key,
        ),
      ),
    );
    const statuses = responses.map((r) => r.statusCode);
    // The first runs; repeats get its answer, or are told it is still running (409).
    expect(statuses.every((s) => s === 201 || s === 409)).toBe(true);
    const placed = responses.filter((r) => r.statusCode === 201);
    expect(placed.length).toBeGreaterThanOrEqual(1);
    expect(new Set(placed.map((r) => r.json<{ order: Order }>().order.webReference)).size).toBe(1);
    expect(await ordersOf(checkoutId)).toBe(1);
    const again = await placeOrder(
      'sam',
      checkoutId,
      'en-gb',
      { termsAccepted: true, checkoutVersion: version },
      key,
    );
    expect(again.statusCode).toBe(201);
    expect(again.json<{ order: Order }>().order.webReference).toBe(
      placed[0]?.json<{ order: Order }>().order.webReference,
    );
  });

  it('makes one order of two tabs placing the same checkout with different keys', async () => {
    const { checkoutId, version } = await samsCheckout();
    const [a, b] = await Promise.all([
      placeOrder('sam', checkoutId, 'en-gb', { termsAccepted: true, checkoutVersion: version }),
      placeOrder('sam', checkoutId, 'en-gb', { termsAccepted: true, checkoutVersion: version }),
    ]);
    expect([a?.statusCode, b?.statusCode].sort()).toEqual([200, 201]);
    expect(a?.json<{ order: Order }>().order.webReference).toBe(
      b?.json<{ order: Order }>().order.webReference,
    );
    expect(await ordersOf(checkoutId)).toBe(1);
  });

  it('makes one order of two checkouts of one cart (two devices)', async () => {
    const { checkoutId, version, cart } = await samsCheckout();
    const riverside = (await facts('sam', 'en-gb')).accounts.find(
      (a) => a.number === DEMO_ACCOUNTS.riverside,
    );
    const other = randomUUID();
    const pushed = await push('sam', other, 'en-gb', [
      { type: 'StartCheckout', data: { cart } },
      { type: 'ChooseCustomerAccount', data: { accountId: riverside?.id ?? '' } },
      { type: 'ChooseQualifiedUser', data: { userId: userId.sam } },
      { type: 'ChooseShippingAddress', data: { address: SAM_ADDRESS, saveToAddressBook: false } },
      { type: 'ChooseShippingMethod', data: { method: 'expedited' } },
      { type: 'ChooseBillingAddress', data: { sameAsShipping: true } },
      { type: 'ChoosePayment', data: PO },
    ]);
    const [a, b] = await Promise.all([
      placeOrder('sam', checkoutId, 'en-gb', { termsAccepted: true, checkoutVersion: version }),
      placeOrder('sam', other, 'en-gb', { termsAccepted: true, checkoutVersion: pushed.version }),
    ]);
    expect([a?.statusCode, b?.statusCode].sort()).toEqual([200, 201]);
    expect(a?.json<{ order: Order }>().order.orderId).toBe(
      b?.json<{ order: Order }>().order.orderId,
    );
    expect((await ordersOf(checkoutId)) + (await ordersOf(other))).toBe(1);
  });

  it('refuses terms not accepted, a checkout not reviewed and another buyer’s checkout', async () => {
    const { checkoutId, version } = await samsCheckout();
    const terms = await placeOrder('sam', checkoutId, 'en-gb', {
      termsAccepted: false,
      checkoutVersion: version,
    });
    expect(terms.statusCode).toBe(422);
    expect(terms.json<{ error: { message: string } }>().error.message).toBe(
      'This field is required.',
    );
    const stale = await placeOrder('sam', checkoutId, 'en-gb', {
      termsAccepted: true,
      checkoutVersion: version - 1,
    });
    expect(stale.statusCode).toBe(409);
    const theirs = await placeOrder('dana', checkoutId, 'en-gb', {
      termsAccepted: true,
      checkoutVersion: version,
    });
    expect(theirs.statusCode).toBe(404);
    const noKey = await app.inject({
      method: 'POST',
      url: `/api/checkouts/${checkoutId}/place-order?locale=en-gb`,
      headers: { cookie: cookie.sam },
      payload: { termsAccepted: true, checkoutVersion: version },
    });
    expect(noKey.statusCode).toBe(400);
    expect(await ordersOf(checkoutId)).toBe(0);
  });

  it('restarts when the cart changed after the checkout began', async () => {
    const { checkoutId, version, cart } = await samsCheckout();
    await app.inject({
      method: 'POST',
      url: `/api/carts/${cart.cartId}/commands?locale=en-gb`,
      headers: { cookie: cookie.sam },
      payload: {
        clientId: 'device-sam-tab-b',
        seq: 1,
        commandId: randomUUID(),
        expectedVersion: cart.version,
        command: {
          type: 'ChangeQuantity',
          data: { code: 'MCS5-KIT', quantity: 3 },
          metadata: { commandId: randomUUID(), now: now() },
        },
      },
    });
    const response = await placeOrder('sam', checkoutId, 'en-gb', {
      termsAccepted: true,
      checkoutVersion: version,
    });
    expect(response.statusCode).toBe(409);
    expect(response.json<{ error: { message: string } }>().error.message).toBe(
      'This order has been modified in another tab or window. The checkout process has been restarted',
    );
  });

  describe('forged checkouts', () => {
    /** Events written as a browser that skipped the rules would have them. */
    async function forge(who: Who, checkoutId: string, locale: string, events: CheckoutEvent[]) {
      const forged = {
        ...checkoutStreamKind,
        decide: (command: { data: { events: CheckoutEvent[] } }) => command.data.events,
      };
      const store = new EventStore(t.database.db, {
        registry: streamRegistry(
          STREAM_REGISTRY.kinds.map((k) => (k.name === 'checkout' ? forged : k)),
        ),
      });
      const streamId = streamIdOf(checkoutStreamKind, checkoutId);
      const existing = await store.stateOf(checkoutStreamKind, streamId);
      const commandId = randomUUID();
      const response = await store.push({
        kind: forged,
        streamId,
        owner: { kind: 'user', id: userId[who] },
        storeId: locale === 'en-gb' ? 'ukassessments' : 'usassessments',
        actor: { kind: 'user', id: userId[who] },
        locale: locale as 'en-gb' | 'en-us',
        canWrite: () => true,
        clientId: `forger-${who}`,
        expectedVersion: existing?.row.version ?? 0,
        metadataOf: (id) => metadataFor({ kind: 'user', id: userId[who] }, id),
        commands: [
          {
            seq: 1,
            commandId,
            command: { type: 'Forge', data: { events }, metadata: { commandId, now: now() } },
          },
        ],
      });
      return response.version;
    }

    async function refused(
      who: Who,
      locale: string,
      items: readonly { code: string; quantity: number }[],
      accountNumber: string,
      qualifiedUser: Who,
      extra: (checkoutId: string) => CheckoutEvent[],
    ) {
      const cart = await cartWith(who, locale, items);
      const account = (await facts(who, locale)).accounts.find((a) => a.number === accountNumber);
      if (!account) throw new Error(`${accountNumber} is not ${who}’s`);
      const checkoutId = randomUUID();
      const physical = items.some((i) => i.code.endsWith('-KIT'));
      const address = locale === 'en-gb' ? SAM_ADDRESS : DANA_ADDRESS;
      const version = await forge(who, checkoutId, locale, [
        {
          type: 'CheckoutStarted',
          v: 1,
          data: {
            checkoutId,
            storeId: locale === 'en-gb' ? 'ukassessments' : 'usassessments',
            ownerId: userId[who],
            cart: { cartId: cart.cartId, version: cart.version, fingerprint: cart.fingerprint },
          },
        },
        {
          type: 'CustomerAccountChosen',
          v: 1,
          data: {
            account: {
              id: account.id,
              number: account.number,
              name: account.name,
              type: account.type,
            },
          },
        },
        {
          type: 'QualifiedUserChosen',
          v: 1,
          data: {
            qualifiedUser: {
              userId: userId[qualifiedUser],
              firstName: 'X',
              lastName: 'Y',
              level: 'C',
            },
          },
        },
        ...(physical
          ? ([
              {
                type: 'ShippingAddressChosen',
                v: 1,
                data: { address, saveToAddressBook: false },
              },
              { type: 'ShippingMethodChosen', v: 1, data: { method: 'regular' } },
            ] satisfies CheckoutEvent[])
          : []),
        {
          type: 'BillingAddressChosen',
          v: 1,
          data: { billing: { sameAsShipping: false, address } },
        },
        { type: 'PaymentChosen', v: 1, data: { payment: PO } },
        ...extra(checkoutId),
      ]);
      const response = await placeOrder(who, checkoutId, locale, {
        termsAccepted: true,
        checkoutVersion: version,
      });
      expect(response.statusCode).toBe(422);
      expect(await ordersOf(checkoutId)).toBe(0);
      return response.json<{ error: { code: string; message: string } }>().error;
    }

    it('refuses a qualified user whose level does not cover the cart', async () => {
      const error = await refused(
        'sam',
        'en-gb',
        [{ code: 'MCS5-KIT', quantity: 1 }],
        DEMO_ACCOUNTS.riverside,
        'priya',
        () => [],
      );
      expect(error.code).toBe('checkout.level-not-covered');
      expect(error.message).toBe(
        "The qualified user's level (A) does not cover every item in your cart. Items need level C.",
      );
    });

    it('refuses aimswebPlus under $300', async () => {
      const error = await refused(
        'sam',
        'en-gb',
        [{ code: 'AWR-DL1Y', quantity: 25 }],
        DEMO_ACCOUNTS.riverside,
        'sam',
        () => [
          {
            type: 'AimswebAccountChosen',
            v: 1,
            data: { choice: { mode: 'existing', accountNumber: DEMO_ACCOUNTS.riversideAimsweb } },
          },
        ],
      );
      expect(error.code).toBe('checkout.aimsweb-minimum');
      expect(error.message).toMatch(/^Orders with aimswebPlus products must come to at least/);
    });

    it('refuses aimswebPlus on a personal account', async () => {
      const error = await refused(
        'dana',
        'en-us',
        [{ code: 'AWR-DL1Y', quantity: 60 }],
        DEMO_ACCOUNTS.danaPersonal,
        'dana',
        () => [{ type: 'AimswebAccountChosen', v: 1, data: { choice: { mode: 'new' } } }],
      );
      expect(error.code).toBe('checkout.aimsweb-organization-only');
      expect(error.message).toBe('aimswebPlus can only be bought with an organizational account.');
    });

    it('refuses a purchase order on a personal account', async () => {
      const error = await refused(
        'dana',
        'en-us',
        [{ code: 'KCI-KIT', quantity: 1 }],
        DEMO_ACCOUNTS.danaPersonal,
        'dana',
        () => [],
      );
      expect(error.code).toBe('checkout.po-personal-account');
      expect(error.message).toBe(
        'Purchase orders can only be used with an organizational account. Switch to your organization’s account to pay by PO.',
      );
    });

    it('refuses a purchase order before a first order of the organization', async () => {
      const error = await refused(
        'dana',
        'en-us',
        [{ code: 'KCI-KIT', quantity: 1 }],
        DEMO_ACCOUNTS.lakeshore,
        'dana',
        () => [],
      );
      expect(error.code).toBe('checkout.po-no-first-order');
    });
  });

  describe('the accounts step’s lookups', () => {
    it('finds an account not listed only when the organization invited the buyer', async () => {
      const claim = (who: Who, accountNumber: string, termsAccepted = true) =>
        app.inject({
          method: 'POST',
          url: '/api/checkout/accounts/claim',
          headers: { cookie: cookie[who] },
          payload: { accountNumber, termsAccepted },
        });
      const empty = await claim('dana', '');
      expect(empty.statusCode).toBe(400);
      expect(JSON.stringify(empty.json())).toContain('validation.account.number-required');
      const terms = await claim('dana', DEMO_ACCOUNTS.northgate, false);
      expect(JSON.stringify(terms.json())).toContain('validation.account.terms');
      const notInvited = await claim('sam', DEMO_ACCOUNTS.northgate);
      expect(notInvited.statusCode).toBe(404);
      expect(notInvited.json<{ error: { message: string } }>().error.message).toBe(
        'This account is not found',
      );
      expect((await claim('dana', '9999')).statusCode).toBe(404);
      const found = await claim('dana', DEMO_ACCOUNTS.northgate);
      expect(found.statusCode).toBe(200);
      const listed = (await facts('dana', 'en-us')).accounts.map((a) => a.number);
      expect(listed).toContain(DEMO_ACCOUNTS.northgate);
    });

    it('adds a member of the organization as qualified user by email, and no one else', async () => {
      const riverside = (await facts('sam', 'en-gb')).accounts.find(
        (a) => a.number === DEMO_ACCOUNTS.riverside,
      );
      const add = (email: string) =>
        app.inject({
          method: 'POST',
          url: `/api/checkout/accounts/${riverside?.id ?? ''}/qualified-users`,
          headers: { cookie: cookie.sam },
          payload: { email },
        });
      const stranger = await add(EMAILS.dana);
      expect(stranger.statusCode).toBe(404);
      expect(stranger.json<{ error: { message: string } }>().error.message).toBe(
        'User not found in this organization',
      );
      expect((await add('not-an-email')).statusCode).toBe(400);
      expect((await add(`${'a'.repeat(140)}@example.com`)).statusCode).toBe(400);
      const tomas = await add(EMAILS.tomas.toUpperCase());
      expect(tomas.statusCode).toBe(200);
      expect(tomas.json()).toMatchObject({ userId: userId.tomas, level: 'C' });
    });

    it('tells the three Q-global outcomes apart', async () => {
      const lookup = (who: Who, accountNumber: string) =>
        app.inject({
          method: 'POST',
          url: '/api/checkout/qglobal/lookup',
          headers: { cookie: cookie[who] },
          payload: { accountNumber },
        });
      expect((await lookup('priya', 'QG-000000')).json()).toEqual({ outcome: 'not-found' });
      expect((await lookup('priya', DEMO_ACCOUNTS.tomasQglobal)).json()).toEqual({
        outcome: 'no-access',
      });
      expect((await lookup('priya', DEMO_ACCOUNTS.riversideQglobal.toLowerCase())).json()).toEqual({
        outcome: 'linked',
        accountNumber: DEMO_ACCOUNTS.riversideQglobal,
        organization: 'Riverside Child Development Clinic',
      });
      expect((await lookup('tomas', DEMO_ACCOUNTS.tomasQglobal)).json()).toMatchObject({
        outcome: 'yours',
      });
      // An organization's account is no one else's to add: Dana is not Riverside's.
      expect((await lookup('dana', DEMO_ACCOUNTS.riversideQglobal)).json()).toEqual({
        outcome: 'no-access',
      });
      const stranger = await app.inject({
        method: 'POST',
        url: '/api/checkout/qglobal/profile',
        headers: { cookie: cookie.dana },
        payload: { accountNumber: DEMO_ACCOUNTS.riversideQglobal },
      });
      expect(stranger.statusCode).toBe(404);
      const added = await app.inject({
        method: 'POST',
        url: '/api/checkout/qglobal/profile',
        headers: { cookie: cookie.priya },
        payload: { accountNumber: DEMO_ACCOUNTS.riversideQglobal },
      });
      expect(added.statusCode).toBe(204);
      expect((await facts('priya', 'en-gb')).profileQglobalAccounts).toContain(
        DEMO_ACCOUNTS.riversideQglobal,
      );
      const refused = await app.inject({
        method: 'POST',
        url: '/api/checkout/qglobal/profile',
        headers: { cookie: cookie.priya },
        payload: { accountNumber: DEMO_ACCOUNTS.tomasQglobal },
      });
      expect(refused.statusCode).toBe(404);
    });
  });
});
