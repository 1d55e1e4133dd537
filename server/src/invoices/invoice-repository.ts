/**
 * Invoices as the pages read them (decision 053): the `invoices` read model, an account's
 * invoices for every member of the account (an organization's accounts-payable person pays
 * what a colleague ordered; a personal account has its owner only), with their status and
 * balance; and the invoice and credit note numbers, each issued once.
 */
import { sql } from 'drizzle-orm';
import { invoiceView, type InvoiceState, type InvoiceView } from '../../../domain/invoice/invoice';
import { creditNoteNumberFrom, invoiceNumberFrom } from '../../../domain/invoice/numbers';
import { INVOICES_READ_MODEL } from '../../../domain/invoice/stream';
import { cartAccountsOf } from '../customers/customer-repository';
import type { Db } from '../db/database';
import { MAX_DRAWS, randomDigits } from '../orders/numbers';

function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

/** A new invoice (or credit note) number, taken for good, drawn again while taken. */
export async function issueInvoiceNumber(
  db: Db,
  kind: 'invoice' | 'credit-note' = 'invoice',
): Promise<string> {
  const make = kind === 'invoice' ? invoiceNumberFrom : creditNoteNumberFrom;
  for (let tries = 0; tries < MAX_DRAWS; tries += 1) {
    const number = make(randomDigits(7, true));
    const taken = await db.execute(sql`
      insert into issued_invoice_numbers (number) values (${number})
      on conflict do nothing returning number`);
    if (rowsOf(taken).length > 0) return number;
  }
  throw new Error(`No free ${kind} number after ${String(MAX_DRAWS)} draws`);
}

export type { InvoiceView };

/** Most invoices a list answers with. */
export const INVOICES_LIST_MAX = 500;

/** The ids of the customer accounts the user is a member of. */
async function accountIdsOf(db: Db, userId: string): Promise<string[]> {
  return (await cartAccountsOf(db, userId)).map((account) => account.id);
}

/** The invoices of the user's accounts in a store, newest first. */
export async function accountInvoices(
  db: Db,
  userId: string,
  storeId: string,
): Promise<InvoiceView[]> {
  const accounts = await accountIdsOf(db, userId);
  if (accounts.length === 0) return [];
  const rows = rowsOf<{ doc: InvoiceState; version: number }>(
    await db.execute(sql`
      select doc, version from read_models
       where model = ${INVOICES_READ_MODEL} and store_id = ${storeId}
         and (doc -> 'invoice' -> 'account' ->> 'id') in (${sql.join(
           accounts.map((id) => sql`${id}`),
           sql`, `,
         )})
       order by doc -> 'invoice' ->> 'issuedOn' desc, doc -> 'invoice' ->> 'number' desc
       limit ${INVOICES_LIST_MAX}`),
  );
  return rows.map((r) => invoiceView(r.doc, r.version));
}

/** One invoice by id, for a member of its account; undefined for anyone else, or none. */
export async function accountInvoice(
  db: Db,
  userId: string,
  invoiceId: string,
): Promise<InvoiceView | undefined> {
  const [row] = rowsOf<{ doc: InvoiceState; version: number }>(
    await db.execute(sql`
      select doc, version from read_models
       where model = ${INVOICES_READ_MODEL} and stream_id = ${`invoice:${invoiceId}`}`),
  );
  const accountId = row?.doc.invoice?.account.id;
  if (!row || !accountId) return undefined;
  return (await accountIdsOf(db, userId)).includes(accountId)
    ? invoiceView(row.doc, row.version)
    : undefined;
}
