/**
 * The sandbox payment gateway on PGlite and PostgreSQL (decision 026): the four sandbox
 * cards tokenized through the hosted fields' endpoint and charged; no card number or
 * security code in any table, answer or log line; one charge per idempotency key; saved
 * cards; refunds; bad input answered with a 400 that repeats nothing; and the fields' own
 * content security policy beside the store's.
 */
import { getTableConfig } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { TokenizedCard } from '../../../domain/payment/card';
import { testDatabaseTargets, type TestDatabase } from '../../../tests/support/databases';
import { contentSecurityPolicy } from '../plugins/security-headers';
import { createPaymentGateway, paymentConfigFrom } from './create-gateway';
import { PaymentGatewayError, type ChargeInput, type PaymentGateway } from './gateway';
import { SANDBOX_FIELDS_CSP } from './sandbox/routes';
import { SANDBOX_TABLES } from './sandbox/sandbox-tables';
import { buildSandboxTestApp } from './sandbox/sandbox-test-app';

const START = new Date('2026-11-23T12:00:00Z');

const CARDS = {
  approves: '4242 4242 4242 4242',
  declined: '4000 0000 0000 0002',
  insufficientFunds: '4000 0000 0000 9995',
  expired: '4000 0000 0000 0069',
} as const;

/** A security code that no timestamp, id or amount of these tests contains. */
const CODE = '737';

const digitsOf = (number: string) => number.replaceAll(' ', '');

/** Every way a card number of these tests could be written down. */
const PANS = Object.values(CARDS).flatMap((number) => [
  number,
  digitsOf(number),
  digitsOf(number).slice(0, 12),
]);

describe.each(testDatabaseTargets())('the sandbox payment gateway on $kind', (target) => {
  let t: TestDatabase;
  let app: FastifyInstance;
  let gateway: PaymentGateway;
  let now = START;
  const logLines: string[] = [];
  let keys = 0;

  beforeAll(async () => {
    t = await target.open();
    app = await buildSandboxTestApp(t.database, { now: () => now, logLines });
    gateway = createPaymentGateway(paymentConfigFrom({}), t.database.db, { now: () => now });
  });

  afterAll(async () => {
    await app.close();
    await t.dispose();
  });

  beforeEach(() => {
    now = START;
  });

  async function tokenize(
    number: string,
    card: Partial<Record<'expMonth' | 'expYear' | 'securityCode', string>> = {},
  ): Promise<TokenizedCard> {
    const response = await app.inject({
      method: 'POST',
      url: '/payment-sandbox/tokens',
      payload: { number, expMonth: '12', expYear: '2030', securityCode: CODE, ...card },
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<TokenizedCard>();
  }

  /** Authorized and captured, as the store charges for an order (payments/charge.ts). */
  async function charge(
    token: string,
    overrides: Partial<ChargeInput> = {},
  ): Promise<{ status: 'approved'; chargeId: string } | { status: 'declined'; reason: string }> {
    keys += 1;
    const held = await gateway.authorize({
      token,
      amountMinor: 12_500,
      currency: 'USD',
      reference: `order-${keys}`,
      idempotencyKey: `key-${keys}`,
      ...overrides,
    });
    if (held.status === 'declined') return held;
    const { chargeId } = await gateway.capture(held.authorizationId, `capture-${keys}`);
    return { status: 'approved', chargeId };
  }

  async function rows(table: string): Promise<Record<string, unknown>[]> {
    return t.database
      .transaction((s) =>
        s.rows<{ row: Record<string, unknown> }>(`select row_to_json(t) as row from ${table} t`),
      )
      .then((list) => list.map((r) => r.row));
  }

  it('keeps its Drizzle tables in step with the SQL', async () => {
    for (const table of SANDBOX_TABLES) {
      const config = getTableConfig(table);
      const columns = await t.database.transaction((s) =>
        s.rows<{ column_name: string; is_nullable: string }>(
          `select column_name, is_nullable from information_schema.columns
           where table_name = $1 and table_schema = current_schema() order by column_name`,
          [config.name],
        ),
      );
      expect(columns.map((c) => [c.column_name, c.is_nullable === 'NO'])).toEqual(
        config.columns
          .map((c) => [c.name, c.notNull] as [string, boolean])
          .sort(([a], [b]) => a.localeCompare(b)),
      );
    }
  });

  it('charges the four sandbox cards as their numbers say', async () => {
    const approves = await tokenize(CARDS.approves);
    expect(approves).toEqual({
      token: expect.stringMatching(/^sandbox_tok_[A-Za-z]{32}$/) as unknown,
      brand: 'visa',
      last4: '4242',
      expMonth: 12,
      expYear: 2030,
    });
    const approved = await charge(approves.token);
    expect(approved).toEqual({ status: 'approved', chargeId: expect.any(String) as unknown });

    const outcomes = [];
    for (const number of [CARDS.declined, CARDS.insufficientFunds, CARDS.expired]) {
      const card = await tokenize(number);
      outcomes.push(await charge(card.token));
    }
    expect(outcomes).toEqual([
      { status: 'declined', reason: 'declined' },
      { status: 'declined', reason: 'insufficient-funds' },
      { status: 'declined', reason: 'expired-card' },
    ]);

    // Nothing was taken on a decline.
    const taken = (await rows('payment_sandbox_charges')).filter((c) => c.status !== 'declined');
    expect(taken.map((c) => c.id)).toEqual([
      approved.status === 'approved' ? approved.chargeId : '',
    ]);
  });

  it('keeps no card number or security code in any table, answer or log line', async () => {
    const answers: string[] = [];
    for (const number of Object.values(CARDS)) {
      const response = await app.inject({
        method: 'POST',
        url: '/payment-sandbox/tokens',
        payload: { number, expMonth: '7', expYear: '29', securityCode: CODE },
      });
      answers.push(response.body);
      const card = response.json<TokenizedCard>();
      await charge(card.token);
      await gateway.saveCard({ token: card.token, customerRef: 'buyer-1' });
    }

    // Every table of the database, whoever's it is.
    const tables = await t.database.transaction((s) =>
      s.rows<{ name: string }>(
        `select quote_ident(table_name) as name from information_schema.tables
         where table_schema = current_schema() and table_type = 'BASE TABLE'`,
      ),
    );
    const dump: string[] = [];
    for (const { name } of tables) {
      for (const row of await rows(name)) dump.push(JSON.stringify(row));
    }
    const everything = [...dump, ...answers, ...logLines].join('\n');
    expect(logLines.length).toBeGreaterThan(0);
    for (const pan of PANS) expect(everything).not.toContain(pan);

    // The sandbox's own rows, without their timestamps, hold no security code either.
    for (const table of ['payment_sandbox_tokens', 'payment_sandbox_charges']) {
      for (const row of await rows(table)) {
        const { created_at: _c, used_at: _u, refunded_at: _r, ...values } = row;
        expect(JSON.stringify(values)).not.toContain(CODE);
      }
    }
    expect(answers.join('\n')).not.toContain(CODE);
    expect(logLines.join('\n')).not.toContain(`"${CODE}"`);
    expect(logLines.join('\n')).not.toContain('securityCode');
  });

  it('charges once per idempotency key, and a one-time token once', async () => {
    const card = await tokenize(CARDS.approves);
    const input: ChargeInput = {
      token: card.token,
      amountMinor: 4_200,
      currency: 'EUR',
      reference: 'order-once',
      idempotencyKey: 'once-1',
    };
    const [first, again, racing] = await Promise.all([
      gateway.authorize(input),
      gateway.authorize(input),
      gateway.authorize(input),
    ]);
    expect(first.status).toBe('authorized');
    expect(again).toEqual(first);
    expect(racing).toEqual(first);
    expect(await gateway.authorize(input)).toEqual(first);
    const charged = (await rows('payment_sandbox_charges')).filter(
      (c) => c.idempotency_key === 'once-1',
    );
    expect(charged).toHaveLength(1);

    // Another key: the one-time token is used up.
    expect(await gateway.authorize({ ...input, idempotencyKey: 'once-2' })).toEqual({
      status: 'declined',
      reason: 'processing-error',
    });
    // The same key for another payment is the store's mistake.
    await expect(gateway.authorize({ ...input, amountMinor: 4_300 })).rejects.toMatchObject({
      code: 'idempotency_conflict',
    });
  });

  it('takes a one-time token once when two payments race for it', async () => {
    const card = await tokenize(CARDS.approves);
    const results = await Promise.all(
      ['race-a', 'race-b', 'race-c'].map((key) =>
        gateway.authorize({
          token: card.token,
          amountMinor: 100,
          currency: 'USD',
          reference: key,
          idempotencyKey: key,
        }),
      ),
    );
    expect(results.filter((r) => r.status === 'authorized')).toHaveLength(1);
    expect(results.filter((r) => r.status === 'declined')).toEqual([
      { status: 'declined', reason: 'processing-error' },
      { status: 'declined', reason: 'processing-error' },
    ]);
  });

  it('describes a token by brand, last four digits and expiry, until it is used or a day old', async () => {
    const amex = await tokenize('3782 822463 10005', { securityCode: '7373', expYear: '2031' });
    expect(await gateway.describe(amex.token)).toEqual({
      brand: 'amex',
      last4: '0005',
      expMonth: 12,
      expYear: 2031,
    });
    expect(await gateway.describe('sandbox_tok_unknownunknown')).toBeNull();
    expect(await gateway.describe('not a token')).toBeNull();

    await charge(amex.token);
    expect(await gateway.describe(amex.token)).toBeNull();

    const old = await tokenize(CARDS.approves);
    now = new Date(START.getTime() + 25 * 60 * 60 * 1000);
    expect(await gateway.describe(old.token)).toBeNull();
    expect(await charge(old.token)).toEqual({ status: 'declined', reason: 'processing-error' });
  });

  it('saves a card as a reusable token with the same behaviour', async () => {
    const card = await tokenize(CARDS.approves);
    expect((await charge(card.token)).status).toBe('approved');
    // Saved after the charge that paid for the order.
    const saved = await gateway.saveCard({ token: card.token, customerRef: 'buyer-2' });
    expect(saved).toEqual({
      token: expect.stringMatching(/^sandbox_pm_[A-Za-z]{32}$/) as unknown,
      brand: 'visa',
      last4: '4242',
      expMonth: 12,
      expYear: 2030,
    });
    expect(await gateway.saveCard({ token: card.token, customerRef: 'buyer-2' })).toEqual(saved);
    expect(await gateway.saveCard({ token: saved.token, customerRef: 'buyer-2' })).toEqual(saved);
    await expect(
      gateway.saveCard({ token: saved.token, customerRef: 'buyer-3' }),
    ).rejects.toBeInstanceOf(PaymentGatewayError);
    expect(await gateway.describe(saved.token)).toEqual({
      brand: 'visa',
      last4: '4242',
      expMonth: 12,
      expYear: 2030,
    });
    expect((await charge(saved.token)).status).toBe('approved');
    expect((await charge(saved.token)).status).toBe('approved');

    const short = await tokenize(CARDS.insufficientFunds);
    const savedShort = await gateway.saveCard({ token: short.token, customerRef: 'buyer-2' });
    expect(await charge(savedShort.token)).toEqual({
      status: 'declined',
      reason: 'insufficient-funds',
    });

    // A saved card that expired since it was saved.
    const soon = await tokenize(CARDS.approves, { expMonth: '12', expYear: '2026' });
    const savedSoon = await gateway.saveCard({ token: soon.token, customerRef: 'buyer-2' });
    now = new Date('2027-01-02T12:00:00Z');
    expect(await charge(savedSoon.token)).toEqual({ status: 'declined', reason: 'expired-card' });

    await expect(
      gateway.saveCard({ token: 'sandbox_tok_unknownunknown', customerRef: 'buyer-2' }),
    ).rejects.toMatchObject({ code: 'unknown_token' });
  });

  it('approves the demo data’s saved cards, which it never saw', async () => {
    expect((await charge('sandbox_pm_6f1c2a7e-93b4-4f55-9a1e-0c6d8b2f4e11')).status).toBe(
      'approved',
    );
    expect(await charge('sandbox_pm_madeup')).toEqual({
      status: 'declined',
      reason: 'processing-error',
    });
    expect(await charge('no such token at all')).toEqual({
      status: 'declined',
      reason: 'processing-error',
    });
  });

  it('refunds an approved charge once', async () => {
    const card = await tokenize(CARDS.approves);
    const result = await charge(card.token);
    if (result.status !== 'approved') throw new Error('expected an approval');
    await gateway.refund(result.chargeId, 'refund-1');
    await gateway.refund(result.chargeId, 'refund-1');
    await gateway.refund(result.chargeId, 'refund-2');
    const [row] = (await rows('payment_sandbox_charges')).filter((c) => c.id === result.chargeId);
    expect(row).toMatchObject({ status: 'refunded', refund_key: 'refund-1' });

    const declined = await tokenize(CARDS.declined);
    await charge(declined.token);
    const [declinedRow] = (await rows('payment_sandbox_charges')).filter(
      (c) => c.token === declined.token,
    );
    await expect(gateway.refund(String(declinedRow?.id), 'refund-3')).rejects.toMatchObject({
      code: 'not_refundable',
    });
    await expect(gateway.refund('sandbox_ch_nosuchcharge', 'refund-4')).rejects.toMatchObject({
      code: 'unknown_charge',
    });
  });

  it('captures an authorization once, voids one never captured, and refunds only a capture', async () => {
    const card = await tokenize(CARDS.approves);
    const held = await gateway.authorize({
      token: card.token,
      amountMinor: 9_900,
      currency: 'GBP',
      reference: 'order-two-step',
      idempotencyKey: 'two-step-1',
    });
    if (held.status !== 'authorized') throw new Error('expected an authorization');
    // A hold is not taken: it cannot be refunded, only captured or voided.
    await expect(gateway.refund(held.authorizationId, 'r-1')).rejects.toMatchObject({
      code: 'not_refundable',
    });
    const [one, two] = await Promise.all([
      gateway.capture(held.authorizationId, 'c-1'),
      gateway.capture(held.authorizationId, 'c-1'),
    ]);
    expect(one).toEqual(two);
    const [row] = (await rows('payment_sandbox_charges')).filter(
      (c) => c.id === held.authorizationId,
    );
    expect(row).toMatchObject({ status: 'approved', amount_minor: 9_900 });
    await expect(gateway.void(held.authorizationId, 'v-1')).rejects.toMatchObject({
      code: 'not_voidable',
    });

    const other = await tokenize(CARDS.approves);
    const released = await gateway.authorize({
      token: other.token,
      amountMinor: 100,
      currency: 'GBP',
      reference: 'order-released',
      idempotencyKey: 'two-step-2',
    });
    if (released.status !== 'authorized') throw new Error('expected an authorization');
    await gateway.void(released.authorizationId, 'v-2');
    await gateway.void(released.authorizationId, 'v-2');
    const [voided] = (await rows('payment_sandbox_charges')).filter(
      (c) => c.id === released.authorizationId,
    );
    expect(voided).toMatchObject({ status: 'voided' });
    await expect(gateway.capture(released.authorizationId, 'c-2')).rejects.toMatchObject({
      code: 'not_capturable',
    });
  });

  it('refuses a charge the store got wrong', async () => {
    const card = await tokenize(CARDS.approves);
    for (const wrong of [
      { amountMinor: 0 },
      { amountMinor: 10.5 },
      { currency: 'usd' },
      { reference: '' },
      { reference: 'a\u0000b' },
      { idempotencyKey: 'with space' },
    ]) {
      await expect(charge(card.token, wrong), JSON.stringify(wrong)).rejects.toMatchObject({
        code: 'invalid_request',
      });
    }
  });

  describe('bad input to the token endpoint', () => {
    const valid = {
      number: CARDS.approves,
      expMonth: '12',
      expYear: '2030',
      securityCode: CODE,
    };
    const cases: [string, { payload: string; contentType?: string }, string?][] = [
      [
        'letters in the number',
        { payload: JSON.stringify({ ...valid, number: '4242 4242 4242 424x' }) },
        'numberInvalid',
      ],
      [
        'U+0000 in the number',
        { payload: JSON.stringify({ ...valid, number: '4242\u00004242 4242 4242' }) },
        'numberInvalid',
      ],
      [
        'a number too long',
        {
          payload: JSON.stringify({
            ...valid,
            number: `${digitsOf(CARDS.approves)}${'4'.repeat(30)}`,
          }),
        },
      ],
      [
        'a number failing Luhn',
        { payload: JSON.stringify({ ...valid, number: '4242 4242 4242 4241' }) },
        'numberInvalid',
      ],
      [
        'an expiry in the past',
        { payload: JSON.stringify({ ...valid, expMonth: '10', expYear: '2026' }) },
        'expired',
      ],
      [
        'an impossible month',
        { payload: JSON.stringify({ ...valid, expMonth: '13' }) },
        'expiryInvalid',
      ],
      [
        'a short security code',
        { payload: JSON.stringify({ ...valid, securityCode: '73' }) },
        'securityCodeInvalid',
      ],
      ['an empty number', { payload: JSON.stringify({ ...valid, number: '' }) }, 'required'],
      ['a missing field', { payload: JSON.stringify({ number: valid.number }) }],
      ['a field too many', { payload: JSON.stringify({ ...valid, name: 'A' }) }],
      [
        'a number that is a number',
        { payload: JSON.stringify({ ...valid, number: 4242424242424242 }) },
      ],
      ['an array', { payload: JSON.stringify([valid]) }],
      ['null', { payload: 'null' }],
      [
        'broken JSON',
        { payload: `{"number":"${digitsOf(CARDS.approves)}","securityCode":"${CODE}"` },
      ],
      [
        'a huge body',
        { payload: JSON.stringify({ ...valid, number: CARDS.approves.repeat(20_000) }) },
      ],
      [
        'another content type',
        {
          payload: `number=${digitsOf(CARDS.approves)}&code=${CODE}`,
          contentType: 'application/x-www-form-urlencoded',
        },
      ],
      ['text', { payload: digitsOf(CARDS.approves), contentType: 'text/plain' }],
      ['no body', { payload: '' }],
    ];

    it.each(cases)('answers %s with a 400 that repeats nothing', async (_name, request, field) => {
      const before = logLines.length;
      const response = await app.inject({
        method: 'POST',
        url: '/payment-sandbox/tokens',
        headers: { 'content-type': request.contentType ?? 'application/json' },
        payload: request.payload,
      });
      expect(response.statusCode).toBe(400);
      const body = response.json<{ error: { code: string; message: string; fields?: object } }>();
      expect(body.error.message).toEqual(expect.any(String));
      expect(body.error.message.length).toBeGreaterThan(0);
      if (field) expect(Object.values(body.error.fields ?? {})).toContain(field);
      for (const pan of PANS) expect(response.body).not.toContain(pan);
      expect(response.body).not.toContain(CODE);
      const logged = logLines.slice(before).join('\n');
      for (const pan of PANS) expect(logged).not.toContain(pan);
      expect(logged).not.toContain(`"${CODE}"`);
    });

    it('keeps nothing of a refused card', async () => {
      const count = (await rows('payment_sandbox_tokens')).length;
      await app.inject({
        method: 'POST',
        url: '/payment-sandbox/tokens',
        payload: { ...valid, expYear: '2020' },
      });
      expect(await rows('payment_sandbox_tokens')).toHaveLength(count);
    });
  });

  it('serves the card fields under their own content security policy, the store keeps its own', async () => {
    const page = await app.inject({ url: '/payment-sandbox/fields' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.headers['content-security-policy']).toBe(SANDBOX_FIELDS_CSP);
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.headers['x-frame-options']).toBe('SAMEORIGIN');
    for (const autocomplete of ['cc-number', 'cc-exp-month', 'cc-exp-year', 'cc-csc']) {
      expect(page.body).toContain(`autocomplete="${autocomplete}"`);
    }
    // Inputs without a name: a form sent by accident would carry nothing.
    expect(page.body).not.toMatch(/<input[^>]*\sname=/);

    for (const [url, type] of [
      ['/payment-sandbox/fields.js', 'text/javascript; charset=utf-8'],
      ['/payment-sandbox/card-checks.js', 'text/javascript; charset=utf-8'],
      ['/payment-sandbox/fields.css', 'text/css; charset=utf-8'],
    ] as const) {
      const asset = await app.inject({ url });
      expect(asset.statusCode, url).toBe(200);
      expect(asset.headers['content-type'], url).toBe(type);
      expect(asset.headers['content-security-policy'], url).toBe(SANDBOX_FIELDS_CSP);
    }

    const store = contentSecurityPolicy({ tagManager: false, launchDarkly: false });
    const health = await app.inject({ url: '/api/health' });
    expect(health.headers['content-security-policy']).toBe(store);
    const tokens = await app.inject({
      method: 'POST',
      url: '/payment-sandbox/tokens',
      payload: { number: CARDS.approves, expMonth: '12', expYear: '2030', securityCode: CODE },
    });
    expect(tokens.headers['content-security-policy']).toBe(store);
    expect(tokens.headers['cache-control']).toBe('no-store');
  });
});
