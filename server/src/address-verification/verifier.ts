/**
 * The address verification service behind the store (SPEC 5; decision 059), as the payment
 * gateway is (decision 026): one interface, the built-in verifier as the default, AddressDoctor
 * (its embedded sandbox here) when the `address-doctor` flag is on for the buyer (SPEC 9).
 * A verifier checks an address that already meets SPEC 5's rules and answers a verdict: right
 * as typed, suggestions, or not confirmed.
 */
import type {
  AddressVerdict,
  AddressVerifierId,
} from '../../../domain/address-verification/verification';
import type { Address } from '../../../domain/validation/address';

export type { AddressVerdict, AddressVerifierId };

export interface AddressVerifier {
  readonly id: AddressVerifierId;
  verify(address: Address): Promise<AddressVerdict>;
}

/** The service could not be asked (unreachable, or it refused the request): nothing is known. */
export class AddressVerifierError extends Error {
  override readonly name = 'AddressVerifierError';
}

/** The verifiers the store has, one per service. */
export interface AddressVerifiers {
  readonly builtIn: AddressVerifier;
  readonly addressDoctor: AddressVerifier;
}

/** The verifier for a buyer's flags: AddressDoctor with `address-doctor` on, else the built-in. */
export function verifierFor(
  verifiers: AddressVerifiers,
  flags: { readonly 'address-doctor': boolean },
): AddressVerifier {
  return flags['address-doctor'] ? verifiers.addressDoctor : verifiers.builtIn;
}
