/**
 * Sanctions screening (the `ofac` flag; SPEC 4.8, 8; decision 028): the names on an order
 * (buyer, customer account, qualified user, addresses, card holder, invoice contact) against
 * a list of denied parties. A name that is a listed one is a match: the order is declined
 * and nothing is charged. A name close to a listed one (a middle name more or less, one
 * letter off in each word) is a possible match: the order is held for about 48 hours of
 * checks. Pure: the list is the caller's (the store's sandbox list, or a provider's).
 */
import { billingAddressOf, type CheckoutState } from '../checkout/state';
import type { Order } from './order';

export interface DeniedParty {
  readonly name: string;
  readonly aliases?: readonly string[];
  /** The list and entry it comes from, for the record. */
  readonly source: string;
}

export type ScreeningOutcome =
  | { readonly result: 'clear' }
  | { readonly result: 'match' | 'possible-match'; readonly name: string; readonly source: string };

/** Lower case, no accents, no punctuation: the words of a name. */
export function nameWords(name: string): string[] {
  return name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()
    .split(' ')
    .filter((word) => word !== '');
}

/** Edits (insert, delete, replace) from one word to the other, stopping past `limit`. */
function distance(a: string, b: string, limit: number): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  let previous = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i += 1) {
    const current = [i];
    let best = i;
    for (let j = 1; j <= b.length; j += 1) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      const value = Math.min(
        (previous[j] ?? 0) + 1,
        (current[j - 1] ?? 0) + 1,
        (previous[j - 1] ?? 0) + cost,
      );
      current.push(value);
      best = Math.min(best, value);
    }
    if (best > limit) return limit + 1;
    previous = current;
  }
  return previous[b.length] ?? limit + 1;
}

function sameWords(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && [...a].sort().join(' ') === [...b].sort().join(' ');
}

/** Every word of the shorter name is in the longer one, which has one word more. */
function oneWordMore(a: readonly string[], b: readonly string[]): boolean {
  const [short, long] = a.length < b.length ? [a, b] : [b, a];
  return (
    short.length >= 2 && long.length === short.length + 1 && short.every((w) => long.includes(w))
  );
}

/** The same words in the same order, each at most one letter off (words of 4 letters or more). */
function nearlySame(a: readonly string[], b: readonly string[]): boolean {
  return (
    a.length >= 2 &&
    a.length === b.length &&
    a.every((word, i) => {
      const other = b[i] ?? '';
      return word === other || (word.length >= 4 && distance(word, other, 1) <= 1);
    })
  );
}

/** The worst outcome of screening these names against the list. */
export function screenNames(
  names: readonly string[],
  list: readonly DeniedParty[],
): ScreeningOutcome {
  let possible: ScreeningOutcome | null = null;
  for (const name of names) {
    const words = nameWords(name);
    if (words.length === 0) continue;
    for (const party of list) {
      for (const listed of [party.name, ...(party.aliases ?? [])]) {
        const listedWords = nameWords(listed);
        if (sameWords(words, listedWords)) {
          return { result: 'match', name, source: party.source };
        }
        if (!possible && (oneWordMore(words, listedWords) || nearlySame(words, listedWords))) {
          possible = { result: 'possible-match', name, source: party.source };
        }
      }
    }
  }
  return possible ?? { result: 'clear' };
}

/** The names of a checkout's order that are screened. */
export function screenedNames(
  checkout: CheckoutState,
  buyer: { readonly firstName: string; readonly lastName: string },
): string[] {
  const names = [`${buyer.firstName} ${buyer.lastName}`];
  if (checkout.account) names.push(checkout.account.name);
  if (checkout.qualifiedUser) {
    names.push(`${checkout.qualifiedUser.firstName} ${checkout.qualifiedUser.lastName}`);
  }
  for (const address of [checkout.shippingAddress, billingAddressOf(checkout)]) {
    if (!address) continue;
    names.push(`${address.firstName} ${address.lastName}`);
    if (address.organization) names.push(address.organization);
  }
  const payment = checkout.payment;
  if (payment?.method === 'card') {
    names.push(
      payment.source === 'saved' ? payment.holderName : `${payment.firstName} ${payment.lastName}`,
    );
  }
  if (payment?.method === 'purchase-order') {
    names.push(`${payment.invoiceContact.firstName} ${payment.invoiceContact.lastName}`);
  }
  return [...new Set(names)];
}

/** The names of a placed order that are screened (again, when its hold ends). */
export function orderScreenedNames(order: Order): string[] {
  const names = [`${order.buyer.firstName} ${order.buyer.lastName}`, order.account.name];
  names.push(`${order.qualifiedUser.firstName} ${order.qualifiedUser.lastName}`);
  for (const address of [order.shippingAddress, order.billingAddress]) {
    if (!address) continue;
    names.push(`${address.firstName} ${address.lastName}`);
    if (address.organization) names.push(address.organization);
  }
  if (order.payment.method === 'card') names.push(order.payment.holderName);
  if (order.payment.method === 'purchase-order') {
    const contact = order.payment.invoiceContact;
    names.push(`${contact.firstName} ${contact.lastName}`);
  }
  return [...new Set(names)];
}
