/**
 * Demo users for a store that has none (DEMO_USERS=off leaves them out): a clinician with a
 * personal account who also works for a university clinic, an organization administrator
 * and two of the administrator's colleagues. README.md gives their sign-in; their customer
 * accounts, qualifications, addresses and cards come from customers/demo-customers.ts; their
 * saved addresses reach their personal accounts' address books through the import every
 * store's saved addresses go through (customers/address-book-import.ts, decision 054).
 */
import { count, sql } from 'drizzle-orm';
import { SITE_REGIONS } from '../../../domain/support/support';
import { STREAM_REGISTRY } from '../../../domain/registry';
import { CommandHandler } from '../commands/execute';
import { importSavedAddresses } from '../customers/address-book-import';
import type { Db } from '../db/database';
import { supportAgents, users } from '../db/schema';
import { seedDemoCustomers } from '../customers/demo-customers';
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
  const [known] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = ${DEMO_AGENT.email}`);
  let userId = known?.id;
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
  await importSavedAddresses(
    db,
    new CommandHandler(new EventStore(db, { registry: STREAM_REGISTRY })),
  );
}
