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
import { createWebSession, SESSION_COOKIE } from '../../../auth/web-sessions';
import { importSavedAddresses } from '../../../customers/address-book-import';
import { addressBooksOf } from '../../../customers/address-books';
import {
  addresses,
  customerAccounts,
  customerMembers,
  events,
  readModels,
  users,
} from '../../../db/schema';

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
    // Her two saved addresses, imported from the store's former address table, then this one.
    expect(events.map((e) => e.event.type)).toEqual([
      'AddressAdded',
      'AddressAdded',
      'AddressAdded',
    ]);

    const [doc] = await t.database.db
      .select({ doc: readModels.doc })
      .from(readModels)
      .where(
        and(
          eq(readModels.model, ADDRESS_BOOKS_READ_MODEL),
          eq(readModels.streamId, `address-book:${danaPersonal}`),
        ),
      );
    const addresses = (
      doc?.doc as { addresses: { id: string; line1: string; defaultShipping: boolean }[] }
    ).addresses;
    expect(addresses.map((a) => [a.line1, a.defaultShipping])).toEqual([
      ['1200 Lakeshore Drive', true],
      ['48 Willow Street', false],
      ['1 Main Street', false],
    ]);
    expect(addresses[2]?.id).toBe(addressId);
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
    expect(events).toHaveLength(3);
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

  it('starts Sam’s own book (he has no personal account: Riverside’s, which he administers) with his saved address', async () => {
    const items = (
      await app.inject({ url: '/api/me/addresses', headers: { cookie: buyers.sam.cookie } })
    ).json<{ items: { line1: string; defaultShipping: boolean }[] }>().items;
    expect(items.map((a) => [a.line1, a.defaultShipping])).toContainEqual([
      '22 Riverside Walk',
      true,
    ]);
  });

  it('imports saved addresses of the former table once, as the store, keeping their ids and defaults', async () => {
    const { db } = t.database;
    // A user with a personal account and two rows saved before the books existed.
    const userId = randomUUID();
    const accountId = randomUUID();
    await db.insert(users).values({
      id: userId,
      email: `import-${userId}@demo.example`,
      givenName: 'Ines',
      familyName: 'Moreau',
      passwordHash: 'x',
      registrationCountry: 'US',
    });
    await db.insert(customerAccounts).values({
      id: accountId,
      accountNumber: `T${userId.replace(/-/g, '').slice(0, 11).toUpperCase()}`,
      name: 'Ines Moreau',
      accountType: 'PERSONAL',
    });
    await db.insert(customerMembers).values({ customerId: accountId, userId, role: 'owner' });
    const home = randomUUID();
    const office = randomUUID();
    await db.insert(addresses).values([
      {
        id: home,
        userId,
        firstName: 'Ines',
        lastName: 'Moreau',
        line1: '9 Elm Court',
        town: 'Madison',
        region: 'WI',
        postalCode: '53703',
        country: 'US',
        // Saved before phones were asked for: kept as it was.
        phone: null,
        createdAt: new Date('2025-01-01T00:00:00Z'),
      },
      {
        id: office,
        userId,
        firstName: 'Ines',
        lastName: 'Moreau',
        organization: 'Elm Court Clinic',
        line1: '200 State Street',
        town: 'Madison',
        region: 'WI',
        postalCode: '53703',
        country: 'US',
        phone: '+16085550111',
        defaultShipping: true,
        createdAt: new Date('2025-02-01T00:00:00Z'),
      },
    ]);

    expect(await importSavedAddresses(db, app.commands)).toBe(1);
    // Issued again (a later start, another instance): nothing more.
    expect(await importSavedAddresses(db, app.commands)).toBe(0);

    const stored = await db
      .select({ type: events.type, data: events.data, metadata: events.metadata })
      .from(events)
      .where(eq(events.streamId, `address-book:${accountId}`));
    expect(stored.map((e) => e.type)).toEqual(['AddressAdded', 'AddressAdded']);
    expect(stored.map((e) => (e.metadata as { actor: unknown }).actor)).toEqual([
      { kind: 'system', id: 'address-book-import' },
      { kind: 'system', id: 'address-book-import' },
    ]);
    const books = await addressBooksOf(db, [accountId]);
    const book = books.get(accountId) ?? [];
    // The default shipping address first; billing had no default: the first saved one.
    expect(book.map((a) => [a.id, a.defaultShipping, a.defaultBilling, a.phone])).toEqual([
      [office, true, false, '+16085550111'],
      [home, false, true, null],
    ]);

    // Removed from the book later, an imported address does not come back.
    const ines = await createWebSession(db, userId, null, new Date());
    const cookie = `${SESSION_COOKIE}=${ines.id}`;
    const removed = await app.inject({
      method: 'POST',
      url: `/api/address-books/${accountId}/commands`,
      headers: { cookie },
      payload: {
        clientId: `device-${randomUUID()}`,
        expectedVersion: 2,
        commands: [command('RemoveAddress', { addressId: home })],
      },
    });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(await importSavedAddresses(db, app.commands)).toBe(0);
    const after = (await addressBooksOf(db, [accountId])).get(accountId) ?? [];
    expect(after.map((a) => a.id)).toEqual([office]);
    // Another user's book stays 404 to her, and hers to them.
    expect((await pull(accountId, buyers.dana)).statusCode).toBe(404);
    const danas = await app.inject({
      url: `/api/address-books/${danaPersonal}`,
      headers: { cookie },
    });
    expect(danas.statusCode).toBe(404);
  });
});
