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
import type { Storefront } from '../../../domain/storefront/storefronts';
import { apiFetch, apiJson } from '../api';
import { authSettled } from '../auth/auth-state';
import { loadCartStore } from '../cart/cart-loader';
import type { LocalDb } from '../sync/local-db';
import { currentUser$ } from '../session';

export type { InvoiceView };

const listKey = (userId: string, storeId: string) => `invoices.list.${userId}.${storeId}`;
const viewKey = (userId: string, invoiceId: string) => `invoices.view.${userId}.${invoiceId}`;
const pdfKey = (userId: string, invoiceId: string) => `invoices.pdf.${userId}.${invoiceId}`;

export interface InvoiceList {
  /** Every invoice of the buyer's accounts in this store, newest first. */
  readonly invoices: readonly InvoiceView[];
  readonly accounts: readonly InvoiceAccountSummary[];
  /** False: kept on this device (offline), maybe not the latest. */
  readonly fresh: boolean;
}

/** Today in the buyer's own time zone, YYYY-MM-DD (the ageing of a list kept offline). */
function localToday(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${String(now.getFullYear())}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
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
    return { invoices: kept, accounts: accountSummaries(kept, localToday()), fresh: false };
  }

  /** One invoice as the store sends it (kept for offline), else as kept; null when unknown. */
  async view(invoiceId: string, online: boolean): Promise<InvoiceView | null> {
    const key = viewKey(this.userId, invoiceId);
    if (online) {
      try {
        const { invoice } = await apiJson<{ invoice: InvoiceView }>(
          `/api/invoices/${encodeURIComponent(invoiceId)}`,
        );
        await this.db.meta.put({ key, value: invoice });
        return invoice;
      } catch (error) {
        if (!unreachable(error)) throw error;
      }
    }
    const kept = (await this.db.meta.get(key))?.value as InvoiceView | undefined;
    if (kept) return kept;
    // Seen in the list only.
    const listed = (await this.db.meta.get(listKey(this.userId, this.storefront.storeId)))
      ?.value as InvoiceView[] | undefined;
    return listed?.find((view) => view.invoice?.invoiceId === invoiceId) ?? null;
  }

  /** The invoice's PDF, kept for offline once fetched; null offline when never fetched. */
  async pdf(invoiceId: string, online: boolean): Promise<Blob | null> {
    const key = pdfKey(this.userId, invoiceId);
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

  /**
   * Pays the invoice: the same key for the same payment (a double click or a retry pays
   * once). Throws the store's refusal or the gateway's decline as an ApiError.
   */
  async pay(
    invoiceId: string,
    body: InvoicePaymentBody,
    idempotencyKey: string,
  ): Promise<{ readonly invoice: InvoiceView; readonly payment: InvoicePayment }> {
    const answer = await apiJson<{ invoice: InvoiceView; payment: InvoicePayment }>(
      `/api/invoices/${encodeURIComponent(invoiceId)}/payments?locale=${encodeURIComponent(this.storefront.locale)}`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', [IDEMPOTENCY_HEADER]: idempotencyKey },
        body: JSON.stringify(body),
      },
    );
    await this.db.meta.put({ key: viewKey(this.userId, invoiceId), value: answer.invoice });
    return answer;
  }
}

/** The signed-in buyer's invoices in this storefront; null for a visitor. */
export async function invoiceStoreFor(storefront: Storefront): Promise<InvoiceStore | null> {
  await authSettled(10_000);
  const user = currentUser$.getValue();
  if (!user) return null;
  return new InvoiceStore((await loadCartStore()).engine.db, user.id, storefront);
}
