/**
 * A buyer's saved cards (Payment Cards, SPEC 2.7; decision 056): saving one with no order,
 * making one the default and removing one. A saved card is a row of `payment_methods` holding
 * the gateway's reusable token: it is not kept in events, because a removed card's token must
 * be gone from the store for good, and an event is kept for ever. Every function takes the
 * caller's user id and answers another buyer's card as one that does not exist.
 */
import { randomUUID } from 'node:crypto';
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { SavedPaymentMethod } from '../../../domain/customer/address-book';
import { holderNameOf, type NewPaymentCard } from '../../../domain/customer/payment-cards';
import type { Db } from '../db/database';
import { paymentMethods } from '../db/schema';
import type { DeclineReason, PaymentGateway } from '../payments/gateway';
import { findPaymentMethod, isUuid } from './customer-repository';

export type SaveCardOutcome =
  | { readonly kind: 'saved'; readonly card: SavedPaymentMethod }
  /** The issuer refused the card, or the token was unknown or used: nothing was kept. */
  | { readonly kind: 'declined'; readonly reason: DeclineReason };

/**
 * Saves the card behind a one-time token from the gateway's fields: checked with its issuer
 * (charging nothing), made reusable for the buyer, and kept with the gateway's brand, last
 * four digits and expiry. A buyer's first card is their default. The same card saved again
 * (same brand, digits and expiry) is the card already saved.
 */
export async function saveCard(
  db: Db,
  gateway: PaymentGateway,
  userId: string,
  input: NewPaymentCard,
): Promise<SaveCardOutcome> {
  const checked = await gateway.verify(input.token);
  if (!checked) return { kind: 'declined', reason: 'processing-error' };
  if (checked.status === 'declined') return { kind: 'declined', reason: checked.reason };
  const saved = await gateway.saveCard({ token: input.token, customerRef: userId });
  const kept = await keepCard(db, userId, { ...saved, holderName: holderNameOf(input) });
  // The same card was saved before: the token just made is not needed.
  if (kept.token !== saved.token) await forgetAtGateway(gateway, saved.token, userId);
  const id = kept.id;
  const card = await findPaymentMethod(db, userId, id);
  if (!card) throw new Error('A card just saved could not be read back');
  return { kind: 'saved', card };
}

/** A card as the gateway made it reusable, with the name on it. */
export interface CardToKeep {
  readonly token: string;
  readonly brand: string;
  readonly last4: string;
  readonly expMonth: number;
  readonly expYear: number;
  readonly holderName: string;
}

/**
 * One buyer's saved cards change one at a time (a lock for the transaction): two first cards
 * saved at once (the cards page and an order) make one default, not a refused second.
 */
async function lockCardsOf(tx: Db, userId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`payment-cards:${userId}`}))`);
}

/**
 * Keeps a card among the buyer's saved cards, or finds it there already (the same brand,
 * digits and expiry): its id and the token kept for it. A buyer's first card is their default.
 */
export async function keepCard(
  db: Db,
  userId: string,
  card: CardToKeep,
): Promise<{ readonly id: string; readonly token: string }> {
  return db.transaction(async (tx) => {
    await lockCardsOf(tx, userId);
    const cards = await tx
      .select({
        id: paymentMethods.id,
        token: paymentMethods.gatewayToken,
        brand: paymentMethods.brand,
        last4: paymentMethods.last4,
        expMonth: paymentMethods.expMonth,
        expYear: paymentMethods.expYear,
      })
      .from(paymentMethods)
      .where(eq(paymentMethods.userId, userId));
    const same = cards.find(
      (c) =>
        c.brand === card.brand &&
        c.last4 === card.last4 &&
        c.expMonth === card.expMonth &&
        c.expYear === card.expYear,
    );
    if (same) return { id: same.id, token: same.token };
    const id = randomUUID();
    await tx.insert(paymentMethods).values({
      id,
      userId,
      gatewayToken: card.token,
      brand: card.brand,
      last4: card.last4,
      expMonth: card.expMonth,
      expYear: card.expYear,
      holderName: card.holderName,
      isDefault: cards.length === 0,
    });
    return { id, token: card.token };
  });
}

/** Has the gateway forget a token; a failure is logged, and never undoes what the buyer did. */
async function forgetAtGateway(gateway: PaymentGateway, token: string, userId: string) {
  try {
    await gateway.deleteCard(token, userId);
  } catch (error) {
    console.warn(
      'A saved card could not be deleted at the payment gateway.',
      error instanceof Error ? error.name : 'error',
    );
  }
}

/** Makes one of the buyer's cards their default (false: no such card of theirs). */
export async function setDefaultCard(db: Db, userId: string, id: string): Promise<boolean> {
  if (!isUuid(id)) return false;
  return db.transaction(async (tx) => {
    await lockCardsOf(tx, userId);
    const [mine] = await tx
      .select({ id: paymentMethods.id })
      .from(paymentMethods)
      .where(and(eq(paymentMethods.id, id), eq(paymentMethods.userId, userId)))
      .for('update');
    if (!mine) return false;
    await tx
      .update(paymentMethods)
      .set({ isDefault: false })
      .where(
        and(
          eq(paymentMethods.userId, userId),
          eq(paymentMethods.isDefault, true),
          ne(paymentMethods.id, id),
        ),
      );
    await tx.update(paymentMethods).set({ isDefault: true }).where(eq(paymentMethods.id, id));
    return true;
  });
}

/**
 * Removes one of the buyer's cards, its token with it (false: no such card of theirs). When
 * it was the default, the oldest card left becomes the default.
 */
export async function removeCard(
  db: Db,
  gateway: PaymentGateway,
  userId: string,
  id: string,
): Promise<boolean> {
  if (!isUuid(id)) return false;
  const token = await db.transaction(async (tx) => {
    await lockCardsOf(tx, userId);
    const [removed] = await tx
      .delete(paymentMethods)
      .where(and(eq(paymentMethods.id, id), eq(paymentMethods.userId, userId)))
      .returning({ isDefault: paymentMethods.isDefault, token: paymentMethods.gatewayToken });
    if (!removed) return null;
    if (removed.isDefault) {
      const [next] = await tx
        .select({ id: paymentMethods.id })
        .from(paymentMethods)
        .where(eq(paymentMethods.userId, userId))
        .orderBy(asc(paymentMethods.createdAt), asc(paymentMethods.id))
        .limit(1);
      if (next) {
        await tx
          .update(paymentMethods)
          .set({ isDefault: true })
          .where(eq(paymentMethods.id, next.id));
      }
    }
    return removed.token;
  });
  if (token === null) return false;
  // The same token may back no other saved card of the buyer's: it is gone for good.
  await forgetAtGateway(gateway, token, userId);
  return true;
}
