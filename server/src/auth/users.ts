/** The store's user accounts (SPEC 3 User). */
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { RegistrationInput } from '../../../domain/validation/identity';
import type { Db } from '../db/database';
import { users } from '../db/schema';
import { hashPassword } from './passwords';

export interface User {
  readonly id: string;
  readonly email: string;
  readonly givenName: string;
  readonly familyName: string;
  readonly registrationCountry: string;
}

interface UserRow extends User {
  readonly passwordHash: string;
}

const columns = {
  id: users.id,
  email: users.email,
  givenName: users.givenName,
  familyName: users.familyName,
  registrationCountry: users.registrationCountry,
};

/** Postgres 23505, as the driver or Drizzle (which wraps it in `cause`) reports it. */
export function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

export class EmailTakenError extends Error {
  override readonly name = 'EmailTakenError';
}

export async function findUserById(db: Db, id: string): Promise<User | undefined> {
  if (!/^[0-9a-f-]{36}$/i.test(id)) return undefined;
  const [row] = await db.select(columns).from(users).where(eq(users.id, id));
  return row;
}

/**
 * The email address a sign-in name stands for (decision 058): an email address stands for
 * itself; a username for the one user whose address starts with it and an @, or for nobody
 * when none or several do.
 */
export async function emailForLogin(db: Db, login: string): Promise<string | undefined> {
  const name = login.trim();
  if (name.includes('@')) return name;
  const rows = await db
    .select({ email: users.email })
    .from(users)
    .where(
      sql`left(lower(${users.email}), ${name.length + 1}) = lower(${name}) || '@'
        and position('@' in substr(${users.email}, ${name.length + 2})) = 0`,
    )
    .limit(2);
  return rows.length === 1 ? rows[0]?.email : undefined;
}

export async function findUserWithPassword(db: Db, email: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select({ ...columns, passwordHash: users.passwordHash })
    .from(users)
    .where(sql`lower(${users.email}) = lower(${email.trim()})`);
  return row;
}

export async function createUser(db: Db, input: RegistrationInput): Promise<User> {
  const id = randomUUID();
  const passwordHash = await hashPassword(input.password);
  try {
    await db.insert(users).values({
      id,
      email: input.email,
      passwordHash,
      givenName: input.firstName,
      familyName: input.lastName,
      registrationCountry: input.country.toUpperCase(),
    });
  } catch (error) {
    // The unique index on lower(email) decides, even between two instances.
    if (isUniqueViolation(error)) throw new EmailTakenError(input.email);
    throw error;
  }
  return {
    id,
    email: input.email,
    givenName: input.firstName,
    familyName: input.lastName,
    registrationCountry: input.country.toUpperCase(),
  };
}
