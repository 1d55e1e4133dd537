/**
 * The checkout challenge behind the `checkout-recaptcha` flag (decision 061): an adapter
 * like the payment gateway's. The browser shows the provider's widget, which gives it a
 * short-lived token once the buyer passes; placing the order sends that token, and the store
 * asks the provider whether it is good. The sandbox (a checkbox the store serves itself) is
 * the embedded default; reCAPTCHA or another provider is another adapter of this interface,
 * chosen by CHECKOUT_CHALLENGE.
 */

/** What the browser needs to show the provider's widget. */
export interface ChallengeClientConfig {
  /** 'sandbox', 'recaptcha', ... */
  readonly provider: string;
  /** Where the widget asks for its token (the sandbox's own endpoint). */
  readonly tokenUrl: string;
  /** The provider's public site key, when it has one. */
  readonly siteKey: string | null;
}

/** Why a token was not taken. */
export type ChallengeFailure = 'missing' | 'invalid' | 'expired' | 'used';

export type ChallengeVerdict =
  { readonly ok: true } | { readonly ok: false; readonly reason: ChallengeFailure };

export interface ChallengeCheck {
  /** What the token is for: the widget gives tokens for one action ('place-order'). */
  readonly action: string;
  /**
   * The attempt that spends the token (the place-order request's key). A token is good for
   * one attempt: the same attempt sent again (a lost answer, an order still being placed)
   * may show it again; any other attempt may not.
   */
  readonly attempt: string;
}

export interface ChallengeVerifier {
  readonly id: string;
  clientConfig(): ChallengeClientConfig;
  /** Whether the token is the provider's, for this action, unexpired and not spent elsewhere. */
  verify(token: string | undefined, check: ChallengeCheck): Promise<ChallengeVerdict>;
}

/** The action a checkout's challenge is for. */
export const PLACE_ORDER_ACTION = 'place-order';
