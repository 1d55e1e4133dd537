/**
 * Invoice and credit note numbers: `INV` (or `CN`), seven random digits (the first not 0,
 * drawn by the server) and Damm's check digit, as order and quote numbers (decision 045),
 * so a mistyped or guessed number names no invoice.
 */
import { dammCheckDigit, hasDammCheckDigit } from '../order/numbers';

export const INVOICE_NUMBER_DIGITS = 7;

const RANDOM = new RegExp(`^[1-9]\\d{${String(INVOICE_NUMBER_DIGITS - 1)}}$`);
const INVOICE_NUMBER = /^INV([1-9]\d{7})$/;
const CREDIT_NOTE_NUMBER = /^CN([1-9]\d{7})$/;

function numbered(prefix: string, random: string): string {
  if (!RANDOM.test(random)) {
    throw new Error('An invoice number is made of seven random digits, the first not 0');
  }
  return `${prefix}${random}${dammCheckDigit(random)}`;
}

export function invoiceNumberFrom(random: string): string {
  return numbered('INV', random);
}

export function creditNoteNumberFrom(random: string): string {
  return numbered('CN', random);
}

/** Whether a text is an invoice number whose check digit holds. */
export function isInvoiceNumber(value: string): boolean {
  const match = INVOICE_NUMBER.exec(value);
  return match !== null && hasDammCheckDigit(match[1] ?? '');
}

export function isCreditNoteNumber(value: string): boolean {
  const match = CREDIT_NOTE_NUMBER.exec(value);
  return match !== null && hasDammCheckDigit(match[1] ?? '');
}
