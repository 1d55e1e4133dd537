/**
 * The crash test (issue 16, decision 036): the real store process is killed with SIGKILL at
 * random moments (a seeded random source, so a failure can be run again) while
 *
 * - browsers flush their queues: HTTP clients push cart commands as the sync engine does
 *   (`{ clientId, expectedVersion, commands: [{ seq, commandId, command }] }`), and send
 *   every unanswered command again, with the same ids, after each restart;
 * - orders are placed: a buyer fills a cart and a checkout over HTTP and places the order
 *   with an Idempotency-Key, sent again with the same key until it is answered;
 * - process managers run: the fulfilment worker (FULFILMENT_STEP_SECONDS 0.2), the order
 *   reactions (clear the cart, close the checkout) and the mail outbox (an SMTP sink here).
 *
 * After each restart it checks over HTTP that every command the store confirmed is in its
 * stream exactly once (and no rejected one is), that no order exists twice, and that each
 * order's status history follows the transitions with no step repeated and each reaction
 * applied at most once. At the end it lets the store settle, checks that every order went
 * all the way (no step skipped, every reaction done), kills the store a last time and opens
 * the database directly: it opens cleanly, no command's events were written twice, one
 * confirmation mail per order is in the outbox, and the process managers' checkpoints are
 * within the events.
 */
import { randomUUID } from 'node:crypto';
import { cp, rm } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { SMTPServer } from 'smtp-server';
import { checkoutCartOf } from '../../domain/checkout/cart-snapshot';
import type { CheckoutFacts } from '../../domain/checkout/facts';
import { cartStreamKind } from '../../domain/cart/stream';
import { ORDER_TRANSITIONS } from '../../domain/order/fulfilment';
import { ORDER_CONFIRMATION_TEMPLATE, type Order } from '../../domain/order/order';
import type { OrderHistoryPage } from '../../domain/order/history';
import type { OrderStatus } from '../../domain/order/status';
import type { PushBatchResponse, StoredEvent } from '../../domain/sync/protocol';
import type { StoredShape } from '../../domain/sync/stream-kind';
import { openDatabase, type Database, type DatabaseOptions } from '../../server/src/db/database';
import { DEFAULT_LEASE_MS } from '../../server/src/mail/worker';
import { migrate, readMigrations } from '../../server/src/db/migrate';
import { signInDemoBuyers, samsPurchaseOrder, type SignedIn } from '../support/checkout-flow';
import { freePort } from '../support/free-port';
import { tempDir } from '../support/temp-dir';
import { StoreRunner, type RunningStore } from './store-runner';

export type CrashEngine = 'pglite' | 'postgres';

export interface CrashOptions {
  readonly engine: CrashEngine;
  /** SIGKILLs before the final checks. */
  readonly kills: number;
  /** Seeds the kill times and the clients' choices. */
  readonly seed: number;
  /** Required for 'postgres': a fresh schema is made in it and dropped at the end. */
  readonly postgresUrl?: string;
  /** An empty migrated PGlite directory to copy instead of making one (the int suite's). */
  readonly pgliteTemplate?: string;
  /** How long the store serves after its checks before it is killed: [min, max] ms. */
  readonly killAfterMs?: readonly [number, number];
  readonly log?: (line: string) => void;
}

export interface CrashFigures {
  readonly engine: CrashEngine;
  readonly seed: number;
  readonly kills: number;
  /** Restart times (health answering after the go), ms. */
  readonly restartMs: readonly number[];
  readonly commandsSent: number;
  readonly commandsConfirmed: number;
  readonly commandsRejected: number;
  /** Commands whose first send got no answer (the store died) and that were sent again. */
  readonly commandsResent: number;
  readonly ordersPlaced: number;
  /** Place-order requests sent again with their key after no answer. */
  readonly placeOrderResent: number;
  readonly statusChanges: number;
  readonly mailsReceived: number;
  /** Mails sent again after their lease lapsed (a kill between send and mark; decision 027). */
  readonly mailsResentAfterLease: number;
  /** Confirmed commands missing from their stream, at any check. */
  readonly lost: number;
  /** Commands (or reactions, or orders) found applied more than once, at any check. */
  readonly duplicated: number;
  /** Everything found wrong, in words (empty when the run passed). */
  readonly problems: readonly string[];
  readonly wallMs: number;
}

/** mulberry32: small, fast and the same on every machine. */
function randomSource(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const LOCALE = 'en-gb';
const CART_CODES = ['MCS5-KIT', 'KCI-KIT'];
/**
 * How long the store may take at the end to complete every order (four steps 0.2 s apart,
 * looked at every second) and to run every reaction: well under the process managers'
 * lease (30 s), so a lease left by a killed process would show.
 */
const SETTLE_MS = 20_000;
/** Commands a cart gets before its client starts another. */
const COMMANDS_PER_CART = 12;

// ---------------------------------------------------------------------------------------
// The store as the clients reach it: requests go to the running process; while there is
// none (killed, restarting) they wait for the next.

interface Answer {
  readonly status: number;
  readonly body: unknown;
}

class Link {
  private store: RunningStore | undefined;
  private waiting: (() => void)[] = [];
  /** Requests that got no answer (connection refused or cut). */
  unanswered = 0;
  /** Requests the store answered. */
  answered = 0;

  up(store: RunningStore): void {
    this.store = store;
    for (const wake of this.waiting.splice(0)) wake();
  }

  down(): void {
    this.store = undefined;
  }

  /** Resolves once a store is running that is newer than `generation`. */
  async newer(generation: number): Promise<void> {
    while (!this.store || this.store.generation <= generation) {
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    }
  }

  /** One request; null when the store did not answer (and the generation it went to). */
  async send(
    method: 'GET' | 'POST',
    pathname: string,
    who: SignedIn,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<{ answer: Answer | null; generation: number }> {
    while (!this.store) await new Promise<void>((resolve) => this.waiting.push(resolve));
    const { url, generation } = this.store;
    try {
      const response = await fetch(`${url}${pathname}`, {
        method,
        headers: {
          cookie: who.cookie,
          // The browser's own page: same origin.
          ...(method === 'POST'
            ? { origin: url, 'sec-fetch-site': 'same-origin', 'content-type': 'application/json' }
            : {}),
          ...headers,
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        signal: AbortSignal.timeout(20_000),
      });
      const text = await response.text();
      let parsed: unknown = text;
      try {
        parsed = JSON.parse(text);
      } catch {
        // Not JSON: kept as text for the message.
      }
      this.answered += 1;
      return { answer: { status: response.status, body: parsed }, generation };
    } catch {
      this.unanswered += 1;
      return { answer: null, generation };
    }
  }

  /**
   * Sends until the store answers with something other than a 5xx, a 429 or `retryOn`,
   * waiting for the next process after a request the store did not answer.
   */
  async until(
    method: 'GET' | 'POST',
    pathname: string,
    who: SignedIn,
    body?: unknown,
    headers: Record<string, string> = {},
    retryOn: (answer: Answer) => boolean = () => false,
  ): Promise<{ answer: Answer; tries: number }> {
    for (let tries = 1; ; tries += 1) {
      const { answer, generation } = await this.send(method, pathname, who, body, headers);
      if (answer === null) {
        await this.newer(generation);
        continue;
      }
      if (retryOn(answer) || answer.status >= 500 || answer.status === 429) {
        await sleep(50);
        continue;
      }
      return { answer, tries };
    }
  }
}

// ---------------------------------------------------------------------------------------
// What the clients were told, to check the store against.

interface StreamRecord {
  readonly path: string;
  readonly owner: SignedIn;
  readonly confirmed: Set<string>;
  readonly rejected: Set<string>;
  /** Answered or asked an order of since its last check. */
  dirty: boolean;
}

interface PlacedRecord {
  readonly key: string;
  readonly checkoutId: string;
  readonly cartId: string;
  readonly orderId: string;
  readonly webReference: string;
}

class Ledger {
  readonly streams = new Map<string, StreamRecord>();
  readonly placed = new Map<string, PlacedRecord>();
  /** Each order's status at its last check. */
  readonly lastStatus = new Map<string, OrderStatus>();
  /** Orders whose cart and checkout showed their reactions. */
  readonly reacted = new Set<string>();
  /** The carts and checkouts of every place order sent (answered or not yet). */
  readonly placing = new Set<string>();
  sent = 0;
  confirmed = 0;
  rejected = 0;
  resent = 0;
  placeOrderResent = 0;

  stream(pathname: string, owner: SignedIn): StreamRecord {
    let record = this.streams.get(pathname);
    if (!record) {
      record = { path: pathname, owner, confirmed: new Set(), rejected: new Set(), dirty: true };
      this.streams.set(pathname, record);
    }
    return record;
  }

  answered(record: StreamRecord, results: PushBatchResponse<unknown>['results']): void {
    record.dirty = true;
    for (const result of results) {
      if (result.status === 'confirmed') {
        if (!record.confirmed.has(result.commandId)) this.confirmed += 1;
        record.confirmed.add(result.commandId);
      } else {
        if (!record.rejected.has(result.commandId)) this.rejected += 1;
        record.rejected.add(result.commandId);
      }
    }
  }
}

interface QueuedCommand {
  readonly seq: number;
  readonly commandId: string;
  readonly command: { type: string; data: unknown; metadata: { commandId: string; now: string } };
  sends: number;
}

/** A browser's queue for one stream, flushed as the sync engine does. */
class StreamQueue {
  version = 0;
  readonly pending: QueuedCommand[] = [];
  readonly record: StreamRecord;

  constructor(
    private readonly link: Link,
    private readonly ledger: Ledger,
    readonly pathname: string,
    private readonly owner: SignedIn,
    private readonly clientId: string,
    private readonly nextSeq: () => number,
  ) {
    this.record = ledger.stream(pathname, owner);
  }

  add(type: string, data: unknown): QueuedCommand {
    const commandId = randomUUID();
    const queued: QueuedCommand = {
      seq: this.nextSeq(),
      commandId,
      command: { type, data, metadata: { commandId, now: new Date().toISOString() } },
      sends: 0,
    };
    this.pending.push(queued);
    this.ledger.sent += 1;
    return queued;
  }

  /** Sends what waits until the store answers it; the answer's results. */
  async flush(): Promise<PushBatchResponse<StoredShape>['results']> {
    const results: PushBatchResponse<StoredShape>['results'][number][] = [];
    while (this.pending.length > 0) {
      const batch = [...this.pending];
      for (const queued of batch) {
        queued.sends += 1;
        if (queued.sends === 2) this.ledger.resent += 1;
      }
      const { answer, generation } = await this.link.send(
        'POST',
        `${this.pathname}/commands?locale=${LOCALE}`,
        this.owner,
        {
          clientId: this.clientId,
          expectedVersion: this.version,
          commands: batch.map(({ seq, commandId, command }) => ({ seq, commandId, command })),
        },
      );
      if (answer === null) {
        await this.link.newer(generation);
        continue;
      }
      if (answer.status >= 500 || answer.status === 429) {
        await sleep(50);
        continue;
      }
      if (answer.status !== 200) {
        throw new Error(
          `${this.pathname}: a push got ${String(answer.status)} ${JSON.stringify(answer.body)}`,
        );
      }
      const response = answer.body as PushBatchResponse<StoredShape>;
      this.ledger.answered(this.record, response.results);
      this.version = response.version;
      const done = new Set(response.results.map((r) => r.commandId));
      for (let i = this.pending.length - 1; i >= 0; i -= 1) {
        const queued = this.pending[i];
        if (queued && done.has(queued.commandId)) this.pending.splice(i, 1);
      }
      results.push(...response.results);
    }
    return results;
  }
}

// ---------------------------------------------------------------------------------------

interface Figures {
  statusChanges: number;
  lost: number;
  duplicated: number;
  readonly problems: string[];
}

interface Harness {
  readonly engine: CrashEngine;
  readonly link: Link;
  readonly ledger: Ledger;
  readonly random: () => number;
  readonly figures: Figures;
  /** Set when no new work should start (the final drain). */
  draining: boolean;
  /** What each order lane is doing, for the log. */
  readonly stages: Map<number, string>;
}

/** A device of a buyer that keeps changing carts and flushing its queue. */
async function cartDevice(h: Harness, owner: SignedIn, clientId: string): Promise<void> {
  let seq = 0;
  const nextSeq = () => (seq += 1);
  while (!h.draining) {
    const cartId = randomUUID();
    const queue = new StreamQueue(
      h.link,
      h.ledger,
      `/api/carts/${cartId}`,
      owner,
      clientId,
      nextSeq,
    );
    for (let n = 0; n < COMMANDS_PER_CART && !h.draining; n += 1) {
      // Between one and three commands queued before each flush, as a buyer clicks.
      const burst = 1 + Math.floor(h.random() * 3);
      for (let b = 0; b < burst; b += 1) {
        const code = CART_CODES[Math.floor(h.random() * CART_CODES.length)] ?? 'MCS5-KIT';
        queue.add('AddItem', { code, quantity: 1 });
      }
      await queue.flush();
      await sleep(80 + Math.floor(h.random() * 160));
    }
    await queue.flush();
  }
}

/** Sam's checkouts, one after another: cart, checkout, place order, each until answered. */
async function buyerPlacingOrders(h: Harness, sam: SignedIn, lane: number): Promise<void> {
  let seq = 0;
  const nextSeq = () => (seq += 1);
  const clientId = `crash-orders-${String(lane)}`;
  for (let n = 0; !h.draining; n += 1) {
    const cartId = randomUUID();
    h.stages.set(lane, 'cart');
    const cart = new StreamQueue(h.link, h.ledger, `/api/carts/${cartId}`, sam, clientId, nextSeq);
    cart.add('AddItem', { code: 'MCS5-KIT', quantity: 1 + (n % 2) });
    await cart.flush();
    const pulled = await h.link.until('GET', `/api/carts/${cartId}?after=0`, sam);
    const events = (pulled.answer.body as { events: StoredEvent<StoredShape>[] }).events;
    let state = cartStreamKind.initialState();
    for (const stored of events) {
      state = cartStreamKind.evolve(state, stored.event as never);
    }
    const snapshot = checkoutCartOf(state, events.at(-1)?.version ?? 0);
    if (!snapshot) throw new Error(`cart ${cartId} has nothing to check out`);

    h.stages.set(lane, 'facts');
    const facts = (await h.link.until('GET', `/api/checkout/facts?locale=${LOCALE}`, sam)).answer
      .body as CheckoutFacts;
    const checkoutId = randomUUID();
    const checkout = new StreamQueue(
      h.link,
      h.ledger,
      `/api/checkouts/${checkoutId}`,
      sam,
      clientId,
      nextSeq,
    );
    checkout.add('StartCheckout', { cart: snapshot });
    for (const choice of samsPurchaseOrder(`PO-CRASH-${String(lane)}-${String(n)}`)(facts)) {
      checkout.add(choice.type, choice.data);
    }
    h.stages.set(lane, 'checkout');
    const results = await checkout.flush();
    const refused = results.filter((r) => r.status !== 'confirmed');
    if (refused.length > 0) {
      h.figures.problems.push(`checkout ${checkoutId} refused: ${JSON.stringify(refused)}`);
      continue;
    }

    const key = randomUUID();
    h.stages.set(lane, 'place order');
    h.ledger.placing.add(`/api/carts/${cartId}`);
    h.ledger.placing.add(`/api/checkouts/${checkoutId}`);
    // Their reactions come later: read again after the next kill.
    cart.record.dirty = true;
    checkout.record.dirty = true;
    const placed = await h.link.until(
      'POST',
      `/api/checkouts/${checkoutId}/place-order?locale=${LOCALE}`,
      sam,
      { termsAccepted: true, checkoutVersion: checkout.version },
      { 'idempotency-key': key },
      (answer) => {
        h.stages.set(lane, `place order (${String(answer.status)} ${codeOf(answer) ?? ''})`);
        if (answer.status !== 409 || codeOf(answer) !== 'idempotency_in_progress') return false;
        // The same request still running: the store that ran it died. PGlite's store is
        // alone on its database and frees such claims when it starts again; PostgreSQL's
        // lapse (lapseClaims stands in for the time).
        if (h.engine === 'pglite') {
          h.figures.problems.push(
            `place order ${checkoutId}: a retry after a restart was told to wait`,
          );
        }
        return true;
      },
    );
    if (placed.tries > 1) h.ledger.placeOrderResent += 1;
    const { status, body } = placed.answer;
    if (status !== 201 && status !== 200) {
      h.figures.problems.push(
        `place order ${checkoutId} got ${String(status)} ${JSON.stringify(body)}`,
      );
      continue;
    }
    const order = (body as { order: Order }).order;
    h.ledger.placed.set(key, {
      key,
      checkoutId,
      cartId,
      orderId: order.orderId,
      webReference: order.webReference,
    });
    await sleep(200 + Math.floor(h.random() * 300));
  }
}

function codeOf(answer: Answer): string | undefined {
  return (answer.body as { error?: { code?: string } } | null)?.error?.code;
}

// ---------------------------------------------------------------------------------------
// Checks over HTTP, after each restart and at the end.

const REACTIONS = ['order-placed-clears-cart:', 'order-placed-closes-checkout:'] as const;

/**
 * Reads streams back: those answered since their last check, or all (every tenth kill and
 * at the end: a later crash must not lose what an earlier check found).
 */
async function checkStreams(h: Harness, when: string, all: boolean): Promise<void> {
  const chosen = [...h.ledger.streams.values()].filter((record) => all || record.dirty);
  for (const record of chosen) record.dirty = false;
  const records = chosen.map((record) => ({
    record,
    // What was answered before the read: all of it must be there.
    confirmed: [...record.confirmed],
    rejected: [...record.rejected],
  }));
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < records.length; i = next++) {
      const item = records[i];
      if (!item) continue;
      const { record, confirmed, rejected } = item;
      const { answer } = await h.link.until('GET', `${record.path}?after=0`, record.owner);
      if (answer.status === 404 && confirmed.length === 0) continue;
      if (answer.status !== 200) {
        h.figures.problems.push(`${when}: ${record.path} answered ${String(answer.status)}`);
        continue;
      }
      const events = (answer.body as { events: StoredEvent<unknown>[] }).events;
      // Each command's events: their versions and types.
      const versions = new Map<string, number[]>();
      const types = new Map<string, string[]>();
      for (const event of events) {
        versions.set(event.commandId, [...(versions.get(event.commandId) ?? []), event.version]);
        const type = (event.event as { type?: string } | null)?.type ?? '?';
        types.set(event.commandId, [...(types.get(event.commandId) ?? []), type]);
      }
      for (const commandId of confirmed) {
        if (!versions.has(commandId)) {
          h.figures.lost += 1;
          h.figures.problems.push(`${when}: confirmed ${commandId} is not in ${record.path}`);
        }
      }
      // One application of a command gives each type of event at most once.
      for (const [commandId, list] of types) {
        if (new Set(list).size !== list.length) {
          h.figures.duplicated += 1;
          h.figures.problems.push(
            `${when}: ${commandId} has ${list.join(', ')} in ${record.path}: applied twice`,
          );
        }
      }
      for (const commandId of rejected) {
        if (versions.has(commandId)) {
          h.figures.problems.push(`${when}: rejected ${commandId} has events in ${record.path}`);
        }
      }
      // Any command applied twice shows as its events in two places.
      for (const [commandId, list] of versions) {
        const first = list[0] ?? 0;
        if (list.some((v, n) => v !== first + n)) {
          h.figures.duplicated += 1;
          h.figures.problems.push(`${when}: ${commandId} was applied twice in ${record.path}`);
        }
      }
      for (const prefix of REACTIONS) {
        const applied = [...versions.keys()].filter((id) => id.startsWith(prefix)).length;
        if (applied > 1) {
          h.figures.duplicated += 1;
          h.figures.problems.push(`${when}: ${prefix} reacted ${String(applied)} times`);
        }
      }
      // Read after the stream: a reaction needs its place order sent before it.
      const placedHere = h.ledger.placing.has(record.path);
      if (!placedHere && [...versions.keys()].some((id) => REACTIONS.some((p) => id.startsWith(p))))
        h.figures.problems.push(`${when}: a reaction reached ${record.path}, which placed nothing`);
    }
  };
  await Promise.all(Array.from({ length: 6 }, worker));
}

interface OrderCheck {
  readonly orders: Order[];
}

/**
 * Reads the orders back: the list, and each order not completed at its last check (all of
 * them when `all`: a completed order's history does not change).
 */
async function checkOrders(
  h: Harness,
  sam: SignedIn,
  when: string,
  all: boolean,
): Promise<OrderCheck> {
  // The orders answered before the list is read: each must be in it.
  const placed = [...h.ledger.placed.values()];
  const listed: OrderHistoryPage['orders'][number][] = [];
  for (let page = 1; ; page += 1) {
    const { answer } = await h.link.until(
      'GET',
      `/api/orders?locale=${LOCALE}&page=${String(page)}`,
      sam,
    );
    const body = answer.body as OrderHistoryPage;
    listed.push(...body.orders);
    if (body.orders.length === 0 || page * body.pageSize >= body.total) break;
  }
  // While orders are placed, a new one shifts the pages under the reader: an order may show
  // on two pages. Once nothing is placed (the end), the list must be exact.
  const summaries = h.draining ? listed : [...new Map(listed.map((s) => [s.orderId, s])).values()];
  const byId = new Map<string, number>();
  for (const s of summaries) byId.set(s.orderId, (byId.get(s.orderId) ?? 0) + 1);
  for (const [orderId, count] of byId) {
    if (count > 1) {
      h.figures.duplicated += 1;
      h.figures.problems.push(`${when}: order ${orderId} is listed ${String(count)} times`);
    }
  }
  const unique = (what: string, values: (string | null)[]) => {
    const seen = new Set<string>();
    for (const value of values) {
      if (value === null) continue;
      if (seen.has(value)) {
        h.figures.duplicated += 1;
        h.figures.problems.push(`${when}: ${what} ${value} is given to two orders`);
      }
      seen.add(value);
    }
  };
  unique(
    'web reference',
    summaries.map((s) => s.webReference),
  );
  unique(
    'order number',
    summaries.map((s) => s.orderNumber),
  );
  unique(
    'order id of a place-order key',
    placed.map((p) => p.orderId),
  );
  for (const p of placed) {
    if (!byId.has(p.orderId)) {
      h.figures.lost += 1;
      h.figures.problems.push(`${when}: the placed order ${p.orderId} (key ${p.key}) is gone`);
    }
  }
  if (summaries.length !== placed.length) {
    // A place order killed before its answer is placed again with the same key: never twice.
    const known = new Set(placed.map((p) => p.orderId));
    const extra = summaries.filter((s) => !known.has(s.orderId));
    if (extra.length > 0 && !h.draining) {
      // An order placed whose answer is still on its way: checked again at the end.
    } else if (extra.length > 0) {
      h.figures.problems.push(
        `${when}: orders no key was answered with: ${extra.map((s) => s.orderId).join(', ')}`,
      );
    }
  }
  const orders: Order[] = [];
  for (const p of placed) {
    if (!all && h.ledger.lastStatus.get(p.orderId) === 'completed') continue;
    const { answer } = await h.link.until('GET', `/api/orders/${p.orderId}`, sam);
    if (answer.status !== 200) continue;
    const order = (answer.body as { order: Order }).order;
    orders.push(order);
    h.ledger.lastStatus.set(order.orderId, order.status);
    const history = order.fulfilment.history.map((c) => c.status);
    const seen = new Set<OrderStatus>();
    history.forEach((status, i) => {
      if (seen.has(status)) {
        h.figures.duplicated += 1;
        h.figures.problems.push(
          `${when}: order ${order.orderId} was ${status} twice: ${history.join(' → ')}`,
        );
      }
      seen.add(status);
      const before = history[i - 1];
      if (before !== undefined && !ORDER_TRANSITIONS[before].includes(status)) {
        h.figures.problems.push(
          `${when}: order ${order.orderId} went ${before} → ${status}: ${history.join(' → ')}`,
        );
      }
    });
    if (history.at(-1) !== order.status) {
      h.figures.problems.push(
        `${when}: order ${order.orderId} is ${order.status}, its history ends ${String(history.at(-1))}`,
      );
    }
  }
  return { orders };
}

// ---------------------------------------------------------------------------------------
// The database before the first start and after the last kill.

interface Engine {
  readonly options: DatabaseOptions;
  readonly env: Record<string, string>;
  dispose(): Promise<void>;
}

async function prepareEngine(options: CrashOptions): Promise<Engine> {
  if (options.engine === 'pglite') {
    const dataDir = await tempDir('crash-store-');
    const pgliteDir = path.join(dataDir, 'pglite');
    if (options.pgliteTemplate) await cp(options.pgliteTemplate, pgliteDir, { recursive: true });
    return {
      options: { kind: 'pglite', dataDir: pgliteDir },
      env: { DATA_DIR: dataDir, DATABASE_URL: '' },
      dispose: () => rm(dataDir, { recursive: true, force: true }),
    };
  }
  const url = options.postgresUrl;
  if (!url) throw new Error('The crash test on PostgreSQL needs its URL');
  const schema = `crash_${String(process.pid)}_${Math.random().toString(36).slice(2, 10)}`;
  const dataDir = await tempDir('crash-store-');
  return {
    options: { kind: 'postgres', url, schema, maxConnections: 2 },
    env: { DATA_DIR: dataDir, DATABASE_URL: url, DATABASE_SCHEMA: schema },
    dispose: async () => {
      await rm(dataDir, { recursive: true, force: true });
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      try {
        await admin.query(`drop schema if exists "${schema}" cascade`);
      } finally {
        await admin.end();
      }
    },
  };
}

function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

/**
 * On PostgreSQL several instances may share the database, so the store cannot know that
 * the instance it follows is dead: the dead one's process-manager leases and place-order
 * claims lapse after their time (30 s, 60 s). The test stands in for that time passing.
 */
async function lapseClaims(engine: Engine): Promise<void> {
  if (engine.options.kind !== 'postgres') return;
  const admin = new pg.Client({ connectionString: engine.options.url });
  await admin.connect();
  try {
    const schema = `"${engine.options.schema ?? 'public'}"`;
    await admin.query(
      `update ${schema}.checkpoints set lease_until = now() - interval '1 second' where lease_owner is not null`,
    );
    // In the database's own precision, as a killed process leaves a claim: the takeover of a
    // lapsed claim (server/src/plugins/idempotency.ts) must not depend on whole milliseconds.
    await admin.query(
      `update ${schema}.idempotency_keys
          set updated_at = now() - interval '1 hour'
        where status = 'running'`,
    );
  } finally {
    await admin.end();
  }
}

async function checkDatabase(
  database: Database,
  figures: Figures,
  orderIds: readonly string[],
): Promise<void> {
  const { db } = database;
  await db.execute(sql`select 1`);
  const twice = rowsOf<{ stream_id: string; command_id: string }>(
    await db.execute(sql`
      select stream_id, command_id from events
       group by stream_id, command_id
      having max(version) - min(version) + 1 <> count(*)`),
  );
  for (const row of twice) {
    figures.duplicated += 1;
    figures.problems.push(`database: ${row.command_id} was applied twice in ${row.stream_id}`);
  }
  const mails = rowsOf<{ id: string; n: string | number }>(
    await db.execute(sql`
      select id, count(*) as n from mail_outbox where template = ${ORDER_CONFIRMATION_TEMPLATE}
       group by id`),
  );
  const mailCount = new Map(mails.map((m) => [m.id, Number(m.n)]));
  for (const orderId of orderIds) {
    const n = mailCount.get(`${ORDER_CONFIRMATION_TEMPLATE}:${orderId}`) ?? 0;
    if (n !== 1) {
      figures.problems.push(`database: order ${orderId} has ${String(n)} confirmation mails`);
    }
  }
  if (mails.length !== orderIds.length) {
    figures.problems.push(
      `database: ${String(mails.length)} confirmation mails for ${String(orderIds.length)} orders`,
    );
  }
  const outOfRange = rowsOf<{ name: string }>(
    await db.execute(sql`
      select c.name from checkpoints c
       where exists (select 1 from events)
         and not exists (
           select 1 from events e
            where (e.transaction_id, e.position) >= (c.transaction_id, c.position))`),
  );
  for (const row of outOfRange) {
    figures.problems.push(`database: the checkpoint of ${row.name} is beyond the last event`);
  }
}

// ---------------------------------------------------------------------------------------

export async function runCrashTest(options: CrashOptions): Promise<CrashFigures> {
  const started = performance.now();
  const log = options.log ?? (() => undefined);
  const random = randomSource(options.seed);
  const [killMin, killMax] = options.killAfterMs ?? [120, 800];
  const figures: Figures = { statusChanges: 0, lost: 0, duplicated: 0, problems: [] };

  // Mails the mail outbox sends, by Message-ID.
  const mailIds = new Map<string, number[]>();
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    closeTimeout: 500,
    onData(stream, _session, callback) {
      let text = '';
      stream.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
      stream.on('end', () => {
        const id = /^message-id:\s*(\S+)/im.exec(text)?.[1] ?? randomUUID();
        mailIds.set(id, [...(mailIds.get(id) ?? []), performance.now()]);
        callback();
      });
    },
  });
  // A store killed in the middle of a mail cuts its connection: expected here.
  smtp.on('error', () => undefined);
  const smtpPort = await freePort();
  await new Promise<void>((resolve) => smtp.listen(smtpPort, '127.0.0.1', resolve));

  const engine = await prepareEngine(options);
  const runner = new StoreRunner({
    ...engine.env,
    DEMO_USERS: 'on',
    FULFILMENT_STEP_SECONDS: '0.2',
    SMTP_URL: `smtp://127.0.0.1:${String(smtpPort)}`,
    // No build to serve: the API is what is tested.
    STATIC_DIR: path.join(engine.env.DATA_DIR ?? '', 'no-build'),
    RATE_LIMIT_CART: '0',
    RATE_LIMIT_PLACE_ORDER: '0',
    RATE_LIMIT_SESSION: '0',
  });
  const restartMs: number[] = [];
  let kills: number;
  try {
    // The buyers' sessions, made in the database before the store first starts.
    const setup = await openDatabase(engine.options);
    const buyers = await (async () => {
      try {
        await migrate(setup, await readMigrations());
        return await signInDemoBuyers(setup.db, ['dana', 'sam', 'priya'] as const);
      } finally {
        await setup.close();
      }
    })();

    const link = new Link();
    const h: Harness = {
      engine: options.engine,
      stages: new Map(),
      link,
      ledger: new Ledger(),
      random,
      figures,
      draining: false,
    };
    const first = await runner.start();
    restartMs.push(first.ms);
    link.up(first.store);
    log(
      `${options.engine}: seed ${String(options.seed)}, first start ${String(Math.round(first.ms))} ms`,
    );

    // Two devices of one buyer on one cart, another buyer, and a buyer placing orders: every
    // kind of work under way at each kill, at a pace that keeps the checks after each
    // restart short.
    const clients = [
      cartDevice(h, buyers.dana, 'crash-dana-phone'),
      cartDevice(h, buyers.dana, 'crash-dana-laptop'),
      cartDevice(h, buyers.priya, 'crash-priya'),
      buyerPlacingOrders(h, buyers.sam, 1),
    ];
    let clientsFailed: Error | undefined;
    const clientsDone = Promise.all(clients).catch((error: unknown) => {
      clientsFailed = error instanceof Error ? error : new Error(String(error));
    });

    for (kills = 0; kills < options.kills;) {
      if (clientsFailed) break;
      // The clients' own requests reach this process before it is killed (its checks are
      // done): the kill falls in the middle of their work.
      const answeredBefore = link.answered;
      const loadDeadline = performance.now() + 5_000;
      while (link.answered < answeredBefore + 3 && performance.now() < loadDeadline) {
        await sleep(10);
      }
      const wait = killMin + Math.floor(random() * (killMax - killMin));
      await sleep(wait);
      await runner.stop('SIGKILL');
      link.down();
      kills += 1;
      await lapseClaims(engine);
      const { store, ms } = await runner.start();
      restartMs.push(ms);
      link.up(store);
      const when = `after kill ${String(kills)}`;
      await checkStreams(h, when, kills % 10 === 0);
      await checkOrders(h, buyers.sam, when, kills % 10 === 0);
      log(
        `${options.engine}: kill ${String(kills)} after ${String(wait)} ms, restart ${String(Math.round(ms))} ms, ` +
          `${String(h.ledger.confirmed)} confirmed, ${String(h.ledger.placed.size)} orders ` +
          `(lanes: ${[...h.stages.values()].join(', ')})`,
      );
      if (figures.problems.length > 0) break;
    }

    // No more new work: every queue is flushed and every order answered, then the store settles.
    h.draining = true;
    await clientsDone;
    if (clientsFailed) throw clientsFailed;
    const settleUntil = performance.now() + SETTLE_MS;
    for (;;) {
      const problemsBefore = figures.problems.length;
      await checkStreams(h, 'at the end', false);
      const { orders } = await checkOrders(h, buyers.sam, 'at the end', false);
      const unfinished = orders.filter((o) => o.status !== 'completed');
      const reacted = await reactionsDone(h);
      if ((unfinished.length === 0 && reacted) || figures.problems.length > problemsBefore) break;
      if (performance.now() > settleUntil) {
        figures.problems.push(
          `at the end: not settled in ${String(SETTLE_MS / 1000)} s: ${String(unfinished.length)} orders not completed ` +
            `(${unfinished
              .slice(0, 10)
              .map((o) => `${o.orderId} ${o.status}`)
              .join(', ')}…); reactions done: ${String(reacted)}`,
        );
        break;
      }
      await sleep(300);
    }
    // Everything read back once more, every stream and every order, settled.
    await checkStreams(h, 'at the end', true);
    const { orders } = await checkOrders(h, buyers.sam, 'at the end', true);
    figures.statusChanges = orders.reduce((n, o) => n + o.fulfilment.history.length - 1, 0);
    // A mail is sent again only when a kill fell between its send and its 'sent' mark, after
    // its lease (decision 027): a copy sooner than that is a mail sent twice.
    let mailsResent = 0;
    for (const [id, times] of mailIds) {
      times.forEach((at, i) => {
        const before = times[i - 1];
        if (before === undefined) return;
        // The lease starts at the claim, a moment before the first copy arrived.
        if (at - before >= DEFAULT_LEASE_MS - 10_000) mailsResent += 1;
        else figures.problems.push(`the mail ${id} was sent twice within its lease`);
      });
    }

    // The last kill, then the database opened directly.
    await runner.stop('SIGKILL');
    link.down();
    const after = await openDatabase(engine.options);
    try {
      await checkDatabase(
        after,
        figures,
        [...h.ledger.placed.values()].map((p) => p.orderId),
      );
    } finally {
      await after.close();
    }

    return {
      engine: options.engine,
      seed: options.seed,
      kills,
      restartMs,
      commandsSent: h.ledger.sent,
      commandsConfirmed: h.ledger.confirmed,
      commandsRejected: h.ledger.rejected,
      commandsResent: h.ledger.resent,
      ordersPlaced: h.ledger.placed.size,
      placeOrderResent: h.ledger.placeOrderResent,
      statusChanges: figures.statusChanges,
      mailsReceived: mailIds.size,
      mailsResentAfterLease: mailsResent,
      lost: figures.lost,
      duplicated: figures.duplicated,
      problems: figures.problems,
      wallMs: performance.now() - started,
    };
  } finally {
    await runner.close();
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
    await engine.dispose();
  }
}

/** Whether every placed order cleared its cart and closed its checkout (once each). */
async function reactionsDone(h: Harness): Promise<boolean> {
  for (const placed of h.ledger.placed.values()) {
    if (h.ledger.reacted.has(placed.orderId)) continue;
    for (const [pathname, prefix] of [
      [`/api/carts/${placed.cartId}`, REACTIONS[0]],
      [`/api/checkouts/${placed.checkoutId}`, REACTIONS[1]],
    ] as const) {
      const owner = h.ledger.streams.get(pathname)?.owner;
      if (!owner) return false;
      const { answer } = await h.link.until('GET', `${pathname}?after=0`, owner);
      const events = (answer.body as { events?: StoredEvent<unknown>[] }).events ?? [];
      if (!events.some((e) => e.commandId.startsWith(prefix))) return false;
    }
    h.ledger.reacted.add(placed.orderId);
  }
  return true;
}
