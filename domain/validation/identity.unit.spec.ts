import { describe, expect, it } from 'vitest';
import { passwordProblem, registrationSchema, signInSchema } from './identity';
import { errorsOf } from './test-helpers';

const good = {
  firstName: 'Robin',
  lastName: 'Ashby-Clarke',
  email: 'robin@clinic.example',
  password: 'Robins-Test-2026',
  country: 'GB',
};

describe('registration (SPEC 5 identity policy)', () => {
  it('accepts a complete registration', () => {
    expect(errorsOf(registrationSchema, good)).toEqual([]);
  });

  it('says which field is required', () => {
    expect(
      errorsOf(registrationSchema, {
        firstName: '',
        lastName: '',
        email: '',
        password: '',
        country: '',
      }),
    ).toEqual([
      'firstName: First name is required.',
      'lastName: Last name is required.',
      'email: Email address is required.',
      'password: Password is required.',
      'country: Country is required.',
    ]);
  });

  it.each([
    ['short1A', 'Password must be at least 10 characters.'],
    ['x'.repeat(129), 'Password must be at most 128 characters.'],
    ['onlylowercaseletters', 'Password must contain at least 2 capital letters or numeric values.'],
    ['Has Spaces 2026', 'Password must not contain < > or spaces.'],
    ['Angle<Brackets>2026', 'Password must not contain < > or spaces.'],
    ['Repeaaats-2026', 'Password must not contain the same character 3 times in a row.'],
  ])('refuses the password %j', (password, message) => {
    expect(errorsOf(registrationSchema, { ...good, password })).toEqual([`password: ${message}`]);
  });

  it('refuses a malformed email, name or country', () => {
    expect(errorsOf(registrationSchema, { ...good, email: 'robin@' })).toEqual([
      'email: Invalid email address.',
    ]);
    expect(errorsOf(registrationSchema, { ...good, firstName: 'R0bin' })).toEqual([
      'firstName: Invalid name format.',
    ]);
    expect(errorsOf(registrationSchema, { ...good, country: 'XX' })).toEqual([
      'country: Invalid country.',
    ]);
  });

  it('knows a good password', () => {
    expect(passwordProblem('Robins-Test-2026')).toBeNull();
  });
});

describe('sign-in', () => {
  it('needs an email and a password', () => {
    expect(errorsOf(signInSchema, { email: '', password: '' })).toEqual([
      'email: Email address is required.',
      'password: Password is required.',
    ]);
  });
});
