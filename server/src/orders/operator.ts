/**
 * What the store's staff do to orders (`npm run orders`; decision 029): list them, look at
 * one, cancel, return or move one, or take its next fulfilment step now. Each change is a
 * `ChangeOrderStatus` command on the order's stream with the operator as its actor, under the
 * same rules as the store's own steps (ORDER_TRANSITIONS); a refused change says why in the
 * rules' words. A step is the fulfilment's own `AdvanceFulfilment`, taken early.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import {
  canMove,
  type StatusChangeData,
  type StatusChangeReason,
} from '../../../domain/order/fulfilment';
import { ORDERS_READ_MODEL, type Order } from '../../../domain/order/order';
import { isOrderStatus, ORDER_STATUSES, type OrderStatus } from '../../../domain/order/status';
import { formatMessage } from '../../../domain/shared/message';
import { isLocale } from '../../../domain/storefront/storefronts';
import type { Db } from '../db/database';
import { acting } from '../acting/acting';
import type { CommandHandler } from '../commands/execute';
import { allOrders, type OrderRow } from './order-queries';

function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

export type OperatorAction =
  | { readonly kind: 'cancel' }
  | { readonly kind: 'return' }
  | { readonly kind: 'move'; readonly to: OrderStatus };

export class OperatorError extends Error {
  override readonly name = 'OperatorError';
}

/** The status an action takes the order to, or why it cannot. */
export function targetOf(order: Pick<Order, 'status'>, action: OperatorAction): OrderStatus {
  const from = order.status;
  if (action.kind === 'cancel') {
    // An order already at work is asked to stop (Cancel Pending); one not yet, stops.
    if (canMove(from, 'cancelling') && from !== 'created') return 'cancelling';
    if (canMove(from, 'cancelled')) return 'cancelled';
    throw new OperatorError(`An order that is ${from} cannot be cancelled.`);
  }
  if (action.kind === 'return') {
    if (from === 'completed') return 'awaitingReturn';
    if (from === 'awaitingReturn') return 'returned';
    throw new OperatorError(
      `An order that is ${from} cannot be returned (only a completed one, then once it is back).`,
    );
  }
  if (!canMove(from, action.to)) {
    throw new OperatorError(`An order that is ${from} cannot become ${action.to}.`);
  }
  return action.to;
}

function reasonOf(action: OperatorAction, from: OrderStatus, to: OrderStatus): StatusChangeReason {
  if (action.kind === 'cancel') return to === 'cancelling' ? 'cancel-requested' : 'cancelled';
  if (action.kind === 'return') return to === 'awaitingReturn' ? 'return-requested' : 'returned';
  if (from === 'awaitingBilling' && to === 'created') return 'payment-received';
  if (from === 'onHold') return to === 'created' ? 'hold-released' : 'hold-declined';
  return 'moved';
}

/** One order by its id, its Web reference # or its Order #. */
export async function findOrder(db: Db, reference: string): Promise<OrderRow | undefined> {
  const wanted = reference.trim();
  const rows = rowsOf<{ stream_id: string; version: number; doc: Order }>(
    await db.execute(orderLookupSql(wanted)),
  );
  const row = rows[0];
  return row
    ? { streamId: row.stream_id, version: Number(row.version), order: row.doc }
    : undefined;
}

/** Any of the three names of an order. */
function orderLookupSql(reference: string) {
  const upper = reference.toUpperCase();
  return sql`
    select stream_id, version, doc from read_models
     where model = ${ORDERS_READ_MODEL}
       and (doc ->> 'orderId' = ${reference}
            or upper(doc ->> 'webReference') = ${upper}
            or upper(doc -> 'fulfilment' ->> 'orderNumber') = ${upper})
     limit 1`;
}

export interface OperatorChange {
  readonly reference: string;
  readonly action: OperatorAction;
  readonly operator: string;
  readonly note?: string;
  readonly now?: Date;
}

/** Applies an operator's action to an order; the order as it now stands. */
export async function changeOrder(
  db: Db,
  commands: CommandHandler,
  change: OperatorChange,
): Promise<Order> {
  const row = await findOrder(db, change.reference);
  if (!row) throw new OperatorError(`No order ${change.reference}.`);
  const order = row.order;
  const to = targetOf(order, change.action);
  const data: StatusChangeData = {
    from: order.status,
    to,
    at: (change.now ?? new Date()).toISOString(),
    reason: reasonOf(change.action, order.status, to),
    ...(change.note ? { note: change.note } : {}),
  };
  const executed = await commands.execute(
    'order',
    row.streamId,
    { type: 'ChangeOrderStatus', data },
    acting.operator(change.operator),
    {
      commandId: `operator-${randomUUID()}`,
      expectedVersion: row.version,
      locale: isLocale(order.locale) ? order.locale : null,
      now: new Date(data.at),
    },
  );
  const result = executed.result;
  if (result.status === 'rejected') throw new OperatorError(formatMessage(result.message));
  const after = await findOrder(db, order.orderId);
  if (!after) throw new Error(`Order ${order.orderId} was not found after the change`);
  return after.order;
}

export interface OperatorStep {
  readonly reference: string;
  readonly operator: string;
  readonly now?: Date;
}

export interface Stepped {
  /** The order after the step (or as it stands, when no step was taken). */
  readonly order: Order;
  readonly stepped: boolean;
  /** What the order waits for, when no step was taken. */
  readonly waiting: string | null;
}

/**
 * The order's next fulfilment step, taken now rather than when the store would (decision
 * 029): the fulfilment's own `AdvanceFulfilment`, early, with the operator as its actor. The
 * commands' event store must serve the order kind's fulfilment context (fulfilment-process.ts).
 */
export async function stepOrder(
  db: Db,
  commands: CommandHandler,
  step: OperatorStep,
): Promise<Stepped> {
  const row = await findOrder(db, step.reference);
  if (!row) throw new OperatorError(`No order ${step.reference}.`);
  const order = row.order;
  const executed = await commands.execute(
    'order',
    row.streamId,
    { type: 'AdvanceFulfilment', data: { from: order.status, early: true } },
    acting.operator(step.operator),
    {
      commandId: `operator-${randomUUID()}`,
      expectedVersion: row.version,
      locale: isLocale(order.locale) ? order.locale : null,
      now: step.now ?? new Date(),
    },
  );
  const result = executed.result;
  if (result.status === 'rejected') throw new OperatorError(formatMessage(result.message));
  const after = await findOrder(db, order.orderId);
  if (!after) throw new Error(`Order ${order.orderId} was not found after the step`);
  const stepped = executed.events.some(({ event }) => event.type === 'OrderStatusChanged');
  return { order: after.order, stepped, waiting: stepped ? null : waitingFor(after.order) };
}

/** Why the fulfilment takes no step for this order now, in an operator's words (a sentence). */
export function waitingFor(order: Order): string {
  const ref = order.webReference;
  switch (order.status) {
    case 'onHold':
      return order.hold
        ? `It is on hold until ${order.hold.until}, when its names are screened again.`
        : 'It is on hold.';
    case 'awaitingBilling':
      return `It waits for its payment; once received: npm run orders -- move ${ref} created`;
    case 'open':
      if (order.trainingInformationNeeded) return 'It waits for its training participants.';
      break;
    case 'processing':
      return `It waits for its pre-ordered items (estimated ship date ${order.fulfilment.estimatedShipDate ?? 'unknown'}).`;
    case 'awaitingReturn':
      return `It waits for the items to come back; then: npm run orders -- return ${ref}`;
    case 'error':
      return `It waits for an operator: npm run orders -- move ${ref} processing`;
    default:
      break;
  }
  return `The fulfilment has no step for an order that is ${order.status}.`;
}

/** The orders, a line each, for a terminal. */
export async function ordersReport(
  db: Db,
  options: { readonly status?: OrderStatus; readonly limit?: number } = {},
): Promise<string> {
  const rows = await allOrders(db, { limit: options.limit ?? 50, ...options });
  if (rows.length === 0) return 'No orders.\n';
  const lines = rows.map(({ order }) =>
    [
      order.webReference.padEnd(11),
      (order.fulfilment.orderNumber ?? '-').padEnd(9),
      order.placedAt.slice(0, 16).replace('T', ' '),
      order.status.padEnd(16),
      `${(order.totals.totalMinor / 100).toFixed(2)} ${order.currency}`.padEnd(14),
      `${order.buyer.firstName} ${order.buyer.lastName}`,
    ].join('  '),
  );
  const header = [
    'Web ref #'.padEnd(11),
    'Order #'.padEnd(9),
    'Placed (UTC)    ',
    'Status'.padEnd(16),
    'Total'.padEnd(14),
    'Buyer',
  ].join('  ');
  return `${header}\n${lines.join('\n')}\n`;
}

/** One order's particulars and history, for a terminal. */
export function orderReport(order: Order): string {
  const history = order.fulfilment.history
    .map(
      (h) =>
        `  ${h.at.slice(0, 19).replace('T', ' ')}  ${h.status.padEnd(16)} ${h.reason}${h.note ? ` (${h.note})` : ''}`,
    )
    .join('\n');
  const shipment = order.fulfilment.shipment;
  return [
    `Order ${order.orderId}`,
    `  Web reference #  ${order.webReference}`,
    `  Order #          ${order.fulfilment.orderNumber ?? '-'}`,
    `  Status           ${order.status}`,
    `  Buyer            ${order.buyer.firstName} ${order.buyer.lastName} <${order.buyer.email}>`,
    `  Account          ${order.account.number} ${order.account.name}`,
    `  Items            ${order.lines.map((l) => `${String(l.quantity)} × ${l.code}`).join(', ')}`,
    ...(shipment ? [`  Shipment         ${shipment.carrier} ${shipment.trackingNumber}`] : []),
    `History`,
    history,
    '',
  ].join('\n');
}

export function parseStatus(value: string): OrderStatus {
  if (isOrderStatus(value)) return value;
  throw new OperatorError(`"${value}" is not a status: ${ORDER_STATUSES.join(', ')}.`);
}
