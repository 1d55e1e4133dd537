/**
 * Taking a card payment, for anything the store sells on the spot (an order at checkout, and
 * an invoice paid by card): the amount is authorized (held on the card), then captured once
 * what it pays for is kept; a hold whose order was never written is voided, and a capture
 * whose order could not be written is refunded, once (decision 047). Every step's key is made
 * from the payment's own key, so a retry after a lost answer repeats nothing.
 *
 * The keys never name another payment's: a second attempt at the same order uses its own
 * payment key, and so can never void, capture or refund the first attempt's charge.
 */
import type { DeclineReason } from '../../../domain/checkout/state';
import { PaymentGatewayError, type PaymentGateway } from './gateway';

export interface CardPayment {
  /** The gateway's token of the card (one-time, or a saved card's reusable one). */
  readonly token: string;
  readonly amountMinor: number;
  readonly currency: string;
  /** What it pays for, shown in the gateway (the order id). */
  readonly reference: string;
  /** This payment's own key (one per order and attempt): its steps' keys are made from it. */
  readonly key: string;
}

export type Authorized =
  | { readonly status: 'authorized'; readonly authorizationId: string }
  | { readonly status: 'declined'; readonly reason: DeclineReason };

/**
 * Holds the amount on the card. A token the gateway does not know, or a key it refuses, is a
 * decline of the payment (nothing was held); the gateway being unreachable is an error.
 */
export async function authorizeCard(
  gateway: PaymentGateway,
  payment: CardPayment,
): Promise<Authorized> {
  try {
    return await gateway.authorize({
      token: payment.token,
      amountMinor: payment.amountMinor,
      currency: payment.currency,
      reference: payment.reference,
      idempotencyKey: `${payment.key}:authorize`,
    });
  } catch (error) {
    if (error instanceof PaymentGatewayError && error.code !== 'unavailable') {
      return { status: 'declined', reason: 'processing-error' };
    }
    throw error;
  }
}

/** Takes the held amount: the charge's id. */
export async function captureCard(
  gateway: PaymentGateway,
  payment: Pick<CardPayment, 'key'>,
  authorizationId: string,
): Promise<string> {
  const { chargeId } = await gateway.capture(authorizationId, `${payment.key}:capture`);
  return chargeId;
}

/** Releases a hold whose order was not written. */
export async function voidCard(
  gateway: PaymentGateway,
  payment: Pick<CardPayment, 'key'>,
  authorizationId: string,
): Promise<void> {
  await gateway.void(authorizationId, `${payment.key}:void`);
}

/**
 * Gives a captured charge back, once whatever asks (the key is the charge's own): the order it
 * paid for could not be written, or was cancelled, declined or returned.
 */
export async function refundCharge(gateway: PaymentGateway, chargeId: string): Promise<string> {
  const refundId = `refund:${chargeId}`;
  await gateway.refund(chargeId, refundId);
  return refundId;
}

/** What an attempt took: a hold, and its capture once taken (the gateway's ids). */
export interface Taken {
  readonly authorizationId: string | null;
  readonly chargeId: string | null;
}

/**
 * Gives back what an attempt took and did not keep: its capture refunded, else its hold
 * voided. A hold captured after all (the note of its capture was lost) is found by capturing
 * it again, which takes nothing twice and answers its charge, and that is refunded. `keep`:
 * the charge of an order written, never given back whatever was noted.
 */
export async function giveBack(
  gateway: PaymentGateway,
  payment: Pick<CardPayment, 'key'>,
  taken: Taken,
  keep: string | null = null,
): Promise<void> {
  if (taken.chargeId) {
    if (taken.chargeId !== keep) await refundCharge(gateway, taken.chargeId);
    return;
  }
  if (!taken.authorizationId || taken.authorizationId === keep) return;
  try {
    await voidCard(gateway, payment, taken.authorizationId);
  } catch (error) {
    if (!(error instanceof PaymentGatewayError) || error.code !== 'not_voidable') throw error;
    const chargeId = await captureCard(gateway, payment, taken.authorizationId);
    if (chargeId !== keep) await refundCharge(gateway, chargeId);
  }
}
