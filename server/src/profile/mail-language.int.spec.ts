/**
 * The language a user chose in their preferences is the language of the mails the store
 * sends them (decision 055), on PGlite and PostgreSQL: a mail written for an en-us order goes
 * to a user who chose fr-ca in French; to anyone who has not chosen, in the order's. And a
 * buyer who turned order emails off gets no order confirmation, until they turn them on
 * again (decision 060).
 */
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { sampleOrder } from '../../../domain/mail/sample-order';
import { orderStreamKind, type Order } from '../../../domain/order/order';
import { STREAM_REGISTRY } from '../../../domain/registry';
import { streamIdOf } from '../../../domain/sync/stream-kind';
import { testDatabaseTargets, useTestDatabase } from '../../../tests/support/databases';
import { acting } from '../acting/acting';
import { hashPassword } from '../auth/passwords';
import type { User } from '../auth/users';
import { CommandHandler } from '../commands/execute';
import type { Db } from '../db/database';
import { migrate, readMigrations } from '../db/migrate';
import { events, stores, users } from '../db/schema';
import { EventStore } from '../event-store/event-store';
import { mailOutbox } from '../mail/outbox-table';
import { newWebReference } from '../orders/numbers';
import { profileStreamId } from './profile-service';

describe.each(testDatabaseTargets())('the mail language a user prefers on $kind', (target) => {
  const database = useTestDatabase(target);
  let db: Db;
  let commands: CommandHandler;

  beforeEach(async () => {
    await migrate(database(), await readMigrations());
    db = database().db;
    await db.insert(stores).values({ storeId: 'usassessments', currency: 'USD' });
    commands = new CommandHandler(new EventStore(db, { registry: STREAM_REGISTRY }));
  });

  async function newUser(email: string): Promise<User> {
    const user: User = {
      id: randomUUID(),
      email,
      givenName: 'Dana',
      familyName: 'Reyes',
      registrationCountry: 'US',
    };
    await db.insert(users).values({ ...user, passwordHash: await hashPassword('A-Password-2026') });
    return user;
  }

  function orderOf(user: User): Order {
    const id = randomUUID();
    const order = sampleOrder({
      orderId: `${id}-v1`,
      cartId: id,
      webReference: newWebReference(),
      locale: 'en-us',
    });
    return { ...order, buyer: { ...order.buyer, userId: user.id, email: user.email } };
  }

  async function place(order: Order) {
    await commands.execute(
      'order',
      streamIdOf(orderStreamKind, order.orderId),
      { type: 'PlaceOrder', data: { order } },
      acting.store('checkout'),
      {
        commandId: `place-order-${order.orderId}`,
        expectedVersion: 0,
        owner: { kind: 'user', id: order.buyer.userId },
        locale: 'en-us',
        now: new Date(order.placedAt),
      },
    );
    const mails = await db.select().from(mailOutbox);
    return mails.find((m) => m.id === `order-confirmation:${order.orderId}`);
  }

  async function prefer(
    user: User,
    preferences: { orderEmails: boolean; marketingEmails: boolean },
  ) {
    const set = await commands.execute(
      'profile',
      profileStreamId(user.id),
      { type: 'SetPreferences', data: { locale: 'en-us', ...preferences } },
      acting.buyer(user),
      { commandId: randomUUID(), owner: { kind: 'user', id: user.id } },
    );
    expect(set.result.status).toBe('confirmed');
  }

  it('sends no order confirmation to a buyer who turned order emails off', async () => {
    const off = await newUser('Orders.Off@example.test');
    const on = await newUser('orders.on@example.test');
    await prefer(off, { orderEmails: false, marketingEmails: true });
    await prefer(on, { orderEmails: true, marketingEmails: false });

    // Held back for her (her address in other letters' case is still her); sent to him.
    const held = orderOf({ ...off, email: 'orders.off@EXAMPLE.test' });
    expect(await place(held)).toBeUndefined();
    expect((await place(orderOf(on)))?.recipient).toBe(on.email);
    // The order itself was placed: only its mail was held back.
    const [row] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(events)
      .where(eq(events.streamId, streamIdOf(orderStreamKind, held.orderId)));
    expect(row?.n).toBe(1);

    // Turned on again, the next order's confirmation is written.
    await prefer(off, { orderEmails: true, marketingEmails: true });
    expect((await place(orderOf(off)))?.recipient).toBe(off.email);
  });

  it('writes the confirmation in the language the buyer chose, else the order’s', async () => {
    const chose = await newUser('Chose.French@example.test');
    const other = await newUser('no.choice@example.test');
    const set = await commands.execute(
      'profile',
      profileStreamId(chose.id),
      {
        type: 'SetPreferences',
        data: { locale: 'fr-ca', orderEmails: true, marketingEmails: false },
      },
      acting.buyer(chose),
      { commandId: randomUUID(), owner: { kind: 'user', id: chose.id } },
    );
    expect(set.result.status).toBe('confirmed');

    // The address as the order has it, in other letters' case: the same person.
    const french = orderOf({ ...chose, email: 'chose.french@EXAMPLE.test' });
    expect((await place(french))?.locale).toBe('fr-ca');
    expect((await place(orderOf(other)))?.locale).toBe('en-us');
  });
});
