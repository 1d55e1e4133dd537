/**
 * A new set of buyers (decision 067), on PGlite and PostgreSQL: the demo buyers again, each
 * with the demo buyer's accounts, roles, address book and level, under emails and account
 * numbers of the set's own; two sets never share a number.
 */
import { describe, expect, it } from 'vitest';
import { testDatabaseTargets, useTestDatabase } from '../../../tests/support/databases';
import { STREAM_REGISTRY } from '../../../domain/registry';
import { DEMO_USERS, seedDemoUsers } from '../auth/demo-users';
import { verifyPassword } from '../auth/passwords';
import { findUserWithPassword } from '../auth/users';
import { CommandHandler } from '../commands/execute';
import type { Db } from '../db/database';
import { migrate, readMigrations } from '../db/migrate';
import { EventStore } from '../event-store/event-store';
import { listAddresses } from './address-books';
import { listAccounts } from './customer-repository';
import { DEMO_ACCOUNTS } from './demo-customers';
import { BUYER_NAMES, seedBuyerSet } from './buyer-sets';

async function accountsOf(db: Db, email: string) {
  const user = await findUserWithPassword(db, email);
  if (!user) throw new Error(`${email} was not made`);
  return {
    user,
    accounts: (await listAccounts(db, user.id)).map((a) => ({
      number: a.accountNumber,
      name: a.name,
      type: a.accountType,
      role: a.role,
    })),
    book: (await listAddresses(db, user.id)).map((entry) => entry.line1),
  };
}

describe.each(testDatabaseTargets())('buyer sets on $kind', (target) => {
  const database = useTestDatabase(target);

  it('makes the demo buyers again under their own emails and account numbers', async () => {
    const { db } = database();
    await migrate(database(), await readMigrations());
    await seedDemoUsers(db);
    const commands = new CommandHandler(new EventStore(db, { registry: STREAM_REGISTRY }));
    const first = await seedBuyerSet(db, commands);
    const second = await seedBuyerSet(db, commands);

    const numbers = [first, second].flatMap((set) => Object.values(set.accounts));
    const demoNumbers: string[] = Object.values(DEMO_ACCOUNTS);
    expect(new Set(numbers).size).toBe(numbers.length);
    expect(numbers.filter((n) => demoNumbers.includes(n))).toEqual([]);
    for (const name of BUYER_NAMES) {
      expect(first.buyers[name].email).not.toBe(second.buyers[name].email);
      expect(first.buyers[name].email).toMatch(new RegExp(`\\.${first.tag}@demo\\.example$`));
    }

    // Dana of the set: the demo Dana's accounts, roles and book, with the set's numbers.
    const demo = await accountsOf(db, DEMO_USERS[0].email);
    const dana = await accountsOf(db, first.buyers.dana.email);
    expect(await verifyPassword(first.buyers.dana.password, dana.user.passwordHash)).toBe(true);
    const renumbered = new Map<string, string>(
      Object.entries(DEMO_ACCOUNTS).map(([key, number]) => [
        number,
        first.accounts[key as keyof typeof DEMO_ACCOUNTS],
      ]),
    );
    expect(dana.accounts).toEqual(
      demo.accounts.map((a) => ({ ...a, number: renumbered.get(a.number) })),
    );
    expect(dana.book).toEqual(demo.book);
    expect(dana.accounts.length).toBeGreaterThan(1);

    // Sam administers the set's Riverside; Priya is a member of it; Grace is at the UAP limit.
    expect((await accountsOf(db, first.buyers.sam.email)).accounts).toEqual([
      expect.objectContaining({ number: first.accounts.riverside, role: 'administrator' }),
    ]);
    expect((await accountsOf(db, first.buyers.priya.email)).accounts).toEqual([
      expect.objectContaining({ number: first.accounts.riverside, role: 'member' }),
    ]);
    expect((await accountsOf(db, first.buyers.grace.email)).accounts).toEqual([
      expect.objectContaining({ number: first.accounts.eastbrook, role: 'administrator' }),
    ]);
  });
});
