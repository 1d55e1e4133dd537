/**
 * Invoices (SPEC 2.3; decision 053). The invoice is a stream written by the store only
 * (issued when its order ships, paid, overdue, credited); these are its pages' reads:
 *
 * - `GET /api/invoices?locale=&status=&account=&q=`: the invoices of the caller's accounts in
 *   the store, newest first, filtered by status and account and searched by invoice, order or
 *   PO number; with each account's open balance and ageing (from all its invoices);
 * - `GET /api/invoices/{id}`: one of them, whole, with its payments and balance;
 * - `GET /api/invoices/{id}/pdf?locale=`: it as a PDF, in the storefront's language, saved
 *   under its number;
 * - `POST /api/invoices/{id}/payments?locale=` with an `Idempotency-Key`:
 *   `{ amountMinor, card }` pays the balance or part of it by a saved or a new card → 201
 *   `{ invoice, payment }` (200 when the same request was answered before); 422 with the
 *   refusal in words (nothing charged) or `checkout.payment-declined` with checkout's message.
 *   The payment's receipt is mailed to the payer, linking to the invoice at the address the
 *   request reached the store at.
 *
 * An invoice of an account the caller is not a member of reads as not found. Never cached by
 * anything between.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { accountSummaries, filterInvoices } from '../../../../../domain/invoice/list';
import {
  invoiceIdParams,
  invoiceLocaleQuery,
  invoicePaymentBodySchema,
  invoicesQuerySchema,
} from '../../../../../domain/invoice/requests';
import { IDEMPOTENCY_HEADER, idempotencyKeySchema } from '../../../../../domain/shared/idempotency';
import { dateOfInstant } from '../../../../../domain/shared/calendar';
import { storefrontFor } from '../../../../../domain/storefront/storefronts';
import { isForBuyer } from '../../../acting/acting';
import { actingBuyer } from '../../../acting/plugin';
import type { CommandHandler } from '../../../commands/execute';
import type { EventStore } from '../../../event-store/event-store';
import { PayInvoice } from '../../../invoices/pay-invoice';
import type { PaymentGateway } from '../../../payments/gateway';
import { sendOnce } from '../../../plugins/idempotency';
import { ruleBody } from '../checkout/index';
import type { Db } from '../../../db/database';
import { accountInvoice, accountInvoices } from '../../../invoices/invoice-repository';
import { invoicePdfName, invoicePdfOf } from '../../../invoices/invoice-pdf';
import type { MailTranslations } from '../../../mail/translations';
import { errorBody } from '../../../plugins/errors';

export interface InvoiceRouteDeps {
  readonly db: Db;
  readonly store: () => EventStore;
  readonly commands: CommandHandler;
  readonly payments: PaymentGateway;
  /** The store's catalogs: the PDF's words. */
  readonly translations: () => MailTranslations;
  /**
   * The address a request reached the store at (the identity's `addressOf`: PUBLIC_URL or
   * the request's checked address), for the receipt's link; throws for an unaccepted one.
   */
  readonly addressOf: (request: FastifyRequest) => string;
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

  app.get('/api/invoices/:id/pdf', { config: { access: 'buyer' } }, async (request, reply) => {
    const user = actingBuyer(request);
    const { id } = invoiceIdParams.parse(request.params);
    const { locale } = invoiceLocaleQuery.parse(request.query);
    const view = await accountInvoice(db, user.id, id);
    const invoice = view?.invoice;
    if (!view || !invoice) {
      return reply.code(404).send(errorBody('not_found', 'No such invoice.'));
    }
    const pdf = await invoicePdfOf(deps, { ...view, invoice }, locale);
    // The account's own document: kept by its member's browser, by nothing in between.
    return reply
      .header('cache-control', 'no-store')
      .header('content-type', 'application/pdf')
      .header('content-disposition', `attachment; filename="${invoicePdfName(invoice)}"`)
      .send(pdf);
  });

  const payInvoice = new PayInvoice({ ...deps, ...(deps.now ? { now: deps.now } : {}) });
  sweepAbandonedPayments(app, payInvoice);

  // The route is an adapter: parse, ask the use case, map its outcome to a status.
  app.post(
    '/api/invoices/:id/payments',
    { config: { access: 'buyer' } },
    async (request, reply) => {
      const who = request.acting;
      if (!isForBuyer(who)) throw new Error('an invoice payment acts for no buyer');
      const { id } = invoiceIdParams.parse(request.params);
      const { locale } = invoiceLocaleQuery.parse(request.query);
      const body = invoicePaymentBodySchema.parse(request.body);
      return sendOnce(db, request, reply, `invoice-payment:${who.buyer.id}`, async () => {
        const key = idempotencyKeySchema.parse(request.headers[IDEMPOTENCY_HEADER]);
        const outcome = await payInvoice.pay(who, {
          invoiceId: id,
          locale,
          body,
          key,
          ...originOf(deps, request),
        });
        switch (outcome.kind) {
          case 'paid':
            return {
              statusCode: 201,
              body: { invoice: outcome.invoice, payment: outcome.payment },
            };
          case 'not-found':
            return { statusCode: 404, body: errorBody('not_found', 'No such invoice.') };
          case 'refused':
            return { statusCode: 422, body: ruleBody(outcome.code, outcome.message) };
          case 'declined':
            return {
              statusCode: 422,
              body: ruleBody('checkout.payment-declined', outcome.message),
            };
        }
      });
    },
  );
}

/** Where the payment's receipt links to; none when the request's address is not the store's. */
function originOf(
  deps: Pick<InvoiceRouteDeps, 'addressOf'>,
  request: FastifyRequest,
): { origin?: string } {
  try {
    return { origin: new URL(deps.addressOf(request)).origin };
  } catch {
    return {};
  }
}

/** How often each instance settles invoice payments whose request died. */
export const PAYMENT_SWEEP_MS = 60_000;

function sweepAbandonedPayments(app: FastifyInstance, payInvoice: PayInvoice): void {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | undefined;
  app.addHook('onReady', (done) => {
    timer = setInterval(() => {
      if (running) return;
      running = payInvoice
        .sweepAbandoned()
        .catch((error: unknown) => {
          app.log.error({ err: error }, 'the sweep of abandoned invoice payments failed');
        })
        .finally(() => {
          running = undefined;
        });
    }, PAYMENT_SWEEP_MS);
    timer.unref();
    done();
  });
  app.addHook('preClose', async () => {
    clearInterval(timer);
    await running;
  });
}
