/**
 * The AddressDoctor sandbox: the embedded stand-in for the hosted service (decision 059), as
 * the payment sandbox is for a gateway. It answers AddressDoctor's requests in process, from
 * the data the store has, always the same way for the same address:
 *
 * - the text tidied and recased, the postal code formatted and the region taken from the
 *   postal code, as the built-in verifier does;
 * - the street lines in the country's postal standard (street-standards.ts);
 * - a process status and a mailability score: an address whose postal code belongs to no
 *   region is I1 / 0 (undeliverable); a first line without a house number is I3 / 3 (the
 *   premises are not confirmed); otherwise V4 / 5 when nothing changed, C4 / 4 when corrected.
 * - N1 for a country it has no reference data for (only the text is tidied).
 */
import type { Address } from '../../../../domain/validation/address';
import { normalisedAddress, REGION_FROM_POSTAL_CODE, regionOfPostalCode } from '../address-text';
import type {
  AddressDoctorAddress,
  AddressDoctorClient,
  AddressDoctorRequest,
  AddressDoctorResponse,
  AddressDoctorResult,
} from './address-doctor-api';
import { standardisesStreets, standardiseStreet } from './street-standards';

/** Countries the sandbox has reference data for: regions by postal code, or street standards. */
function covers(country: string): boolean {
  return REGION_FROM_POSTAL_CODE.has(country) || standardisesStreets(country);
}

function toAddress(input: AddressDoctorAddress): Address {
  const [line1 = '', line2, line3] = input.Street;
  return {
    country: input.Country.toUpperCase(),
    region: input.Province === '' ? undefined : input.Province,
    town: input.Locality,
    line1,
    line2,
    line3,
    postalCode: input.PostalCode,
  };
}

function fromAddress(address: Address): AddressDoctorAddress {
  return {
    Country: address.country,
    Province: address.region ?? '',
    Locality: address.town,
    PostalCode: address.postalCode,
    Street: [address.line1, address.line2, address.line3].filter(
      (line): line is string => line !== undefined,
    ),
  };
}

const same = (a: AddressDoctorAddress, b: AddressDoctorAddress) =>
  JSON.stringify(a) === JSON.stringify(b);

function processOne(input: AddressDoctorAddress, standardize: boolean): AddressDoctorResult {
  const entered = toAddress(input);
  const tidied = normalisedAddress(entered);
  if (!covers(tidied.country)) {
    return {
      ProcessStatus: 'N1',
      MailabilityScore: 2,
      ResultDataSet: [{ Address: fromAddress(tidied) }],
    };
  }
  const street = (line: string | undefined) =>
    line === undefined || !standardize ? line : standardiseStreet(tidied.country, line);
  const result: Address = {
    ...tidied,
    line1: street(tidied.line1) ?? tidied.line1,
    line2: street(tidied.line2),
    line3: street(tidied.line3),
  };
  const output = fromAddress(result);
  if (regionOfPostalCode(result.country, result.postalCode) === null) {
    return { ProcessStatus: 'I1', MailabilityScore: 0, ResultDataSet: [{ Address: output }] };
  }
  if (!/\d/.test(result.line1)) {
    return { ProcessStatus: 'I3', MailabilityScore: 3, ResultDataSet: [{ Address: output }] };
  }
  return same(output, input)
    ? { ProcessStatus: 'V4', MailabilityScore: 5, ResultDataSet: [{ Address: output }] }
    : { ProcessStatus: 'C4', MailabilityScore: 4, ResultDataSet: [{ Address: output }] };
}

export class AddressDoctorSandbox implements AddressDoctorClient {
  process(request: AddressDoctorRequest): Promise<AddressDoctorResponse> {
    const standardize = request.Parameters.StandardizeStreets;
    return Promise.resolve({
      Results: request.Addresses.map((address) => processOne(address, standardize)),
    });
  }
}
