/**
 * The demo users' customer records: a clinician's personal account, a child development
 * clinic (an organization that has ordered before, with an organizational discount) and a
 * university clinic in the University Alliance Program; qualified users at levels A, B and C
 * with their qualifications; Q-global and aimswebPlus accounts (one owned by someone else,
 * for the "no access" outcome); address books; saved cards as gateway tokens only.
 * Runs once, when there are no customer accounts yet; the university clinic at its UAP limit
 * (`seedDemoUapLimitAccount`) came later and is added to a store seeded before it.
 */
import { randomUUID } from 'node:crypto';
import { count, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import { newSeededToken } from '../payments/sandbox/sandbox-cards';
import {
  accountInvitations,
  customerAccountMerges,
  accountQualifiedUsers,
  addresses,
  customerAccounts,
  customerDiscounts,
  customerMembers,
  paymentMethods,
  platformAccounts,
  qualifications,
  qualifiedUsers,
  users,
} from '../db/schema';

const DANA = 'dana.reyes@demo.example';
const SAM = 'sam.okafor@demo.example';
const PRIYA = 'priya.shah@demo.example';
const TOMAS = 'tomas.varga@demo.example';

/** Account numbers the README and tests refer to. */
export const DEMO_ACCOUNTS = {
  danaPersonal: 'T7K2Q9X4M3PL',
  riverside: '4821',
  lakeshore: '7310',
  riversideQglobal: 'QG-482100',
  tomasQglobal: 'QG-900417',
  danaQglobal: 'QG-731055',
  riversideAimsweb: 'AW-4821-01',
  /** An organization that invited Dana: found by 'Account not listed'. */
  northgate: '5150',
  /** A duplicate of Dana's personal account, merged into it (SPEC 6; decision 056). */
  danaMerged: 'R4W8N2J6H5TB',
  /** A university clinic at its University Alliance Program limit, Grace's (SPEC 4.7). */
  eastbrook: '6204',
} as const;

/** The account numbers of one world of buyers (the demo's are DEMO_ACCOUNTS). */
export type BuyerAccountNumbers = { readonly [K in keyof typeof DEMO_ACCOUNTS]: string };

/** The users of one world of buyers: Dana and Sam, and Priya and Tomás when they exist. */
export interface BuyerWorldUsers {
  readonly dana: string;
  /** Northgate's invitation goes to it. */
  readonly danaEmail: string;
  readonly sam: string;
  readonly priya?: string | undefined;
  readonly tomas?: string | undefined;
}

export async function seedDemoCustomers(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('storefront:seed-customers'))`);
    const [row] = await tx.select({ n: count() }).from(customerAccounts);
    if ((row?.n ?? 0) > 0) return;
    const found = await tx
      .select({ id: users.id, email: users.email })
      .from(users)
      .where(inArray(users.email, [DANA, SAM, PRIYA, TOMAS]));
    const id = new Map(found.map((u) => [u.email, u.id]));
    const dana = id.get(DANA);
    const sam = id.get(SAM);
    if (!dana || !sam) return;
    await insertBuyerWorld(
      tx,
      { dana, danaEmail: DANA, sam, priya: id.get(PRIYA), tomas: id.get(TOMAS) },
      DEMO_ACCOUNTS,
    );
  });
}

/**
 * The demo customers' records for these users under these account numbers: what
 * `seedDemoCustomers` seeds for the demo users, and a new world of buyers
 * (customers/buyer-sets.ts) for its own users. Inside the caller's transaction.
 */
export async function insertBuyerWorld(
  db: Pick<Db, 'insert'>,
  { dana, danaEmail, sam, priya, tomas }: BuyerWorldUsers,
  numbers: BuyerAccountNumbers,
): Promise<void> {
  const danaAccount = randomUUID();
  const riverside = randomUUID();
  const lakeshore = randomUUID();
  const northgate = randomUUID();
  await db.insert(customerAccounts).values([
    {
      id: danaAccount,
      accountNumber: numbers.danaPersonal,
      name: 'Dana Reyes',
      accountType: 'PERSONAL',
    },
    {
      id: riverside,
      accountNumber: numbers.riverside,
      name: 'Riverside Child Development Clinic',
      accountType: 'ORGANIZATION',
      hasOrdered: true,
    },
    {
      id: lakeshore,
      accountNumber: numbers.lakeshore,
      name: 'Lakeshore University Psychology Clinic',
      accountType: 'ORGANIZATION',
      taxExempt: true,
    },
    {
      id: northgate,
      accountNumber: numbers.northgate,
      name: 'Northgate School District',
      accountType: 'ORGANIZATION',
    },
  ]);
  await db.insert(customerAccountMerges).values({
    mergedNumber: numbers.danaMerged,
    customerId: danaAccount,
    mergedOn: '2026-03-14',
  });
  // Northgate has invited Dana to order on its account; she is not a member yet.
  await db.insert(accountInvitations).values({ customerId: northgate, email: danaEmail });
  await db
    .insert(customerMembers)
    .values([
      { customerId: danaAccount, userId: dana, role: 'owner' },
      { customerId: lakeshore, userId: dana, role: 'member' },
      { customerId: riverside, userId: sam, role: 'administrator' },
      ...(priya ? [{ customerId: riverside, userId: priya, role: 'member' }] : []),
      ...(tomas ? [{ customerId: riverside, userId: tomas, role: 'member' }] : []),
    ]);
  await db.insert(customerDiscounts).values([
    {
      customerId: riverside,
      programme: 'OLD',
      status: 'OLD_APPLIED',
      discountBasisPoints: 1000,
      startsAt: new Date('2026-01-01T00:00:00Z'),
      endsAt: new Date('2027-12-31T23:59:59Z'),
    },
    {
      customerId: lakeshore,
      programme: 'UAP',
      status: 'UAP_APPLIED',
      discountBasisPoints: 2000,
      startsAt: new Date('2026-07-01T00:00:00Z'),
      endsAt: new Date('2027-06-30T23:59:59Z'),
    },
  ]);

  await db.insert(qualifiedUsers).values([
    {
      userId: dana,
      level: 'B',
      recordedLevel: 'B',
      verifiedAt: new Date('2026-02-10T00:00:00Z'),
    },
    {
      userId: sam,
      level: 'C',
      recordedLevel: 'C',
      verifiedAt: new Date('2025-11-03T00:00:00Z'),
    },
    ...(priya ? [{ userId: priya, level: 'A', recordedLevel: 'A', verifiedAt: null }] : []),
    ...(tomas
      ? [
          {
            userId: tomas,
            level: 'C',
            recordedLevel: 'C',
            verifiedAt: new Date('2024-09-18T00:00:00Z'),
          },
        ]
      : []),
  ]);
  // The qualified users each account lists at checkout (members with a qualification).
  await db
    .insert(accountQualifiedUsers)
    .values([
      { customerId: danaAccount, userId: dana },
      { customerId: lakeshore, userId: dana },
      { customerId: riverside, userId: sam },
      ...(priya ? [{ customerId: riverside, userId: priya }] : []),
      ...(tomas ? [{ customerId: riverside, userId: tomas }] : []),
    ]);
  await db.insert(qualifications).values([
    {
      id: randomUUID(),
      userId: dana,
      kind: 'degree',
      title: 'M.A. School Psychology',
      issuer: 'Lakeshore State University',
      issuedOn: '2019-05-18',
    },
    {
      id: randomUUID(),
      userId: dana,
      kind: 'certification',
      title: 'Certified School Psychologist',
      issuer: 'State Board of Educator Certification',
      reference: 'CSP-20417',
      issuedOn: '2019-08-01',
      expiresOn: '2029-07-31',
    },
    {
      id: randomUUID(),
      userId: sam,
      kind: 'degree',
      title: 'DClinPsy Clinical Psychology',
      issuer: 'University of Northmoor',
      issuedOn: '2014-09-30',
    },
    {
      id: randomUUID(),
      userId: sam,
      kind: 'license',
      title: 'Practitioner Psychologist (Clinical)',
      issuer: 'Health Professions Register',
      reference: 'PYL-33190',
      issuedOn: '2014-11-12',
    },
    {
      id: randomUUID(),
      userId: sam,
      kind: 'organisation',
      title: 'Full member',
      issuer: 'Society of Child Psychologists',
    },
    ...(tomas
      ? [
          {
            id: randomUUID(),
            userId: tomas,
            kind: 'accredited-institution',
            title: 'Neuropsychology Fellowship',
            issuer: 'Eastmere Teaching Hospital',
            issuedOn: '2016-06-30',
          },
        ]
      : []),
  ]);

  await db.insert(platformAccounts).values([
    {
      id: randomUUID(),
      platform: 'q-global',
      accountNumber: numbers.riversideQglobal,
      customerId: riverside,
      ownerUserId: sam,
    },
    {
      id: randomUUID(),
      platform: 'q-global',
      accountNumber: numbers.danaQglobal,
      customerId: null,
      ownerUserId: dana,
    },
    ...(tomas
      ? [
          {
            id: randomUUID(),
            platform: 'q-global',
            accountNumber: numbers.tomasQglobal,
            customerId: null,
            ownerUserId: tomas,
          },
        ]
      : []),
    {
      id: randomUUID(),
      platform: 'aimswebplus',
      accountNumber: numbers.riversideAimsweb,
      customerId: riverside,
      ownerUserId: sam,
    },
  ]);

  const danaClinic = randomUUID();
  const samClinic = randomUUID();
  await db.insert(addresses).values([
    {
      id: danaClinic,
      userId: dana,
      firstName: 'Dana',
      lastName: 'Reyes',
      organization: 'Lakeshore University Psychology Clinic',
      line1: '1200 Lakeshore Drive',
      line2: 'Suite 310',
      town: 'Madison',
      region: 'WI',
      postalCode: '53706',
      country: 'US',
      phone: '+16085550142',
      defaultShipping: true,
      defaultBilling: true,
    },
    {
      id: randomUUID(),
      userId: dana,
      firstName: 'Dana',
      lastName: 'Reyes',
      line1: '48 Willow Street',
      town: 'Middleton',
      region: 'WI',
      postalCode: '53562',
      country: 'US',
      phone: '+16085550199',
    },
    {
      id: samClinic,
      userId: sam,
      firstName: 'Sam',
      lastName: 'Okafor',
      organization: 'Riverside Child Development Clinic',
      line1: '22 Riverside Walk',
      town: 'Leeds',
      region: 'LDS',
      postalCode: 'LS1 4AP',
      country: 'GB',
      phone: '+441134960123',
      defaultShipping: true,
      defaultBilling: true,
    },
  ]);
  // Gateway tokens from the sandbox: the brand, last four digits and expiry only.
  await db.insert(paymentMethods).values([
    {
      id: randomUUID(),
      userId: dana,
      gatewayToken: newSeededToken(),
      brand: 'visa',
      last4: '4242',
      expMonth: 9,
      expYear: 2029,
      holderName: 'Dana Reyes',
      billingAddressId: danaClinic,
      isDefault: true,
      createdAt: new Date('2026-01-01T00:00:00Z'),
    },
    // Payment Cards (decision 056): a card to make the default and one to remove.
    {
      id: randomUUID(),
      userId: dana,
      gatewayToken: newSeededToken(),
      brand: 'mastercard',
      last4: '5454',
      expMonth: 6,
      expYear: 2030,
      holderName: 'Dana Reyes',
      billingAddressId: danaClinic,
      createdAt: new Date('2026-01-02T00:00:00Z'),
    },
    {
      id: randomUUID(),
      userId: dana,
      gatewayToken: newSeededToken(),
      brand: 'amex',
      last4: '0005',
      expMonth: 1,
      expYear: 2031,
      holderName: 'Dana Reyes',
      billingAddressId: null,
      createdAt: new Date('2026-01-03T00:00:00Z'),
    },
    {
      id: randomUUID(),
      userId: sam,
      gatewayToken: newSeededToken(),
      brand: 'mastercard',
      last4: '4444',
      expMonth: 3,
      expYear: 2028,
      holderName: 'Sam Okafor',
      billingAddressId: samClinic,
      isDefault: true,
    },
  ]);
}

/**
 * Eastbrook University Counseling Center, at its University Alliance Program limit (SPEC
 * 4.7: UAP_LIMIT_REACHED, so carts and checkouts for it say so and take no UAP discount),
 * administered by its only member, given: her qualification (level B), the clinic's address
 * (her own saved address, which becomes the account's address book) and a saved Visa. Added
 * with the other demo customers, and to a store seeded before it, once: nothing is added when
 * the account number is taken.
 */
export async function seedDemoUapLimitAccount(db: Db, userId: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('storefront:seed-uap-limit'))`);
    const [taken] = await tx
      .select({ id: customerAccounts.id })
      .from(customerAccounts)
      .where(eq(customerAccounts.accountNumber, DEMO_ACCOUNTS.eastbrook));
    if (taken) return;
    await insertUapLimitAccount(tx, userId, DEMO_ACCOUNTS.eastbrook);
  });
}

/** Eastbrook's records for its administrator under this account number, in the caller's transaction. */
export async function insertUapLimitAccount(
  db: Pick<Db, 'insert'>,
  userId: string,
  accountNumber: string,
): Promise<void> {
  const eastbrook = randomUUID();
  await db.insert(customerAccounts).values({
    id: eastbrook,
    accountNumber: accountNumber,
    name: 'Eastbrook University Counseling Center',
    accountType: 'ORGANIZATION',
    hasOrdered: true,
  });
  await db.insert(customerMembers).values({ customerId: eastbrook, userId, role: 'administrator' });
  await db.insert(customerDiscounts).values({
    customerId: eastbrook,
    programme: 'UAP',
    status: 'UAP_LIMIT_REACHED',
    discountBasisPoints: 2000,
    startsAt: new Date('2026-01-01T00:00:00Z'),
    endsAt: new Date('2026-12-31T23:59:59Z'),
  });
  await db
    .insert(qualifiedUsers)
    .values({
      userId,
      level: 'B',
      recordedLevel: 'B',
      verifiedAt: new Date('2025-08-21T00:00:00Z'),
    })
    .onConflictDoNothing({ target: qualifiedUsers.userId });
  await db.insert(accountQualifiedUsers).values({ customerId: eastbrook, userId });
  await db.insert(qualifications).values({
    id: randomUUID(),
    userId,
    kind: 'degree',
    title: 'M.S. Clinical Mental Health Counseling',
    issuer: 'Eastbrook University',
    issuedOn: '2017-05-20',
  });
  const clinic = randomUUID();
  await db.insert(addresses).values({
    id: clinic,
    userId,
    firstName: 'Grace',
    lastName: 'Holloway',
    organization: 'Eastbrook University Counseling Center',
    line1: '300 University Avenue',
    line2: 'Suite 120',
    town: 'Evanston',
    region: 'IL',
    postalCode: '60201',
    country: 'US',
    phone: '+18475550163',
    defaultShipping: true,
    defaultBilling: true,
  });
  await db.insert(paymentMethods).values({
    id: randomUUID(),
    userId,
    gatewayToken: newSeededToken(),
    brand: 'visa',
    last4: '1881',
    expMonth: 4,
    expYear: 2030,
    holderName: 'Grace Holloway',
    billingAddressId: clinic,
    isDefault: true,
  });
}
