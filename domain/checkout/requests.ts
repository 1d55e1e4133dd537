/**
 * The online requests of checkout, checked at the server's edge: placing the order (an
 * Idempotency-Key request, never queued), and the lookups that need the store ('Account not
 * listed', 'Add qualified user', adding a Q-global account).
 */
import * as z from 'zod';
import { LOCALES } from '../storefront/storefronts';
import { customerAccountSchema, qualifiedUserEmailSchema } from '../validation/account';
import { requestText, requiredText } from '../validation/fields';
import { INT32_MAX } from '../validation/storable';

export const checkoutLocaleQuery = z.object({ locale: z.enum(LOCALES) });

export const placeOrderRequestSchema = z.object({
  /** SPEC 5: the terms, accepted on the review step ('This field is required.'). */
  termsAccepted: z.boolean(),
  /** The checkout's version the buyer reviewed: anything newer must be reviewed first. */
  checkoutVersion: z.number().int().min(1).max(INT32_MAX),
  /** The total the buyer saw, in minor units. */
  expectedTotalMinor: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER).optional(),
  /**
   * The checkout challenge's token (the `checkout-recaptcha` flag; decision 061). A string
   * the provider made: checked by the store's verifier, never stored.
   */
  challengeToken: requestText(4096).optional(),
});
export type PlaceOrderRequest = z.infer<typeof placeOrderRequestSchema>;

/** SPEC 5: a 4-digit organization number or a 12-character temporary number, with terms. */
export const claimAccountRequestSchema = customerAccountSchema;

export const addQualifiedUserRequestSchema = z.object({ email: qualifiedUserEmailSchema });

/** SPEC 5: the Q-global account number is required. */
export const qglobalRequestSchema = z.object({ accountNumber: requiredText(40) });
