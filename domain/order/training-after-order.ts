/**
 * Online training participants given after the order was placed (SPEC 2.5, 4.8, 5): an order
 * placed without them is in 'additional processing' until every seat of every training line
 * has its participant. The same rules as at checkout (decide.ts `giveTraining`): the line is
 * online training in this order, one participant per seat, each with a name, an email and
 * two different dates at least six weeks ahead of today.
 */
import { DomainError } from '../shared/domain-error';
import { withValues, type MessageDescriptor } from '../shared/message';
import { CHECKOUT_RULE_MESSAGES } from '../checkout/messages';
import { toValidationIssues } from '../validation/issues';
import { V } from '../validation/messages';
import { trainingParticipantSchema, type TrainingParticipant } from '../validation/training';
import { ORDER_MESSAGES, type Order, type OrderLine } from './order';
import type { OrderStatus } from './status';

export const TRAINING_AFTER_ORDER_MESSAGES = {
  /** SPEC 4.8: the state an order needing training shows in. */
  additionalProcessing: /*i18n*/ {
    id: 'order.status.additional-processing',
    message: 'Additional Processing',
  },
  notInOrder: /*i18n*/ {
    id: 'order.training-not-in-order',
    message: 'This online training is not part of this order.',
  },
} as const satisfies Record<string, MessageDescriptor>;

/** Orders that will not go ahead take no participants. */
const CLOSED: ReadonlySet<OrderStatus> = new Set([
  'declined',
  'cancelled',
  'cancelling',
  'rejected',
  'returned',
]);

/** Whether the order may still be given training participants (not declined or cancelled). */
export function takesTrainingParticipants(order: Pick<Order, 'status'>): boolean {
  return !CLOSED.has(order.status);
}

/** The order's online training lines still waiting for their participants. */
export function trainingLinesMissing(
  order: Pick<Order, 'lines' | 'trainingParticipants'>,
): OrderLine[] {
  return order.lines.filter(
    (line) =>
      line.format === 'online-training' &&
      order.trainingParticipants[line.code]?.length !== line.quantity,
  );
}

/** The state the buyer sees: 'Additional Processing' while training information is needed. */
export function orderStateLabel(
  order: Pick<Order, 'trainingInformationNeeded' | 'status'>,
  statusLabel: (status: OrderStatus) => MessageDescriptor,
): MessageDescriptor {
  return order.trainingInformationNeeded && takesTrainingParticipants(order)
    ? TRAINING_AFTER_ORDER_MESSAGES.additionalProcessing
    : statusLabel(order.status);
}

/** Whether two lists of participants say the same, whatever order their fields are in. */
function sameParticipants(
  a: readonly TrainingParticipant[] | undefined,
  b: readonly TrainingParticipant[],
): boolean {
  if (!a || a.length !== b.length) return false;
  return a.every((p, i) => {
    const q = b[i];
    return (
      q !== undefined &&
      p.firstName === q.firstName &&
      p.lastName === q.lastName &&
      p.email === q.email &&
      p.firstPreferredDate === q.firstPreferredDate &&
      p.secondPreferredDate === q.secondPreferredDate
    );
  });
}

/**
 * The participants to record on the order for one training line, checked (and trimmed by the
 * schema); null when the order already has exactly these. Throws DomainError in the spec's
 * words when a rule is broken. `today` is the calendar date (YYYY-MM-DD) the dates count from.
 */
export function decideTrainingAfterOrder(
  order: Order,
  code: string,
  participants: readonly unknown[],
  today: string,
): { readonly code: string; readonly participants: readonly TrainingParticipant[] } | null {
  if (!takesTrainingParticipants(order)) {
    throw new DomainError('order.closed', withValues(ORDER_MESSAGES.refused, {}));
  }
  const line = order.lines.find((l) => l.code === code);
  if (!line || line.format !== 'online-training') {
    throw new DomainError(
      'order.training-not-in-order',
      withValues(TRAINING_AFTER_ORDER_MESSAGES.notInOrder, {}),
    );
  }
  if (participants.length !== line.quantity) {
    throw new DomainError(
      'order.training-seats',
      withValues(CHECKOUT_RULE_MESSAGES.trainingSeats, { count: String(line.quantity) }),
    );
  }
  const schema = trainingParticipantSchema({ today });
  const parsed = participants.map((participant) => {
    const result = schema.safeParse(participant);
    if (result.success) return result.data;
    const message = toValidationIssues(result.error)[0]?.message ?? withValues(V.invalid, {});
    throw new DomainError('order.training-invalid', message);
  });
  return sameParticipants(order.trainingParticipants[code], parsed)
    ? null
    : { code, participants: parsed };
}
