/**
 * Payment Cards (SPEC 2.7; decision 056) on PGlite and PostgreSQL: a card saved with no order
 * from the gateway's token, checked with the issuer first (a declined card is checkout's
 * message and keeps nothing); one default card per buyer; removing the default makes the
 * oldest card left the default; another buyer's card is 404 for reading, making default and
 * removing; bad input 400 in the spec's words; no card number or security code sent back or
 * kept anywhere.
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHECKOUT_MESSAGES } from '../../../../../domain/checkout/messages';
import type { SavedPaymentMethod } from '../../../../../domain/customer/address-book';
import type { TokenizedCard } from '../../../../../domain/payment/card';
import { ApiErrorBodySchema } from '../../../../../domain/shared/api-error-schema';
import { V } from '../../../../../domain/validation/messages';
import { buildTestApp } from '../../../../../tests/support/app';
import { signInDemoBuyers, type SignedIn } from '../../../../../tests/support/checkout-flow';
import { testDatabaseTargets, type TestDatabase } from '../../../../../tests/support/databases';

const APPROVED = '4242 4242 4242 4242';
const DECLINED = '4000 0000 0000 0002';
const CODE = '737';

describe.each(testDatabaseTargets())('payment cards on $kind', (target) => {
  let t: TestDatabase;
  let app: FastifyInstance;
  let dana: SignedIn;
  let sam: SignedIn;
  let priya: SignedIn;
  const answers: string[] = [];

  beforeAll(async () => {
    t = await target.open();
    app = await buildTestApp(t.database);
    ({ dana, sam, priya } = await signInDemoBuyers(t.database.db, ['dana', 'sam', 'priya']));
  }, 120_000);

  afterAll(async () => {
    await app.close();
    await t.dispose();
  });

  async function as(who: SignedIn, options: InjectOptions) {
    const response = await app.inject({ ...options, headers: { cookie: who.cookie } });
    answers.push(response.body);
    return response;
  }

  const cardsOf = async (who: SignedIn) =>
    (await as(who, { url: '/api/me/payment-methods' })).json<{ items: SavedPaymentMethod[] }>()
      .items;

  async function tokenize(number: string, expYear = '2032'): Promise<TokenizedCard> {
    const response = await app.inject({
      method: 'POST',
      url: '/payment-sandbox/tokens',
      payload: { number, expMonth: '11', expYear, securityCode: CODE },
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<TokenizedCard>();
  }

  it('saves a card from the gateway’s token, with the gateway’s details and the holder', async () => {
    const card = await tokenize(APPROVED);
    const saved = await as(dana, {
      method: 'POST',
      url: '/api/me/payment-methods',
      payload: { token: card.token, firstName: 'Dana', lastName: "Reyes-O'Neil" },
    });
    expect(saved.statusCode, saved.body).toBe(201);
    expect(saved.json()).toMatchObject({
      brand: 'visa',
      last4: '4242',
      expMonth: 11,
      expYear: 2032,
      holderName: "Dana Reyes-O'Neil",
      isDefault: false,
    });
    expect(saved.body).not.toContain('sandbox_');
    const listed = await cardsOf(dana);
    expect(listed.map((c) => [c.brand, c.last4, c.expYear])).toContainEqual(['visa', '4242', 2032]);
    // The same card saved again is the card already saved.
    const again = await as(dana, {
      method: 'POST',
      url: '/api/me/payment-methods',
      payload: { token: (await tokenize(APPROVED)).token, firstName: 'Dana', lastName: 'Reyes' },
    });
    expect(again.statusCode).toBe(201);
    expect(await cardsOf(dana)).toHaveLength(listed.length);
  });

  it('refuses a declined card or an unknown token with checkout’s message, keeping nothing', async () => {
    const before = await cardsOf(dana);
    for (const token of [(await tokenize(DECLINED)).token, 'sandbox_tok_unknownunknownunknown']) {
      const refused = await as(dana, {
        method: 'POST',
        url: '/api/me/payment-methods',
        payload: { token, firstName: 'Dana', lastName: 'Reyes' },
      });
      expect(refused.statusCode, refused.body).toBe(422);
      const { error } = ApiErrorBodySchema.parse(refused.json());
      expect(error.fields?.[0]?.code).toBe(CHECKOUT_MESSAGES.paymentDetails.id);
      expect(error.message).toBe(CHECKOUT_MESSAGES.paymentDetails.message);
    }
    expect(await cardsOf(dana)).toEqual(before);
  });

  it('refuses bad input with 400 in the spec’s words, and never a card number', async () => {
    const token = (await tokenize(APPROVED)).token;
    const cases: [payload: Record<string, unknown>, path: string, code: string][] = [
      [{ token, firstName: 'D4na', lastName: 'Reyes' }, 'firstName', V.cardNameInvalid.id],
      [{ token, firstName: 'Dana', lastName: 'R'.repeat(61) }, 'lastName', V.tooLong.id],
      [{ token, firstName: '', lastName: 'Reyes' }, 'firstName', V.required.id],
      [
        { token: '4242424242424242', firstName: 'Dana', lastName: 'Reyes' },
        'token',
        V.cardNumberNotAllowed.id,
      ],
    ];
    for (const [payload, path, code] of cases) {
      const refused = await as(dana, { method: 'POST', url: '/api/me/payment-methods', payload });
      expect(refused.statusCode, refused.body).toBe(400);
      const { error } = ApiErrorBodySchema.parse(refused.json());
      expect(error.fields, JSON.stringify(payload)).toContainEqual(
        expect.objectContaining({ path, code }),
      );
    }
    // A card number or security code beside the token is refused, not ignored.
    for (const extra of [{ number: APPROVED }, { securityCode: CODE }]) {
      const refused = await as(dana, {
        method: 'POST',
        url: '/api/me/payment-methods',
        payload: { token, firstName: 'Dana', lastName: 'Reyes', ...extra },
      });
      expect(refused.statusCode).toBe(400);
    }
  });

  it('keeps one default card, the next one taking over when the default is removed', async () => {
    const cards = await cardsOf(dana);
    const mastercard = cards.find((c) => c.brand === 'mastercard');
    if (!mastercard) throw new Error('Dana has no Mastercard');
    const set = await as(dana, {
      method: 'PUT',
      url: `/api/me/payment-methods/${mastercard.id}/default`,
    });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toMatchObject({ id: mastercard.id, isDefault: true });
    const after = await cardsOf(dana);
    expect(after[0]?.id).toBe(mastercard.id);
    expect(after.filter((c) => c.isDefault)).toHaveLength(1);

    const removed = await as(dana, {
      method: 'DELETE',
      url: `/api/me/payment-methods/${mastercard.id}`,
    });
    expect(removed.statusCode).toBe(204);
    const left = await cardsOf(dana);
    expect(left.some((c) => c.id === mastercard.id)).toBe(false);
    expect(left.filter((c) => c.isDefault)).toHaveLength(1);
    expect(left[0]).toMatchObject({ brand: 'visa', last4: '4242', expYear: 2029, isDefault: true });
  });

  it('has the gateway forget a removed card, and a card saved twice keeps one token', async () => {
    const reusable = async () =>
      (
        (await t.database.db.execute(sql`
          select token from payment_sandbox_tokens
           where kind = 'reusable' and customer_ref = ${priya.userId}`)) as {
          rows: { token: string }[];
        }
      ).rows.map((r) => r.token);
    for (const card of await cardsOf(priya)) {
      await as(priya, { method: 'DELETE', url: `/api/me/payment-methods/${card.id}` });
    }
    expect(await reusable()).toEqual([]);
    const save = async () =>
      as(priya, {
        method: 'POST',
        url: '/api/me/payment-methods',
        payload: {
          token: (await tokenize(APPROVED, '2031')).token,
          firstName: 'Priya',
          lastName: 'Shah',
        },
      });
    // Her first card, saved twice at the same moment: kept once, as her default.
    const [a, b] = await Promise.all([save(), save()]);
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    const cards = await cardsOf(priya);
    expect(cards).toHaveLength(1);
    expect(cards[0]?.isDefault).toBe(true);
    expect(await reusable()).toHaveLength(1);

    const removed = await as(priya, {
      method: 'DELETE',
      url: `/api/me/payment-methods/${cards[0]?.id ?? ''}`,
    });
    expect(removed.statusCode).toBe(204);
    expect(await reusable()).toEqual([]);
  });

  it('answers another buyer’s card as one that does not exist', async () => {
    const [samsCard] = await cardsOf(sam);
    if (!samsCard) throw new Error('Sam has no card');
    for (const options of [
      { url: `/api/me/payment-methods/${samsCard.id}` },
      { method: 'PUT' as const, url: `/api/me/payment-methods/${samsCard.id}/default` },
      { method: 'DELETE' as const, url: `/api/me/payment-methods/${samsCard.id}` },
      { method: 'DELETE' as const, url: '/api/me/payment-methods/not-a-card' },
    ]) {
      const response = await as(dana, options);
      expect(response.statusCode, options.url).toBe(404);
      expect(response.json()).toMatchObject({ error: { code: 'not_found' } });
    }
    expect(await cardsOf(sam)).toEqual([
      expect.objectContaining({ id: samsCard.id, isDefault: true }),
    ]);
    expect(
      (await app.inject({ method: 'POST', url: '/api/me/payment-methods', payload: {} }))
        .statusCode,
    ).toBe(401);
  });

  it('sends back and keeps no card number or security code', async () => {
    const digits = APPROVED.replaceAll(' ', '');
    for (const body of answers) {
      expect(body).not.toContain(digits);
      expect(body).not.toContain(APPROVED);
    }
    const rows = await t.database.transaction((s) =>
      s.rows<{ row: Record<string, unknown> }>(
        'select row_to_json(p) as row from payment_methods p',
      ),
    );
    const text = JSON.stringify(rows);
    expect(text).not.toContain(digits);
    expect(text).not.toMatch(/"737"/);
  });
});
