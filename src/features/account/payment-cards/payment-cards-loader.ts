/**
 * The Payment Cards page's data (SPEC 2.7; decision 056), loaded in one place: the buyer's
 * saved cards as the store has them, kept on this device per buyer so the page opens offline
 * with what was seen before; and the changes, each one request to the store.
 */
import type { LoaderFunctionArgs } from 'react-router';
import type { SavedPaymentMethod } from '../../../../domain/customer/address-book';
import type { NewPaymentCard } from '../../../../domain/customer/payment-cards';
import {
  hostedFieldsConfigSchema,
  type HostedFieldsConfig,
} from '../../../../domain/payment/hosted-fields';
import { GENERAL_ERRORS } from '../../../../domain/shared/errors';
import type { Message } from '../../../../domain/shared/message';
import { ApiError, apiFetch, apiJson, postJson } from '../../../infra/api';
import { authSettled } from '../../../infra/auth/auth-state';
import { loadCartStore } from '../../../infra/cart/cart-loader';
import { online$ } from '../../../infra/connectivity';
import { currentUser$ } from '../../../infra/session';

export interface PaymentCardsRouteData {
  readonly cards: readonly SavedPaymentMethod[];
  /** False: what this device kept (offline), maybe not the latest. */
  readonly fresh: boolean;
  /** When the kept copy was read from the store. */
  readonly savedAt: string | null;
  readonly signedIn: boolean;
  readonly problem: Message | null;
}

interface KeptCards {
  readonly cards: SavedPaymentMethod[];
  readonly savedAt: string;
}

const keptKey = (userId: string) => `payment-cards.${userId}`;

/** A network failure (offline, or the store unreachable), not the store's answer. */
const unreachable = (error: unknown): boolean => error instanceof TypeError;

export async function paymentCardsLoader(
  _args: LoaderFunctionArgs,
): Promise<PaymentCardsRouteData> {
  await authSettled(10_000);
  const user = currentUser$.getValue();
  const none = { cards: [], fresh: true, savedAt: null, problem: null };
  if (!user) return { ...none, signedIn: false };
  const db = (await loadCartStore()).engine.db;
  const key = keptKey(user.id);
  if (online$.getValue()) {
    try {
      const { items } = await apiJson<{ items: SavedPaymentMethod[] }>('/api/me/payment-methods');
      const kept: KeptCards = { cards: items, savedAt: new Date().toISOString() };
      await db.meta.put({ key, value: kept });
      return { ...none, cards: items, savedAt: kept.savedAt, signedIn: true };
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) return { ...none, signedIn: false };
      if (!unreachable(error)) {
        return { ...none, fresh: false, signedIn: true, problem: GENERAL_ERRORS.generic };
      }
    }
  }
  const kept = (await db.meta.get(key))?.value as KeptCards | undefined;
  return {
    cards: kept?.cards ?? [],
    fresh: false,
    savedAt: kept?.savedAt ?? null,
    signedIn: true,
    problem: null,
  };
}

/** Saves a card from the gateway's one-time token; the card as the store kept it. */
export function saveCard(card: NewPaymentCard): Promise<SavedPaymentMethod> {
  return postJson<SavedPaymentMethod>('/api/me/payment-methods', card);
}

export async function makeDefault(id: string): Promise<void> {
  await apiFetch(`/api/me/payment-methods/${encodeURIComponent(id)}/default`, { method: 'PUT' });
}

export async function removeCard(id: string): Promise<void> {
  await apiFetch(`/api/me/payment-methods/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

/** Where the gateway's card fields come from; read through its schema, nothing more. */
export async function paymentFields(): Promise<HostedFieldsConfig> {
  return hostedFieldsConfigSchema.parse(await apiJson<unknown>('/api/checkout/payment-fields'));
}
