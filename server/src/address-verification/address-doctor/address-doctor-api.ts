/**
 * The part of the AddressDoctor interface the store uses (decision 059): one address sent in
 * interactive mode, its results back with a process status and a mailability score. The
 * embedded sandbox (sandbox.ts) answers it; a client of the hosted service would be another
 * implementation of `AddressDoctorClient`.
 */

export interface AddressDoctorAddress {
  /** ISO 3166-1 alpha-2. */
  readonly Country: string;
  /** State, province or region code. */
  readonly Province: string;
  readonly Locality: string;
  readonly PostalCode: string;
  /** The street lines, in order. */
  readonly Street: readonly string[];
}

export interface AddressDoctorRequest {
  readonly Parameters: {
    readonly ProcessMode: 'INTERACTIVE';
    /** Street types, directions and unit designators in the country's standard form. */
    readonly StandardizeStreets: boolean;
  };
  readonly Addresses: readonly AddressDoctorAddress[];
}

/**
 * V: verified as given (V4: every element). C: corrected (C4: every element, C3: some).
 * I: could not be fully verified (I3: the place is known, the premises are not; I1: nothing
 * is known). N: not processed (a country the service does not cover).
 */
export type ProcessStatus = 'V4' | 'C4' | 'C3' | 'I3' | 'I1' | 'N1';

export interface AddressDoctorResult {
  readonly ProcessStatus: ProcessStatus;
  /** 5: certain to be delivered … 0: cannot be delivered. */
  readonly MailabilityScore: 0 | 1 | 2 | 3 | 4 | 5;
  /** The address as the service has it, best first. */
  readonly ResultDataSet: readonly { readonly Address: AddressDoctorAddress }[];
}

export interface AddressDoctorResponse {
  readonly Results: readonly AddressDoctorResult[];
}

export interface AddressDoctorClient {
  process(request: AddressDoctorRequest): Promise<AddressDoctorResponse>;
}
