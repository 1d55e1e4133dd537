/**
 * A signed-in buyer's invoices in this browser (decision 053). The invoice is written by the
 * store only: the browser reads it, keeps what it read per buyer and store so the pages open
 * offline (the list, each invoice seen and its PDF), and pays it online, with an
 * Idempotency-Key so a double click or a retry pays once.
 */
import type { SavedCard } from '../../../domain/checkout/facts';
import type { InvoicePayment, InvoiceView } from '../../../domain/invoice/invoice';
import { accountSummaries, type InvoiceAccountSummary } from '../../../domain/invoice/list';
import type { InvoicePaymentBody } from '../../../domain/invoice/requests';
import {
  hostedFieldsConfigSchema,
  type HostedFieldsConfig,
} from '../../../domain/payment/hosted-fields';
import { IDEMPOTENCY_HEADER } from '../../../domain/shared/idempotency';
import { dateOfInstant } from '../../../domain/shared/calendar';
import type { Storefront } from '../../../domain/storefront/storefronts';
import { ApiError, apiFetch, apiJson } from '../api';
import { authSettled } from '../auth/auth-state';
import { newId } from '../cart/cart-session';
import { loadCartStore } from '../cart/cart-loader';
import type { LocalDb } from '../sync/local-db';
import { currentUser$ } from '../session';

export type { InvoiceView };

const listKey = (userId: string, storeId: string) => `invoices.list.${userId}.${storeId}`;
const viewKey = (userId: string, invoiceId: string) => `invoices.view.${userId}.${invoiceId}`;
const pdfKey = (userId: string, invoiceId: string, locale: string) =>
  `invoices.pdf.${userId}.${invoiceId}.${locale}`;
const pendingKey = (userId: string, invoiceId: string) => `invoices.pending.${userId}.${invoiceId}`;

/** How many times a payment whose answer was lost is sent again at once (same key). */
const SEND_TRIES = 3;

/**
 * A payment sent and not answered yet (the connection dropped, the store failed): kept on the
 * device with its key and body, and sent again exactly as it was, so it is taken once.
 */
export interface PendingPayment {
  readonly key: string;
  readonly body: InvoicePaymentBody;
  readonly at: string;
}

export type PayOutcome =
  | { readonly kind: 'paid'; readonly invoice: InvoiceView; readonly payment: InvoicePayment }
  /** The store answered: nothing was taken (a refused amount, a declined card, not found). */
  | { readonly kind: 'refused'; readonly error: ApiError }
  /** No answer: the payment is kept and sent again with the same key. */
  | { readonly kind: 'unanswered' };

export interface InvoiceList {
  /** Every invoice of the buyer's accounts in this store, newest first. */
  readonly invoices: readonly InvoiceView[];
  readonly accounts: readonly InvoiceAccountSummary[];
  /** False: kept on this device (offline), maybe not the latest. */
  readonly fresh: boolean;
}

/** A network failure (offline, or the store unreachable), not the store's answer. */
const unreachable = (error: unknown): boolean => error instanceof TypeError;

export class InvoiceStore {
  constructor(
    private readonly db: LocalDb,
    readonly userId: string,
    private readonly storefront: Storefront,
  ) {}

  /** The buyer's invoices: the store's answer (kept), else the last one kept. */
  async list(online: boolean): Promise<InvoiceList> {
    const key = listKey(this.userId, this.storefront.storeId);
    if (online) {
      try {
        const answer = await apiJson<{
          invoices: InvoiceView[];
          accounts: InvoiceAccountSummary[];
        }>(`/api/invoices?locale=${encodeURIComponent(this.storefront.locale)}`);
        await this.db.meta.put({ key, value: answer.invoices });
        return { invoices: answer.invoices, accounts: answer.accounts, fresh: true };
      } catch (error) {
        if (!unreachable(error)) throw error;
      }
    }
    const kept = ((await this.db.meta.get(key))?.value as InvoiceView[] | undefined) ?? [];
    return {
      invoices: kept,
      accounts: accountSummaries(kept, dateOfInstant(new Date().toISOString())),
      fresh: false,
    };
  }

  /**
   * One invoice as the store sends it (kept for offline), else as kept (`fresh` false); null
   * when unknown. One the store no longer shows this buyer (404) is dropped from the device.
   */
  async view(
    invoiceId: string,
    online: boolean,
  ): Promise<{ readonly view: InvoiceView | null; readonly fresh: boolean }> {
    const key = viewKey(this.userId, invoiceId);
    if (online) {
      try {
        const { invoice } = await apiJson<{ invoice: InvoiceView }>(
          `/api/invoices/${encodeURIComponent(invoiceId)}`,
        );
        await this.keep(invoice);
        return { view: invoice, fresh: true };
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) await this.forget(invoiceId);
        if (!unreachable(error)) throw error;
      }
    }
    const kept = (await this.db.meta.get(key))?.value as InvoiceView | undefined;
    if (kept) return { view: kept, fresh: false };
    // Seen in the list only.
    const listed = await this.keptList();
    return {
      view: listed.find((view) => view.invoice?.invoiceId === invoiceId) ?? null,
      fresh: false,
    };
  }

  private async keptList(): Promise<InvoiceView[]> {
    const key = listKey(this.userId, this.storefront.storeId);
    return ((await this.db.meta.get(key))?.value as InvoiceView[] | undefined) ?? [];
  }

  /** Keeps the invoice as the store sent it, in its own copy and in the list's. */
  private async keep(invoice: InvoiceView): Promise<void> {
    const invoiceId = invoice.invoice?.invoiceId ?? '';
    await this.db.meta.put({ key: viewKey(this.userId, invoiceId), value: invoice });
    const list = await this.keptList();
    if (list.some((v) => v.invoice?.invoiceId === invoiceId)) {
      await this.db.meta.put({
        key: listKey(this.userId, this.storefront.storeId),
        value: list.map((v) => (v.invoice?.invoiceId === invoiceId ? invoice : v)),
      });
    }
  }

  /** Drops what this device kept of an invoice the store no longer shows this buyer. */
  private async forget(invoiceId: string): Promise<void> {
    await this.db.meta.delete(viewKey(this.userId, invoiceId));
    await this.db.meta.delete(pdfKey(this.userId, invoiceId, this.storefront.locale));
    const list = await this.keptList();
    await this.db.meta.put({
      key: listKey(this.userId, this.storefront.storeId),
      value: list.filter((v) => v.invoice?.invoiceId !== invoiceId),
    });
  }

  /** The invoice's PDF, kept for offline once fetched; null offline when never fetched. */
  async pdf(invoiceId: string, online: boolean): Promise<Blob | null> {
    const key = pdfKey(this.userId, invoiceId, this.storefront.locale);
    if (online) {
      try {
        const response = await apiFetch(
          `/api/invoices/${encodeURIComponent(invoiceId)}/pdf?locale=${encodeURIComponent(this.storefront.locale)}`,
          { headers: { accept: 'application/pdf' } },
        );
        const blob = await response.blob();
        await this.db.meta.put({ key, value: blob });
        return blob;
      } catch (error) {
        if (!unreachable(error)) throw error;
      }
    }
    return ((await this.db.meta.get(key))?.value as Blob | undefined) ?? null;
  }

  /** The buyer's saved cards (online only: paying needs the connection anyway). */
  async savedCards(): Promise<readonly SavedCard[]> {
    return (await apiJson<{ items: SavedCard[] }>('/api/me/payment-methods')).items;
  }

  /** Where the gateway's card fields come from; read through its schema, nothing more. */
  async paymentFields(): Promise<HostedFieldsConfig> {
    return hostedFieldsConfigSchema.parse(await apiJson<unknown>('/api/checkout/payment-fields'));
  }

  /** The payment sent from this device and not answered yet, if any. */
  async pendingPayment(invoiceId: string): Promise<PendingPayment | null> {
    const kept = await this.db.meta.get(pendingKey(this.userId, invoiceId));
    return (kept?.value as PendingPayment | undefined) ?? null;
  }

  /**
   * Pays the invoice: the payment is kept on the device with a new key before it is sent, and
   * sent (again, with that key and that body) until the store answers; a double click, a retry
   * or a reload pays once. `body` null sends the payment kept.
   */
  async pay(invoiceId: string, body: InvoicePaymentBody | null): Promise<PayOutcome> {
    const key = pendingKey(this.userId, invoiceId);
    let pending = await this.pendingPayment(invoiceId);
    if (!pending) {
      if (!body) throw new Error('There is no payment to send.');
      pending = { key: newId(), body, at: new Date().toISOString() };
      await this.db.meta.put({ key, value: pending });
    }
    for (let attempt = 1; ; attempt += 1) {
      try {
        const answer = await apiJson<{ invoice: InvoiceView; payment: InvoicePayment }>(
          `/api/invoices/${encodeURIComponent(invoiceId)}/payments?locale=${encodeURIComponent(this.storefront.locale)}`,
          {
            method: 'POST',
            headers: { 'content-type': 'application/json', [IDEMPOTENCY_HEADER]: pending.key },
            body: JSON.stringify(pending.body),
          },
        );
        await this.db.meta.delete(key);
        await this.keep(answer.invoice);
        return { kind: 'paid', ...answer };
      } catch (error) {
        // The store did not run it, or may have: the same key and body again, a few times.
        const again =
          !(error instanceof ApiError) ||
          error.status >= 500 ||
          error.status === 409 ||
          error.status === 429;
        if (!again) {
          // The store answered and took nothing: the next payment is a new one.
          await this.db.meta.delete(key);
          return { kind: 'refused', error };
        }
        if (attempt >= SEND_TRIES) return { kind: 'unanswered' };
        await new Promise((resolve) => setTimeout(resolve, 500 * attempt));
      }
    }
  }
}

/** The signed-in buyer's invoices in this storefront; null for a visitor. */
export async function invoiceStoreFor(storefront: Storefront): Promise<InvoiceStore | null> {
  await authSettled(10_000);
  const user = currentUser$.getValue();
  if (!user) return null;
  return new InvoiceStore((await loadCartStore()).engine.db, user.id, storefront);
}
