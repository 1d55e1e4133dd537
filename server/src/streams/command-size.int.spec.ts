/**
 * Command size limits at the sync routes (issue 26, decision 045) on PGlite and PostgreSQL:
 * a batch of forty checkout commands of 20,000 characters each (about 800 KiB, which the store
 * used to keep), and one command over its kind's limit, are refused with 400 in the store's
 * error shape before anything is decided or stored; the buyer's own largest requests still
 * go through. Training participants sent for an order are bounded the same way.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkoutStreamKind } from '../../../domain/checkout/stream';
import { ApiErrorBodySchema } from '../../../domain/shared/api-error-schema';
import { buildTestApp } from '../../../tests/support/app';
import { testDatabaseTargets, type TestDatabase } from '../../../tests/support/databases';
import { seedDemoUsers } from '../auth/demo-users';
import { findUserWithPassword } from '../auth/users';
import { createWebSession, SESSION_COOKIE } from '../auth/web-sessions';
import { seedIfEmpty } from '../db/seed';

const now = () => new Date().toISOString();

/** A training participant at the lengths a command's shape lets through (the rules allow less). */
const LONG = {
  firstName: 'N'.repeat(200),
  lastName: 'N'.repeat(200),
  email: 'e'.repeat(300),
  firstPreferredDate: '2027-01-04',
  secondPreferredDate: '2027-01-11',
};

const startCheckout = (fingerprint: string) => ({
  seq: 0,
  commandId: randomUUID(),
  command: {
    type: 'StartCheckout',
    data: { cart: { cartId: randomUUID(), version: 1, fingerprint } },
    metadata: { commandId: randomUUID(), now: now() },
  },
});

describe.each(testDatabaseTargets())('command size limits on $kind', (target) => {
  let t: TestDatabase;
  let app: FastifyInstance;
  let cookie = '';

  beforeAll(async () => {
    t = await target.open();
    app = await buildTestApp(t.database);
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

  const pushBatch = (
    checkoutId: string,
    commands: { seq: number; commandId: string; command: unknown }[],
  ) =>
    app.inject({
      method: 'POST',
      url: `/api/checkouts/${checkoutId}/commands?locale=en-us`,
      headers: { cookie },
      payload: {
        clientId: 'client-sizes-1',
        expectedVersion: 0,
        commands: commands.map((c, i) => ({ ...c, seq: i + 1 })),
      },
    });

  /** What the database holds of a checkout's stream: its events and answered commands. */
  async function storedOf(checkoutId: string) {
    const streamId = `${checkoutStreamKind.name}:${checkoutId}`;
    const result = await t.database.db.execute(sql`
      select (select count(*) from events where stream_id = ${streamId})::int as events,
             (select count(*) from commands where stream_id = ${streamId})::int as commands,
             (select count(*) from streams where stream_id = ${streamId})::int as streams`);
    return (result as { rows: { events: number; commands: number; streams: number }[] }).rows[0];
  }

  function expectTooLarge(response: { statusCode: number; json: () => unknown }, path: string) {
    expect(response.statusCode).toBe(400);
    const { error } = ApiErrorBodySchema.parse(response.json());
    expect(error.code).toBe('invalid_input');
    expect(error.fields).toEqual([
      expect.objectContaining({ path, code: 'validation.command.too-large' }),
    ]);
  }

  it('refuses a batch of forty 20,000-character commands, and keeps nothing of it', async () => {
    const checkoutId = randomUUID();
    const forty = Array.from({ length: 40 }, () => startCheckout('W'.repeat(20_000)));
    expectTooLarge(await pushBatch(checkoutId, forty), 'commands');
    expect(await storedOf(checkoutId)).toEqual({ events: 0, commands: 0, streams: 0 });
  });

  it('refuses one command over its kind’s limit, and takes the commands of a real cart', async () => {
    const checkoutId = randomUUID();
    // Within the command's shape (a thousand participants of 200-character names), not its size.
    const huge = {
      seq: 0,
      commandId: randomUUID(),
      command: {
        type: 'GiveTrainingParticipants',
        data: { code: 'TRN-ONLINE', participants: Array.from({ length: 1_000 }, () => LONG) },
        metadata: { commandId: randomUUID(), now: now() },
      },
    };
    const refused = await pushBatch(checkoutId, [startCheckout('WRI3-KITx1|'), huge]);
    expectTooLarge(refused, 'commands.1.command');
    expect(await storedOf(checkoutId)).toEqual({ events: 0, commands: 0, streams: 0 });

    // A 200-line cart's fingerprint is about 10 KiB: it goes through.
    const lines = Array.from({ length: 200 }, (_, i) => `CODE${String(i).padStart(4, '0')}x9999`);
    const taken = await pushBatch(checkoutId, [startCheckout(`${lines.join(',')}|SCHOOL10`)]);
    expect(taken.statusCode).toBe(200);
    expect((await storedOf(checkoutId))?.commands).toBe(1);
  });

  it('refuses training participants for an order over the order’s command limit', async () => {
    const response = await app.inject({
      method: 'POST',
      url: `/api/orders/${randomUUID()}/training-participants`,
      headers: { cookie },
      payload: {
        code: 'TRN-ONLINE',
        participants: Array.from({ length: 1_000 }, () => LONG),
      },
    });
    expectTooLarge(response, '');
  });
});
