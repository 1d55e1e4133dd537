/**
 * The payment gateway behind the store (decision 026). The card number and security code
 * are typed into the gateway's own fields in the browser and tokenized there; the store
 * only ever handles the gateway's token, the brand, the last four digits and the expiry.
 * The sandbox is the embedded default; a real gateway (Stripe, Adyen) is another adapter of
 * this interface, chosen by PAYMENT_GATEWAY.
 */
import type { CardSummary, TokenizedCard } from '../../../domain/payment/card';
import type { HostedFieldsConfig } from '../../../domain/payment/hosted-fields';
/** Why the gateway did not take a payment; nothing was charged. One vocabulary with checkout. */
import type { DeclineReason } from '../../../domain/checkout/state';

export type { CardSummary, DeclineReason, HostedFieldsConfig, TokenizedCard };

export type AuthorizationResult =
  | { readonly status: 'authorized'; readonly authorizationId: string }
  | { readonly status: 'declined'; readonly reason: DeclineReason };

export interface ChargeInput {
  /** A one-time token from the fields, or a saved card's reusable token. */
  readonly token: string;
  /** The amount in the currency's minor unit (cents). */
  readonly amountMinor: number;
  /** ISO 4217, upper case. */
  readonly currency: string;
  /** The store's reference for the payment (the order id), shown in the gateway. */
  readonly reference: string;
  /** One key per payment attempt: the same key never charges twice. */
  readonly idempotencyKey: string;
}

/** What checking a card with its issuer, charging nothing, came to. */
export type VerificationResult =
  | { readonly status: 'verified'; readonly card: CardSummary }
  | { readonly status: 'declined'; readonly reason: DeclineReason };

export interface SaveCardInput {
  /** The one-time token of the card, charged or not. */
  readonly token: string;
  /** The store's reference for the buyer (their user id). */
  readonly customerRef: string;
}

export interface PaymentGateway {
  /** 'sandbox', 'stripe', 'adyen', ... */
  readonly id: string;
  /** What the browser needs to mount the gateway's hosted fields. */
  clientConfig(): HostedFieldsConfig;
  /**
   * The card behind a one-time token (or a reusable token the gateway knows), or null when
   * the token is unknown, expired or already used. The store checks what the browser says
   * of a card against this, never trusting the browser's word.
   */
  describe(token: string): Promise<CardSummary | null>;
  /**
   * Checks the card behind a one-time token with its issuer without charging it (a
   * zero-amount check), before it is saved with no order (Payment Cards): a card the issuer
   * refuses is declined with the reason a charge would have. Null when the token is unknown,
   * expired or already used. The token stays usable for `saveCard`.
   */
  verify(token: string): Promise<VerificationResult | null>;
  /** A one-time token made reusable for a buyer (Payment Cards); the same pair, the same card. */
  saveCard(input: SaveCardInput): Promise<TokenizedCard>;
  /**
   * Forgets a buyer's saved card: its reusable token charges nothing any more. Idempotent (a
   * token already gone, or never the buyer's, is no error).
   */
  deleteCard(token: string, customerRef: string): Promise<void>;
  /**
   * Holds the amount on the card (nothing is taken yet). Idempotent per `idempotencyKey`: a
   * retry with the same key and details gets the first answer and never holds twice; the
   * same key with other details is a PaymentGatewayError. A refusal is a result, not an error.
   */
  authorize(input: ChargeInput): Promise<AuthorizationResult>;
  /** Takes an authorized amount; the charge's id. Idempotent: capturing twice takes once. */
  capture(authorizationId: string, idempotencyKey: string): Promise<{ readonly chargeId: string }>;
  /** Releases an authorization never captured (its order was not written). Idempotent. */
  void(authorizationId: string, idempotencyKey: string): Promise<void>;
  /** Gives back a captured charge. Idempotent: refunding twice gives back once. */
  refund(chargeId: string, idempotencyKey: string): Promise<void>;
}

export type PaymentGatewayErrorCode =
  | 'invalid_request'
  | 'idempotency_conflict'
  | 'unknown_token'
  | 'unknown_charge'
  | 'not_refundable'
  | 'not_capturable'
  | 'not_voidable'
  | 'unavailable';

/**
 * The gateway could not do what the store asked: a mistake of the store (bad input, a key
 * reused for another payment) or the gateway being unreachable. Never a card refusal.
 */
export class PaymentGatewayError extends Error {
  override readonly name = 'PaymentGatewayError';

  constructor(
    readonly code: PaymentGatewayErrorCode,
    message: string,
  ) {
    super(message);
  }
}
