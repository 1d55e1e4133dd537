/**
 * A buyer's invoices in this browser (decision 053): what is kept on the device per buyer and
 * store so the pages open offline, and paying with one Idempotency-Key per payment, kept on
 * the device until the store answers. The store's answers are played by a stubbed `fetch`;
 * the browser's database is fake-indexeddb.
 */
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  initialInvoiceState,
  invoiceView,
  type Invoice,
  type InvoicePayment,
  type InvoiceView,
} from '../../../domain/invoice/invoice';
import { accountSummaries } from '../../../domain/invoice/list';
import type { InvoicePaymentBody } from '../../../domain/invoice/requests';
import { issued, payment } from '../../../domain/invoice/test-fixtures';
import { IDEMPOTENCY_HEADER, idempotencyKeySchema } from '../../../domain/shared/idempotency';
import { storefrontFor } from '../../../domain/storefront/storefronts';
import { ApiError } from '../api';
import { openLocalDb, type LocalDb } from '../sync/local-db';
import { InvoiceStore } from './invoice-store';

const storefront = storefrontFor('en-gb');
const SAM = 'user-sam';
const PRIYA = 'user-priya';

const INVOICE = issued().invoice;
const ID = INVOICE.invoiceId;
const PAY_URL = `/api/invoices/${ID}/payments?locale=en-gb`;

/** The invoice as issued: nothing paid, the whole total owed. */
const openView = invoiceView({ ...initialInvoiceState(), invoice: INVOICE }, 1);

/** The invoice once 50.00 of it was paid on its page. */
const PAID = payment('payment-7c1d2e3f', 5000);
const paidView = invoiceView(
  { ...initialInvoiceState(), invoice: INVOICE, payments: [PAID], paidMinor: PAID.amountMinor },
  2,
);

/** Another account's invoice in the same store, due later. */
const OTHER: Invoice = {
  ...INVOICE,
  invoiceId: 'order-9a8b7c6d',
  orderId: 'order-9a8b7c6d',
  number: 'INV48200029',
  dueOn: '2027-01-30',
  account: {
    id: 'acct-harbour',
    number: '4822',
    name: 'Harbour Speech Therapy',
    type: 'ORGANIZATION',
  },
};
const otherView = invoiceView({ ...initialInvoiceState(), invoice: OTHER }, 1);

const BODY: InvoicePaymentBody = {
  amountMinor: 5000,
  card: { source: 'saved', paymentMethodId: 'card-dana-visa' },
};

const DECLINED = {
  error: {
    code: 'checkout.payment-declined',
    message: 'Your payment was declined. Check your card details and try again.',
    fields: [
      {
        path: '',
        code: 'checkout.payment-details',
        message: 'Your payment was declined. Check your card details and try again.',
      },
    ],
  },
};

const lost = () => new TypeError('Failed to fetch');
const json = (status: number, body: unknown) => ({ status, body });

type Answer = TypeError | { readonly status: number; readonly body: unknown };

interface Sent {
  readonly url: string;
  readonly method: string;
  readonly headers: Headers;
  readonly body: string | null;
}

/**
 * The store's answers, one per request in order (a function is asked when the request is
 * made); every request is recorded as it was sent.
 */
function network(...answers: (Answer | (() => Promise<Answer>))[]): Sent[] {
  const sent: Sent[] = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    sent.push({
      url,
      method: init.method ?? 'GET',
      headers: new Headers(init.headers),
      body: typeof init.body === 'string' ? init.body : null,
    });
    const next = answers.shift();
    if (!next) throw new Error(`No answer for ${url}`);
    const answer = typeof next === 'function' ? await next() : next;
    if (answer instanceof TypeError) throw answer;
    return new Response(JSON.stringify(answer.body), {
      status: answer.status,
      headers: { 'content-type': 'application/json' },
    });
  });
  return sent;
}

/** The waits between sends, recorded and not waited for. */
function backoffs(): number[] {
  const realSetTimeout = globalThis.setTimeout;
  const waits: number[] = [];
  vi.spyOn(globalThis, 'setTimeout').mockImplementation(((handler: () => void, ms?: number) => {
    if (ms) waits.push(ms);
    return realSetTimeout(handler, 0);
  }) as typeof setTimeout);
  return waits;
}

const keyOf = (request: Sent | undefined) => request?.headers.get(IDEMPOTENCY_HEADER);

const paid = (invoice: InvoiceView = paidView, made: InvoicePayment = PAID) =>
  json(201, { invoice, payment: made });

let db: LocalDb;

beforeEach(() => {
  db = openLocalDb(`invoice-store-${crypto.randomUUID()}`);
});

afterEach(async () => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.useRealTimers();
  await db.delete();
});

describe('paying an invoice', () => {
  it('keeps the payment with its key before sending, and sends it again as it was after a lost answer', async () => {
    const store = new InvoiceStore(db, SAM, storefront);
    const waits = backoffs();
    let keptWhenSent: unknown;
    const sent = network(
      async () => {
        keptWhenSent = await store.pendingPayment(ID);
        return lost();
      },
      lost(),
      lost(),
    );

    expect(await store.pay(ID, BODY)).toEqual({ kind: 'unanswered' });

    const pending = await store.pendingPayment(ID);
    expect(pending).toMatchObject({ body: BODY });
    expect(idempotencyKeySchema.safeParse(pending?.key).success).toBe(true);
    expect(keptWhenSent).toEqual(pending);
    expect(sent).toHaveLength(3);
    for (const request of sent) {
      expect(request).toMatchObject({ url: PAY_URL, method: 'POST', body: JSON.stringify(BODY) });
      expect(keyOf(request)).toBe(pending?.key);
    }
    expect(waits).toEqual([500, 1000]);

    const later = network(paid());
    expect(await store.pay(ID, null)).toEqual({ kind: 'paid', invoice: paidView, payment: PAID });
    expect(later).toHaveLength(1);
    expect(keyOf(later[0])).toBe(pending?.key);
    expect(later[0]?.body).toBe(sent[0]?.body);
    expect(await store.pendingPayment(ID)).toBeNull();
  });

  it('waits and sends again with the same key while the store is still handling it (409)', async () => {
    const store = new InvoiceStore(db, SAM, storefront);
    const waits = backoffs();
    const sent = network(
      json(409, {
        error: {
          code: 'idempotency_in_progress',
          message: 'The same request is still being handled.',
        },
      }),
      paid(),
    );

    expect(await store.pay(ID, BODY)).toEqual({ kind: 'paid', invoice: paidView, payment: PAID });
    expect(sent).toHaveLength(2);
    expect(keyOf(sent[0])).toBeTruthy();
    expect(keyOf(sent[1])).toBe(keyOf(sent[0]));
    expect(sent[1]?.body).toBe(sent[0]?.body);
    expect(waits).toEqual([500]);
    expect(await store.pendingPayment(ID)).toBeNull();
  });

  it('drops the payment once the store refuses it (422), so the next payment has a new key', async () => {
    const store = new InvoiceStore(db, SAM, storefront);
    const sent = network(json(422, DECLINED));

    const outcome = await store.pay(ID, BODY);
    expect(outcome.kind).toBe('refused');
    const error = outcome.kind === 'refused' ? outcome.error : null;
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 422, body: DECLINED });
    expect(sent).toHaveLength(1);
    expect(await store.pendingPayment(ID)).toBeNull();

    const again = network(paid());
    expect(await store.pay(ID, BODY)).toMatchObject({ kind: 'paid' });
    expect(keyOf(again[0])).toBeTruthy();
    expect(keyOf(again[0])).not.toBe(keyOf(sent[0]));
  });

  it("shows the paid invoice's new balance in its kept copy and in the kept list", async () => {
    const store = new InvoiceStore(db, SAM, storefront);
    network(
      json(200, {
        invoices: [openView, otherView],
        accounts: accountSummaries([openView, otherView], '2026-12-01'),
      }),
      json(200, { invoice: openView }),
      paid(),
    );
    await store.list(true);
    await store.view(ID, true);

    expect(await store.pay(ID, BODY)).toMatchObject({ kind: 'paid' });

    vi.stubGlobal('fetch', () => Promise.reject(lost()));
    const kept = await store.view(ID, false);
    expect(kept).toEqual({ view: paidView, fresh: false });
    expect(kept.view?.balanceMinor).toBe(INVOICE.totals.totalMinor - 5000);
    const list = await store.list(false);
    expect(list.invoices).toEqual([paidView, otherView]);
    expect(list.accounts.find((a) => a.accountId === INVOICE.account.id)?.balanceMinor).toBe(
      INVOICE.totals.totalMinor - 5000,
    );
  });
});

describe('the copy kept on this device', () => {
  it('opens the list and each invoice offline, and drops an invoice the store no longer shows', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2027, 0, 10, 12, 0));
    const store = new InvoiceStore(db, SAM, storefront);
    const views = [openView, otherView];
    const answered = { invoices: views, accounts: accountSummaries(views, '2026-12-01') };

    network(json(200, answered));
    expect(await store.list(true)).toEqual({ ...answered, fresh: true });

    const offline = network();
    const list = await store.list(false);
    expect(offline).toHaveLength(0);
    expect(list.fresh).toBe(false);
    expect(list.invoices).toEqual(views);
    expect(list.accounts).toEqual(accountSummaries(views, '2027-01-10'));
    const riverside = list.accounts.find((a) => a.accountId === INVOICE.account.id);
    expect(riverside?.balanceMinor).toBe(INVOICE.totals.totalMinor);
    expect(riverside?.buckets['1-30']).toBe(INVOICE.totals.totalMinor);
    const harbour = list.accounts.find((a) => a.accountId === OTHER.account.id);
    expect(harbour?.buckets.current).toBe(OTHER.totals.totalMinor);

    network(json(200, { invoice: paidView }));
    expect(await store.view(ID, true)).toEqual({ view: paidView, fresh: true });
    network(lost());
    expect(await store.view(ID, true)).toEqual({ view: paidView, fresh: false });
    // Seen in the list only.
    network(lost());
    expect(await store.view(OTHER.invoiceId, true)).toEqual({ view: otherView, fresh: false });

    network(json(404, { error: { code: 'not_found', message: 'No such invoice.' } }));
    const error: unknown = await store.view(ID, true).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 404 });
    expect(await store.view(ID, false)).toEqual({ view: null, fresh: false });
    expect((await store.list(false)).invoices).toEqual([otherView]);
  });

  it("is each buyer's own: another buyer on this device sees none of it", async () => {
    const sam = new InvoiceStore(db, SAM, storefront);
    backoffs();
    network(
      json(200, { invoices: [openView], accounts: accountSummaries([openView], '2026-12-01') }),
      json(200, { invoice: openView }),
      lost(),
      lost(),
      lost(),
    );
    await sam.list(true);
    await sam.view(ID, true);
    expect(await sam.pay(ID, BODY)).toEqual({ kind: 'unanswered' });

    const priya = new InvoiceStore(db, PRIYA, storefront);
    const offline = network();
    expect(await priya.list(false)).toEqual({ invoices: [], accounts: [], fresh: false });
    expect(await priya.view(ID, false)).toEqual({ view: null, fresh: false });
    expect(await priya.pendingPayment(ID)).toBeNull();
    await expect(priya.pay(ID, null)).rejects.toThrow('There is no payment to send.');
    expect(offline).toHaveLength(0);

    expect((await sam.list(false)).invoices).toEqual([openView]);
    expect(await sam.view(ID, false)).toEqual({ view: openView, fresh: false });
    expect(await sam.pendingPayment(ID)).toMatchObject({ body: BODY });
  });
});
