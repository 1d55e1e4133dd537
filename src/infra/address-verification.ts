/**
 * Asks the store's address verification service about an address (decision 059): the
 * service the buyer's flags choose answers a verdict. Any failure (offline, the service
 * unreachable, slower than the buyer should wait, a refusal) is null: the address is then
 * kept as not verified, never held up.
 */
import type {
  AddressVerdict,
  AddressVerificationRequest,
} from '../../domain/address-verification/verification';
import { postJson } from './api';
import { online$ } from './connectivity';

/** A verification that takes longer is given up: the address is used as entered. */
export const VERIFICATION_TIMEOUT_MS = 5000;

export async function verifyAddress(
  request: AddressVerificationRequest,
): Promise<AddressVerdict | null> {
  if (!online$.getValue()) return null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const slow = new Promise<null>((resolve) => {
    timer = setTimeout(() => {
      resolve(null);
    }, VERIFICATION_TIMEOUT_MS);
  });
  const asked = postJson<AddressVerdict>('/api/addresses/verify', request).catch(() => null);
  try {
    return await Promise.race([asked, slow]);
  } finally {
    clearTimeout(timer);
  }
}
