import { describe, expect, it } from 'vitest';
import { buyingAsAccount } from '../customer/accounts';
import { decideProfile, evolveProfile, initialProfileState, type ProfileState } from './profile';

const metadata = (now: string) => ({ commandId: `c-${now}`, now });

describe('whom a user buys as (SPEC 1)', () => {
  const personal = { id: 'p', accountType: 'PERSONAL' as const };
  const clinic = { id: 'o1', accountType: 'ORGANIZATION' as const };
  const school = { id: 'o2', accountType: 'ORGANIZATION' as const };

  it('is the account switched to while it is one of the user’s', () => {
    expect(buyingAsAccount([clinic, personal, school], 'o2')).toBe(school);
  });

  it('falls back to the personal account, then the first organization, then none', () => {
    expect(buyingAsAccount([clinic, personal], null)).toBe(personal);
    expect(buyingAsAccount([clinic, personal], 'left-since')).toBe(personal);
    expect(buyingAsAccount([school, clinic], undefined)).toBe(school);
    expect(buyingAsAccount([], 'o1')).toBeNull();
  });

  it('records a switch once, with when it happened', () => {
    const command = {
      type: 'SwitchBuyingAs' as const,
      data: { accountId: 'o1', type: 'ORGANIZATION' as const },
      metadata: metadata('2026-11-27T10:00:00.000Z'),
    };
    const events = decideProfile(command, initialProfileState());
    expect(events).toEqual([
      {
        type: 'BuyingAsSwitched',
        v: 1,
        data: { accountId: 'o1', type: 'ORGANIZATION', at: '2026-11-27T10:00:00.000Z' },
      },
    ]);
    const state = events.reduce<ProfileState>(evolveProfile, initialProfileState());
    expect(state.buyingAs).toEqual({
      accountId: 'o1',
      type: 'ORGANIZATION',
      since: '2026-11-27T10:00:00.000Z',
    });
    // The same switch again changes nothing; a switch back does.
    expect(
      decideProfile({ ...command, metadata: metadata('2026-11-27T11:00:00Z') }, state),
    ).toEqual([]);
    const back = decideProfile(
      {
        type: 'SwitchBuyingAs',
        data: { accountId: 'p', type: 'PERSONAL' },
        metadata: metadata('2026-11-27T12:00:00.000Z'),
      },
      state,
    );
    expect(back.map((e) => e.type)).toEqual(['BuyingAsSwitched']);
  });
});
