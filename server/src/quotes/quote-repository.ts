/**
 * Quotes as the pages read them (decision 051): the `quotes` read model, the caller's own
 * only, with what the buyer may do with each today; and the quote numbers, each issued once.
 */
import { sql } from 'drizzle-orm';
import { quoteNumberFrom } from '../../../domain/quote/numbers';
import { quoteView, type QuoteState, type QuoteView } from '../../../domain/quote/quote';
import { QUOTES_READ_MODEL } from '../../../domain/quote/stream';
import type { Db } from '../db/database';
import { MAX_DRAWS, randomDigits } from '../orders/numbers';

function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

/** A new quote number, taken for good (issued_quote_numbers), drawn again while taken. */
export async function issueQuoteNumber(db: Db): Promise<string> {
  for (let tries = 0; tries < MAX_DRAWS; tries += 1) {
    const number = quoteNumberFrom(randomDigits(7, true));
    const taken = await db.execute(sql`
      insert into issued_quote_numbers (number) values (${number})
      on conflict do nothing returning number`);
    if (rowsOf(taken).length > 0) return number;
  }
  throw new Error(`No free quote number after ${String(MAX_DRAWS)} draws`);
}

export type { QuoteView };

/** Most quotes a list answers with. */
export const QUOTES_LIST_MAX = 200;

/** The buyer's quotes of a store, newest first. */
export async function buyersQuotes(
  db: Db,
  userId: string,
  storeId: string,
  today: string,
): Promise<QuoteView[]> {
  const rows = rowsOf<{ doc: QuoteState; version: number }>(
    await db.execute(sql`
      select doc, version from read_models
       where model = ${QUOTES_READ_MODEL} and owner_id = ${userId} and store_id = ${storeId}
         and owner_kind = 'user'
       order by doc -> 'quote' ->> 'createdAt' desc
       limit ${QUOTES_LIST_MAX}`),
  );
  return rows.map((r) => quoteView(r.doc, r.version, today));
}

/** One of the buyer's quotes by id; undefined for another's, or none. */
export async function buyersQuote(
  db: Db,
  userId: string,
  quoteId: string,
  today: string,
): Promise<QuoteView | undefined> {
  const [row] = rowsOf<{ doc: QuoteState; version: number; owner_id: string }>(
    await db.execute(sql`
      select doc, version, owner_id from read_models
       where model = ${QUOTES_READ_MODEL} and stream_id = ${`quote:${quoteId}`}
         and owner_kind = 'user' and owner_id = ${userId}`),
  );
  return row && row.doc.quote?.buyer.userId === userId
    ? quoteView(row.doc, row.version, today)
    : undefined;
}
