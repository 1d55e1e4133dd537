/**
 * Who sells in each store, as quotes and invoices name it (SPEC 3 Quote; decision 051): the
 * trading name, the postal address and, where the store charges VAT or GST, its number.
 */
import type { StoreId } from './storefronts';

export interface StoreDetails {
  readonly name: string;
  readonly address: readonly string[];
  /** The VAT, GST or consumption-tax registration shown on quotes; null where none applies. */
  readonly taxNumber: string | null;
  readonly email: string;
}

export const STORE_DETAILS: Readonly<Record<StoreId, StoreDetails>> = {
  usassessments: {
    name: 'Assessments Store, Inc.',
    address: ['1800 Lakeview Parkway, Suite 400', 'Bloomington, MN 55431', 'United States'],
    taxNumber: null,
    email: 'orders@assessments.example',
  },
  caassessments: {
    name: 'Assessments Store Canada Ltd.',
    address: ['250 Front Street West, Suite 1200', 'Toronto, ON M5V 3G5', 'Canada'],
    taxNumber: 'GST/HST 81234 5678 RT0001',
    email: 'orders.ca@assessments.example',
  },
  ukassessments: {
    name: 'Assessments Store UK Ltd',
    address: ['80 Strand', 'London WC2R 0RL', 'United Kingdom'],
    taxNumber: 'GB 123 4567 89',
    email: 'orders.uk@assessments.example',
  },
  auassessments: {
    name: 'Assessments Store Australia Pty Ltd',
    address: ['Level 9, 255 Pitt Street', 'Sydney NSW 2000', 'Australia'],
    taxNumber: 'ABN 12 345 678 901',
    email: 'orders.au@assessments.example',
  },
  nzassessments: {
    name: 'Assessments Store New Zealand Ltd',
    address: ['Level 4, 21 Queen Street', 'Auckland 1010', 'New Zealand'],
    taxNumber: 'GST 123-456-789',
    email: 'orders.nz@assessments.example',
  },
  asiaassessments: {
    name: 'Assessments Store Japan KK',
    address: ['2-1-1 Marunouchi, Chiyoda-ku', 'Tokyo 100-0005', 'Japan'],
    taxNumber: 'T1234567890123',
    email: 'orders.jp@assessments.example',
  },
  nlassessments: {
    name: 'Assessments Store Nederland B.V.',
    address: ['Herengracht 500', '1017 CB Amsterdam', 'Nederland'],
    taxNumber: 'NL123456789B01',
    email: 'orders.nl@assessments.example',
  },
  esassessments: {
    name: 'Assessments Store España S.L.',
    address: ['Paseo de la Castellana 95', '28046 Madrid', 'España'],
    taxNumber: 'ESB12345678',
    email: 'orders.es@assessments.example',
  },
  sgassessments: {
    name: 'Assessments Store Singapore Pte. Ltd.',
    address: ['1 Raffles Place, #20-01', 'Singapore 048616', 'Singapore'],
    taxNumber: 'GST M2-1234567-8',
    email: 'orders.sg@assessments.example',
  },
};

export function storeDetailsOf(storeId: string): StoreDetails {
  const found = Object.hasOwn(STORE_DETAILS, storeId)
    ? STORE_DETAILS[storeId as StoreId]
    : undefined;
  if (!found) throw new RangeError(`Not a store: ${storeId}`);
  return found;
}
