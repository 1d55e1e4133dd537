/**
 * Reading orders from the `orders` read model (written with their events): a buyer's order
 * history, a buyer's order, the status lookup's finds, and the fulfilment's work list.
 * Every read that answers a caller names the owner, so nobody reads another's order.
 */
import { sql, type SQL } from 'drizzle-orm';
import {
  ORDER_HISTORY_PAGE_SIZE,
  orderSummary,
  type OrderHistoryPage,
  type OrderHistoryQuery,
} from '../../../domain/order/history';
import { normalizedOrderNumber } from '../../../domain/order/lookup';
import { ORDERS_READ_MODEL, type Order } from '../../../domain/order/order';
import type { OrderStatus } from '../../../domain/order/status';
import type { Db } from '../db/database';
import { issueOrderNumber, newOrderNumber } from './numbers';

function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

export interface OrderRow {
  readonly streamId: string;
  readonly version: number;
  readonly order: Order;
}

interface Row {
  stream_id: string;
  version: number;
  doc: Order;
}

const toRow = (row: Row): OrderRow => ({
  streamId: row.stream_id,
  version: Number(row.version),
  order: row.doc,
});

/** `%` and `_` typed by a buyer match themselves. */
function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** A page of a buyer's orders, newest first (SPEC 2.7). */
export async function orderHistory(
  db: Db,
  userId: string,
  query: OrderHistoryQuery,
): Promise<OrderHistoryPage> {
  const where: SQL[] = [
    sql`model = ${ORDERS_READ_MODEL}`,
    sql`owner_kind = 'user'`,
    sql`owner_id = ${userId}`,
  ];
  if (query.status) where.push(sql`doc ->> 'status' = ${query.status}`);
  // Days are compared as the ISO timestamps are written (UTC).
  if (query.from) where.push(sql`doc ->> 'placedAt' >= ${query.from}`);
  if (query.to) where.push(sql`doc ->> 'placedAt' < ${`${query.to}T99`}`);
  if (query.q) {
    const pattern = likePattern(normalizedOrderNumber(query.q));
    where.push(sql`(upper(doc ->> 'webReference') like ${pattern}
      or upper(coalesce(doc -> 'fulfilment' ->> 'orderNumber', '')) like ${pattern}
      or upper(coalesce(doc -> 'payment' ->> 'poNumber', '')) like ${pattern})`);
  }
  const condition = sql.join(where, sql` and `);
  const offset = (query.page - 1) * ORDER_HISTORY_PAGE_SIZE;
  // The page and the total in one statement, so from one snapshot: counted apart, an order
  // placed between the two pushed the last one past a total read before it, and a reader
  // paging by that total never saw it.
  const rows = rowsOf<Row & { total: string | number }>(
    await db.execute(sql`
      select stream_id, version, doc, count(*) over () as total from read_models
       where ${condition}
       order by doc ->> 'placedAt' desc, stream_id desc
       limit ${ORDER_HISTORY_PAGE_SIZE} offset ${offset}`),
  );
  // A page past the end has no row to carry the total.
  const total =
    rows[0]?.total ??
    rowsOf<{ n: string | number }>(
      await db.execute(sql`select count(*) as n from read_models where ${condition}`),
    )[0]?.n ??
    0;
  return {
    orders: rows.map((row) => orderSummary(row.doc)),
    total: Number(total),
    page: query.page,
    pageSize: ORDER_HISTORY_PAGE_SIZE,
  };
}

/** The order with this id, if this buyer placed it (or it was placed for them). */
export async function buyersOrder(
  db: Db,
  userId: string,
  orderId: string,
): Promise<OrderRow | undefined> {
  const rows = rowsOf<Row>(
    await db.execute(sql`
      select stream_id, version, doc from read_models
       where model = ${ORDERS_READ_MODEL} and owner_kind = 'user' and owner_id = ${userId}
         and doc ->> 'orderId' = ${orderId}`),
  );
  const row = rows[0];
  return row && row.doc.buyer.userId === userId ? toRow(row) : undefined;
}

/** Orders of a storefront with this Web reference # or Order #. */
export async function ordersByNumber(db: Db, storeId: string, number: string): Promise<Order[]> {
  const wanted = normalizedOrderNumber(number);
  const rows = rowsOf<Row>(
    await db.execute(sql`
      select stream_id, version, doc from read_models
       where model = ${ORDERS_READ_MODEL} and store_id = ${storeId}
         and (upper(doc ->> 'webReference') = ${wanted}
              or upper(doc -> 'fulfilment' ->> 'orderNumber') = ${wanted})
       limit 5`),
  );
  return rows.map((row) => row.doc);
}

/** Orders of a storefront paid with this PO number, any organization's. */
export async function ordersByPoNumber(
  db: Db,
  storeId: string,
  poNumber: string,
): Promise<Order[]> {
  const rows = rowsOf<Row>(
    await db.execute(sql`
      select stream_id, version, doc from read_models
       where model = ${ORDERS_READ_MODEL} and store_id = ${storeId}
         and upper(doc -> 'payment' ->> 'poNumber') = ${poNumber.trim().toUpperCase()}
       order by doc ->> 'placedAt' desc
       limit 50`),
  );
  return rows.map((row) => row.doc);
}

/** Orders in these statuses, oldest change first: the fulfilment's work list. */
export async function ordersInStatus(
  db: Db,
  statuses: readonly OrderStatus[],
  limit: number,
): Promise<OrderRow[]> {
  if (statuses.length === 0) return [];
  const rows = rowsOf<Row>(
    await db.execute(sql`
      select stream_id, version, doc from read_models
       where model = ${ORDERS_READ_MODEL}
         and doc ->> 'status' in (${sql.join(
           statuses.map((s) => sql`${s}`),
           sql`, `,
         )})
       order by updated_at
       limit ${limit}`),
  );
  return rows.map(toRow);
}

/** Every order (the operators' list), newest first, optionally in one status. */
export async function allOrders(
  db: Db,
  options: { readonly status?: OrderStatus; readonly limit: number },
): Promise<OrderRow[]> {
  const status = options.status ? sql`and doc ->> 'status' = ${options.status}` : sql``;
  const rows = rowsOf<Row>(
    await db.execute(sql`
      select stream_id, version, doc from read_models
       where model = ${ORDERS_READ_MODEL} ${status}
       order by doc ->> 'placedAt' desc
       limit ${options.limit}`),
  );
  return rows.map(toRow);
}

/** A new Order # (SPEC 3): random, with a check digit, never given before (decision 045). */
export async function nextOrderNumber(
  db: Db,
  draw: () => string = newOrderNumber,
): Promise<string> {
  return issueOrderNumber(db, draw);
}

/** The date each of these products is available from (pre-orders), by code. */
export async function availableDates(
  db: Db,
  codes: readonly string[],
): Promise<Record<string, string | null>> {
  if (codes.length === 0) return {};
  const rows = rowsOf<{ code: string; available_on: string | null }>(
    await db.execute(sql`
      select code, available_on::text as available_on from products
       where code in (${sql.join(
         codes.map((c) => sql`${c}`),
         sql`, `,
       )})`),
  );
  return Object.fromEntries(rows.map((row) => [row.code, row.available_on]));
}
