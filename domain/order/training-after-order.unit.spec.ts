/**
 * Participants given after the order (SPEC 2.5, 4.8, 5): the checkout's rules again, in the
 * spec's words, on an order placed without them; and the order is then no longer in
 * 'additional processing'.
 */
import { describe, expect, it } from 'vitest';
import {
  BUYER,
  CHECKOUT_ID,
  catalog,
  checkoutCart,
  completedCheckout,
  FACTS,
  line,
  NOW,
  PARTICIPANTS,
  stateOf,
  STORE_ID,
} from '../checkout/test-fixtures';
import { addDays } from '../shared/calendar';
import { DomainError } from '../shared/domain-error';
import { formatMessage } from '../shared/message';
import type { TrainingParticipant } from '../validation/training';
import { evolveOrder, placedOrder, type Order } from './order';
import { decidePlaceOrder } from './place-order';
import { orderStatusLabel } from './status';
import {
  decideTrainingAfterOrder,
  orderStateLabel,
  TRAINING_AFTER_ORDER_MESSAGES,
  trainingLinesMissing,
} from './training-after-order';

const TODAY = NOW.slice(0, 10);
const TRAINING = 'WRI3-TRN';

/** An order of two training seats and a kit, placed without participants. */
function placedWithoutParticipants(overrides: Partial<Order> = {}): Order {
  const cart = checkoutCart([line('training', 2), line('kit')]);
  const order = decidePlaceOrder({
    orderId: CHECKOUT_ID,
    webReference: 'W26-0004572',
    now: NOW,
    locale: 'en-us',
    storeId: STORE_ID,
    buyer: BUYER,
    placedBy: { kind: 'user', id: BUYER.userId, name: 'Dana Reyes' },
    checkout: stateOf(completedCheckout(cart)),
    cart,
    facts: FACTS,
    product: catalog(),
    termsAccepted: true,
    accessCode: (code, seat) => `AC-${code}-${String(seat)}`,
  });
  return { ...placedOrder(order), ...overrides };
}

/** The English text of the rule a call breaks, or null when it breaks none. */
function refusal(call: () => unknown): { code: string; text: string } | null {
  try {
    call();
    return null;
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    return { code: error.code, text: formatMessage(error.detail) };
  }
}

const participant = (changes: Partial<TrainingParticipant> = {}): TrainingParticipant => ({
  firstName: 'Jordan',
  lastName: "O'Neill",
  email: 'jordan.oneill@riverside-clinic.example',
  firstPreferredDate: addDays(TODAY, 42),
  secondPreferredDate: addDays(TODAY, 49),
  ...changes,
});

describe('decideTrainingAfterOrder (SPEC 2.5, 4.8, 5)', () => {
  const order = placedWithoutParticipants();

  it('starts from an order in additional processing, its training line missing', () => {
    expect(order.trainingInformationNeeded).toBe(true);
    expect(trainingLinesMissing(order).map((l) => l.code)).toEqual([TRAINING]);
    expect(orderStateLabel(order, orderStatusLabel)).toBe(
      TRAINING_AFTER_ORDER_MESSAGES.additionalProcessing,
    );
  });

  it('takes a participant per seat with dates six weeks ahead, and the order goes on', () => {
    const given = decideTrainingAfterOrder(order, TRAINING, PARTICIPANTS, TODAY);
    expect(given).toEqual({ code: TRAINING, participants: PARTICIPANTS });
    const { order: after } = evolveOrder(
      { order },
      {
        type: 'OrderTrainingParticipantsGiven',
        v: 1,
        data: given ?? { code: '', participants: [] },
      },
    );
    expect(after?.trainingInformationNeeded).toBe(false);
    expect(after && trainingLinesMissing(after)).toEqual([]);
    expect(after && orderStateLabel(after, orderStatusLabel)).toEqual(orderStatusLabel('created'));
  });

  it('accepts a date exactly six weeks ahead and refuses one five weeks ahead', () => {
    const sixWeeks = [participant(), participant({ firstName: 'Mei' })];
    expect(decideTrainingAfterOrder(order, TRAINING, sixWeeks, TODAY)).not.toBeNull();
    const fiveWeeks = [participant(), participant({ secondPreferredDate: addDays(TODAY, 35) })];
    expect(refusal(() => decideTrainingAfterOrder(order, TRAINING, fiveWeeks, TODAY))).toEqual({
      code: 'order.training-invalid',
      text: 'Choose a date at least six weeks from today.',
    });
    const dayShort = [participant({ firstPreferredDate: addDays(TODAY, 41) }), participant()];
    expect(refusal(() => decideTrainingAfterOrder(order, TRAINING, dayShort, TODAY))?.text).toBe(
      'Choose a date at least six weeks from today.',
    );
  });

  it('wants one participant for each seat', () => {
    expect(
      refusal(() => decideTrainingAfterOrder(order, TRAINING, [participant()], TODAY)),
    ).toEqual({
      code: 'order.training-seats',
      text: 'Add one participant for each of the 2 seats.',
    });
    expect(
      refusal(() =>
        decideTrainingAfterOrder(
          order,
          TRAINING,
          [participant(), participant(), participant()],
          TODAY,
        ),
      )?.code,
    ).toBe('order.training-seats');
  });

  it('refuses a line that is not online training in this order', () => {
    expect(
      refusal(() => decideTrainingAfterOrder(order, 'WRI3-KIT', [participant()], TODAY)),
    ).toEqual({
      code: 'order.training-not-in-order',
      text: 'This online training is not part of this order.',
    });
    expect(refusal(() => decideTrainingAfterOrder(order, 'NOPE-TRN', [], TODAY))?.code).toBe(
      'order.training-not-in-order',
    );
  });

  it.each([
    [{ firstName: '' }, 'This field is required.'],
    [{ firstName: 'J0rdan' }, null],
    [{ lastName: 'x'.repeat(61) }, null],
    [{ email: 'not-an-email' }, null],
    [{ email: `${'a'.repeat(60)}@example.org` }, null],
    [{ secondPreferredDate: addDays(TODAY, 42) }, 'Choose two different dates.'],
    [{ firstPreferredDate: '2027-02-30' }, 'Please enter a valid date.'],
  ] as const)('refuses a participant with %o', (change, text) => {
    const broken = [participant(change), participant()];
    const refused = refusal(() => decideTrainingAfterOrder(order, TRAINING, broken, TODAY));
    expect(refused?.code).toBe('order.training-invalid');
    if (text) expect(refused?.text).toBe(text);
  });

  it('refuses what is not a participant at all', () => {
    for (const odd of [null, 'Jordan', 42, [], { firstName: 1 }]) {
      expect(
        refusal(() => decideTrainingAfterOrder(order, TRAINING, [odd, participant()], TODAY))?.code,
      ).toBe('order.training-invalid');
    }
  });

  it('changes nothing when the same participants are given again', () => {
    const given = { ...order, trainingParticipants: { [TRAINING]: PARTICIPANTS } };
    expect(decideTrainingAfterOrder(given, TRAINING, PARTICIPANTS, TODAY)).toBeNull();
    const changed = [PARTICIPANTS[0], { ...PARTICIPANTS[1], firstName: 'Ana' }];
    expect(decideTrainingAfterOrder(given, TRAINING, changed, TODAY)).not.toBeNull();
  });

  it('refuses participants for a declined or cancelled order', () => {
    for (const status of ['declined', 'cancelled'] as const) {
      expect(
        refusal(() =>
          decideTrainingAfterOrder({ ...order, status }, TRAINING, PARTICIPANTS, TODAY),
        ),
      ).toEqual({ code: 'order.closed', text: 'This order could not be changed.' });
    }
  });

  it('shows a declined order as declined, whatever its training', () => {
    expect(orderStateLabel({ ...order, status: 'declined' }, orderStatusLabel)).toEqual(
      orderStatusLabel('declined'),
    );
  });
});
