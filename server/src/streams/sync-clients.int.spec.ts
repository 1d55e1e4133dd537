/**
 * Sync clients' sequence records (decision 034) on PGlite and PostgreSQL: two buyers pushing
 * with one client id (a shared browser, or an id copied on purpose) each keep a record of
 * their own; one buyer's commands never move or advance the other's record, and both
 * buyers' commands are confirmed.
 */
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../tests/support/app';
import { testDatabaseTargets, type TestDatabase } from '../../../tests/support/databases';
import { seedDemoUsers } from '../auth/demo-users';
import { findUserWithPassword } from '../auth/users';
import { createWebSession, SESSION_COOKIE } from '../auth/web-sessions';
import { syncClients } from '../db/schema';
import { seedIfEmpty } from '../db/seed';

describe.each(testDatabaseTargets())('sync clients on $kind', (target) => {
  let t: TestDatabase;
  let app: FastifyInstance;
  const buyers = {
    dana: { id: '', cookie: '' },
    sam: { id: '', cookie: '' },
  };

  beforeAll(async () => {
    t = await target.open();
    app = await buildTestApp(t.database);
    await seedIfEmpty(t.database.db);
    await seedDemoUsers(t.database.db);
    for (const [who, email] of [
      ['dana', 'dana.reyes@demo.example'],
      ['sam', 'sam.okafor@demo.example'],
    ] as const) {
      const user = await findUserWithPassword(t.database.db, email);
      const created = await createWebSession(t.database.db, user?.id ?? '', null, new Date());
      buyers[who] = { id: user?.id ?? '', cookie: `${SESSION_COOKIE}=${created.id}` };
    }
  });

  afterAll(async () => {
    await app.close();
    await t.dispose();
  });

  function addKit(
    cookie: string,
    cartId: string,
    clientId: string,
    seq: number,
    expectedVersion: number,
  ): Promise<LightMyRequestResponse> {
    const commandId = randomUUID();
    return app.inject({
      method: 'POST',
      url: `/api/carts/${cartId}/commands?locale=en-us`,
      headers: { cookie },
      payload: {
        clientId,
        seq,
        commandId,
        expectedVersion,
        command: {
          type: 'AddItem',
          data: { code: 'WRI3-KIT', quantity: 1 },
          metadata: { commandId, now: '2020-01-01T00:00:00.000Z' },
        },
      },
    });
  }

  async function recordsOf(clientId: string) {
    const rows = await t.database.db
      .select()
      .from(syncClients)
      .where(eq(syncClients.clientId, clientId));
    return rows
      .map((r) => ({ ownerKind: r.ownerKind, ownerId: r.ownerId, lastSeq: r.lastSeq }))
      .sort((a, b) => a.ownerId.localeCompare(b.ownerId));
  }

  it("keeps one buyer's sequence record out of another buyer's reach", async () => {
    const clientId = `client-${randomUUID()}`;
    const danaCart = randomUUID();
    const samCart = randomUUID();

    const first = await addKit(buyers.dana.cookie, danaCart, clientId, 5, 0);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ status: 'confirmed' });

    // Sam pushes with Dana's client id and a far higher sequence number.
    const other = await addKit(buyers.sam.cookie, samCart, clientId, 1_000_000, 0);
    expect(other.statusCode, other.body).toBe(200);
    expect(other.json()).toMatchObject({ status: 'confirmed' });

    const dana = { ownerKind: 'user', ownerId: buyers.dana.id };
    const sam = { ownerKind: 'user', ownerId: buyers.sam.id };
    const byOwner = async () => {
      const records = await recordsOf(clientId);
      return {
        dana: records.find((r) => r.ownerId === buyers.dana.id),
        sam: records.find((r) => r.ownerId === buyers.sam.id),
        count: records.length,
      };
    };
    expect(await byOwner()).toEqual({
      dana: { ...dana, lastSeq: 5 },
      sam: { ...sam, lastSeq: 1_000_000 },
      count: 2,
    });

    // Dana goes on from where she was: her record advances, Sam's is untouched.
    const next = await addKit(buyers.dana.cookie, danaCart, clientId, 6, 2);
    expect(next.statusCode, next.body).toBe(200);
    expect(next.json()).toMatchObject({ status: 'confirmed' });
    expect(await byOwner()).toEqual({
      dana: { ...dana, lastSeq: 6 },
      sam: { ...sam, lastSeq: 1_000_000 },
      count: 2,
    });

    // Sam cannot write Dana's cart under the shared id either (404, as for anyone else).
    const intrusion = await addKit(buyers.sam.cookie, danaCart, clientId, 1_000_001, 3);
    expect(intrusion.statusCode).toBe(404);
    const [danaRecord] = await t.database.db
      .select()
      .from(syncClients)
      .where(
        and(
          eq(syncClients.clientId, clientId),
          eq(syncClients.ownerKind, 'user'),
          eq(syncClients.ownerId, buyers.dana.id),
        ),
      );
    expect(danaRecord?.lastSeq).toBe(6);
  });

  it('gives a visitor and the buyer they become separate records for one browser', async () => {
    const clientId = `client-${randomUUID()}`;
    const commandId = randomUUID();
    const visitorPush = await app.inject({
      method: 'POST',
      url: `/api/carts/${randomUUID()}/commands?locale=en-us`,
      payload: {
        clientId,
        seq: 3,
        commandId,
        expectedVersion: 0,
        command: {
          type: 'AddItem',
          data: { code: 'WRI3-KIT', quantity: 1 },
          metadata: { commandId, now: '2020-01-01T00:00:00.000Z' },
        },
      },
    });
    expect(visitorPush.statusCode, visitorPush.body).toBe(200);
    const signedIn = await addKit(buyers.dana.cookie, randomUUID(), clientId, 4, 0);
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    const records = await recordsOf(clientId);
    expect(records.map((r) => [r.ownerKind, r.lastSeq]).sort()).toEqual([
      ['user', 4],
      ['visitor', 3],
    ]);
  });
});
