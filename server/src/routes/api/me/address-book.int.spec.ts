/**
 * The address book stream on PGlite and PostgreSQL (decision 054): one stream per customer
 * account, read and written by its members only (anyone else, and any account id they are not
 * a member of, gets 404 like an account that does not exist); an entry that breaks SPEC 5 is
 * a 400 with the spec's messages; a browser's queued commands sent again with the same
 * command ids are applied once; the `address-books` read model is written with the events.
 */
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADDRESS_BOOKS_READ_MODEL } from '../../../../../domain/address-book/stream';
import type { CustomerAccountSummary } from '../../../../../domain/customer/address-book';
import { buildTestApp } from '../../../../../tests/support/app';
import { signInDemoBuyers, type SignedIn } from '../../../../../tests/support/checkout-flow';
import { testDatabaseTargets, type TestDatabase } from '../../../../../tests/support/databases';
import { readModels } from '../../../db/schema';

const entry = (line1: string) => ({
  firstName: 'Dana',
  lastName: 'Reyes',
  address: {
    country: 'US',
    region: 'WI',
    line1,
    town: 'Madison',
    postalCode: '53703',
  },
  phone: { country: 'US', number: '608 555 0100' },
  defaultShipping: false,
  defaultBilling: false,
});

const command = (type: string, data: unknown, commandId = randomUUID()) => ({
  seq: 1,
  commandId,
  command: { type, data, metadata: { commandId, now: new Date().toISOString() } },
});

interface Pulled {
  readonly events: {
    readonly event: { readonly type: string; readonly data: { address?: { id: string } } };
  }[];
}

describe.each(testDatabaseTargets())('address book on $kind', (target) => {
  let t: TestDatabase;
  let app: FastifyInstance;
  let buyers: Record<'sam' | 'dana' | 'priya', SignedIn>;
  let danaPersonal: string;
  let riverside: string;

  beforeAll(async () => {
    t = await target.open();
    app = await buildTestApp(t.database, { processManagers: false });
    buyers = await signInDemoBuyers(t.database.db, ['sam', 'dana', 'priya']);
    const accounts = (
      await app.inject({ url: '/api/me/accounts', headers: { cookie: buyers.dana.cookie } })
    ).json<{ items: CustomerAccountSummary[] }>().items;
    danaPersonal = accounts.find((a) => a.accountType === 'PERSONAL')?.id ?? '';
    const samsAccounts = (
      await app.inject({ url: '/api/me/accounts', headers: { cookie: buyers.sam.cookie } })
    ).json<{ items: CustomerAccountSummary[] }>().items;
    riverside = samsAccounts.find((a) => a.accountNumber === '4821')?.id ?? '';
    expect(danaPersonal).not.toBe('');
    expect(riverside).not.toBe('');
  }, 180_000);

  afterAll(async () => {
    await app.close();
    await t.dispose();
  });

  const push = (
    accountId: string,
    who: SignedIn,
    commands: unknown[],
    clientId = `device-${randomUUID()}`,
  ) =>
    app.inject({
      method: 'POST',
      url: `/api/address-books/${accountId}/commands`,
      headers: { cookie: who.cookie },
      payload: { clientId, expectedVersion: 0, commands },
    });
  const pull = (accountId: string, who: SignedIn) =>
    app.inject({ url: `/api/address-books/${accountId}?after=0`, headers: { cookie: who.cookie } });

  it('keeps an account’s addresses for its members, with the read model written alongside', async () => {
    const addressId = randomUUID();
    const added = await push(danaPersonal, buyers.dana, [
      command('AddAddress', { addressId, entry: entry('1 Main Street'), verification: 'verified' }),
    ]);
    expect(added.statusCode, added.body).toBe(200);
    const body = added.json<{ results: { status: string }[]; version: number }>();
    expect(body.results.map((r) => r.status)).toEqual(['confirmed']);

    const pulled = pull(danaPersonal, buyers.dana);
    const events = (await pulled).json<Pulled>().events;
    expect(events.map((e) => e.event.type)).toEqual(['AddressAdded']);

    const [doc] = await t.database.db
      .select({ doc: readModels.doc })
      .from(readModels)
      .where(
        and(
          eq(readModels.model, ADDRESS_BOOKS_READ_MODEL),
          eq(readModels.streamId, `address-book:${danaPersonal}`),
        ),
      );
    const addresses = (doc?.doc as { addresses: { id: string; defaultShipping: boolean }[] })
      .addresses;
    expect(addresses.map((a) => [a.id, a.defaultShipping])).toEqual([[addressId, true]]);
  });

  it('is 404 to anyone who is not a member of the account, and for ids that are no account', async () => {
    // Sam is not a member of Dana's personal account.
    expect((await pull(danaPersonal, buyers.sam)).statusCode).toBe(404);
    const refused = await push(danaPersonal, buyers.sam, [
      command('AddAddress', {
        addressId: randomUUID(),
        entry: entry('2 Main Street'),
        verification: 'verified',
      }),
    ]);
    expect(refused.statusCode, refused.body).toBe(404);
    expect((await pull(randomUUID(), buyers.dana)).statusCode).toBe(404);
    // Nothing Sam sent reached the book.
    const events = (await pull(danaPersonal, buyers.dana)).json<{ events: unknown[] }>().events;
    expect(events).toHaveLength(1);
  });

  it('is shared by the members of an organisation’s account only', async () => {
    const addressId = randomUUID();
    const added = await push(riverside, buyers.sam, [
      command('AddAddress', {
        addressId,
        entry: { ...entry('22 Riverside Walk'), firstName: 'Sam', lastName: 'Okafor' },
        verification: 'verified',
      }),
    ]);
    expect(added.statusCode, added.body).toBe(200);
    // Priya is a member of Riverside too; Dana is not, and her personal book stays hers.
    const seen = (await pull(riverside, buyers.priya)).json<Pulled>();
    expect(seen.events.map((e) => e.event.type)).toContain('AddressAdded');
    expect((await pull(riverside, buyers.dana)).statusCode).toBe(404);
    expect((await pull(danaPersonal, buyers.priya)).statusCode).toBe(404);
  });

  it('answers an entry that breaks SPEC 5 with 400 and the spec’s messages', async () => {
    const bad = await push(danaPersonal, buyers.dana, [
      command('AddAddress', {
        addressId: randomUUID(),
        entry: {
          ...entry('P.O. Box 12'),
          address: { ...entry('P.O. Box 12').address, postalCode: '1234' },
        },
        verification: 'verified',
      }),
    ]);
    expect(bad.statusCode).toBe(400);
    const text = bad.body;
    expect(text).toContain('We cannot deliver to P.O. Boxes. Please enter a street address.');
    expect(text).toContain('Enter a postal code in the format 12345.');
  });

  it('applies queued commands sent again with the same ids once', async () => {
    const addressId = randomUUID();
    const queued = [
      command(
        'AddAddress',
        { addressId, entry: entry('5 Lake Road'), verification: 'unverified' },
        randomUUID(),
      ),
      { ...command('SetDefaultBilling', { addressId }), seq: 2 },
    ];
    const first = await push(danaPersonal, buyers.dana, queued, 'device-offline');
    expect(first.statusCode, first.body).toBe(200);
    const again = await push(danaPersonal, buyers.dana, queued, 'device-offline');
    expect(again.statusCode, again.body).toBe(200);
    const events = (await pull(danaPersonal, buyers.dana)).json<Pulled>().events;
    expect(events.filter((e) => e.event.data.address?.id === addressId)).toHaveLength(1);
    expect(events.filter((e) => e.event.type === 'DefaultBillingSet')).toHaveLength(1);
  });

  it('refuses a change to an address no longer in the book, in words', async () => {
    const answer = await push(danaPersonal, buyers.dana, [
      command('RemoveAddress', { addressId: randomUUID() }),
    ]);
    expect(answer.statusCode, answer.body).toBe(200);
    const result = answer.json<{ results: { status: string; message?: { message: string } }[] }>()
      .results[0];
    expect(result?.status).toBe('rejected');
    expect(JSON.stringify(result)).toContain('This address is no longer in the address book.');
  });
});
