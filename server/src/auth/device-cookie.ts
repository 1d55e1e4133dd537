/**
 * The device cookie (decision 032): a successful sign-in leaves, in that browser, a signed
 * cookie naming the account and a random device id. Its holder is held only by the count of
 * that device, so an attacker guessing the account's password elsewhere, or from the same
 * address, cannot lock the owner out. A new id is given on each success.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { INTERACTION_PATH } from './provider';

export const DEVICE_COOKIE_DAYS = 180;

const DEVICE_ID = /^[A-Za-z0-9_-]{22,64}$/;

/** A short tag of the account (not secret: it only keeps one account's cookie from another's). */
function accountTag(email: string): string {
  return createHash('sha256').update(email.trim().toLowerCase()).digest('base64url').slice(0, 16);
}

export function deviceCookieName(email: string): string {
  return `device_${accountTag(email)}`;
}

/** The device id of a valid device cookie of this account, if the request holds one. */
export function deviceIdOf(request: FastifyRequest, email: string): string | undefined {
  const raw = request.cookies[deviceCookieName(email)];
  if (!raw) return undefined;
  const unsigned = request.unsignCookie(raw);
  if (!unsigned.valid || unsigned.value === null) return undefined;
  const [tag, id, ...rest] = unsigned.value.split('.');
  if (tag !== accountTag(email) || id === undefined || rest.length > 0 || !DEVICE_ID.test(id)) {
    return undefined;
  }
  return id;
}

/** Gives this browser a new device cookie for the account. */
export function giveDeviceCookie(reply: FastifyReply, email: string, secure: boolean): void {
  const id = randomBytes(18).toString('base64url');
  reply.setCookie(deviceCookieName(email), `${accountTag(email)}.${id}`, {
    signed: true,
    path: INTERACTION_PATH,
    httpOnly: true,
    sameSite: 'lax',
    secure,
    maxAge: DEVICE_COOKIE_DAYS * 24 * 3600,
  });
}
