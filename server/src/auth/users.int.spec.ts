import { describe, expect, it } from 'vitest';
import { testDatabaseTargets, useTestDatabase } from '../../../tests/support/databases';
import { migrate, readMigrations } from '../db/migrate';
import { verifyPassword } from './passwords';
import { createUser, EmailTakenError, findUserWithPassword } from './users';

const input = {
  firstName: 'Robin',
  lastName: 'Ashby',
  email: 'Robin@Clinic.example',
  password: 'Robins-Test-2026',
  country: 'GB',
};

describe.each(testDatabaseTargets())('users on $kind', (target) => {
  const database = useTestDatabase(target);

  it('stores a scrypt hash, never the password, and finds the user whatever the case', async () => {
    await migrate(database(), await readMigrations());
    const user = await createUser(database().db, input);
    const found = await findUserWithPassword(database().db, 'robin@clinic.EXAMPLE');
    expect(found?.id).toBe(user.id);
    expect(found?.passwordHash).toMatch(/^scrypt\$32768\$8\$1\$/);
    expect(found?.passwordHash).not.toContain(input.password);
    expect(await verifyPassword(input.password, found?.passwordHash ?? '')).toBe(true);
    expect(await verifyPassword('Robins-Test-2027', found?.passwordHash ?? '')).toBe(false);
  });

  it('refuses a second account with the same email in another case', async () => {
    await migrate(database(), await readMigrations());
    await createUser(database().db, input);
    await expect(
      createUser(database().db, { ...input, email: 'robin@clinic.example' }),
    ).rejects.toBeInstanceOf(EmailTakenError);
  });
});
