/** Sanctions screening of an order's names: match, possible match, clear. */
import { describe, expect, it } from 'vitest';
import { completedCheckout, CARTS, stateOf, events, NEW_CARD } from '../checkout/test-fixtures';
import { nameWords, screenedNames, screenNames, type DeniedParty } from './screening';

const LIST: readonly DeniedParty[] = [
  { name: 'Viktor Ralenko', aliases: ['Viktor A. Ralenko'], source: 'SANDBOX-SDN-101' },
  { name: 'Orlan Export Trading Company', source: 'SANDBOX-SDN-102' },
];

describe('screenNames', () => {
  it.each([
    ['the listed name', 'Viktor Ralenko'],
    ['the words in another order, another case', 'RALENKO, viktor'],
    ['an alias', 'Viktor A Ralenko'],
    ['accents and punctuation', 'Víktor  Ralénko.'],
    ['an organization', 'Orlan Export Trading Company'],
  ])('matches %s', (_, name) => {
    expect(screenNames(['Dana Reyes', name], LIST)).toEqual({
      result: 'match',
      name,
      source: expect.stringMatching(/^SANDBOX-SDN-10[12]$/) as string,
    });
  });

  it.each([
    ['one letter off', 'Victor Ralenko'],
    ['a middle name more', 'Viktor Ivan Ralenko'],
    ['one letter off in two words', 'Victor Ralenco'],
  ])('finds a possible match with %s', (_, name) => {
    expect(screenNames([name], LIST)).toMatchObject({ result: 'possible-match', name });
  });

  it.each([
    ['another person', 'Dana Reyes'],
    ['the surname alone', 'Ralenko'],
    ['a shared first name', 'Viktor Hansen'],
    ['two letters off in a word', 'Vitkor Ralenko'],
    ['an empty name', '  '],
  ])('clears %s', (_, name) => {
    expect(screenNames([name], LIST)).toEqual({ result: 'clear' });
  });

  it('answers the worst outcome: a match after a possible match', () => {
    expect(screenNames(['Victor Ralenko', 'Viktor Ralenko'], LIST)).toMatchObject({
      result: 'match',
    });
  });

  it('reads the words of a name', () => {
    expect(nameWords("  Mary-Ann O'Néill ")).toEqual(['mary', 'ann', 'o', 'neill']);
  });
});

describe('screenedNames', () => {
  it('screens the buyer, account, qualified user, addresses and card holder', () => {
    const checkout = stateOf([...completedCheckout(CARTS.kit), events.payment(NEW_CARD)]);
    expect(screenedNames(checkout, { firstName: 'Dana', lastName: 'Reyes' })).toEqual(
      expect.arrayContaining(['Dana Reyes', 'Riverside Child Development Clinic', 'Sam Okafor']),
    );
    expect(
      screenedNames(stateOf(completedCheckout(CARTS.kit)), { firstName: 'A', lastName: 'B' }),
    ).toEqual(expect.arrayContaining(['Priya Natarajan']));
  });
});
