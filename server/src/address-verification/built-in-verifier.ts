/**
 * The built-in address verifier, the store's default (decision 059): it needs no outside
 * service. It suggests the address with its spacing tidied, a line typed all in lower or upper
 * case in title case, the postal code in its country's format and the region the postal code
 * belongs to (US, Canada, Australia, Spain); it does not confirm an address whose postal code
 * belongs to no region, nor a P.O. box (SPEC 5). It says nothing of deliverability.
 */
import { verdictOf } from '../../../domain/address-verification/verification';
import { looksLikePoBox, type Address } from '../../../domain/validation/address';
import { normalisedAddress, regionOfPostalCode } from './address-text';
import type { AddressVerdict, AddressVerifier } from './verifier';

export function isPoBox(address: Address): boolean {
  return [address.line1, address.line2, address.line3].some(
    (line) => typeof line === 'string' && looksLikePoBox(line),
  );
}

export class BuiltInVerifier implements AddressVerifier {
  readonly id = 'built-in';

  verify(address: Address): Promise<AddressVerdict> {
    const suggested = normalisedAddress(address);
    const unknownPostalCode = regionOfPostalCode(suggested.country, suggested.postalCode) === null;
    return Promise.resolve(
      verdictOf('built-in', address, [suggested], null, isPoBox(address) || unknownPostalCode),
    );
  }
}
