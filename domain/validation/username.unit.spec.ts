import { describe, expect, it } from 'vitest';
import { errorsOf } from './test-helpers';
import { usernameOf, usernameSignInSchema } from './identity';

describe('sign-in by username (decision 058)', () => {
  it('takes a username or an email address', () => {
    expect(errorsOf(usernameSignInSchema, { username: ' dana.reyes ', password: 'x' })).toEqual([]);
    expect(usernameSignInSchema.parse({ username: ' dana.reyes ', password: 'x' }).username).toBe(
      'dana.reyes',
    );
    expect(
      errorsOf(usernameSignInSchema, { username: 'dana.reyes@demo.example', password: 'x' }),
    ).toEqual([]);
  });

  it('refuses an empty name and one that is neither', () => {
    expect(errorsOf(usernameSignInSchema, { username: '', password: 'x' })).toHaveLength(1);
    expect(errorsOf(usernameSignInSchema, { username: 'dana reyes', password: 'x' })).toEqual([
      'username: Enter your username or your email address.',
    ]);
    expect(errorsOf(usernameSignInSchema, { username: 'dana@', password: 'x' })).toHaveLength(1);
  });

  it('is the part of the address before the @', () => {
    expect(usernameOf('dana.reyes@demo.example')).toBe('dana.reyes');
  });
});
