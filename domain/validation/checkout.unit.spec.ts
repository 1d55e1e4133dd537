import { describe, expect, it } from 'vitest';
import { fromMajor } from '../pricing/money';
import { formatMessage } from '../shared/message';
import { addressStepProblems, aimswebProblems } from './checkout';

const texts = (messages: { id: string; message: string }[]) => messages.map(formatMessage);

describe('aimswebPlus rules (SPEC 5, 6)', () => {
  const base = {
    hasAimswebItems: true,
    aimswebAmount: fromMajor('300.00', 'USD'),
    accountType: 'ORGANIZATION' as const,
    displayLocale: 'en-US',
  };

  it('lets an organization check out with at least $300', () => {
    expect(aimswebProblems(base)).toEqual([]);
  });

  it('stops a cart below $300', () => {
    expect(texts(aimswebProblems({ ...base, aimswebAmount: fromMajor('299.99', 'USD') }))).toEqual([
      'Orders with aimswebPlus products must come to at least $300.00.',
    ]);
  });

  it('is for organizational accounts only', () => {
    expect(texts(aimswebProblems({ ...base, accountType: 'PERSONAL' }))).toEqual([
      'aimswebPlus can only be bought with an organizational account.',
    ]);
  });

  it('does not apply to carts without aimsweb products', () => {
    expect(
      aimswebProblems({ ...base, hasAimswebItems: false, aimswebAmount: fromMajor('1', 'USD') }),
    ).toEqual([]);
  });
});

describe('address steps (SPEC 5)', () => {
  it('needs a delivery and, where required, a billing address to move on', () => {
    expect(
      texts(
        addressStepProblems({
          hasDeliveryAddress: false,
          hasBillingAddress: false,
          deliveryAddressRequired: true,
          billingAddressRequired: true,
        }),
      ),
    ).toEqual([
      'Please choose a delivery address to continue.',
      'Please choose a billing address to continue.',
    ]);
    expect(
      addressStepProblems({
        hasDeliveryAddress: true,
        hasBillingAddress: false,
        deliveryAddressRequired: true,
        billingAddressRequired: false,
      }),
    ).toEqual([]);
  });
});
