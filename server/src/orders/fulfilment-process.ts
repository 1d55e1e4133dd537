/**
 * The store's fulfilment as a registered process manager (decisions 029, 047). It follows the
 * order kind's events; after each, from the order as it now stands, it:
 *
 * - gives back the card charge of an order that was cancelled, returned or declined (once:
 *   the refund's key is the charge's own), and records it (`RecordOrderRefund`);
 * - asks for the order's next step (`AdvanceFulfilment { from }`) when it is due
 *   (`fulfilmentDueAt`: a step `FULFILMENT_STEP_SECONDS` after the last change, a hold's end,
 *   a pre-ordered product's date), as a reaction scheduled for then.
 *
 * The step itself is decided by the order's decider (`nextFulfilmentStep`), with the context
 * this module's `context` provider gives the order kind: the clock of the command, the step's
 * length, the products' dates, an Order # when one is due, carriers and tracking numbers, and
 * the screening of held orders. A step asked for an order that moved on meanwhile changes
 * nothing (`from` no longer holds); its newer change has a step of its own. The runner issues
 * each reaction once, as the store (`fulfilment`), with the event as its cause, and resumes
 * after a restart; a second instance waits on the manager's lease. Orders placed before the
 * manager first ran are picked up (it reads the order kind's whole history once).
 */
import type { OrderState } from '../../../domain/order/order';
import { orderStreamKind } from '../../../domain/order/order';
import {
  carrierFor,
  chargeToRefund,
  fulfilmentDueAt,
  type FulfilmentContext,
} from '../../../domain/order/fulfilment';
import { orderScreenedNames, screenNames, type DeniedParty } from '../../../domain/order/screening';
import { defineProcessManager } from '../../../domain/kinds';
import type { ProcessManager } from '../../../domain/sync/stream-kind';
import type { Db } from '../db/database';
import type { ContextProvider, EventStore } from '../event-store/event-store';
import type { PaymentGateway } from '../payments/gateway';
import { refundCharge } from '../payments/charge';
import { availableDates, nextOrderNumber } from './order-queries';
import { newAccessCode, newTrackingNumber } from './numbers';

/** The manager's name: the actor of its commands (`system:fulfilment`). */
export const FULFILMENT = 'fulfilment';

export interface FulfilmentDeps {
  readonly db: Db;
  /** The event store, read for the order as it stands (set once the store exists). */
  readonly store: () => EventStore;
  readonly payments: PaymentGateway;
  /** Time between automatic steps (FULFILMENT_STEP_SECONDS). */
  readonly stepMs: number;
  /** What held orders are screened against when their hold ends. */
  readonly deniedParties: readonly DeniedParty[];
  /** The clock of refunds' records (tests drive it; steps take their command's). */
  readonly now?: () => Date;
}

export interface OrderFulfilment {
  /** The process manager to register with the runner. */
  readonly process: ProcessManager;
  /** The order kind's context provider (the fulfilment's steps need it). */
  readonly context: ContextProvider;
}

export function orderFulfilment(deps: FulfilmentDeps): OrderFulfilment {
  const now = () => deps.now?.() ?? new Date();

  const process = defineProcessManager({
    name: FULFILMENT,
    kinds: ['order'],
    fromStart: true,
    react: async (event) => {
      const found = await deps.store().stateOf(orderStreamKind, event.streamId);
      const order = (found?.state as OrderState | undefined)?.order;
      // Only the order's newest event is acted on: what older ones asked for is superseded.
      if (!found || !order || found.row.version !== event.version) return [];
      const target = {
        kind: 'order',
        streamId: event.streamId,
        owner: { kind: 'user', id: order.buyer.userId },
        storeId: order.storeId,
      } as const;
      const charge = chargeToRefund(order);
      if (charge) {
        const refundId = await refundCharge(deps.payments, charge);
        return [
          {
            ...target,
            command: { type: 'RecordOrderRefund', data: { refundId, at: now().toISOString() } },
          },
        ];
      }
      const preOrdered = order.lines.filter((l) => l.preOrder).map((l) => l.code);
      const due = fulfilmentDueAt(order, deps.stepMs, await availableDates(deps.db, preOrdered));
      if (!due) return [];
      return [
        {
          ...target,
          command: { type: 'AdvanceFulfilment', data: { from: order.status } },
          notBefore: due,
        },
      ];
    },
  });

  return { process, context: fulfilmentContext(deps) };
}

/**
 * The order kind's context provider alone: what a step is decided with. An operator's tool
 * that opens the database itself (no process runs there, no payment is taken) needs only it.
 */
export function fulfilmentContext(
  deps: Pick<FulfilmentDeps, 'stepMs' | 'deniedParties' | 'now'>,
): ContextProvider {
  const now = () => deps.now?.() ?? new Date();
  return async ({ db, state, commands }) => {
    const advance = (commands as readonly { type: string; metadata?: { now?: string } }[]).find(
      (c) => c.type === 'AdvanceFulfilment',
    );
    const order = (state as OrderState).order;
    if (!advance || !order) return undefined;
    const preOrdered = order.lines.filter((l) => l.preOrder).map((l) => l.code);
    // An Order # is taken only when the step may give one.
    const number =
      order.fulfilment.orderNumber === null &&
      (order.status === 'created' || order.status === 'open')
        ? await nextOrderNumber(db)
        : null;
    const fulfilment: FulfilmentContext = {
      now: advance.metadata?.now ?? now().toISOString(),
      stepMs: deps.stepMs,
      availableOn: await availableDates(db, preOrdered),
      orderNumber: () => {
        if (number === null) throw new Error('No Order # was taken for this step');
        return number;
      },
      ship: (o) => ({ carrier: carrierFor(o.storeId), trackingNumber: newTrackingNumber() }),
      screen: (o) => screenNames(orderScreenedNames(o), deps.deniedParties),
      accessCode: () => newAccessCode(),
    };
    return fulfilment;
  };
}
