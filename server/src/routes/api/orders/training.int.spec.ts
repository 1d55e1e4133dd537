/**
 * Online training participants given after the order, over HTTP on PGlite and PostgreSQL
 * (SPEC 2.5, 4.8, 5): Sam's order of two training seats, placed without participants, is in
 * 'additional processing' until they are given; the rules answer in the spec's words (a date
 * five weeks ahead: 'Choose a date at least six weeks from today.'); only the buyer may give
 * them; and no input, however odd, is a 500.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cartStreamKind } from '../../../../../domain/cart/stream';
import type { CartState } from '../../../../../domain/cart/state';
import { checkoutCartOf } from '../../../../../domain/checkout/cart-snapshot';
import type { CheckoutCommand } from '../../../../../domain/checkout/commands';
import type { CheckoutFacts } from '../../../../../domain/checkout/facts';
import { orderStreamKind, type Order } from '../../../../../domain/order/order';
import { addDays } from '../../../../../domain/shared/calendar';
import type { DistributiveOmit } from '../../../../../domain/shared/types';
import { streamIdOf } from '../../../../../domain/sync/stream-kind';
import type { TrainingParticipant } from '../../../../../domain/validation/training';
import { acting } from '../../../acting/acting';
import { buildTestApp, TEST_PUBLIC_URL } from '../../../../../tests/support/app';
import { testDatabaseTargets, type TestDatabase } from '../../../../../tests/support/databases';
import { seedDemoUsers } from '../../../auth/demo-users';
import { startIdentity } from '../../../auth/identity';
import { findUserWithPassword } from '../../../auth/users';
import { createWebSession, SESSION_COOKIE } from '../../../auth/web-sessions';
import { loadConfig } from '../../../config';
import { DEMO_ACCOUNTS } from '../../../customers/demo-customers';
import { migrate, readMigrations } from '../../../db/migrate';
import { seedIfEmpty } from '../../../db/seed';

type Who = 'sam' | 'dana';
const EMAILS: Record<Who, string> = {
  sam: 'sam.okafor@demo.example',
  dana: 'dana.reyes@demo.example',
};

const TRAINING = 'WRI3-TRN';
const ROUTE = { method: 'POST', url: '/api/orders/:id/training-participants' } as const;

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

const PO = {
  method: 'purchase-order' as const,
  poNumber: 'PO-TRN-2026-01',
  invoiceContact: {
    firstName: 'Sam',
    lastName: 'Okafor',
    email: 'accounts@riverside.example',
    phone: { countryIso: 'GB', phoneCode: '44', e164: '+441134960123' },
  },
};

const today = () => new Date().toISOString().slice(0, 10);

function participant(changes: Partial<TrainingParticipant> = {}): TrainingParticipant {
  return {
    firstName: 'Jordan',
    lastName: "O'Neill",
    email: 'jordan.oneill@riverside.example',
    firstPreferredDate: addDays(today(), 43),
    secondPreferredDate: addDays(today(), 50),
    ...changes,
  };
}

describe.each(testDatabaseTargets())('training participants after the order on $kind', (target) => {
  let t: TestDatabase;
  let app: FastifyInstance;
  const cookie = {} as Record<Who, string>;
  const userId = {} as Record<Who, string>;

  beforeAll(async () => {
    t = await target.open();
    // The identity is made here (the route needs its token check), so the schema is first.
    await migrate(t.database, await readMigrations());
    const identity = await startIdentity(t.database.db, loadConfig({}).identity, TEST_PUBLIC_URL);
    app = await buildTestApp(t.database, { identity });
    expect(app.hasRoute(ROUTE)).toBe(true);
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

  /** Sam's order of `seats` training seats, paid by PO in en-gb, placed without participants. */
  async function samsTrainingOrder(seats = 2): Promise<Order> {
    const cartId = randomUUID();
    const added = await app.inject({
      method: 'POST',
      url: `/api/carts/${cartId}/commands?locale=en-gb`,
      headers: { cookie: cookie.sam },
      payload: {
        clientId: 'device-sam',
        expectedVersion: 0,
        commands: [
          {
            seq: 1,
            commandId: randomUUID(),
            command: {
              type: 'AddItem',
              data: { code: TRAINING, quantity: seats },
              metadata: { commandId: randomUUID(), now: now() },
            },
          },
        ],
      },
    });
    expect(added.statusCode).toBe(200);
    const found = await app.eventStore.stateOf(cartStreamKind, streamIdOf(cartStreamKind, cartId));
    const cart = found && checkoutCartOf(found.state as CartState, found.row.version);
    if (!cart) throw new Error('no cart');
    expect(cart.lines.map((l) => [l.code, l.format])).toEqual([[TRAINING, 'online-training']]);

    const facts = await app.inject({
      url: '/api/checkout/facts?locale=en-gb',
      headers: { cookie: cookie.sam },
    });
    const riverside = facts
      .json<CheckoutFacts>()
      .accounts.find((a) => a.number === DEMO_ACCOUNTS.riverside);
    if (!riverside) throw new Error('Riverside is not among Sam’s accounts');
    const checkoutId = randomUUID();
    const commands: DistributiveOmit<CheckoutCommand, 'metadata'>[] = [
      { type: 'StartCheckout', data: { cart } },
      { type: 'ChooseCustomerAccount', data: { accountId: riverside.id } },
      { type: 'ChooseQualifiedUser', data: { userId: userId.sam } },
      { type: 'ChooseBillingAddress', data: { sameAsShipping: false, address: SAM_ADDRESS } },
      { type: 'ChoosePayment', data: PO },
    ];
    const pushed = await app.inject({
      method: 'POST',
      url: `/api/checkouts/${checkoutId}/commands?locale=en-gb`,
      headers: { cookie: cookie.sam },
      payload: {
        clientId: 'device-sam',
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
    const batch = pushed.json<{ version: number; results: { status: string }[] }>();
    expect(batch.results.map((r) => r.status)).toEqual(Array(commands.length).fill('confirmed'));
    const placed = await app.inject({
      method: 'POST',
      url: `/api/checkouts/${checkoutId}/place-order?locale=en-gb`,
      headers: { cookie: cookie.sam, 'idempotency-key': randomUUID() },
      payload: { termsAccepted: true, checkoutVersion: batch.version },
    });
    expect(placed.statusCode).toBe(201);
    return placed.json<{ order: Order }>().order;
  }

  function give(orderId: string, body: unknown, who: Who | null = 'sam') {
    const options: InjectOptions = {
      method: 'POST',
      url: `/api/orders/${encodeURIComponent(orderId)}/training-participants`,
      headers: who ? { cookie: cookie[who] } : {},
      payload: body as InjectOptions['payload'],
    };
    return app.inject(options);
  }

  async function streamVersion(orderId: string): Promise<number | undefined> {
    const found = await app.eventStore.stateOf(
      orderStreamKind,
      streamIdOf(orderStreamKind, orderId),
    );
    return found?.row.version;
  }

  let order: Order;

  beforeAll(async () => {
    order = await samsTrainingOrder();
  }, 60_000);

  it('places the order in additional processing, with no participants yet', () => {
    expect(order.trainingInformationNeeded).toBe(true);
    expect(order.trainingParticipants).toEqual({});
    expect(order.lines.map((l) => [l.code, l.quantity])).toEqual([[TRAINING, 2]]);
  });

  it('refuses a date five weeks ahead in the spec’s words', async () => {
    const response = await give(order.orderId, {
      code: TRAINING,
      participants: [participant(), participant({ secondPreferredDate: addDays(today(), 35) })],
    });
    expect(response.statusCode).toBe(422);
    const body = response.json<{
      error: { code: string; message: string; fields: { code: string; message: string }[] };
    }>();
    expect(body.error.code).toBe('order.training-invalid');
    expect(body.error.message).toBe('Choose a date at least six weeks from today.');
    expect(body.error.fields[0]?.code).toBe('validation.training.date-too-soon');
    expect(await streamVersion(order.orderId)).toBe(1);
  });

  it('wants a participant for each seat, for a training line of the order', async () => {
    const one = await give(order.orderId, { code: TRAINING, participants: [participant()] });
    expect(one.statusCode).toBe(422);
    expect(one.json<{ error: { message: string } }>().error.message).toBe(
      'Add one participant for each of the 2 seats.',
    );
    const other = await give(order.orderId, {
      code: 'WRI3-KIT',
      participants: [participant(), participant()],
    });
    expect(other.statusCode).toBe(422);
    expect(other.json<{ error: { code: string } }>().error.code).toBe(
      'order.training-not-in-order',
    );
  });

  it('answers another buyer, an unknown order and a visitor as not found or signed out', async () => {
    const body = { code: TRAINING, participants: [participant(), participant()] };
    expect((await give(order.orderId, body, 'dana')).statusCode).toBe(404);
    expect((await give(`${randomUUID()}-v1`, body)).statusCode).toBe(404);
    expect((await give(order.orderId, body, null)).statusCode).toBe(401);
    expect(await streamVersion(order.orderId)).toBe(1);
  });

  it.each<[string, unknown]>([
    ['U+0000 in the code', { code: 'WRI3\u0000TRN', participants: [] }],
    [
      'U+0000 in a name',
      { code: TRAINING, participants: [participant({ firstName: 'Jo\u0000' }), participant()] },
    ],
    [
      'a lone surrogate in an email',
      { code: TRAINING, participants: [participant({ email: 'a\uD800@b.example' })] },
    ],
    [
      'a thousand and one participants',
      { code: TRAINING, participants: Array(1001).fill(participant()) },
    ],
    ['a participant list that is a string', { code: TRAINING, participants: 'Jordan' }],
    ['a code that is a number', { code: 5, participants: [] }],
    ['participants that are null', { code: TRAINING, participants: [null, null] }],
    [
      'a date that is a number',
      { code: TRAINING, participants: [{ ...participant(), firstPreferredDate: 20270101 }] },
    ],
    [
      'a very long name',
      { code: TRAINING, participants: [participant({ firstName: 'x'.repeat(5_000) })] },
    ],
    ['a code too long', { code: 'X'.repeat(65), participants: [] }],
    ['nothing at all', null],
    ['an array', []],
  ])('answers %s with a 400, never a 500', async (_what, body) => {
    const response = await give(order.orderId, body);
    expect(response.statusCode).toBe(400);
    expect(response.json<{ error: { code: string } }>().error.code).toBe('invalid_input');
  });

  it('answers an enormous body and a malformed order id without a 500', async () => {
    const huge = {
      code: TRAINING,
      participants: Array.from({ length: 1_000 }, () => participant({ lastName: 'y'.repeat(199) })),
    };
    const tooBig = await give(order.orderId, { ...huge, pad: 'z'.repeat(1_100_000) });
    expect(tooBig.statusCode).toBe(413);
    // Within the request's shape, but over the order's command limit (decision 045).
    const manyOfThem = await give(order.orderId, huge);
    expect(manyOfThem.statusCode).toBe(400);
    expect(manyOfThem.json<{ error: { fields: { code: string }[] } }>().error.fields).toEqual([
      expect.objectContaining({ code: 'validation.command.too-large' }),
    ]);
    const badId = await give('not an id!', { code: TRAINING, participants: [] });
    expect(badId.statusCode).toBe(400);
    const nul = await app.inject({
      method: 'POST',
      url: '/api/orders/%00/training-participants',
      headers: { cookie: cookie.sam },
      payload: { code: TRAINING, participants: [] },
    });
    expect(nul.statusCode).toBeLessThan(500);
    expect(nul.statusCode).toBeGreaterThanOrEqual(400);
  });

  it('takes the participants six weeks ahead: the order leaves additional processing', async () => {
    const participants = [
      participant({ firstPreferredDate: addDays(today(), 42) }),
      participant({ firstName: 'Mei', lastName: 'Tanaka-Ross', email: 'mei@riverside.example' }),
    ];
    const response = await give(order.orderId, { code: TRAINING, participants });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const updated = response.json<{ order: Order }>().order;
    expect(updated.trainingInformationNeeded).toBe(false);
    expect(updated.trainingParticipants[TRAINING]).toEqual(participants);
    expect(updated.webReference).toBe(order.webReference);
    expect(await streamVersion(order.orderId)).toBe(2);

    // The confirmation page reads it so, and the orders read model holds it.
    const read = await app.inject({
      url: `/api/orders/${order.orderId}`,
      headers: { cookie: cookie.sam },
    });
    expect(read.json<{ order: Order }>().order.trainingInformationNeeded).toBe(false);
    const docs = await app.eventStore.stateOf(
      orderStreamKind,
      streamIdOf(orderStreamKind, order.orderId),
    );
    expect((docs?.state as { order: Order }).order.trainingParticipants[TRAINING]).toHaveLength(2);

    // The same again (a retry): the same order, no new event.
    const again = await give(order.orderId, { code: TRAINING, participants });
    expect(again.statusCode).toBe(200);
    expect(await streamVersion(order.orderId)).toBe(2);
  });

  it('takes no participants for a declined order', async () => {
    const declinedId = `${randomUUID()}-v1`;
    const commandId = randomUUID();
    await app.commands.execute(
      'order',
      streamIdOf(orderStreamKind, declinedId),
      {
        type: 'PlaceOrder',
        data: {
          order: {
            ...order,
            orderId: declinedId,
            status: 'declined',
            trainingParticipants: {},
            trainingInformationNeeded: true,
          },
        },
      },
      acting.store('checkout'),
      {
        commandId,
        expectedVersion: 0,
        owner: { kind: 'user', id: userId.sam },
        storeId: order.storeId,
        locale: 'en-gb',
        now: new Date(now()),
      },
    );
    const response = await give(declinedId, {
      code: TRAINING,
      participants: [participant(), participant()],
    });
    expect(response.statusCode).toBe(422);
    expect(response.json<{ error: { message: string } }>().error.message).toBe(
      'This order could not be changed.',
    );
    expect(await streamVersion(declinedId)).toBe(1);
  });
});
