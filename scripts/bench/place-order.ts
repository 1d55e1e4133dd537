/**
 * `place_order_p95_ms` (the embedded database) and `place_order_p95_ms_postgres` (when
 * DATABASE_URL is set): in process, 200 orders placed one after the other by a buyer with a
 * complete checkout (a cart, the account, the qualified user, delivery, billing and a
 * purchase order, synced through their streams first); only the place-order request is
 * timed: the server reads the checkout, the cart and the buyer's facts, decides the order
 * again, and writes it with its read model.
 */
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import type { FastifyInstance } from 'fastify';
import { seedDemoUsers } from '../../server/src/auth/demo-users';
import { findUserWithPassword } from '../../server/src/auth/users';
import { createWebSession, SESSION_COOKIE } from '../../server/src/auth/web-sessions';
import { DEMO_ACCOUNTS } from '../../server/src/customers/demo-customers';
import { openDatabase, type Database } from '../../server/src/db/database';
import { seedIfEmpty } from '../../server/src/db/seed';
import type { CartState } from '../../domain/cart/state';
import { cartStreamKind } from '../../domain/cart/stream';
import { checkoutCartOf } from '../../domain/checkout/cart-snapshot';
import type { CheckoutFacts } from '../../domain/checkout/facts';
import { buildTestApp } from '../../tests/support/app';
import { percentile, round, type Metric } from './metric';

const ORDERS = 200;
const WARM_UP = 10;

const ADDRESS = {
  firstName: 'Sam',
  lastName: 'Okafor',
  line1: '22 Riverside Walk',
  town: 'Leeds',
  region: 'LDS',
  postalCode: 'LS1 4AP',
  country: 'GB',
};
const PO = {
  method: 'purchase-order',
  poNumber: 'PO-BENCH',
  invoiceContact: {
    firstName: 'Sam',
    lastName: 'Okafor',
    email: 'accounts@riverside.example',
    phone: { countryIso: 'GB', phoneCode: '44', e164: '+441134960123' },
  },
};

async function push(
  app: FastifyInstance,
  cookie: string,
  url: string,
  commands: readonly { type: string; data: unknown }[],
): Promise<number> {
  const response = await app.inject({
    method: 'POST',
    url,
    headers: { cookie },
    payload: {
      clientId: 'bench-device',
      expectedVersion: 0,
      commands: commands.map((command, i) => {
        const commandId = randomUUID();
        return {
          seq: i + 1,
          commandId,
          command: { ...command, metadata: { commandId, now: new Date().toISOString() } },
        };
      }),
    },
  });
  if (response.statusCode !== 200) throw new Error(`${url} answered ${response.statusCode}`);
  return response.json<{ version: number }>().version;
}

async function measure(database: Database): Promise<number> {
  const app = await buildTestApp(database, { processManagers: false });
  try {
    await seedIfEmpty(database.db);
    await seedDemoUsers(database.db);
    const sam = await findUserWithPassword(database.db, 'sam.okafor@demo.example');
    if (!sam) throw new Error('The demo buyer was not seeded');
    const session = await createWebSession(database.db, sam.id, null, new Date());
    const cookie = `${SESSION_COOKIE}=${session.id}`;
    const facts = (
      await app.inject({ url: '/api/checkout/facts?locale=en-gb', headers: { cookie } })
    ).json<CheckoutFacts>();
    const riverside = facts.accounts.find((a) => a.number === DEMO_ACCOUNTS.riverside);
    if (!riverside) throw new Error('Riverside is not the demo buyer’s');
    const times: number[] = [];
    for (let i = 0; i < WARM_UP + ORDERS; i += 1) {
      const cartId = randomUUID();
      const cartVersion = await push(app, cookie, `/api/carts/${cartId}/commands?locale=en-gb`, [
        { type: 'AddItem', data: { code: 'MCS5-KIT', quantity: 1 + (i % 3) } },
      ]);
      const cart = await app.eventStore.stateOf(cartStreamKind, `cart:${cartId}`);
      const snapshot = cart ? checkoutCartOf(cart.state as CartState, cartVersion) : null;
      if (!snapshot) throw new Error('No cart');
      const checkoutId = randomUUID();
      const version = await push(
        app,
        cookie,
        `/api/checkouts/${checkoutId}/commands?locale=en-gb`,
        [
          {
            type: 'StartCheckout',
            data: {
              cart: {
                cartId,
                version: snapshot.version,
                fingerprint: snapshot.fingerprint,
              },
            },
          },
          { type: 'ChooseCustomerAccount', data: { accountId: riverside.id } },
          { type: 'ChooseQualifiedUser', data: { userId: sam.id } },
          { type: 'ChooseShippingAddress', data: { address: ADDRESS, saveToAddressBook: false } },
          { type: 'ChooseShippingMethod', data: { method: 'regular' } },
          { type: 'ChooseBillingAddress', data: { sameAsShipping: true } },
          { type: 'ChoosePayment', data: PO },
        ],
      );
      const start = performance.now();
      const response = await app.inject({
        method: 'POST',
        url: `/api/checkouts/${checkoutId}/place-order?locale=en-gb`,
        headers: { cookie, 'idempotency-key': randomUUID() },
        payload: { termsAccepted: true, checkoutVersion: version },
      });
      const elapsed = performance.now() - start;
      if (response.statusCode !== 201) {
        throw new Error(`place order answered ${response.statusCode}: ${response.body}`);
      }
      if (i >= WARM_UP) times.push(elapsed);
    }
    times.sort((a, b) => a - b);
    return percentile(times, 95);
  } finally {
    await app.close();
  }
}

export async function benchPlaceOrder(dir: string): Promise<Metric[]> {
  const metrics: Metric[] = [];
  const pglite = await openDatabase({ kind: 'pglite', dataDir: path.join(dir, 'orders-pglite') });
  try {
    metrics.push({ name: 'place_order_p95_ms', value: round(await measure(pglite)), unit: 'ms' });
  } finally {
    await pglite.close();
  }
  const url = process.env.DATABASE_URL?.trim();
  if (url) {
    const schema = `bench_orders_${process.pid}`;
    const postgres = await openDatabase({ kind: 'postgres', url, schema });
    try {
      metrics.push({
        name: 'place_order_p95_ms_postgres',
        value: round(await measure(postgres)),
        unit: 'ms',
      });
    } finally {
      await postgres.transaction((s) => s.exec(`drop schema if exists "${schema}" cascade`));
      await postgres.close();
    }
  }
  return metrics;
}
