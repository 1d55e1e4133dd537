/**
 * Demo users for a store that has none (DEMO_USERS=off leaves them out): a clinician with a
 * personal account who also works for a university clinic, an organization administrator
 * and two of the administrator's colleagues; later, a counselor whose university clinic has
 * reached its University Alliance Program limit. README.md gives their sign-in; their customer
 * accounts, qualifications, addresses and cards come from customers/demo-customers.ts; their
 * saved addresses reach their personal accounts' address books through the import every
 * store's saved addresses go through (customers/address-book-import.ts, decision 054).
 */
import { count, inArray, sql } from 'drizzle-orm';
import { SITE_REGIONS } from '../../../domain/support/support';
import { STREAM_REGISTRY } from '../../../domain/registry';
import { CommandHandler } from '../commands/execute';
import { importSavedAddresses } from '../customers/address-book-import';
import type { Db } from '../db/database';
import { customerAccounts, supportAgents, users } from '../db/schema';
import {
  DEMO_ACCOUNTS,
  seedDemoCustomers,
  seedDemoUapLimitAccount,
} from '../customers/demo-customers';
import { EventStore } from '../event-store/event-store';
import { createUser, EmailTakenError } from './users';

export const DEMO_USERS = [
  {
    email: 'dana.reyes@demo.example',
    password: 'Demo-Clinician-2026',
    firstName: 'Dana',
    lastName: 'Reyes',
    country: 'US',
  },
  {
    email: 'sam.okafor@demo.example',
    password: 'Demo-Admin-2026',
    firstName: 'Sam',
    lastName: 'Okafor',
    country: 'GB',
  },
  {
    email: 'priya.shah@demo.example',
    password: 'Demo-Colleague-2026',
    firstName: 'Priya',
    lastName: 'Shah',
    country: 'GB',
  },
  {
    email: 'tomas.varga@demo.example',
    password: 'Demo-Colleague-2026',
    firstName: 'Tomás',
    lastName: 'Varga',
    country: 'GB',
  },
] as const;

/**
 * The administrator of a university clinic at its University Alliance Program limit (SPEC
 * 4.7), added after the first demo users: made with them, and added to a store seeded before.
 */
export const DEMO_UAP_LIMIT_BUYER = {
  email: 'grace.holloway@demo.example',
  password: 'Demo-University-2026',
  firstName: 'Grace',
  lastName: 'Holloway',
  country: 'US',
} as const;

/** The demo customer service agent (decision 063), serving every region. */
export const DEMO_AGENT = {
  email: 'alex.morgan@demo.example',
  password: 'Demo-Support-2026',
  firstName: 'Alex',
  lastName: 'Morgan',
  country: 'US',
} as const;

/**
 * The demo agent, once: made with the demo users, and added to a store seeded before agents
 * existed. An operator's removal of the agent is kept (the row stays, removed).
 */
async function seedDemoAgent(db: Db): Promise<void> {
  let userId = await userIdOf(db, DEMO_AGENT.email);
  if (!userId) {
    try {
      userId = (await createUser(db, DEMO_AGENT)).id;
    } catch (error) {
      // Another instance seeded it at the same moment.
      if (!(error instanceof EmailTakenError)) throw error;
      return;
    }
  }
  await db
    .insert(supportAgents)
    .values({ userId, regions: [...SITE_REGIONS] })
    .onConflictDoNothing({ target: supportAgents.userId });
}

/** The id of the user with this email, if any. */
async function userIdOf(db: Db, email: string): Promise<string | undefined> {
  const [known] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = ${email}`);
  return known?.id;
}

/**
 * Grace and her clinic's account, once, in a store that has the demo customers (seeded now or
 * before): nothing when the clinic's account number is taken, so a Grace who changed her
 * email is not made again.
 */
async function seedDemoUapLimitBuyer(db: Db): Promise<void> {
  const found = await db
    .select({ number: customerAccounts.accountNumber })
    .from(customerAccounts)
    .where(
      inArray(customerAccounts.accountNumber, [DEMO_ACCOUNTS.riverside, DEMO_ACCOUNTS.eastbrook]),
    );
  const numbers = new Set(found.map((row) => row.number));
  if (!numbers.has(DEMO_ACCOUNTS.riverside) || numbers.has(DEMO_ACCOUNTS.eastbrook)) return;
  let userId = await userIdOf(db, DEMO_UAP_LIMIT_BUYER.email);
  if (!userId) {
    try {
      userId = (await createUser(db, DEMO_UAP_LIMIT_BUYER)).id;
    } catch (error) {
      if (!(error instanceof EmailTakenError)) throw error;
      // Another instance made her at the same moment.
      userId = await userIdOf(db, DEMO_UAP_LIMIT_BUYER.email);
    }
  }
  if (userId) await seedDemoUapLimitAccount(db, userId);
}

export async function seedDemoUsers(db: Db): Promise<void> {
  const [row] = await db.select({ n: count() }).from(users);
  if ((row?.n ?? 0) === 0) {
    for (const user of DEMO_USERS) {
      try {
        await createUser(db, user);
      } catch (error) {
        // Another instance seeded them at the same moment.
        if (!(error instanceof EmailTakenError)) throw error;
      }
    }
  }
  await seedDemoAgent(db);
  await seedDemoCustomers(db);
  await seedDemoUapLimitBuyer(db);
  await importSavedAddresses(
    db,
    new CommandHandler(new EventStore(db, { registry: STREAM_REGISTRY })),
  );
}
