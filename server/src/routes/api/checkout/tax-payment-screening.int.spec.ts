/**
 * Placing orders with tax, cards and sanctions screening, on PGlite and PostgreSQL
 * (decisions 025, 026, 028): an order for a tax-exempt organization carries no tax and one
 * for a personal account does; a card from the sandbox's fields is charged once and kept as
 * 'ending in'; a refused card places nothing and charges nothing, in the spec's words; with
 * `ofac` on, a screened name is declined and a possible match is held for about 48 hours.
 */
import { randomUUID } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cartStreamKind } from '../../../../../domain/cart/stream';
import type { CartState } from '../../../../../domain/cart/state';
import { checkoutCartOf } from '../../../../../domain/checkout/cart-snapshot';
import type { CheckoutCommand } from '../../../../../domain/checkout/commands';
import type { CheckoutFacts } from '../../../../../domain/checkout/facts';
import type { CheckoutState } from '../../../../../domain/checkout/state';
import { checkoutStreamKind } from '../../../../../domain/checkout/stream';
import type { Order } from '../../../../../domain/order/order';
import type { DistributiveOmit } from '../../../../../domain/shared/types';
import { streamIdOf } from '../../../../../domain/sync/stream-kind';
import { buildTestApp, REPO_FLAGS_FILE } from '../../../../../tests/support/app';
import { testDatabaseTargets, type TestDatabase } from '../../../../../tests/support/databases';
import { seedDemoUsers } from '../../../auth/demo-users';
import { findUserWithPassword } from '../../../auth/users';
import { createWebSession, SESSION_COOKIE } from '../../../auth/web-sessions';
import { DEMO_ACCOUNTS } from '../../../customers/demo-customers';
import { seedIfEmpty } from '../../../db/seed';
import { startFlagService, type FlagService } from '../../../flags/flag-service';

type Who = 'dana' | 'sam';
const EMAILS: Record<Who, string> = {
  dana: 'dana.reyes@demo.example',
  sam: 'sam.okafor@demo.example',
};

const WISCONSIN = {
  firstName: 'Dana',
  lastName: 'Reyes',
  line1: '48 Willow Street',
  town: 'Middleton',
  region: 'WI',
  postalCode: '53562',
  country: 'US',
};

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

const PO = {
  method: 'purchase-order' as const,
  poNumber: 'PO-2026-204',
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

/** The repository's flags with these switched on. */
async function flagsWith(dir: string, on: readonly string[]): Promise<FlagService> {
  const file = path.join(dir, 'flags.json');
  const data = JSON.parse(await readFile(REPO_FLAGS_FILE, 'utf8')) as {
    flags: Record<string, { on: boolean }>;
  };
  for (const key of on) {
    const flag = data.flags[key];
    if (!flag) throw new Error(`no flag ${key}`);
    flag.on = true;
  }
  await writeFile(file, JSON.stringify(data));
  return startFlagService({ sdkKey: undefined, flagsFile: file });
}

describe.each(testDatabaseTargets())('tax, cards and screening on $kind', (target) => {
  let t: TestDatabase;
  let app: FastifyInstance;
  let dir: string;
  const cookie = {} as Record<Who, string>;
  const userId = {} as Record<Who, string>;

  beforeAll(async () => {
    t = await target.open();
    dir = await mkdtemp(path.join(os.tmpdir(), 'store-flags-'));
    const flags = await flagsWith(dir, ['ofac']);
    app = await buildTestApp(t.database, { flags });
    app.addHook('onClose', (_instance, done) => {
      flags.close();
      done();
    });
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
    await rm(dir, { recursive: true, force: true });
  });

  const now = () => new Date().toISOString();

  async function cartWith(who: Who, locale: string, code: string) {
    const cartId = randomUUID();
    const commandId = randomUUID();
    const response = await app.inject({
      method: 'POST',
      url: `/api/carts/${cartId}/commands?locale=${locale}`,
      headers: { cookie: cookie[who] },
      payload: {
        clientId: `device-${who}`,
        expectedVersion: 0,
        commands: [
          {
            seq: 1,
            commandId,
            command: {
              type: 'AddItem',
              data: { code, quantity: 1 },
              metadata: { commandId, now: now() },
            },
          },
        ],
      },
    });
    expect(response.statusCode).toBe(200);
    const found = await app.eventStore.stateOf(cartStreamKind, streamIdOf(cartStreamKind, cartId));
    const cart = found ? checkoutCartOf(found.state as CartState, found.row.version) : null;
    if (!cart) throw new Error('no cart');
    return cart;
  }

  async function facts(who: Who, locale: string): Promise<CheckoutFacts> {
    const response = await app.inject({
      url: `/api/checkout/facts?locale=${locale}`,
      headers: { cookie: cookie[who] },
    });
    return response.json<CheckoutFacts>();
  }

  async function checkout(
    who: Who,
    locale: string,
    code: string,
    choices: (facts: CheckoutFacts) => DistributiveOmit<CheckoutCommand, 'metadata'>[],
  ) {
    const cart = await cartWith(who, locale, code);
    const checkoutId = randomUUID();
    const commands = [
      { type: 'StartCheckout' as const, data: { cart } },
      ...choices(await facts(who, locale)),
    ];
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

  function place(who: Who, locale: string, checkoutId: string, version: number) {
    return app.inject({
      method: 'POST',
      url: `/api/checkouts/${checkoutId}/place-order?locale=${locale}`,
      headers: { cookie: cookie[who], 'idempotency-key': randomUUID() },
      payload: { termsAccepted: true, checkoutVersion: version },
    });
  }

  /** Dana's checkout in en-us under this account, shipped to Wisconsin, paid this way. */
  function danasCheckout(
    accountNumber: string,
    payment: Extract<CheckoutCommand, { type: 'ChoosePayment' }>['data'],
  ) {
    return checkout('dana', 'en-us', 'KCI-KIT', (f) => {
      const account = f.accounts.find((a) => a.number === accountNumber);
      if (!account) throw new Error(`Dana has no account ${accountNumber}`);
      const user = account.qualifiedUsers.find((u) => u.level);
      if (!user) throw new Error('no qualified user');
      return [
        { type: 'ChooseCustomerAccount', data: { accountId: account.id } },
        { type: 'ChooseQualifiedUser', data: { userId: user.userId } },
        { type: 'ChooseShippingAddress', data: { address: WISCONSIN, saveToAddressBook: false } },
        { type: 'ChooseShippingMethod', data: { method: 'regular' } },
        { type: 'ChooseBillingAddress', data: { sameAsShipping: true } },
        { type: 'ChoosePayment', data: payment },
      ];
    });
  }

  /** A card typed into the sandbox's fields: its one-time token and summary. */
  async function sandboxCard(number: string) {
    const response = await app.inject({
      method: 'POST',
      url: '/payment-sandbox/tokens',
      payload: { number, expMonth: '12', expYear: '2030', securityCode: '737' },
    });
    expect(response.statusCode).toBe(200);
    return response.json<{
      token: string;
      brand: string;
      last4: string;
      expMonth: number;
      expYear: number;
    }>();
  }

  async function newCard(number: string) {
    const card = await sandboxCard(number);
    return {
      method: 'card' as const,
      source: 'new' as const,
      token: card.token,
      card: {
        brand: 'visa' as const,
        last4: card.last4,
        expMonth: card.expMonth,
        expYear: card.expYear,
      },
      firstName: 'Dana',
      lastName: 'Reyes',
      saveCard: true,
    };
  }

  async function charges(): Promise<number> {
    const [row] = rowsOf<{ n: string | number }>(
      await t.database.db.execute(
        sql`select count(*) as n from payment_sandbox_charges where status = 'approved'`,
      ),
    );
    return Number(row?.n ?? 0);
  }

  it('charges no tax to a tax-exempt organization (Lakeshore), and Wisconsin’s to Dana', async () => {
    const exempt = await danasCheckout(DEMO_ACCOUNTS.lakeshore, await newCard('4242424242424242'));
    const lakeshore = (await place('dana', 'en-us', exempt.checkoutId, exempt.version)).json<{
      order: Order;
    }>().order;
    expect(lakeshore.tax).toEqual({ basis: 'exempt', lines: [] });
    expect(lakeshore.totals.taxMinor).toBe(0);

    const taxed = await danasCheckout(
      DEMO_ACCOUNTS.danaPersonal,
      await newCard('4242424242424242'),
    );
    const personal = (await place('dana', 'en-us', taxed.checkoutId, taxed.version)).json<{
      order: Order;
    }>().order;
    expect(personal.tax.basis).toBe('taxed');
    expect(personal.tax.lines.map((l) => [l.id, l.rate])).toEqual([['sales-tax', '5%']]);
    expect(personal.totals.taxMinor).toBeGreaterThan(0);
    expect(personal.totals.totalMinor).toBe(
      personal.totals.subtotalMinor -
        personal.totals.discountsMinor +
        personal.totals.shippingMinor +
        personal.totals.taxMinor,
    );
  });

  it('charges a new card once, keeps it as "ending in 4242" with no token, and saves it', async () => {
    const before = await charges();
    const card = await newCard('4242424242424242');
    const { checkoutId, version } = await danasCheckout(DEMO_ACCOUNTS.danaPersonal, card);
    const response = await place('dana', 'en-us', checkoutId, version);
    expect(response.statusCode).toBe(201);
    const { order } = response.json<{ order: Order }>();
    expect(order.payment).toMatchObject({
      method: 'card',
      card: { last4: '4242' },
      holderName: 'Dana Reyes',
    });
    expect(order.payment.method === 'card' && order.payment.chargeId).toBeTruthy();
    expect(response.body).not.toContain(card.token);
    expect(await charges()).toBe(before + 1);
    const saved = (await facts('dana', 'en-us')).savedCards;
    expect(saved.some((c) => c.last4 === '4242' && c.expYear === 2030)).toBe(true);
  });

  it.each([
    ['declined', '4000000000000002', '0002'],
    ['insufficient funds', '4000000000009995', '9995'],
    ['expired', '4000000000000069', '0069'],
  ])(
    'places nothing and charges nothing for a %s card, in the spec’s words',
    async (_, number, last4) => {
      const before = await charges();
      const { checkoutId, version } = await danasCheckout(
        DEMO_ACCOUNTS.danaPersonal,
        await newCard(number),
      );
      const response = await place('dana', 'en-us', checkoutId, version);
      expect(response.statusCode).toBe(422);
      const body = response.json<{
        error: { code: string; message: string; fields: { code: string }[] };
      }>();
      expect(body.error.code).toBe('checkout.payment-declined');
      expect(body.error.message).toBe(
        'Please check your payment details are correct or provide a different payment method.',
      );
      expect(await charges()).toBe(before);
      const [orders] = rowsOf<{ n: string | number }>(
        await t.database.db.execute(
          sql`select count(*) as n from read_models where model = 'orders' and doc ->> 'checkoutId' = ${checkoutId}`,
        ),
      );
      expect(Number(orders?.n)).toBe(0);
      // The checkout records the refusal: the payment is to be chosen again, the rest stays.
      const found = await app.eventStore.stateOf(
        checkoutStreamKind,
        streamIdOf(checkoutStreamKind, checkoutId),
      );
      const state = found?.state as CheckoutState;
      expect(state.payment).toBeNull();
      expect(state.paymentDeclined).toMatchObject({ source: 'new', last4 });
      expect(state.shippingAddress?.line1).toBe('48 Willow Street');
    },
  );

  it('answers the saved-card message when a saved card is refused', async () => {
    const saved = (await facts('dana', 'en-us')).savedCards[0];
    if (!saved) throw new Error('Dana has no saved card');
    // The gateway no longer knows the card (removed there): it is refused.
    await t.database.db.execute(
      sql`update payment_methods set gateway_token = 'sandbox_pm_gone' where id = ${saved.id}`,
    );
    const { checkoutId, version } = await danasCheckout(DEMO_ACCOUNTS.danaPersonal, {
      method: 'card',
      source: 'saved',
      paymentMethodId: saved.id,
      card: {
        brand: saved.brand,
        last4: saved.last4,
        expMonth: saved.expMonth,
        expYear: saved.expYear,
      },
      holderName: saved.holderName,
    });
    const response = await place('dana', 'en-us', checkoutId, version);
    expect(response.statusCode).toBe(422);
    expect(response.json<{ error: { message: string } }>().error.message).toBe(
      'Please check your saved card payment details are correct or provide a different payment method.',
    );
  });

  /** Sam's en-gb order paid by PO, delivered to this name. */
  async function samDeliversTo(firstName: string, lastName: string) {
    const { checkoutId, version, cart } = await checkout('sam', 'en-gb', 'MCS5-KIT', (f) => {
      const riverside = f.accounts.find((a) => a.number === DEMO_ACCOUNTS.riverside);
      if (!riverside) throw new Error('no Riverside');
      return [
        { type: 'ChooseCustomerAccount', data: { accountId: riverside.id } },
        { type: 'ChooseQualifiedUser', data: { userId: userId.sam } },
        {
          type: 'ChooseShippingAddress',
          data: { address: { ...LEEDS, firstName, lastName }, saveToAddressBook: false },
        },
        { type: 'ChooseShippingMethod', data: { method: 'regular' } },
        { type: 'ChooseBillingAddress', data: { sameAsShipping: true } },
        { type: 'ChoosePayment', data: PO },
      ];
    });
    const response = await place('sam', 'en-gb', checkoutId, version);
    return { response, cart };
  }

  it('carries UK VAT on an en-gb order', async () => {
    const { response } = await samDeliversTo('Sam', 'Okafor');
    const { order } = response.json<{ order: Order }>();
    expect(order.status).toBe('created');
    expect(order.tax.lines.map((l) => [l.id, l.rate])).toEqual([['vat', '20%']]);
  });

  it('declines the order of a screened name with ofac on; the cart keeps its lines', async () => {
    const { response, cart } = await samDeliversTo('Viktor', 'Ralenko');
    expect(response.statusCode).toBe(201);
    const { order } = response.json<{ order: Order }>();
    expect(order.status).toBe('declined');
    expect(order.accessCodes).toEqual([]);
    // No confirmation mail for a declined order.
    const [mail] = rowsOf<{ n: string | number }>(
      await t.database.db.execute(
        sql`select count(*) as n from mail_outbox where id = ${`order-confirmation:${order.orderId}`}`,
      ),
    );
    expect(Number(mail?.n)).toBe(0);
    const found = await app.eventStore.stateOf(
      cartStreamKind,
      streamIdOf(cartStreamKind, cart.cartId),
    );
    expect((found?.state as CartState).lines.map((l) => l.code)).toEqual(['MCS5-KIT']);
  });

  it('holds the order of a possible match for about 48 hours', async () => {
    const { response } = await samDeliversTo('Victor', 'Ralenko');
    const { order } = response.json<{ order: Order }>();
    expect(order.status).toBe('onHold');
    const hours = (Date.parse(order.hold?.until ?? '') - Date.parse(order.placedAt)) / 3_600_000;
    expect(hours).toBe(48);
  });
});
