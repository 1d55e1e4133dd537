/**
 * PCI on PGlite and PostgreSQL (decision 026): Dana's cards typed into the sandbox's fields
 * (through its token endpoint, as the fields send them, a wrong one and a malformed request
 * too), an order placed with a new card that she saves, another refused; then the card
 * numbers and the security code are in no row of any table, in no answer and in no log
 * line, with the store logging everything it can. The browser's side (its storage and what
 * it sends) is tests/e2e/card-payment.e2e.spec.ts's.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cartStreamKind } from '../../../../../domain/cart/stream';
import type { CartState } from '../../../../../domain/cart/state';
import { checkoutCartOf } from '../../../../../domain/checkout/cart-snapshot';
import type { CheckoutCommand } from '../../../../../domain/checkout/commands';
import type { CheckoutFacts } from '../../../../../domain/checkout/facts';
import type { Order } from '../../../../../domain/order/order';
import type { DistributiveOmit } from '../../../../../domain/shared/types';
import { streamIdOf } from '../../../../../domain/sync/stream-kind';
import { buildTestApp } from '../../../../../tests/support/app';
import { testDatabaseTargets, type TestDatabase } from '../../../../../tests/support/databases';
import { seedDemoUsers } from '../../../auth/demo-users';
import { findUserWithPassword } from '../../../auth/users';
import { createWebSession, SESSION_COOKIE } from '../../../auth/web-sessions';
import { DEMO_ACCOUNTS } from '../../../customers/demo-customers';
import { seedIfEmpty } from '../../../db/seed';

const APPROVED = '4242 4242 4242 4242';
const DECLINED = '4000 0000 0000 0002';
/** Luhn fails: the sandbox refuses it before anything is kept. */
const MISTYPED = '4242 4242 4242 4241';
const NUMBERS = [APPROVED, DECLINED, MISTYPED];

/*
 * The security code is '737', not '123': a Visa takes any three digits, and '123' turns up
 * innocently everywhere. Even '737' does as a bare substring (the milliseconds of a
 * timestamp, a response time, a hash), so it is looked for as a value: a JSON string "737",
 * after ':' or '=' with no digit or decimal point after it, or under a key named like a
 * security code. Each pattern is first shown to find what it looks for.
 */
const CODE = '737';
const CODE_AS_VALUE = [
  new RegExp(`"${CODE}"`),
  new RegExp(`[:=]\\s*"?${CODE}(?![\\d.])`),
  /"(securityCode|security_code|cvc|cvv|csc|cvn)"\s*:\s*"?\d/i,
];

/** What of a card `text` holds: a number (with spaces, without, with hyphens) or the code. */
function cardIn(text: string): string[] {
  const forms = NUMBERS.flatMap((n) => [n, n.replaceAll(' ', ''), n.replaceAll(' ', '-')]);
  return [
    ...forms.filter((form) => text.includes(form)),
    ...CODE_AS_VALUE.filter((pattern) => pattern.test(text)).map(String),
  ];
}

const WISCONSIN = {
  firstName: 'Dana',
  lastName: 'Reyes',
  line1: '48 Willow Street',
  town: 'Middleton',
  region: 'WI',
  postalCode: '53562',
  country: 'US',
};

describe('the search for a card', () => {
  it('finds the numbers and the code as a value, and not the code inside other numbers', () => {
    expect(cardIn(`{"n":"${APPROVED}"}`)).not.toEqual([]);
    expect(cardIn('x4000000000000002x')).not.toEqual([]);
    expect(cardIn('4242-4242-4242-4241')).not.toEqual([]);
    expect(cardIn(`{"cvc":"${CODE}"}`)).not.toEqual([]);
    expect(cardIn(`{"code":${CODE}}`)).not.toEqual([]);
    expect(cardIn(`securityCode=${CODE}&`)).not.toEqual([]);
    expect(cardIn('{"securityCode":"1"}')).not.toEqual([]);
    expect(
      cardIn(`{"time":"2026-11-23T10:00:00.${CODE}Z","responseTime":12.${CODE},"n":1${CODE}0}`),
    ).toEqual([]);
  });
});

describe.each(testDatabaseTargets())('the card is kept and said nowhere on $kind', (target) => {
  let t: TestDatabase;
  let app: FastifyInstance;
  let cookie = '';
  const logLines: string[] = [];

  beforeAll(async () => {
    t = await target.open();
    // Every log line, at the most detailed level.
    app = await buildTestApp(t.database, {
      logger: {
        level: 'trace',
        stream: {
          write: (line: string) => {
            logLines.push(line);
          },
        },
      },
    });
    await seedIfEmpty(t.database.db);
    await seedDemoUsers(t.database.db);
    const user = await findUserWithPassword(t.database.db, 'dana.reyes@demo.example');
    if (!user) throw new Error('Dana was not seeded');
    const session = await createWebSession(t.database.db, user.id, null, new Date());
    cookie = `${SESSION_COOKIE}=${session.id}`;
  }, 120_000);

  afterAll(async () => {
    await app.close();
    await t.dispose();
  });

  const now = () => new Date().toISOString();
  const answers: string[] = [];

  async function inject(options: InjectOptions) {
    const response = await app.inject(options);
    answers.push(response.body);
    return response;
  }

  async function facts(): Promise<CheckoutFacts> {
    const response = await inject({ url: '/api/checkout/facts?locale=en-us', headers: { cookie } });
    return response.json<CheckoutFacts>();
  }

  /** A card as the sandbox's fields send it: its one-time token and summary. */
  async function typedCard(number: string) {
    const response = await inject({
      method: 'POST',
      url: '/payment-sandbox/tokens',
      payload: { number, expMonth: '08', expYear: '2033', securityCode: CODE },
    });
    expect(response.statusCode).toBe(200);
    const card = response.json<{
      token: string;
      last4: string;
      expMonth: number;
      expYear: number;
    }>();
    return {
      method: 'card' as const,
      source: 'new' as const,
      token: card.token,
      card: { brand: 'visa' as const, last4: card.last4, expMonth: 8, expYear: 2033 },
      firstName: 'Dana',
      lastName: 'Reyes',
      saveCard: true,
    };
  }

  /** Dana's checkout of one kit on her personal account, paid this way. */
  async function danasCheckout(
    payment: Extract<CheckoutCommand, { type: 'ChoosePayment' }>['data'],
  ) {
    const cartId = randomUUID();
    const added = randomUUID();
    await inject({
      method: 'POST',
      url: `/api/carts/${cartId}/commands?locale=en-us`,
      headers: { cookie },
      payload: {
        clientId: `device-${cartId}`,
        expectedVersion: 0,
        commands: [
          {
            seq: 1,
            commandId: added,
            command: {
              type: 'AddItem',
              data: { code: 'KCI-KIT', quantity: 1 },
              metadata: { commandId: added, now: now() },
            },
          },
        ],
      },
    });
    const found = await app.eventStore.stateOf(cartStreamKind, streamIdOf(cartStreamKind, cartId));
    const cart = found ? checkoutCartOf(found.state as CartState, found.row.version) : null;
    if (!cart) throw new Error('no cart');
    const account = (await facts()).accounts.find((a) => a.number === DEMO_ACCOUNTS.danaPersonal);
    const user = account?.qualifiedUsers.find((u) => u.level);
    if (!account || !user) throw new Error('Dana has no personal account');
    const commands: DistributiveOmit<CheckoutCommand, 'metadata'>[] = [
      { type: 'StartCheckout', data: { cart } },
      { type: 'ChooseCustomerAccount', data: { accountId: account.id } },
      { type: 'ChooseQualifiedUser', data: { userId: user.userId } },
      { type: 'ChooseShippingAddress', data: { address: WISCONSIN, saveToAddressBook: false } },
      { type: 'ChooseShippingMethod', data: { method: 'regular' } },
      { type: 'ChooseBillingAddress', data: { sameAsShipping: true } },
      { type: 'ChoosePayment', data: payment },
    ];
    const checkoutId = randomUUID();
    const response = await inject({
      method: 'POST',
      url: `/api/checkouts/${checkoutId}/commands?locale=en-us`,
      headers: { cookie },
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
    expect(pushed.results.every((r) => r.status === 'confirmed')).toBe(true);
    return inject({
      method: 'POST',
      url: `/api/checkouts/${checkoutId}/place-order?locale=en-us`,
      headers: { cookie, 'idempotency-key': randomUUID() },
      payload: { termsAccepted: true, checkoutVersion: pushed.version },
    });
  }

  it('has no card number or security code in any table, answer or log line', async () => {
    const placed = await danasCheckout(await typedCard(APPROVED));
    expect(placed.statusCode).toBe(201);
    expect(placed.json<{ order: Order }>().order.payment).toMatchObject({
      method: 'card',
      card: { last4: '4242' },
    });
    const refused = await danasCheckout(await typedCard(DECLINED));
    expect(refused.statusCode).toBe(422);
    expect(refused.json<{ error: { code: string } }>().error.code).toBe(
      'checkout.payment-declined',
    );
    // A mistyped card and a request that is not JSON, both carrying the code.
    const mistyped = await inject({
      method: 'POST',
      url: '/payment-sandbox/tokens',
      payload: { number: MISTYPED, expMonth: '08', expYear: '2033', securityCode: CODE },
    });
    expect(mistyped.statusCode).toBe(400);
    const broken = await inject({
      method: 'POST',
      url: '/payment-sandbox/tokens',
      headers: { 'content-type': 'application/json' },
      payload: `{"number":"${APPROVED}","securityCode":"${CODE}"`,
    });
    expect(broken.statusCode).toBe(400);
    const saved = (await facts()).savedCards;
    expect(saved.some((c) => c.last4 === '4242' && c.expYear === 2033)).toBe(true);

    // Every row of every table, as text.
    const tables = await t.database.transaction(async (session) => {
      const names = await session.rows<{ table_name: string }>(
        `select table_name from information_schema.tables
          where table_schema = current_schema() and table_type = 'BASE TABLE'`,
      );
      const out: { table: string; text: string }[] = [];
      for (const { table_name: table } of names) {
        const quoted = `"${table.replaceAll('"', '""')}"`;
        const rows = await session.rows<{ row: string }>(`select t::text as row from ${quoted} t`);
        out.push({ table, text: rows.map((r) => r.row).join('\n') });
      }
      return out;
    });
    // The dump holds the orders and the saved card (the gateway's token, the last four).
    expect(tables.length).toBeGreaterThan(10);
    const all = tables.map((r) => r.text).join('\n');
    expect(all).toContain('sandbox_pm_');
    // The refusal recorded on the checkout (JSON inside a row's text doubles its quotes).
    expect(all).toContain('""last4"": ""0002""');
    for (const { table, text } of tables) expect(cardIn(text), `table ${table}`).toEqual([]);

    for (const answer of answers) expect(cardIn(answer), answer.slice(0, 200)).toEqual([]);

    // The log saw every request, the tokens' too.
    const log = logLines.join('');
    expect(log).toContain('/payment-sandbox/tokens');
    expect(log).toContain('place-order');
    expect(cardIn(log), 'the log').toEqual([]);
  });
});
