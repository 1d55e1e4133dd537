/**
 * One cart version gives at most one order, and every order's payment is captured exactly
 * once (issue 26, decision 047), on PGlite and PostgreSQL: place-order requests fired in
 * parallel for one checkout with distinct idempotency keys, with one key, and for a second
 * checkout of the same cart, by card; then the sandbox gateway's ledger is reconciled with the
 * orders: each order's charge captured once for its total, no capture or hold left that no
 * order holds, nothing refunded.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cartStreamKind } from '../../../domain/cart/stream';
import type { CartState } from '../../../domain/cart/state';
import { checkoutCartOf } from '../../../domain/checkout/cart-snapshot';
import type { CheckoutCommand } from '../../../domain/checkout/commands';
import type { CheckoutFacts } from '../../../domain/checkout/facts';
import type { Order } from '../../../domain/order/order';
import type { DistributiveOmit } from '../../../domain/shared/types';
import { streamIdOf } from '../../../domain/sync/stream-kind';
import { buildTestApp } from '../../../tests/support/app';
import { signInDemoBuyers, type SignedIn } from '../../../tests/support/checkout-flow';
import { testDatabaseTargets, type TestDatabase } from '../../../tests/support/databases';
import { DEMO_ACCOUNTS } from '../customers/demo-customers';
import { PaymentGatewayError } from '../payments/gateway';
import { SandboxGateway } from '../payments/sandbox/sandbox-gateway';
import { CLAIM_LEASE_MS, PlaceOrder } from './place-order';

/** How many requests race in each case. */
const RACERS = 6;

const WISCONSIN = {
  firstName: 'Dana',
  lastName: 'Reyes',
  line1: '1200 Lakeshore Drive',
  town: 'Madison',
  region: 'WI',
  postalCode: '53703',
  country: 'US',
  phone: '+16085550123',
};

function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

describe.each(testDatabaseTargets())('placing an order in a race on $kind', (target) => {
  let t: TestDatabase;
  let app: FastifyInstance;
  let dana: SignedIn;
  /** Captures that fail from here on, as if the gateway stopped answering. */
  let failCaptures = 0;
  let gateway: SandboxGateway;

  beforeAll(async () => {
    t = await target.open();
    // The sandbox, whose captures can be made to fail after they took (a lost answer).
    class LosingCaptures extends SandboxGateway {
      override async capture(authorizationId: string, key: string) {
        const captured = await super.capture(authorizationId, key);
        if (failCaptures > 0) {
          failCaptures -= 1;
          throw new PaymentGatewayError('unavailable', 'The gateway did not answer');
        }
        return captured;
      }
    }
    gateway = new LosingCaptures(t.database.db);
    app = await buildTestApp(t.database, { processManagers: false, payments: gateway });
    ({ dana } = await signInDemoBuyers(t.database.db, ['dana']));
  }, 120_000);

  afterAll(async () => {
    await app.close();
    await t.dispose();
  });

  const now = () => new Date().toISOString();

  async function facts(): Promise<CheckoutFacts> {
    const response = await app.inject({
      url: '/api/checkout/facts?locale=en-us',
      headers: { cookie: dana.cookie },
    });
    return response.json<CheckoutFacts>();
  }

  /** A cart of one kit, as the server holds it. */
  async function cart() {
    const cartId = randomUUID();
    const commandId = randomUUID();
    const added = await app.inject({
      method: 'POST',
      url: `/api/carts/${cartId}/commands?locale=en-us`,
      headers: { cookie: dana.cookie },
      payload: {
        clientId: `device-${cartId}`,
        expectedVersion: 0,
        commands: [
          {
            seq: 1,
            commandId,
            command: {
              type: 'AddItem',
              data: { code: 'KCI-KIT', quantity: 1 },
              metadata: { commandId, now: now() },
            },
          },
        ],
      },
    });
    expect(added.statusCode, added.body).toBe(200);
    const found = await app.eventStore.stateOf(cartStreamKind, streamIdOf(cartStreamKind, cartId));
    const held = found ? checkoutCartOf(found.state as CartState, found.row.version) : null;
    if (!held) throw new Error('no cart');
    return held;
  }

  /** A new sandbox card's token. */
  async function newCard(): Promise<{ token: string; last4: string }> {
    const tokenized = await app.inject({
      method: 'POST',
      url: '/payment-sandbox/tokens',
      payload: { number: '4242424242424242', expMonth: '08', expYear: '2033', securityCode: '123' },
    });
    expect(tokenized.statusCode).toBe(200);
    return tokenized.json<{ token: string; last4: string }>();
  }

  /** Dana pays with this new sandbox card. */
  function payWith(card: { token: string; last4: string }) {
    return {
      type: 'ChoosePayment',
      data: {
        method: 'card',
        source: 'new',
        token: card.token,
        card: { brand: 'visa', last4: card.last4, expMonth: 8, expYear: 2033 },
        firstName: 'Dana',
        lastName: 'Reyes',
        saveCard: false,
      },
    } as const satisfies DistributiveOmit<CheckoutCommand, 'metadata'>;
  }

  /** A checkout of the cart on Dana's personal account, paid with a new sandbox card. */
  async function checkout(held: Awaited<ReturnType<typeof cart>>) {
    const card = await newCard();
    const account = (await facts()).accounts.find((a) => a.number === DEMO_ACCOUNTS.danaPersonal);
    const user = account?.qualifiedUsers.find((u) => u.level);
    if (!account || !user) throw new Error('Dana has no personal account');
    const commands: DistributiveOmit<CheckoutCommand, 'metadata'>[] = [
      { type: 'StartCheckout', data: { cart: held } },
      { type: 'ChooseCustomerAccount', data: { accountId: account.id } },
      { type: 'ChooseQualifiedUser', data: { userId: user.userId } },
      { type: 'ChooseShippingAddress', data: { address: WISCONSIN, saveToAddressBook: false } },
      { type: 'ChooseShippingMethod', data: { method: 'regular' } },
      { type: 'ChooseBillingAddress', data: { sameAsShipping: true } },
      payWith(card),
    ];
    const checkoutId = randomUUID();
    const response = await app.inject({
      method: 'POST',
      url: `/api/checkouts/${checkoutId}/commands?locale=en-us`,
      headers: { cookie: dana.cookie },
      payload: {
        clientId: `device-${checkoutId}`,
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
    const pushed = response.json<{ version: number; results: { status: string }[] }>();
    expect(
      pushed.results.every((r) => r.status === 'confirmed'),
      response.body,
    ).toBe(true);
    return { checkoutId, version: pushed.version };
  }

  function place(checkoutId: string, version: number, key = randomUUID()) {
    return app.inject({
      method: 'POST',
      url: `/api/checkouts/${checkoutId}/place-order?locale=en-us`,
      headers: { cookie: dana.cookie, 'idempotency-key': key },
      payload: { termsAccepted: true, checkoutVersion: version },
    });
  }

  /**
   * The answers: no 5xx, one request placed the order, and every order answered is one and
   * the same. A request with the key of one that has finished gets its answer again (201
   * too, marked as replayed): that is not a second placing.
   */
  function oneOrder(
    responses: readonly {
      statusCode: number;
      body: string;
      headers: Record<string, unknown>;
    }[],
  ): Order {
    for (const r of responses) expect(r.statusCode, r.body).toBeLessThan(500);
    const placed = responses.filter(
      (r) => r.statusCode === 201 && r.headers['idempotent-replayed'] !== 'true',
    );
    // The answers as a list (R: replayed), to read should this fail.
    const answers = responses
      .map(
        (r) => `${String(r.statusCode)}${r.headers['idempotent-replayed'] === 'true' ? 'R' : ''}`,
      )
      .join(' ');
    expect(placed, answers).toHaveLength(1);
    const orders = responses
      .filter((r) => r.statusCode === 200 || r.statusCode === 201)
      .map((r) => (JSON.parse(r.body) as { order: Order }).order);
    expect(new Set(orders.map((o) => o.orderId)).size).toBe(1);
    // Anyone not answered with the order was told to ask again (the same key still running).
    for (const r of responses.filter((x) => x.statusCode === 409)) {
      expect(r.body).toContain('idempotency_in_progress');
    }
    return orders[0]!;
  }

  /** The sandbox's charges against the orders: each order captured once, nothing else taken. */
  async function reconcile(): Promise<void> {
    const orders = rowsOf<{ doc: Order }>(
      await t.database.db.execute(sql`
        select doc from read_models where model = 'orders' and owner_id = ${dana.userId}`),
    ).map((r) => r.doc);
    const charges = rowsOf<{ id: string; status: string; reference: string; amount_minor: string }>(
      await t.database.db.execute(
        sql`select id, status, reference, amount_minor from payment_sandbox_charges`,
      ),
    );
    for (const order of orders) {
      if (order.payment.method !== 'card') continue;
      const mine = charges.filter((c) => c.reference === order.orderId && c.status === 'approved');
      expect(
        mine.map((c) => c.id),
        order.orderId,
      ).toEqual([order.payment.chargeId]);
      expect(Number(mine[0]?.amount_minor)).toBe(order.totals.totalMinor);
    }
    const ordered = new Set(
      orders.map((o) => (o.payment.method === 'card' ? o.payment.chargeId : '')),
    );
    // Nothing captured that no order holds, no hold left behind, nothing refunded.
    expect(charges.filter((c) => c.status === 'approved' && !ordered.has(c.id))).toEqual([]);
    expect(charges.filter((c) => c.status === 'authorized' || c.status === 'refunded')).toEqual([]);
  }

  it('makes one order, charged once, of parallel requests with distinct keys', async () => {
    const { checkoutId, version } = await checkout(await cart());
    const responses = await Promise.all(
      Array.from({ length: RACERS }, () => place(checkoutId, version)),
    );
    const order = oneOrder(responses);
    expect(order.payment).toMatchObject({ method: 'card' });
    // Asked again later, with yet another key: the same order, nothing taken.
    const again = await place(checkoutId, version);
    expect(again.statusCode).toBe(200);
    expect(again.json<{ order: Order }>().order.orderId).toBe(order.orderId);
    await reconcile();
  });

  it('makes one order, charged once, of parallel requests with one key', async () => {
    const { checkoutId, version } = await checkout(await cart());
    const key = randomUUID();
    const responses = await Promise.all(
      Array.from({ length: RACERS }, () => place(checkoutId, version, key)),
    );
    oneOrder(responses);
    await reconcile();
  });

  it('makes one order of a cart version, whichever of its checkouts is placed, at once or later', async () => {
    const held = await cart();
    const first = await checkout(held);
    const second = await checkout(held);
    const responses = await Promise.all([
      ...Array.from({ length: RACERS / 2 }, () => place(first.checkoutId, first.version)),
      ...Array.from({ length: RACERS / 2 }, () => place(second.checkoutId, second.version)),
    ]);
    const order = oneOrder(responses);
    // A third checkout of the same cart version, placed afterwards: the same order.
    const third = await checkout(held);
    const later = await place(third.checkoutId, third.version);
    expect(later.statusCode).toBe(200);
    expect(later.json<{ order: Order }>().order.orderId).toBe(order.orderId);
    await reconcile();
  });

  it('goes on from a payment whose answer was lost when the same request is sent again', async () => {
    const { checkoutId, version } = await checkout(await cart());
    failCaptures = 1;
    const key = randomUUID();
    const lost = await place(checkoutId, version, key);
    expect(lost.statusCode).toBe(500);
    // The browser sends it again with the same key: one order, its charge captured once.
    const again = await place(checkoutId, version, key);
    expect(again.statusCode, again.body).toBe(201);
    await reconcile();
    const refunded = rowsOf<{ n: number }>(
      await t.database.db.execute(
        sql`select count(*)::int as n from payment_sandbox_charges where status = 'refunded'`,
      ),
    );
    expect(refunded).toEqual([{ n: 0 }]);
  });

  /** The sandbox's charges of the orders' attempts, by status. */
  async function chargesByStatus(): Promise<Record<string, number>> {
    const rows = rowsOf<{ status: string; n: number }>(
      await t.database.db.execute(
        sql`select status, count(*)::int as n from payment_sandbox_charges group by status`,
      ),
    );
    return Object.fromEntries(rows.map((r) => [r.status, r.n]));
  }

  /** The card entered again on the checkout (its token spent): the checkout's new version. */
  async function repay(checkoutId: string, version: number): Promise<number> {
    const card = await newCard();
    const commandId = randomUUID();
    const response = await app.inject({
      method: 'POST',
      url: `/api/checkouts/${checkoutId}/commands?locale=en-us`,
      headers: { cookie: dana.cookie },
      payload: {
        clientId: `device-${checkoutId}`,
        expectedVersion: version,
        commands: [
          {
            seq: 100,
            commandId,
            command: { ...payWith(card), metadata: { commandId, now: now() } },
          },
        ],
      },
    });
    const pushed = response.json<{ version: number; results: { status: string }[] }>();
    expect(
      pushed.results.map((r) => r.status),
      response.body,
    ).toEqual(['confirmed']);
    return pushed.version;
  }

  /** The claim's attempt died long ago: its lease lapsed. */
  async function lapse(): Promise<void> {
    await t.database.db.execute(sql`
      update order_claims
         set updated_at = now() - make_interval(secs => ${CLAIM_LEASE_MS / 1000 + 60})
       where status = 'running'`);
  }

  it('gives back what a dead attempt took once its lease lapsed, when nobody sends it again', async () => {
    const { checkoutId, version } = await checkout(await cart());
    const before = await chargesByStatus();
    failCaptures = 1;
    expect((await place(checkoutId, version)).statusCode).toBe(500);
    const useCase = new PlaceOrder({
      db: t.database.db,
      store: app.eventStore,
      commands: app.commands,
      flags: undefined as never, // the sweep asks no flag
      payments: gateway,
      challenge: undefined as never, // nor a challenge
    });
    // Still within its lease: nothing is touched.
    expect(await useCase.sweepAbandoned()).toBe(0);
    await lapse();
    expect(await useCase.sweepAbandoned()).toBe(1);
    const after = await chargesByStatus();
    expect((after.refunded ?? 0) - (before.refunded ?? 0)).toBe(1);
    expect(after.approved ?? 0).toBe(before.approved ?? 0);
    const claims = rowsOf<{ n: number }>(
      await t.database.db.execute(
        sql`select count(*)::int as n from order_claims where status = 'running'`,
      ),
    );
    expect(claims).toEqual([{ n: 0 }]);
    // The buyer places it later: the card's token was spent, so the card is asked for again.
    const later = await place(checkoutId, version);
    expect(later.statusCode, later.body).toBe(422);
    expect(later.body).toContain('checkout.payment-declined');
    expect((await chargesByStatus()).approved ?? 0).toBe(before.approved ?? 0);
  });

  it('takes over a dead attempt’s claim and gives its charge back once its own order stands', async () => {
    const { checkoutId, version } = await checkout(await cart());
    const before = await chargesByStatus();
    failCaptures = 1;
    expect((await place(checkoutId, version)).statusCode).toBe(500);
    await lapse();
    // Another tab, another key, the card entered again: it takes the claim over and places
    // the order.
    const repaid = await repay(checkoutId, version);
    const other = await place(checkoutId, repaid);
    expect(other.statusCode, other.body).toBe(201);
    const order = other.json<{ order: Order }>().order;
    const after = await chargesByStatus();
    expect((after.approved ?? 0) - (before.approved ?? 0)).toBe(1);
    expect((after.refunded ?? 0) - (before.refunded ?? 0)).toBe(1);
    const approved = rowsOf<{ id: string }>(
      await t.database.db.execute(sql`
        select id from payment_sandbox_charges
         where reference = ${order.orderId} and status = 'approved'`),
    );
    expect(approved.map((c) => c.id)).toEqual([
      order.payment.method === 'card' ? order.payment.chargeId : '',
    ]);
  });
});
