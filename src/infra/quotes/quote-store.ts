/**
 * A signed-in buyer's quotes in this browser (decision 051). Requesting, cancelling and
 * emailing a quote are commands of its stream, queued and synced like the cart's (offline
 * too); the store numbers a requested quote when its command arrives. The quotes list, each
 * quote seen and its PDF are kept here per buyer and store, so they open offline.
 */
import {
  initialQuoteState,
  type QuoteCommand,
  type QuoteEvent,
  type QuoteState,
  type QuoteView,
} from '../../../domain/quote/quote';
import { quoteStreamKind } from '../../../domain/quote/stream';
import type { DistributiveOmit } from '../../../domain/shared/types';
import type { Storefront } from '../../../domain/storefront/storefronts';
import { parseStreamId, streamIdOf } from '../../../domain/sync/stream-kind';
import { ApiError, apiFetch, apiJson, postJson } from '../api';
import { newId } from '../cart/cart-session';
import { authSettled } from '../auth/auth-state';
import { claimedCommands, loadCartStore } from '../cart/cart-loader';
import { currentUser$ } from '../session';
import type { CartStore } from '../cart/cart-store';
import type { OpenStream, StreamDefinition, SyncNotice } from '../sync/sync-engine';

export type { QuoteView };

export type QuoteStream = OpenStream<QuoteState, QuoteCommand, QuoteEvent>;

/** The browser decides without the store's pricing: a request shows as requested. */
const definition: StreamDefinition<QuoteState, QuoteCommand, QuoteEvent> = {
  kind: quoteStreamKind,
};

export const quoteStreamId = (quoteId: string): string => streamIdOf(quoteStreamKind, quoteId);

const listKey = (userId: string, storeId: string) => `quotes.list.${userId}.${storeId}`;
const viewKey = (userId: string, quoteId: string) => `quotes.view.${userId}.${quoteId}`;
const pdfKey = (userId: string, quoteId: string) => `quotes.pdf.${userId}.${quoteId}`;

/** A quote as the list shows it: the store's view, or a request not numbered yet. */
export interface ListedQuote {
  readonly quoteId: string;
  readonly view: QuoteView | null;
  /** Requested here, waiting for the connection (not numbered yet). */
  readonly pending: QuoteState | null;
}

export type QuoteRequest = DistributiveOmit<QuoteCommand, 'metadata'>;

export class QuoteStore {
  constructor(
    private readonly cart: CartStore,
    private readonly userId: string,
    private readonly storefront: Storefront,
  ) {}

  private get engine() {
    return this.cart.engine;
  }

  /** The quote's stream, as this browser knows it (pulled from the store when online). */
  open(quoteId: string): QuoteStream {
    const stream = this.engine.openStream(quoteStreamId(quoteId), definition);
    void stream.ready
      .then(() => this.engine.pull(stream.streamId, this.userId))
      .catch(() => undefined);
    return stream;
  }

  /** The store's refusals of this quote's commands ('Error submitting quote.'), as they come. */
  notices(quoteId: string, listener: (notice: SyncNotice) => void): () => void {
    const subscription = this.engine.notices$.subscribe((notice) => {
      if (notice.streamId === quoteStreamId(quoteId)) listener(notice);
    });
    return () => {
      subscription.unsubscribe();
    };
  }

  /** Sends a command of the quote; the store's refusal comes as a notice with its id. */
  private async send(stream: QuoteStream, request: QuoteRequest): Promise<string> {
    await stream.ready;
    const commandId = newId();
    claimedCommands.add(commandId);
    const command = {
      ...request,
      metadata: { commandId, now: new Date().toISOString() },
    } as QuoteCommand;
    const { saved } = this.engine.dispatch(stream, command, {
      locale: this.storefront.locale,
      userId: this.userId,
    });
    await saved;
    this.engine.flushSoon(0);
    return commandId;
  }

  /** Requests a quote of the cart; it shows as requested at once and is numbered by the store. */
  async request(
    cartId: string,
    accountId: string | null,
  ): Promise<{ readonly quoteId: string; readonly stream: QuoteStream }> {
    const quoteId = newId();
    const stream = this.engine.openStream(quoteStreamId(quoteId), definition);
    await this.send(stream, { type: 'RequestQuote', data: { quoteId, cartId, accountId } });
    return { quoteId, stream };
  }

  cancel(quoteId: string): Promise<string> {
    return this.send(this.open(quoteId), { type: 'CancelQuote', data: {} });
  }

  email(quoteId: string, to: string | null): Promise<string> {
    return this.send(this.open(quoteId), { type: 'EmailQuote', data: { to } });
  }

  /**
   * Orders the quote: the store puts it in the buyer's cart (what it held is kept in the saved
   * carts), and the cart here is fetched, for checkout. Online only. The refusal's code and
   * message when the quote can no longer be ordered.
   */
  async order(
    quoteId: string,
  ): Promise<{ readonly ok: true } | { readonly ok: false; readonly error: ApiError }> {
    const active = this.cart.active$.getValue();
    if (!active) throw new Error('No cart is open yet.');
    // What the buyer did to the cart goes first, so the store keeps it.
    await this.sync();
    try {
      await postJson(`/api/quotes/${encodeURIComponent(quoteId)}/order`, {
        locale: this.storefront.locale,
        cartId: active.cartId,
      });
    } catch (error) {
      if (error instanceof ApiError) return { ok: false, error };
      throw error;
    }
    await this.cart.refreshActive();
    return { ok: true };
  }

  /** Sends what waits now (the page shows the store's answer next). */
  async sync(): Promise<void> {
    await this.engine.flush().catch(() => undefined);
  }

  /** The buyer's quotes: the store's answer (kept), else the last one kept, and the requests waiting. */
  async list(online: boolean): Promise<{ quotes: ListedQuote[]; fresh: boolean }> {
    const db = this.engine.db;
    const key = listKey(this.userId, this.storefront.storeId);
    let views: QuoteView[] | null = null;
    let fresh = false;
    if (online) {
      try {
        views = (
          await apiJson<{ quotes: QuoteView[] }>(
            `/api/quotes?locale=${encodeURIComponent(this.storefront.locale)}`,
          )
        ).quotes;
        fresh = true;
        await db.meta.put({ key, value: views });
      } catch (error) {
        if (!(error instanceof TypeError)) throw error;
      }
    }
    views ??= ((await db.meta.get(key))?.value as QuoteView[] | undefined) ?? [];
    const known = new Set(views.map((v) => v.quote?.quoteId));
    const pending = (await this.pendingRequests()).filter((q) => !known.has(q.quoteId));
    return {
      quotes: [
        ...pending,
        ...views.map((view) => ({ quoteId: view.quote?.quoteId ?? '', view, pending: null })),
      ],
      fresh,
    };
  }

  /** Quotes requested in this browser whose request the store has not answered yet. */
  private async pendingRequests(): Promise<ListedQuote[]> {
    const db = this.engine.db;
    const entries = await db.outbox.toArray();
    const mine = entries.filter(
      (e) =>
        e.kind === quoteStreamKind.name &&
        e.userId === this.userId &&
        e.locale === this.storefront.locale &&
        (e.command as QuoteCommand).type === 'RequestQuote',
    );
    const listed: ListedQuote[] = [];
    for (const entry of mine) {
      const { state } = await this.engine.confirmedOf(entry.streamId, quoteStreamKind);
      if (state.status !== null) continue;
      const command = entry.command as Extract<QuoteCommand, { type: 'RequestQuote' }>;
      listed.push({
        quoteId: parseStreamId(entry.streamId).id,
        view: null,
        pending: {
          ...initialQuoteState(),
          status: 'requested',
          request: { ...command.data, requestedAt: command.metadata.now },
        },
      });
    }
    return listed.sort((a, b) =>
      (b.pending?.request?.requestedAt ?? '').localeCompare(a.pending?.request?.requestedAt ?? ''),
    );
  }

  /** One quote as the store sends it (kept for offline), else as kept; null when unknown. */
  async view(quoteId: string, online: boolean): Promise<QuoteView | null> {
    const db = this.engine.db;
    const key = viewKey(this.userId, quoteId);
    if (online) {
      try {
        const { quote } = await apiJson<{ quote: QuoteView }>(
          `/api/quotes/${encodeURIComponent(quoteId)}`,
        );
        await db.meta.put({ key, value: quote });
        return quote;
      } catch (error) {
        if (!(error instanceof TypeError)) throw error;
      }
    }
    return ((await db.meta.get(key))?.value as QuoteView | undefined) ?? null;
  }

  /** The quote's PDF, kept for offline once fetched; null offline when never fetched. */
  async pdf(quoteId: string, online: boolean): Promise<Blob | null> {
    const db = this.engine.db;
    const key = pdfKey(this.userId, quoteId);
    if (online) {
      try {
        const response = await apiFetch(`/api/quotes/${encodeURIComponent(quoteId)}/pdf`, {
          headers: { accept: 'application/pdf' },
        });
        const blob = await response.blob();
        await db.meta.put({ key, value: blob });
        return blob;
      } catch (error) {
        if (!(error instanceof TypeError)) throw error;
      }
    }
    return ((await db.meta.get(key))?.value as Blob | undefined) ?? null;
  }
}

/** The signed-in buyer's quotes in this storefront; null for a visitor. */
export async function quoteStoreFor(storefront: Storefront): Promise<QuoteStore | null> {
  await authSettled(10_000);
  const user = currentUser$.getValue();
  if (!user) return null;
  return new QuoteStore(await loadCartStore(), user.id, storefront);
}
