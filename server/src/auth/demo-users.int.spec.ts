/**
 * The demo buyer whose university clinic is at its University Alliance Program limit (SPEC
 * 4.7), on PGlite and PostgreSQL: made with the demo users, added once to a store seeded
 * before her, and never to a store without the demo customers.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { testDatabaseTargets, useTestDatabase } from '../../../tests/support/databases';
import { cartAccountsOf, listAccounts } from '../customers/customer-repository';
import { listAddresses } from '../customers/address-books';
import { DEMO_ACCOUNTS, seedDemoCustomers } from '../customers/demo-customers';
import { migrate, readMigrations } from '../db/migrate';
import { customerAccounts, users } from '../db/schema';
import { DEMO_UAP_LIMIT_BUYER, DEMO_USERS, seedDemoUsers } from './demo-users';
import { createUser, findUserWithPassword } from './users';
import { verifyPassword } from './passwords';
import type { Db } from '../db/database';

async function grace(db: Db) {
  const user = await findUserWithPassword(db, DEMO_UAP_LIMIT_BUYER.email);
  if (!user) throw new Error('Grace was not seeded');
  return user;
}

async function eastbrookAccounts(db: Db) {
  return db
    .select({ id: customerAccounts.id })
    .from(customerAccounts)
    .where(eq(customerAccounts.accountNumber, DEMO_ACCOUNTS.eastbrook));
}

/** What Grace finds: her one account, at its limit, with her clinic's address and level. */
async function expectGraceAtTheLimit(db: Db) {
  const user = await grace(db);
  expect(await verifyPassword(DEMO_UAP_LIMIT_BUYER.password, user.passwordHash)).toBe(true);
  const accounts = await listAccounts(db, user.id);
  expect(accounts).toMatchObject([
    {
      accountNumber: DEMO_ACCOUNTS.eastbrook,
      name: 'Eastbrook University Counseling Center',
      accountType: 'ORGANIZATION',
      role: 'administrator',
      discounts: [{ programme: 'UAP', status: 'UAP_LIMIT_REACHED' }],
    },
  ]);
  expect(await cartAccountsOf(db, user.id)).toMatchObject([
    { discounts: [{ programme: 'UAP', status: 'UAP_LIMIT_REACHED', basisPoints: 2000 }] },
  ]);
  const book = await listAddresses(db, user.id);
  expect(book.map((entry) => entry.line1)).toEqual(['300 University Avenue']);
}

describe.each(testDatabaseTargets())('demo users on $kind', (target) => {
  const database = useTestDatabase(target);

  it('makes Grace and her clinic at its UAP limit with the demo users, once', async () => {
    const { db } = database();
    await migrate(database(), await readMigrations());
    await seedDemoUsers(db);
    await expectGraceAtTheLimit(db);
    await seedDemoUsers(db);
    expect(await eastbrookAccounts(db)).toHaveLength(1);
    expect(
      await db.select().from(users).where(eq(users.email, DEMO_UAP_LIMIT_BUYER.email)),
    ).toHaveLength(1);
  });

  it('adds Grace and her clinic to a store seeded before her', async () => {
    const { db } = database();
    await migrate(database(), await readMigrations());
    // A store seeded before: the first demo users and their customers only.
    for (const user of DEMO_USERS) await createUser(db, user);
    await seedDemoCustomers(db);
    expect(await eastbrookAccounts(db)).toHaveLength(0);
    await seedDemoUsers(db);
    await expectGraceAtTheLimit(db);
  });

  it('does not make her again once the clinic exists, even under another email', async () => {
    const { db } = database();
    await migrate(database(), await readMigrations());
    await seedDemoUsers(db);
    const user = await grace(db);
    await db.update(users).set({ email: 'grace@eastbrook.example' }).where(eq(users.id, user.id));
    await seedDemoUsers(db);
    expect(await findUserWithPassword(db, DEMO_UAP_LIMIT_BUYER.email)).toBeUndefined();
    expect(await eastbrookAccounts(db)).toHaveLength(1);
  });

  it('leaves her out of a store without the demo customers', async () => {
    const { db } = database();
    await migrate(database(), await readMigrations());
    await createUser(db, {
      email: 'robin@clinic.example',
      password: 'Robins-Test-2026',
      firstName: 'Robin',
      lastName: 'Ashby',
      country: 'GB',
    });
    await seedDemoUsers(db);
    expect(await findUserWithPassword(db, DEMO_UAP_LIMIT_BUYER.email)).toBeUndefined();
    expect(await eastbrookAccounts(db)).toHaveLength(0);
  });
});
