/**
 * Checkout account choices (SPEC 2.6, 3, 5, 6): customer account number with terms, the
 * qualified user's email, Q-global and aimswebPlus accounts, and the qualification levels
 * that decide who may buy what.
 */
import * as z from 'zod';
import { accepted, email, FIELD_LIMITS, requiredText } from './fields';
import { V } from './messages';

/** SPEC 1: customer accounts are personal or organizational. */
export const ACCOUNT_TYPES = ['PERSONAL', 'ORGANIZATION'] as const;
export type AccountType = (typeof ACCOUNT_TYPES)[number];

/** SPEC 5: a 4-digit organization number or a 12-character temporary number. */
export const CUSTOMER_ACCOUNT_NUMBER = /^(?:\d{4}|[A-Za-z0-9]{12})$/;
export const ORGANIZATION_NUMBER = /^\d{4}$/;

export const customerAccountSchema = z.object({
  accountNumber: requiredText(20, {
    required: V.accountNumberRequired,
    format: { pattern: CUSTOMER_ACCOUNT_NUMBER, message: V.accountNumberInvalid },
  }),
  termsAccepted: accepted(V.termsNotAgreed),
});

export const qualifiedUserEmailSchema = email(FIELD_LIMITS.qualifiedUserEmail);

export const qGlobalAccountSchema = z.object({
  accountNumber: requiredText(40),
});

export const aimswebPlusAccountSchema = z.object({
  accountNumber: requiredText(40),
  termsAccepted: accepted(V.required),
});

/** SPEC 5: terms and conditions must be accepted ('This field is required.'). */
export const termsSchema = accepted(V.required);

/** SPEC 1, 6: levels A, B and C; C is highest. */
export const QUALIFICATION_LEVELS = ['A', 'B', 'C'] as const;
export type QualificationLevel = (typeof QUALIFICATION_LEVELS)[number];

const rank: Record<QualificationLevel, number> = { A: 1, B: 2, C: 3 };

/** A user at a level may buy items of that level and below: B buys A and B. */
export function levelCovers(userLevel: QualificationLevel, itemLevel: QualificationLevel): boolean {
  return rank[userLevel] >= rank[itemLevel];
}

/** What a user at a level may buy, for display ("A and B"). */
export function purchasableLevels(level: QualificationLevel): QualificationLevel[] {
  return QUALIFICATION_LEVELS.filter((l) => levelCovers(level, l));
}

/** The level a cart needs: the highest of its items, or null when no item needs one. */
export function requiredLevel(
  itemLevels: readonly (QualificationLevel | null)[],
): QualificationLevel | null {
  let highest: QualificationLevel | null = null;
  for (const level of itemLevels) {
    if (level && (!highest || rank[level] > rank[highest])) highest = level;
  }
  return highest;
}

/** SPEC 5: the qualification level must be high enough for the cart items. */
export function coversCart(
  userLevel: QualificationLevel,
  itemLevels: readonly (QualificationLevel | null)[],
): boolean {
  const needed = requiredLevel(itemLevels);
  return needed === null || levelCovers(userLevel, needed);
}
