import { describe, expect, it } from 'vitest';
import { parseActingAgent, sameActingAgent, splitCustomerAnswer } from './acting-agent';

const agent = { firstName: 'Alex', lastName: 'Morgan', sessionId: 's-1', savedCardConsent: false };

describe('the agent acting for a buyer (decision 063)', () => {
  it('reads the agent part of the customer answer', () => {
    expect(parseActingAgent({ ...agent, savedCardConsent: true, extra: 1 })).toEqual({
      ...agent,
      savedCardConsent: true,
    });
  });

  it.each([
    ['absent', undefined],
    ['null', null],
    ['a string', 'Alex'],
    ['an array', [agent]],
    ['without a session', { ...agent, sessionId: '' }],
    ['with a consent that is not a boolean', { ...agent, savedCardConsent: 'yes' }],
    ['without a last name', { firstName: 'Alex', sessionId: 's-1', savedCardConsent: false }],
  ])('finds nobody acting when the part is %s', (_, value) => {
    expect(parseActingAgent(value)).toBeNull();
  });

  it('splits the buyer from the agent, and leaves no agent field on the buyer', () => {
    const { customer, agent: acting } = splitCustomerAnswer({
      id: 'u-dana',
      firstName: 'Dana',
      lastName: 'Reyes',
      email: 'dana.reyes@demo.example',
      registrationCountryIso: 'US',
      agent,
    });
    expect(customer).toEqual({
      id: 'u-dana',
      firstName: 'Dana',
      lastName: 'Reyes',
      email: 'dana.reyes@demo.example',
      registrationCountryIso: 'US',
    });
    expect('agent' in customer).toBe(false);
    expect(acting).toEqual(agent);
  });

  it('answers no agent for a buyer here in person', () => {
    expect(splitCustomerAnswer({ id: 'u-dana' }).agent).toBeNull();
  });
});

describe('whether a new answer changes the banner', () => {
  it('is the same for the same session, names and consent', () => {
    expect(sameActingAgent(agent, { ...agent })).toBe(true);
    expect(sameActingAgent(null, null)).toBe(true);
  });

  it('differs for another consent, session or nobody', () => {
    expect(sameActingAgent(agent, { ...agent, savedCardConsent: true })).toBe(false);
    expect(sameActingAgent(agent, { ...agent, sessionId: 's-2' })).toBe(false);
    expect(sameActingAgent(agent, null)).toBe(false);
    expect(sameActingAgent(null, agent)).toBe(false);
  });
});
