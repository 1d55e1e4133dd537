/**
 * The AddressDoctor adapter (SPEC 9 `address-doctor`; decision 059): the address is sent to
 * AddressDoctor in interactive mode with street standardisation, and its first result becomes
 * the store's verdict: the corrected address as the suggestion, the mailability score as the
 * deliverability; a status other than verified or corrected, or a P.O. box (SPEC 5: the store
 * does not deliver to one, whatever the post office does), leaves the address unconfirmed.
 */
import {
  verdictOf,
  type Deliverability,
} from '../../../../domain/address-verification/verification';
import type { Address } from '../../../../domain/validation/address';
import { isPoBox } from '../built-in-verifier';
import { AddressVerifierError, type AddressVerdict, type AddressVerifier } from '../verifier';
import type {
  AddressDoctorAddress,
  AddressDoctorClient,
  AddressDoctorResult,
} from './address-doctor-api';

export function deliverabilityOf(score: AddressDoctorResult['MailabilityScore']): Deliverability {
  if (score >= 4) return 'deliverable';
  if (score >= 2) return 'premises-unconfirmed';
  return 'undeliverable';
}

function addressOf(result: AddressDoctorAddress, entered: Address): Address {
  const [line1 = entered.line1, line2, line3] = result.Street;
  return {
    country: result.Country.toUpperCase(),
    region: result.Province === '' ? undefined : result.Province,
    town: result.Locality,
    line1,
    line2,
    line3,
    postalCode: result.PostalCode,
  };
}

export class AddressDoctorVerifier implements AddressVerifier {
  readonly id = 'address-doctor';

  constructor(private readonly client: AddressDoctorClient) {}

  async verify(address: Address): Promise<AddressVerdict> {
    const response = await this.client.process({
      Parameters: { ProcessMode: 'INTERACTIVE', StandardizeStreets: true },
      Addresses: [
        {
          Country: address.country,
          Province: address.region ?? '',
          Locality: address.town,
          PostalCode: address.postalCode,
          Street: [address.line1, address.line2, address.line3].filter(
            (line): line is string => line !== undefined,
          ),
        },
      ],
    });
    const result = response.Results[0];
    if (!result) throw new AddressVerifierError('AddressDoctor answered no result');
    const suggestions = result.ResultDataSet.map((set) => addressOf(set.Address, address));
    const confirmed = result.ProcessStatus.startsWith('V') || result.ProcessStatus.startsWith('C');
    return verdictOf(
      'address-doctor',
      address,
      suggestions,
      deliverabilityOf(result.MailabilityScore),
      !confirmed || isPoBox(address),
    );
  }
}
