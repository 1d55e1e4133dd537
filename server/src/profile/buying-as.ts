/**
 * Switching whom a user buys as (SPEC 1, 6; decision 062): PERSONAL with their personal
 * account or ORGANIZATION with one of the organizations they belong to. Written the one way
 * (ARCHITECTURE §4): the acting buyer, this use case (the account must be one of theirs),
 * then `execute` on the user's `profile` stream; the `profiles` read model keeps the choice.
 */
import { buyingAsAccount } from '../../../domain/customer/accounts';
import type { CustomerAccountSummary } from '../../../domain/customer/address-book';
import type { BuyingAs } from '../../../domain/profile/profile';
import type { ForBuyer } from '../acting/acting';
import type { CommandHandler } from '../commands/execute';
import { listAccounts } from '../customers/customer-repository';
import type { Db } from '../db/database';
import { profileDocOf, profileStreamId } from './profile-service';

export interface BuyingAsView {
  /** The account bought with now, or null for a user with no account. */
  readonly account: CustomerAccountSummary | null;
  /** When the user last switched (null: never, the default applies). */
  readonly since: string | null;
}

/** Whom the user buys as now: their choice while it is one of their accounts, else the default. */
export async function buyingAsOf(
  db: Db,
  userId: string,
  accounts?: readonly CustomerAccountSummary[],
): Promise<BuyingAsView> {
  const [list, doc] = await Promise.all([
    accounts ?? listAccounts(db, userId),
    profileDocOf(db, userId),
  ]);
  const chosen: BuyingAs | null = doc?.buyingAs ?? null;
  const account = buyingAsAccount(list, chosen?.accountId);
  return { account, since: account && account.id === chosen?.accountId ? chosen.since : null };
}

export type SwitchOutcome =
  | { readonly kind: 'switched'; readonly view: BuyingAsView }
  | { readonly kind: 'not-found' }
  | { readonly kind: 'refused'; readonly code: string };

export async function switchBuyingAs(
  deps: { readonly db: Db; readonly commands: CommandHandler; readonly now?: () => Date },
  who: ForBuyer,
  accountId: string,
  commandId: string,
): Promise<SwitchOutcome> {
  const accounts = await listAccounts(deps.db, who.buyer.id);
  const account = accounts.find((a) => a.id === accountId);
  if (!account) return { kind: 'not-found' };
  const executed = await deps.commands.execute(
    'profile',
    profileStreamId(who.buyer.id),
    { type: 'SwitchBuyingAs', data: { accountId: account.id, type: account.accountType } },
    who,
    { commandId, now: deps.now?.() ?? new Date(), owner: { kind: 'user', id: who.buyer.id } },
  );
  if (executed.result.status === 'rejected') {
    return { kind: 'refused', code: executed.result.code };
  }
  return { kind: 'switched', view: await buyingAsOf(deps.db, who.buyer.id, accounts) };
}

/** The account the user last switched to, if they ever did (a cart's default account). */
export async function switchedAccountId(db: Db, userId: string): Promise<string | null> {
  return (await profileDocOf(db, userId))?.buyingAs?.accountId ?? null;
}
