/**
 * The `tpp` and `checkout-recaptcha` flags at checkout (decision 061), on PGlite and
 * PostgreSQL: two stores on one database, one with both flags off (the repository's flag
 * file) and one with both on. A third party pays only with `tpp` on, and is kept on the
 * order; with `checkout-recaptcha` on, an order is placed only with a challenge token of the
 * store's, unexpired and not spent by another attempt; off, no token is needed.
 */
import { randomUUID } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CheckoutFacts } from '../../../../../domain/checkout/facts';
import type { ThirdPartyPayment } from '../../../../../domain/checkout/state';
import type { Order } from '../../../../../domain/order/order';
import { buildTestApp, REPO_FLAGS_FILE } from '../../../../../tests/support/app';
import {
  BuyerFlow,
  LEEDS_ADDRESS,
  signInDemoBuyers,
  type CheckoutChoices,
  type SignedIn,
} from '../../../../../tests/support/checkout-flow';
import { testDatabaseTargets, type TestDatabase } from '../../../../../tests/support/databases';
import {
  CHALLENGE_TOKEN_LIFETIME_MS,
  SandboxChallenge,
} from '../../../challenge/sandbox/sandbox-challenge';
import { startFlagService, type FlagService } from '../../../flags/flag-service';

const THIRD_PARTY: ThirdPartyPayment = {
  method: 'third-party',
  payer: {
    organization: 'Leeds City Council Children’s Services',
    contact: {
      firstName: 'Aisha',
      lastName: 'Patel',
      email: 'payables@leeds.example',
      phone: { countryIso: 'GB', phoneCode: '44', e164: '+441134960456' },
    },
    reference: 'LCC-AUTH-77120',
  },
};

/** Sam's checkout in en-gb (Riverside, 4821), paid this way. */
function samPaying(payment: unknown): CheckoutChoices {
  return (facts: CheckoutFacts) => {
    const account = facts.accounts.find((a) => a.number === '4821');
    if (!account) throw new Error('no account 4821');
    const user = account.qualifiedUsers.find((u) => u.level);
    if (!user) throw new Error('no qualified user');
    return [
      { type: 'ChooseCustomerAccount', data: { accountId: account.id } },
      { type: 'ChooseQualifiedUser', data: { userId: user.userId } },
      { type: 'ChooseShippingAddress', data: { address: LEEDS_ADDRESS, saveToAddressBook: false } },
      { type: 'ChooseShippingMethod', data: { method: 'regular' } },
      { type: 'ChooseBillingAddress', data: { sameAsShipping: true } },
      { type: 'ChoosePayment', data: payment as ThirdPartyPayment },
    ];
  };
}

const PO = {
  method: 'purchase-order',
  poNumber: 'PO-CHALLENGE-1',
  invoiceContact: {
    firstName: 'Sam',
    lastName: 'Okafor',
    email: 'accounts@riverside.example',
    phone: { countryIso: 'GB', phoneCode: '44', e164: '+441134960123' },
  },
};

describe.each(testDatabaseTargets())(
  'third-party payment and the checkout challenge on $kind',
  (target) => {
    let t: TestDatabase;
    let off: FastifyInstance;
    let on: FastifyInstance;
    let onFlags: FlagService;
    let dir: string;
    let sam: SignedIn;
    let clock = new Date();

    beforeAll(async () => {
      t = await target.open();
      dir = await mkdtemp(path.join(os.tmpdir(), 'store-flags-'));
      const file = path.join(dir, 'flags.json');
      const data = JSON.parse(await readFile(REPO_FLAGS_FILE, 'utf8')) as {
        flags: Record<string, { on: boolean }>;
      };
      for (const key of ['tpp', 'checkout-recaptcha']) {
        const flag = data.flags[key];
        if (!flag) throw new Error(`no flag ${key}`);
        flag.on = true;
      }
      await writeFile(file, JSON.stringify(data));
      onFlags = await startFlagService({ sdkKey: undefined, flagsFile: file });
      off = await buildTestApp(t.database);
      on = await buildTestApp(t.database, {
        flags: onFlags,
        challenge: new SandboxChallenge(t.database.db, { now: () => clock }),
      });
      ({ sam } = await signInDemoBuyers(t.database.db, ['sam']));
    }, 120_000);

    afterAll(async () => {
      await off.close();
      await on.close();
      onFlags.close();
      await t.dispose();
      await rm(dir, { recursive: true, force: true });
    });

    /** A checkout of one kit with these choices, every one answered (not all confirmed). */
    async function push(app: FastifyInstance, payment: unknown) {
      const flow = new BuyerFlow(app, sam, 'en-gb');
      const cart = await flow.cartWith([{ code: 'MCS5-KIT' }]);
      const checkoutId = randomUUID();
      const commands = [
        { type: 'StartCheckout' as const, data: { cart } },
        ...samPaying(payment)(await flow.facts()),
      ];
      const response = await app.inject({
        method: 'POST',
        url: `/api/checkouts/${checkoutId}/commands?locale=en-gb`,
        headers: { cookie: sam.cookie },
        payload: {
          clientId: `device-${sam.userId}`,
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
      expect(response.statusCode, response.body).toBe(200);
      return response.json<{
        version: number;
        results: { status: string; code?: string; message?: { id: string } }[];
      }>();
    }

    async function checkout(app: FastifyInstance, payment: unknown) {
      const flow = new BuyerFlow(app, sam, 'en-gb');
      return flow.checkout([{ code: 'MCS5-KIT' }], samPaying(payment));
    }

    function place(
      app: FastifyInstance,
      checkoutId: string,
      version: number,
      challengeToken?: string,
      key: string = randomUUID(),
    ) {
      return app.inject({
        method: 'POST',
        url: `/api/checkouts/${checkoutId}/place-order?locale=en-gb`,
        headers: { cookie: sam.cookie, 'idempotency-key': key },
        payload: {
          termsAccepted: true,
          checkoutVersion: version,
          ...(challengeToken !== undefined ? { challengeToken } : {}),
        },
      });
    }

    async function tick(): Promise<string> {
      const response = await on.inject({
        method: 'POST',
        url: '/api/challenge-sandbox/tokens',
        headers: { cookie: sam.cookie },
        payload: { action: 'place-order', confirmed: true },
      });
      expect(response.statusCode, response.body).toBe(201);
      const { token, expiresAt } = response.json<{ token: string; expiresAt: string }>();
      expect(Date.parse(expiresAt) - clock.getTime()).toBe(CHALLENGE_TOKEN_LIFETIME_MS);
      return token;
    }

    function refusal(response: { json: <T>() => T }) {
      return response.json<{
        error: { code: string; fields: { code: string; message: string }[] };
      }>().error;
    }

    it('refuses a third party with tpp off, in words, and says the flag is off in the facts', async () => {
      expect((await new BuyerFlow(off, sam, 'en-gb').facts()).flags).toMatchObject({
        tpp: false,
        checkoutRecaptcha: false,
      });
      const pushed = await push(off, THIRD_PARTY);
      const last = pushed.results.at(-1);
      expect(last?.status).toBe('rejected');
      expect(JSON.stringify(last)).toContain('checkout.third-party-unavailable');
    });

    it('keeps the third party who pays on the checkout and the order with tpp on', async () => {
      expect((await new BuyerFlow(on, sam, 'en-gb').facts()).flags).toMatchObject({
        tpp: true,
        checkoutRecaptcha: true,
      });
      const { checkoutId, version } = await checkout(on, THIRD_PARTY);
      const placed = await place(on, checkoutId, version, await tick());
      expect(placed.statusCode, placed.body).toBe(201);
      const { order } = placed.json<{ order: Order }>();
      expect(order.payment).toEqual(THIRD_PARTY);
      expect(order.status).toBe('created');
      const details = await on.inject({
        url: `/api/orders/${order.orderId}?locale=en-gb`,
        headers: { cookie: sam.cookie },
      });
      expect(details.statusCode, details.body).toBe(200);
      expect(details.body).toContain('LCC-AUTH-77120');
      expect(details.body).toContain('payables@leeds.example');
    });

    it('refuses at placing a third party chosen while tpp was on, once it is off', async () => {
      const { checkoutId, version } = await checkout(on, THIRD_PARTY);
      const placed = await place(off, checkoutId, version);
      expect(placed.statusCode, placed.body).toBe(422);
      expect(refusal(placed).fields[0]).toMatchObject({
        code: 'checkout.third-party-unavailable',
        message:
          'Payment by a third party is not available for this order. Choose another payment method.',
      });
    });

    it('places an order with no challenge token when checkout-recaptcha is off', async () => {
      const { checkoutId, version } = await checkout(off, PO);
      const placed = await place(off, checkoutId, version);
      expect(placed.statusCode, placed.body).toBe(201);
    });

    it('refuses an order with no token, or a token not of the store, when checkout-recaptcha is on', async () => {
      const { checkoutId, version } = await checkout(on, PO);
      const none = await place(on, checkoutId, version);
      expect(none.statusCode, none.body).toBe(422);
      expect(refusal(none).fields[0]).toMatchObject({
        code: 'checkout.challenge-required',
        message: 'Please confirm that you are not a robot before placing your order.',
      });
      const forged = await place(on, checkoutId, version, `${await tick()}x`);
      expect(forged.statusCode, forged.body).toBe(422);
      expect(refusal(forged).fields[0]).toMatchObject({
        code: 'checkout.challenge-failed',
        message:
          'The check that you are not a robot has expired or could not be verified. Please confirm again.',
      });
      const placed = await place(on, checkoutId, version, await tick());
      expect(placed.statusCode, placed.body).toBe(201);
    });

    it('refuses a token spent by another attempt, and takes it again from the same attempt', async () => {
      const token = await tick();
      const first = await checkout(on, PO);
      const key = randomUUID();
      const placed = await place(on, first.checkoutId, first.version, token, key);
      expect(placed.statusCode, placed.body).toBe(201);
      // The same attempt sent again (a lost answer) gets its order.
      const again = await place(on, first.checkoutId, first.version, token, key);
      expect(again.statusCode, again.body).toBe(201);
      expect(again.json<{ order: Order }>().order.orderId).toBe(
        placed.json<{ order: Order }>().order.orderId,
      );
      // Another checkout showing the same token: replayed, refused.
      const second = await checkout(on, PO);
      const replayed = await place(on, second.checkoutId, second.version, token);
      expect(replayed.statusCode, replayed.body).toBe(422);
      expect(refusal(replayed).fields[0]?.code).toBe('checkout.challenge-failed');
    });

    it('refuses an expired token', async () => {
      const token = await tick();
      const { checkoutId, version } = await checkout(on, PO);
      clock = new Date(clock.getTime() + CHALLENGE_TOKEN_LIFETIME_MS + 1_000);
      try {
        const expired = await place(on, checkoutId, version, token);
        expect(expired.statusCode, expired.body).toBe(422);
        expect(refusal(expired).fields[0]?.code).toBe('checkout.challenge-failed');
      } finally {
        clock = new Date();
      }
      const fresh = await place(on, checkoutId, version, await tick());
      expect(fresh.statusCode, fresh.body).toBe(201);
    });

    it('gives tokens to signed-in buyers only, for the place-order action', async () => {
      const visitor = await on.inject({
        method: 'POST',
        url: '/api/challenge-sandbox/tokens',
        payload: { action: 'place-order', confirmed: true },
      });
      expect(visitor.statusCode).toBe(401);
      const unticked = await on.inject({
        method: 'POST',
        url: '/api/challenge-sandbox/tokens',
        headers: { cookie: sam.cookie },
        payload: { action: 'place-order', confirmed: false },
      });
      expect(unticked.statusCode).toBe(400);
      const config = await on.inject({
        url: '/api/checkout/challenge',
        headers: { cookie: sam.cookie },
      });
      expect(config.json()).toEqual({
        provider: 'sandbox',
        tokenUrl: '/api/challenge-sandbox/tokens',
        siteKey: null,
      });
    });
  },
);
