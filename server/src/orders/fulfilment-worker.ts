/**
 * The store's fulfilment (decision 029): a process manager that moves placed orders on, a
 * step at a time (`FULFILMENT_STEP_SECONDS` apart), as `ChangeOrderStatus` commands on the
 * order's stream (the pure rules are domain/order/fulfilment.ts), and gives back the card
 * charge of an order that was cancelled, returned or declined.
 *
 * Restarts neither skip nor repeat a step: each step is decided from the order as it stands
 * (its status is the step's `from`, refused once the order moved on), and its command id is
 * made from the order, the step and the order's version, so a step sent again after a crash
 * gets the stored answer. Several instances may run it: the version check lets one win.
 */
import { randomUUID } from 'node:crypto';
import {
  carrierFor,
  chargeToRefund,
  nextFulfilmentStep,
  type FulfilmentContext,
  type StatusChangeData,
} from '../../../domain/order/fulfilment';
import { orderStreamKind, type Order } from '../../../domain/order/order';
import { orderScreenedNames, screenNames, type DeniedParty } from '../../../domain/order/screening';
import type { OrderStatus } from '../../../domain/order/status';
import { isLocale } from '../../../domain/storefront/storefronts';
import type { Actor } from '../../../domain/shared/event-metadata';
import type { Db } from '../db/database';
import type { EventStore } from '../event-store/event-store';
import type { PaymentGateway } from '../payments/gateway';
import { availableDates, nextOrderNumber, ordersInStatus, type OrderRow } from './order-queries';
import { newAccessCode, newTrackingNumber } from './numbers';

/** Statuses the store moves on by itself, and those whose charge may be given back. */
const MOVING: readonly OrderStatus[] = [
  'created',
  'open',
  'processing',
  'awaitingShipping',
  'onHold',
  'cancelling',
];
const REFUNDING: readonly OrderStatus[] = ['cancelled', 'returned', 'declined'];

const NUMBER_TO_TAKE = 'order-number-to-take';

export const FULFILMENT_ACTOR: Actor = { kind: 'system', id: 'fulfilment' };

export interface FulfilmentLogger {
  info(details: object, message: string): void;
  error(details: object, message: string): void;
}

export interface FulfilmentOptions {
  readonly db: Db;
  readonly store: EventStore;
  readonly payments: PaymentGateway;
  /** Time between automatic steps. */
  readonly stepMs: number;
  /** What held orders are screened against when their hold ends. */
  readonly deniedParties: readonly DeniedParty[];
  readonly logger?: FulfilmentLogger;
  /** How often it looks for orders to move (default: a fifth of a step, 1 s to 30 s). */
  readonly pollMs?: number;
  /** The clock (tests). */
  readonly now?: () => Date;
  /** Orders looked at per run (default 100). */
  readonly batchSize?: number;
}

/** One order's step, sent as a command on its stream. */
async function send(
  options: FulfilmentOptions,
  row: OrderRow,
  commandId: string,
  command:
    | { type: 'ChangeOrderStatus'; data: StatusChangeData }
    | {
        type: 'RecordOrderRefund';
        data: { refundId: string; at: string };
      },
): Promise<boolean> {
  const order = row.order;
  const pushed = await options.store.push({
    kind: orderStreamKind,
    streamId: row.streamId,
    owner: { kind: 'user', id: order.buyer.userId },
    storeId: order.storeId,
    actor: FULFILMENT_ACTOR,
    locale: isLocale(order.locale) ? order.locale : null,
    canWrite: () => true,
    clientId: 'fulfilment',
    expectedVersion: row.version,
    commands: [
      {
        seq: 1,
        commandId,
        command: { ...command, metadata: { commandId, now: command.data.at } },
      },
    ],
  });
  return pushed.results[0]?.status === 'confirmed';
}

export class FulfilmentWorker {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<number> | undefined;
  private stopped = false;

  constructor(private readonly options: FulfilmentOptions) {}

  private now(): Date {
    return this.options.now?.() ?? new Date();
  }

  /** The context of one order's step: the clock, its products' dates, screening. */
  private async contextFor(order: Order): Promise<FulfilmentContext> {
    const { db, deniedParties } = this.options;
    const preOrdered = order.lines.filter((l) => l.preOrder).map((l) => l.code);
    return {
      now: this.now().toISOString(),
      stepMs: this.options.stepMs,
      availableOn: await availableDates(db, preOrdered),
      // Drawn below (random, with a check digit), only when the step gives one.
      orderNumber: () => NUMBER_TO_TAKE,
      ship: (o) => ({ carrier: carrierFor(o.storeId), trackingNumber: newTrackingNumber() }),
      screen: (o) => screenNames(orderScreenedNames(o), deniedParties),
      accessCode: () => newAccessCode(),
    };
  }

  /** One step for this order, if one is due. Whether the order moved. */
  async step(row: OrderRow): Promise<boolean> {
    const order = row.order;
    const refundOf = chargeToRefund(order);
    if (refundOf) {
      const refundId = `refund:${refundOf}`;
      await this.options.payments.refund(refundOf, refundId);
      return send(this.options, row, `fulfilment:${order.orderId}:refund`, {
        type: 'RecordOrderRefund',
        data: { refundId, at: this.now().toISOString() },
      });
    }
    if (!MOVING.includes(order.status)) return false;
    const context = await this.contextFor(order);
    const decided = nextFulfilmentStep(order, context);
    if (!decided) return false;
    const change =
      decided.orderNumber === NUMBER_TO_TAKE
        ? { ...decided, orderNumber: await nextOrderNumber(this.options.db) }
        : decided;
    const commandId = `fulfilment:${order.orderId}:${change.from}-${change.to}@${String(row.version)}`;
    const moved = await send(this.options, row, commandId, {
      type: 'ChangeOrderStatus',
      data: change,
    });
    if (moved) {
      this.options.logger?.info(
        { orderId: order.orderId, from: change.from, to: change.to },
        'an order moved on',
      );
    }
    return moved;
  }

  /** Looks at the orders to move once. How many moved. */
  async runOnce(): Promise<number> {
    const rows = await ordersInStatus(
      this.options.db,
      [...MOVING, ...REFUNDING],
      this.options.batchSize ?? 100,
    );
    let moved = 0;
    for (const row of rows) {
      if (this.stopped) break;
      try {
        if (await this.step(row)) moved += 1;
      } catch (error) {
        // One order's trouble (a gateway outage) does not stop the others.
        this.options.logger?.error(
          { err: error, orderId: row.order.orderId },
          'an order could not be moved on; it is tried again',
        );
      }
    }
    return moved;
  }

  start(): void {
    const pollMs =
      this.options.pollMs ?? Math.min(30_000, Math.max(1_000, Math.round(this.options.stepMs / 5)));
    const tick = () => {
      if (this.stopped) return;
      this.running = this.runOnce().catch((error: unknown) => {
        this.options.logger?.error({ err: error }, 'the fulfilment run failed');
        return 0;
      });
      void this.running.then(() => {
        if (!this.stopped) this.timer = setTimeout(tick, pollMs);
      });
    };
    this.timer = setTimeout(tick, pollMs);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.running;
  }
}

/** An id for an operator's or the store's command that nothing else names. */
export function freshCommandId(prefix: string): string {
  return `${prefix}-${randomUUID()}`;
}
