/**
 * A buyer's saved cards (Payment Cards, SPEC 2.7; decision 056): saving one with no order,
 * making one the default and removing one. A saved card is a row of `payment_methods` holding
 * the gateway's reusable token: it is not kept in events, because a removed card's token must
 * be gone from the store for good, and an event is kept for ever. Every function takes the
 * caller's user id and answers another buyer's card as one that does not exist.
 */
import { randomUUID } from 'node:crypto';
import { and, asc, eq, ne } from 'drizzle-orm';
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
  const id = await db.transaction(async (tx) => {
    const cards = await tx
      .select({
        id: paymentMethods.id,
        brand: paymentMethods.brand,
        last4: paymentMethods.last4,
        expMonth: paymentMethods.expMonth,
        expYear: paymentMethods.expYear,
      })
      .from(paymentMethods)
      .where(eq(paymentMethods.userId, userId));
    const same = cards.find(
      (c) =>
        c.brand === saved.brand &&
        c.last4 === saved.last4 &&
        c.expMonth === saved.expMonth &&
        c.expYear === saved.expYear,
    );
    if (same) return same.id;
    const newId = randomUUID();
    await tx.insert(paymentMethods).values({
      id: newId,
      userId,
      gatewayToken: saved.token,
      brand: saved.brand,
      last4: saved.last4,
      expMonth: saved.expMonth,
      expYear: saved.expYear,
      holderName: holderNameOf(input),
      isDefault: cards.length === 0,
    });
    return newId;
  });
  const card = await findPaymentMethod(db, userId, id);
  if (!card) throw new Error('A card just saved could not be read back');
  return { kind: 'saved', card };
}

/** Makes one of the buyer's cards their default (false: no such card of theirs). */
export async function setDefaultCard(db: Db, userId: string, id: string): Promise<boolean> {
  if (!isUuid(id)) return false;
  return db.transaction(async (tx) => {
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
export async function removeCard(db: Db, userId: string, id: string): Promise<boolean> {
  if (!isUuid(id)) return false;
  return db.transaction(async (tx) => {
    const [removed] = await tx
      .delete(paymentMethods)
      .where(and(eq(paymentMethods.id, id), eq(paymentMethods.userId, userId)))
      .returning({ isDefault: paymentMethods.isDefault });
    if (!removed) return false;
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
    return true;
  });
}
