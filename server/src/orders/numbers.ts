/** Numbers the store makes up for orders: access codes and sandbox tracking numbers. */
import { randomBytes, randomInt } from 'node:crypto';

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
