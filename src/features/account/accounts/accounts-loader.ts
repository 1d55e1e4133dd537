/**
 * The Accounts pages' data (SPEC 1, 2.7, 6; decision 056), loaded in one place per route: the
 * buyer's customer accounts, and an organisation's members and invitations for its
 * administrator. Each is kept on this device per buyer, so a page seen before opens offline;
 * the changes are one request each to the store.
 */
import type { LoaderFunctionArgs } from 'react-router';
import type {
  AccountMember,
  CustomerAccountSummary,
} from '../../../../domain/customer/address-book';
import { GENERAL_ERRORS } from '../../../../domain/shared/errors';
import type { Message } from '../../../../domain/shared/message';
import { ApiError, apiFetch, apiJson, postJson } from '../../../infra/api';
import { authSettled } from '../../../infra/auth/auth-state';
import { loadCartStore } from '../../../infra/cart/cart-loader';
import { online$ } from '../../../infra/connectivity';
import { currentUser$ } from '../../../infra/session';

interface Kept<T> {
  readonly value: T;
  readonly savedAt: string;
}

export interface Loaded<T> {
  readonly data: T | null;
  /** False: what this device kept (offline), maybe not the latest. */
  readonly fresh: boolean;
  readonly savedAt: string | null;
  readonly signedIn: boolean;
  /** The account is not (or no longer) one of the buyer's. */
  readonly notFound: boolean;
  readonly problem: Message | null;
}

const unreachable = (error: unknown): boolean => error instanceof TypeError;

/** The store's answer (kept), else what was kept, else nothing. */
async function loadKept<T>(key: string, fetch: () => Promise<T>): Promise<Loaded<T>> {
  await authSettled(10_000);
  const user = currentUser$.getValue();
  const none = { data: null, fresh: true, savedAt: null, notFound: false, problem: null };
  if (!user) return { ...none, signedIn: false };
  const db = (await loadCartStore()).engine.db;
  const full = `${key}.${user.id}`;
  if (online$.getValue()) {
    try {
      const value = await fetch();
      const kept: Kept<T> = { value, savedAt: new Date().toISOString() };
      await db.meta.put({ key: full, value: kept });
      return { ...none, data: value, savedAt: kept.savedAt, signedIn: true };
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) return { ...none, signedIn: false };
      if (error instanceof ApiError && (error.status === 404 || error.status === 403)) {
        await db.meta.delete(full);
        return { ...none, signedIn: true, notFound: true };
      }
      if (!unreachable(error)) {
        return { ...none, fresh: false, signedIn: true, problem: GENERAL_ERRORS.generic };
      }
    }
  }
  const kept = (await db.meta.get(full))?.value as Kept<T> | undefined;
  return {
    ...none,
    data: kept?.value ?? null,
    fresh: false,
    savedAt: kept?.savedAt ?? null,
    signedIn: true,
  };
}

/** The buyer's accounts, and the one they buy as (SPEC 1; decision 062). */
export interface AccountsView {
  readonly items: readonly CustomerAccountSummary[];
  readonly buyingAs: string | null;
}

export type AccountsRouteData = Loaded<AccountsView>;

export function accountsLoader(_args: LoaderFunctionArgs): Promise<AccountsRouteData> {
  return loadKept('accounts.view', async () => {
    const [{ items }, buyingAs] = await Promise.all([
      apiJson<{ items: CustomerAccountSummary[] }>('/api/me/accounts'),
      apiJson<{ accountId: string | null }>('/api/me/buying-as'),
    ]);
    return { items, buyingAs: buyingAs.accountId };
  });
}

/** Buys as another of the buyer's accounts from now on. */
export function switchBuyingAs(accountId: string) {
  return postJson<{ accountId: string | null }>('/api/me/buying-as', { accountId });
}

export interface MembersView {
  readonly account: CustomerAccountSummary;
  readonly members: readonly AccountMember[];
  /** Pending invitations (administrators only). */
  readonly invitations: readonly string[];
}

export type MembersRouteData = Loaded<MembersView> & { readonly accountId: string };

export async function membersLoader({ params }: LoaderFunctionArgs): Promise<MembersRouteData> {
  const id = params.id ?? '';
  const path = `/api/me/accounts/${encodeURIComponent(id)}`;
  const loaded = await loadKept(`accounts.members.${id}`, async () => {
    const [account, members] = await Promise.all([
      apiJson<CustomerAccountSummary>(path),
      apiJson<{ items: AccountMember[] }>(`${path}/members`),
    ]);
    const invitations =
      account.role === 'administrator' || account.role === 'owner'
        ? (await apiJson<{ items: string[] }>(`${path}/invitations`)).items
        : [];
    return { account, members: members.items, invitations };
  });
  return { ...loaded, accountId: id };
}

export function claimAccount(accountNumber: string, termsAccepted: boolean) {
  return postJson<{ accountId: string }>('/api/checkout/accounts/claim', {
    accountNumber,
    termsAccepted,
  });
}

export async function leaveAccount(id: string): Promise<void> {
  await apiFetch(`/api/me/accounts/${encodeURIComponent(id)}/leave`, { method: 'POST' });
}

async function postEmail(path: string, email: string): Promise<void> {
  await apiFetch(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email }),
  });
}

/** The invitation's mail speaks the language of the storefront it is sent from. */
export function inviteMember(id: string, email: string, locale: string): Promise<void> {
  return postEmail(
    `/api/me/accounts/${encodeURIComponent(id)}/invitations?locale=${encodeURIComponent(locale)}`,
    email,
  );
}

export function removeMember(id: string, email: string): Promise<void> {
  return postEmail(`/api/me/accounts/${encodeURIComponent(id)}/members/remove`, email);
}
