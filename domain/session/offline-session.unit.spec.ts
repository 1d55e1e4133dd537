import { describe, expect, it } from 'vitest';
import {
  decideSession,
  identityOf,
  mayKeepSignedIn,
  parseRememberedUser,
  REMEMBERED_SIGN_IN_MAX_AGE_MS,
  rememberUser,
  sameUser,
  sessionAnswerOfSignInFailure,
  sessionAnswerOfStatus,
  type RememberedUser,
  type SessionUser,
} from './offline-session';

const T0 = Date.UTC(2026, 10, 24, 9, 0, 0);
const DAY = 24 * 3600 * 1000;

const ROBIN: SessionUser = {
  id: 'user-robin',
  firstName: 'Robin',
  lastName: 'Ashby-Clarke',
  email: 'robin@demo.example',
  registrationCountryIso: 'GB',
};
const SAM: SessionUser = { ...ROBIN, id: 'user-sam', firstName: 'Sam', email: 'sam@demo.example' };
const REMEMBERED: RememberedUser = rememberUser(ROBIN, T0 - DAY);

describe('what the browser remembers of a signed-in user', () => {
  it('keeps the identity and the time of confirmation, never a token', () => {
    const withToken = { ...ROBIN, token: 'secret-access-token', refreshToken: 'r' };
    const kept = rememberUser(withToken, T0);
    expect(kept).toEqual({ ...ROBIN, confirmedAt: T0 });
    expect(JSON.stringify(kept)).not.toContain('secret');
    expect(identityOf({ ...REMEMBERED })).toEqual(ROBIN);
  });

  it('reads back what it wrote, and nothing else', () => {
    const stored: unknown = JSON.parse(JSON.stringify(REMEMBERED));
    expect(parseRememberedUser(stored)).toEqual(REMEMBERED);
    expect(parseRememberedUser({ ...REMEMBERED, token: 'x' })).toEqual(REMEMBERED);
    expect(parseRememberedUser({ ...REMEMBERED, email: null })).toMatchObject({ email: null });
    for (const broken of [
      null,
      'Robin',
      42,
      {},
      { ...REMEMBERED, id: '' },
      { ...REMEMBERED, id: 7 },
      { ...REMEMBERED, firstName: undefined },
      { ...REMEMBERED, email: 3 },
      { ...REMEMBERED, confirmedAt: '2026-11-24' },
      { ...REMEMBERED, confirmedAt: Number.NaN },
    ]) {
      expect(parseRememberedUser(broken)).toBeNull();
    }
  });

  it('stands in for the server for the life of a server session, not longer', () => {
    expect(mayKeepSignedIn(null, T0)).toBe(false);
    expect(mayKeepSignedIn(rememberUser(ROBIN, T0), T0)).toBe(true);
    expect(mayKeepSignedIn(rememberUser(ROBIN, T0 - REMEMBERED_SIGN_IN_MAX_AGE_MS), T0)).toBe(true);
    expect(mayKeepSignedIn(rememberUser(ROBIN, T0 - REMEMBERED_SIGN_IN_MAX_AGE_MS - 1), T0)).toBe(
      false,
    );
    // A confirmation dated in the future (a clock moved back) is not trusted.
    expect(mayKeepSignedIn(rememberUser(ROBIN, T0 + DAY), T0)).toBe(false);
  });

  it('compares users field by field', () => {
    expect(sameUser(ROBIN, { ...ROBIN })).toBe(true);
    expect(sameUser(ROBIN, SAM)).toBe(false);
    expect(sameUser(ROBIN, { ...ROBIN, lastName: 'Ashby' })).toBe(false);
    expect(sameUser(ROBIN, { ...ROBIN, email: null })).toBe(false);
    expect(sameUser(ROBIN, { ...ROBIN, registrationCountryIso: 'US' })).toBe(false);
  });
});

describe('what a session check decides', () => {
  const decide = (
    answer: Parameters<typeof decideSession>[0]['answer'],
    shown: SessionUser | null,
    remembered: RememberedUser | null = REMEMBERED,
  ) => decideSession({ answer, shown, remembered, now: T0 });

  it('confirms whoever the server names, the same buyer or another', () => {
    expect(decide({ kind: 'valid', user: ROBIN }, null)).toEqual({ kind: 'confirm', user: ROBIN });
    expect(decide({ kind: 'valid', user: ROBIN }, ROBIN)).toEqual({ kind: 'confirm', user: ROBIN });
    expect(decide({ kind: 'valid', user: SAM }, ROBIN)).toEqual({ kind: 'confirm', user: SAM });
  });

  it('keeps the remembered buyer signed in when the server cannot be reached', () => {
    expect(decide({ kind: 'unreachable' }, null)).toEqual({ kind: 'keep', user: ROBIN });
  });

  it("keeps the buyer this browser's tokens name first, in token mode", () => {
    expect(decide({ kind: 'unreachable', user: SAM }, null)).toEqual({ kind: 'keep', user: SAM });
  });

  it('changes nothing for a buyer already shown when the server cannot be reached', () => {
    expect(decide({ kind: 'unreachable' }, ROBIN)).toEqual({ kind: 'unchanged' });
  });

  it('keeps nobody when nobody was remembered, or too long ago', () => {
    expect(decide({ kind: 'unreachable' }, null, null)).toEqual({ kind: 'signed-out' });
    const old = rememberUser(ROBIN, T0 - REMEMBERED_SIGN_IN_MAX_AGE_MS - DAY);
    expect(decide({ kind: 'unreachable' }, null, old)).toEqual({ kind: 'signed-out' });
  });

  it('signs out a buyer shown signed in when the server says the session is over (SPEC 4.3)', () => {
    expect(decide({ kind: 'ended' }, ROBIN)).toEqual({ kind: 'sign-out' });
  });

  it('forgets the remembered buyer when the session is over before anyone was shown', () => {
    expect(decide({ kind: 'ended' }, null)).toEqual({ kind: 'signed-out' });
  });
});

describe("what a failed check's answer means", () => {
  it('counts 401 and 403 as a session over, and no answer or a server error as unreachable', () => {
    expect(sessionAnswerOfStatus(401)).toBe('ended');
    expect(sessionAnswerOfStatus(403)).toBe('ended');
    expect(sessionAnswerOfStatus(null)).toBe('unreachable');
    expect(sessionAnswerOfStatus(500)).toBe('unreachable');
    expect(sessionAnswerOfStatus(503)).toBe('unreachable');
    expect(sessionAnswerOfStatus(504)).toBe('unreachable');
  });

  it('in token mode, counts the provider asking for a sign-in as a session over', () => {
    expect(sessionAnswerOfSignInFailure('consent-required')).toBe('ended');
    expect(sessionAnswerOfSignInFailure('other')).toBe('ended');
    expect(sessionAnswerOfSignInFailure('failed-to-fetch')).toBe('unreachable');
    expect(sessionAnswerOfSignInFailure('network')).toBe('unreachable');
    expect(sessionAnswerOfSignInFailure('authorization-timed-out')).toBe('unreachable');
    expect(sessionAnswerOfSignInFailure('cross-origin-redirect')).toBe('unreachable');
  });
});
