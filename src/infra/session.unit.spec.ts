import { afterEach, describe, expect, it } from 'vitest';
import { confirmedUserId, currentUser$, sessionUnconfirmed$ } from './session';

const ROBIN = {
  id: 'user-robin',
  firstName: 'Robin',
  lastName: 'Ashby-Clarke',
  email: null,
  registrationCountryIso: 'GB',
};

describe('whose queued changes may be sent', () => {
  afterEach(() => {
    currentUser$.next(null);
    sessionUnconfirmed$.next(false);
  });

  it('nobody for a visitor', () => {
    expect(confirmedUserId()).toBeNull();
  });

  it('the signed-in user once the server confirmed the session', () => {
    currentUser$.next(ROBIN);
    expect(confirmedUserId()).toBe('user-robin');
  });

  it('nobody while the user shown is only remembered (offline, unconfirmed)', () => {
    sessionUnconfirmed$.next(true);
    currentUser$.next(ROBIN);
    expect(confirmedUserId()).toBeNull();
    sessionUnconfirmed$.next(false);
    expect(confirmedUserId()).toBe('user-robin');
  });
});
