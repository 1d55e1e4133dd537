import { describe, expect, it } from 'vitest';
import {
  customerQuery,
  customerSearchSchema,
  startRefusal,
  supportConsolePath,
  supportLoginPath,
  supportMeSchema,
  supportSessionsSchema,
  supportSignInStart,
} from './api';

const buyer = { id: 'u-dana', firstName: 'Dana', lastName: 'Reyes', email: 'd@demo.example' };
const account = { id: 'a-1', number: '1000123', name: 'Dana Reyes' };

describe("customer service's calls (decision 063)", () => {
  it('reads who is signed in and whom they act for', () => {
    const me = supportMeSchema.parse({
      agent: {
        id: 'ag-1',
        email: 'alex.morgan@demo.example',
        firstName: 'Alex',
        lastName: 'Morgan',
        regions: ['US', 'CA', 'EU', 'AP'],
      },
      acting: {
        sessionId: 's-1',
        buyer,
        account,
        savedCardConsent: false,
        startedAt: '2026-11-28T10:00:00Z',
      },
    });
    expect(me.acting?.buyer.firstName).toBe('Dana');
  });

  it('refuses a region that is not one of the sites', () => {
    expect(
      supportMeSchema.safeParse({
        agent: { id: 'a', email: 'e', firstName: 'f', lastName: 'l', regions: ['MARS'] },
        acting: null,
      }).success,
    ).toBe(false);
  });

  it('reads found customers and refuses a match kind it does not know', () => {
    const customer = {
      ...buyer,
      country: 'US',
      region: 'US',
      accounts: [account],
      matchedBy: 'order',
    };
    expect(customerSearchSchema.parse({ customers: [customer] }).customers).toHaveLength(1);
    expect(
      customerSearchSchema.safeParse({ customers: [{ ...customer, matchedBy: 'phone' }] }).success,
    ).toBe(false);
  });

  it('reads sessions, open and ended', () => {
    const { sessions } = supportSessionsSchema.parse({
      sessions: [
        { id: 's-2', buyer, account: null, startedAt: 'x', endedAt: null, actions: 0 },
        { id: 's-1', buyer, account, startedAt: 'x', endedAt: 'y', actions: 4 },
      ],
    });
    expect(sessions.map((session) => session.endedAt)).toEqual([null, 'y']);
  });

  it.each([
    ['d', null],
    ['  d  ', null],
    [' dana ', 'dana'],
    ['x'.repeat(100), 'x'.repeat(100)],
    ['x'.repeat(101), null],
  ])('sends the query %j as %j', (input, sent) => {
    expect(customerQuery(input)).toBe(sent);
  });

  it('says why starting a session was refused', () => {
    expect(startRefusal(404, 'Not found')).toEqual({ kind: 'not-found' });
    expect(startRefusal(422, 'This account is not the customer’s.')).toEqual({
      kind: 'refused',
      message: 'This account is not the customer’s.',
    });
    expect(startRefusal(422, null)).toEqual({ kind: 'failed' });
    expect(startRefusal(401, null)).toEqual({ kind: 'signed-out' });
    expect(startRefusal(500, 'boom')).toEqual({ kind: 'failed' });
    expect(startRefusal(null, null)).toEqual({ kind: 'failed' });
  });

  it('knows where customer service signs in and works', () => {
    expect(supportLoginPath('en-us')).toBe('/en-us/my-account/support/login');
    expect(supportConsolePath('fr-ca')).toBe('/fr-ca/my-account/support');
    expect(supportSignInStart('en-gb')).toBe('/auth/support/login?locale=en-gb');
  });
});
