import { describe, expect, it } from 'vitest';
import { SIGN_IN_ERRORS, signInRecovery } from './sign-in-errors';

describe('sign-in errors (SPEC 4.2, 8)', () => {
  it('redirects the whole page on the listed failures in redirect login mode only', () => {
    for (const failure of [
      'consent-required',
      'authorization-timed-out',
      'failed-to-fetch',
      'network',
      'cross-origin-redirect',
    ] as const) {
      expect(signInRecovery(failure, 'redirect'), failure).toBe('redirect');
      expect(signInRecovery(failure, 'silent'), failure).toBe('throw');
    }
    expect(signInRecovery('other', 'redirect')).toBe('throw');
  });

  it('has the spec messages', () => {
    expect(SIGN_IN_ERRORS.stateMismatch.message).toBe('State mismatch');
    expect(SIGN_IN_ERRORS.unexpectedStatus.message).toBe('Expected 200, received {status}');
    expect(SIGN_IN_ERRORS.timeout.message).toBe('Timeout');
  });
});
