/**
 * The sandbox gateway's test cards (decision 026): what charging each one does. Any other
 * card that passes the checks is approved. The behaviour is decided when the card is
 * tokenized, so the card number itself is never kept.
 */
import { randomBytes } from 'node:crypto';
import type { CardMonth } from '../../../../domain/payment/card';
import type { DeclineReason } from '../gateway';

export type SandboxBehaviour = 'approve' | 'decline' | 'insufficient-funds' | 'expired';

export const SANDBOX_CARDS: Readonly<Record<string, SandboxBehaviour>> = {
  '4242424242424242': 'approve',
  '4000000000000002': 'decline',
  '4000000000009995': 'insufficient-funds',
  '4000000000000069': 'expired',
};

export function behaviourOf(digits: string): SandboxBehaviour {
  return SANDBOX_CARDS[digits] ?? 'approve';
}

export const DECLINE_OF: Readonly<Record<Exclude<SandboxBehaviour, 'approve'>, DeclineReason>> = {
  decline: 'declined',
  'insufficient-funds': 'insufficient-funds',
  expired: 'expired-card',
};

export const ONE_TIME_PREFIX = 'sandbox_tok_';
export const REUSABLE_PREFIX = 'sandbox_pm_';
export const CHARGE_PREFIX = 'sandbox_ch_';

/** A one-time token can be charged or saved for a day after the card was typed. */
export const ONE_TIME_TOKEN_LIFETIME_MS = 24 * 60 * 60 * 1000;

/**
 * The demo data's saved cards, unknown to the sandbox's tables: `sandbox_pm_demo` and 28
 * letters (`newSeededToken`), or `sandbox_pm_` and a uuid as databases seeded before issue 26
 * hold them (a uuid's digits may, rarely, look like a card number: a seeded token has none).
 */
export const SEEDED_REUSABLE_TOKEN =
  /^sandbox_pm_(?:demo[A-Za-z]{28}|[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/;

const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/**
 * A random id of letters only (about 5.7 bits each): no run of digits in a token or charge
 * id can ever be mistaken for part of a card number or security code in a dump or a log.
 */
export function randomId(prefix: string, length = 32): string {
  let id = prefix;
  while (id.length < prefix.length + length) {
    for (const byte of randomBytes(length)) {
      // 208 = 4 × 52: bytes above it would favour the first letters.
      if (byte < 208 && id.length < prefix.length + length) id += LETTERS[byte % 52];
    }
  }
  return id;
}

/** A token for a saved card of the demo data. */
export function newSeededToken(): string {
  return randomId(`${REUSABLE_PREFIX}demo`, 28);
}

/**
 * Today's month where it is earliest on Earth (UTC−12): the browser checks the expiry in
 * the buyer's own time zone, and the sandbox never refuses a card the buyer's clock took.
 */
export function earliestMonth(now: Date): CardMonth {
  const earliest = new Date(now.getTime() - 12 * 60 * 60 * 1000);
  return { year: earliest.getUTCFullYear(), month: earliest.getUTCMonth() + 1 };
}
