/**
 * What the store's operators give when they work on invoices (`npm run invoices`; decision
 * 053), checked by the tool and again by the store (the operator channel, decision 037).
 */
import * as z from 'zod';
import { INVOICE_STATUSES, type InvoiceStatus } from './invoice';

/** An invoice's id or number (INV…); for `issue`, an order's id, Web reference # or Order #. */
export const invoiceReferenceSchema = z.string().trim().min(1).max(100);

/** A customer account's id (or its number). */
export const invoiceAccountSchema = z.string().trim().min(1).max(100);

export const invoiceStatusSchema = z.enum(INVOICE_STATUSES as [InvoiceStatus, ...InvoiceStatus[]]);

/** Most invoices one list prints. */
export const INVOICE_LIST_LIMIT_MAX = 10_000;
export const invoiceListLimitSchema = z.int().min(1).max(INVOICE_LIST_LIMIT_MAX);

/** Why an operator credits an invoice: said on the credit note. */
export const creditReasonSchema = z.string().trim().min(1).max(500);
export const creditNoteRemarkSchema = z.string().trim().max(2_000);

/** The credit note's text: the operator's reason, then their note (as an order's history shows one). */
export function creditNoteText(reason: string, note?: string): string {
  const remark = note?.trim();
  return remark ? `${reason.trim()} (${remark})` : reason.trim();
}
