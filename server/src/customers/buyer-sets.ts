/**
 * A new set of buyers shaped as the demo buyers (decision 067): Dana, Sam, Priya, Tomás and
 * Grace again, with the same names, passwords, accounts and roles, addresses, qualifications,
 * platform accounts, saved cards and terms, but emails and account numbers of their own. The
 * browser tests ask the running store for one per test (`buyers-new` on the operator
 * channel), so what one test does to its buyers (a cart, an order, an address, a profile) is
 * never seen by another. The records are the demo's own (`insertBuyerWorld`,
 * `insertUapLimitAccount`), so a set is always what the demo world is.
 */
import { randomBytes, randomInt } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { createUser } from '../auth/users';
import { DEMO_UAP_LIMIT_BUYER, DEMO_USERS } from '../auth/demo-users';
import type { CommandHandler } from '../commands/execute';
import type { Db } from '../db/database';
import { customerAccountMerges, customerAccounts } from '../db/schema';
import { importSavedAddresses } from './address-book-import';
import type { DEMO_ACCOUNTS, BuyerAccountNumbers } from './demo-customers';
import { insertBuyerWorld, insertUapLimitAccount } from './demo-customers';

export const BUYER_NAMES = ['dana', 'sam', 'priya', 'tomas', 'grace'] as const;
export type BuyerName = (typeof BUYER_NAMES)[number];

export interface Buyer {
  readonly email: string;
  readonly password: string;
  readonly firstName: string;
  readonly lastName: string;
}

export interface BuyerSet {
  /** What the set's emails carry after the demo buyer's name: `dana.reyes.{tag}@demo.example`. */
  readonly tag: string;
  readonly buyers: { readonly [N in BuyerName]: Buyer };
  readonly accounts: BuyerAccountNumbers;
}

const DEMO_OF: {
  readonly [N in BuyerName]: (typeof DEMO_USERS)[number] | typeof DEMO_UAP_LIMIT_BUYER;
} = {
  dana: DEMO_USERS[0],
  sam: DEMO_USERS[1],
  priya: DEMO_USERS[2],
  tomas: DEMO_USERS[3],
  grace: DEMO_UAP_LIMIT_BUYER,
};

/** The demo buyer's email with the set's tag before the domain. */
function taggedEmail(email: string, tag: string): string {
  const at = email.lastIndexOf('@');
  return `${email.slice(0, at)}.${tag}${email.slice(at)}`;
}

/** Letters and digits a temporary account number is made of (no 0/O, 1/I). */
const TEMPORARY_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

function temporaryNumber(): string {
  let number = '';
  for (let i = 0; i < 12; i++) number += TEMPORARY_ALPHABET[randomInt(TEMPORARY_ALPHABET.length)];
  return number;
}

/**
 * Account numbers no account and no merged account has: four organizations' 4-digit numbers
 * (1000 to 8999) and two temporary numbers; the platform accounts' numbers are made from the
 * organizations', so they are the set's own too. Under the demo seeding's lock, so two sets
 * made at once never draw the same number.
 */
async function freeNumbers(db: Pick<Db, 'select'>): Promise<BuyerAccountNumbers> {
  const taken = new Set([
    ...(await db.select({ n: customerAccounts.accountNumber }).from(customerAccounts)).map(
      (row) => row.n,
    ),
    ...(await db.select({ n: customerAccountMerges.mergedNumber }).from(customerAccountMerges)).map(
      (row) => row.n,
    ),
  ]);
  const draw = (make: () => string): string => {
    for (;;) {
      const number = make();
      if (!taken.has(number)) {
        taken.add(number);
        return number;
      }
    }
  };
  // Never 9000 to 9999: the tests use them as numbers no account has ('9999' is not found).
  const organization = () => String(randomInt(1000, 9000));
  const riverside = draw(organization);
  const lakeshore = draw(organization);
  const northgate = draw(organization);
  const eastbrook = draw(organization);
  return {
    danaPersonal: draw(temporaryNumber),
    riverside,
    lakeshore,
    riversideQglobal: `QG-${riverside}00`,
    tomasQglobal: `QG-${riverside}17`,
    danaQglobal: `QG-${lakeshore}55`,
    riversideAimsweb: `AW-${riverside}-01`,
    northgate,
    danaMerged: draw(temporaryNumber),
    eastbrook,
  } satisfies Record<keyof typeof DEMO_ACCOUNTS, string>;
}

/** Seeds a new set of buyers: the demo buyers again, under a tag of their own. */
export async function seedBuyerSet(db: Db, commands: CommandHandler): Promise<BuyerSet> {
  const tag = randomBytes(5).toString('hex');
  const made = {} as Record<BuyerName, Buyer & { id: string }>;
  for (const name of BUYER_NAMES) {
    const demo = DEMO_OF[name];
    const email = taggedEmail(demo.email, tag);
    const user = await createUser(db, { ...demo, email });
    made[name] = {
      id: user.id,
      email,
      password: demo.password,
      firstName: demo.firstName,
      lastName: demo.lastName,
    };
  }
  const accounts = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('storefront:seed-customers'))`);
    const numbers = await freeNumbers(tx);
    await insertBuyerWorld(
      tx,
      {
        dana: made.dana.id,
        danaEmail: made.dana.email,
        sam: made.sam.id,
        priya: made.priya.id,
        tomas: made.tomas.id,
      },
      numbers,
    );
    await insertUapLimitAccount(tx, made.grace.id, numbers.eastbrook);
    return numbers;
  });
  // Their saved addresses reach their address books as the demo buyers' do.
  await importSavedAddresses(db, commands);
  const buyers = Object.fromEntries(
    BUYER_NAMES.map((name) => {
      const { id: _id, ...buyer } = made[name];
      return [name, buyer];
    }),
  ) as { [N in BuyerName]: Buyer };
  return { tag, buyers, accounts };
}
