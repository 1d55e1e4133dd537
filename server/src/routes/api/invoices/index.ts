/**
 * Invoices (SPEC 2.3; decision 053). The invoice is a stream written by the store only
 * (issued when its order ships, paid, overdue, credited); these are its pages' reads:
 *
 * - `GET /api/invoices?locale=&status=&account=&q=`: the invoices of the caller's accounts in
 *   the store, newest first, filtered by status and account and searched by invoice, order or
 *   PO number; with each account's open balance and ageing (from all its invoices);
 * - `GET /api/invoices/{id}`: one of them, whole, with its payments and balance.
 *
 * An invoice of an account the caller is not a member of reads as not found. Never cached by
 * anything between.
 */
import type { FastifyInstance } from 'fastify';
import { accountSummaries, filterInvoices } from '../../../../../domain/invoice/list';
import { invoiceIdParams, invoicesQuerySchema } from '../../../../../domain/invoice/requests';
import { dateOfInstant } from '../../../../../domain/shared/calendar';
import { storefrontFor } from '../../../../../domain/storefront/storefronts';
import { actingBuyer } from '../../../acting/plugin';
import type { Db } from '../../../db/database';
import { accountInvoice, accountInvoices } from '../../../invoices/invoice-repository';
import { errorBody } from '../../../plugins/errors';

export interface InvoiceRouteDeps {
  readonly db: Db;
  /** The clock (tests). */
  readonly now?: () => Date;
}

export function registerInvoiceRoutes(app: FastifyInstance, deps: InvoiceRouteDeps): void {
  const { db } = deps;
  const today = () => dateOfInstant((deps.now?.() ?? new Date()).toISOString());

  app.get('/api/invoices', { config: { access: 'buyer' } }, async (request, reply) => {
    const user = actingBuyer(request);
    reply.header('cache-control', 'no-store');
    const query = invoicesQuerySchema.parse(request.query);
    const all = await accountInvoices(db, user.id, storefrontFor(query.locale).storeId);
    return {
      invoices: filterInvoices(all, query),
      accounts: accountSummaries(all, today()),
    };
  });

  app.get('/api/invoices/:id', { config: { access: 'buyer' } }, async (request, reply) => {
    const user = actingBuyer(request);
    reply.header('cache-control', 'no-store');
    const { id } = invoiceIdParams.parse(request.params);
    const invoice = await accountInvoice(db, user.id, id);
    if (!invoice) return reply.code(404).send(errorBody('not_found', 'No such invoice.'));
    return { invoice };
  });
}
