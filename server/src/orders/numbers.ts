/**
 * Numbers the store makes up for orders: the Web reference # and the Order # (random, with a
 * check digit, each given once; decision 045), access codes and sandbox tracking numbers.
 */
import { randomBytes, randomInt } from 'node:crypto';
import { sql } from 'drizzle-orm';
import {
  ORDER_NUMBER_DIGITS,
  orderNumberFrom,
  WEB_REFERENCE_DIGITS,
  webReferenceFrom,
} from '../../../domain/order/numbers';
import type { Db } from '../db/database';

/** Random decimal digits (the first not 0 when asked). */
export function randomDigits(count: number, firstNotZero = false): string {
  let digits = firstNotZero ? String(randomInt(1, 10)) : '';
  while (digits.length < count) digits += String(randomInt(0, 10));
  return digits;
}

/** A new Web reference # to try: `W`, nine random digits and a check digit. */
export const newWebReference = (): string => webReferenceFrom(randomDigits(WEB_REFERENCE_DIGITS));

/** A new Order # to try: seven random digits (the first not 0) and a check digit. */
export const newOrderNumber = (): string =>
  orderNumberFrom(randomDigits(ORDER_NUMBER_DIGITS, true));

/**
 * Draws so many times before giving up: even with a million of the nine million Order numbers
 * taken, eight draws in a row all taken happen about once in 40 million.
 */
export const MAX_DRAWS = 8;

/**
 * A number from `draw` that no order has had, taken for good (issued_order_numbers), drawn
 * again while the one drawn is taken.
 */
export async function issueOrderNumber(db: Db, draw: () => string): Promise<string> {
  for (let tries = 0; tries < MAX_DRAWS; tries += 1) {
    const number = draw();
    const taken = await db.execute(sql`
      insert into issued_order_numbers (number) values (${number})
      on conflict do nothing returning number`);
    if ((taken as { rows: unknown[] }).rows.length > 0) return number;
  }
  throw new Error(`No free order number after ${String(MAX_DRAWS)} draws`);
}

const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** An access code for a seat of a digital item: 16 letters and digits in four groups. */
export function newAccessCode(): string {
  const bytes = randomBytes(16);
  const code = Array.from(bytes, (b) => ALPHABET[b % ALPHABET.length]).join('');
  return code.match(/.{4}/g)?.join('-') ?? code;
}

/**
 * A tracking number for a parcel, in the shape carriers use (two letters, nine digits, the
 * store's two letters): until a carrier's API gives real ones, the sandbox's.
 */
export function newTrackingNumber(): string {
  const letters = () => ALPHABET.replace(/[0-9]/g, '')[randomInt(0, 23)] ?? 'X';
  const digits = String(randomInt(0, 1_000_000_000)).padStart(9, '0');
  return `${letters()}${letters()}${digits}PS`;
}
