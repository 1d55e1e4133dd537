/**
 * Quotes (SPEC 2.5, 2.7; decision 051). The quote itself is a stream (requested, cancelled
 * and emailed through the sync routes at /api/quote-streams); these are its pages' reads:
 *
 * - `GET /api/quotes?locale=`: the caller's quotes in the store, newest first, each with its
 *   status today and what may be done with it;
 * - `GET /api/quotes/{id}`: one of them, whole;
 * - `GET /api/quotes/{id}/pdf`: its PDF (`quote-pdf-download-upgrade` chooses the layout);
 * - `GET /api/quotes/preview?locale=&cartId=`: the cart priced as its quote would be, with
 *   the early expiration notice the buyer is shown before confirming (SPEC 2.5, 9);
 * - `POST /api/quotes/{id}/order` `{ locale, cartId }`: the quote goes into the buyer's cart
 *   at its prices, for checkout; or 'We are sorry but your quote could not be completed...'
 *   (409) with the reason's code.
 *
 * Another buyer's quote reads as not found. Never cached by anything between.
 */
import type { FastifyInstance } from 'fastify';
import {
  orderQuoteBodySchema,
  quoteIdParams,
  quotePreviewQuerySchema,
  quotesQuerySchema,
} from '../../../../../domain/quote/requests';
import { dateOfInstant } from '../../../../../domain/shared/calendar';
import { DomainError } from '../../../../../domain/shared/domain-error';
import { storefrontFor } from '../../../../../domain/storefront/storefronts';
import { actingBuyer } from '../../../acting/plugin';
import type { CommandHandler } from '../../../commands/execute';
import { placesFor } from '../../../orders/place-order';
import { orderQuote } from '../../../quotes/order-quote';
import type { Db } from '../../../db/database';
import type { EventStore } from '../../../event-store/event-store';
import type { FlagService } from '../../../flags/flag-service';
import type { MailTranslations } from '../../../mail/translations';
import { errorBody } from '../../../plugins/errors';
import { quotePdfName, quotePdfOf } from '../../../quotes/quote-files';
import { priceCartQuote } from '../../../quotes/quote-pricing';
import { buyersQuote, buyersQuotes } from '../../../quotes/quote-repository';
import { ruleBody } from '../checkout/index';

export interface QuoteRouteDeps {
  readonly db: Db;
  readonly flags: FlagService;
  readonly store: () => EventStore;
  readonly translations: () => MailTranslations;
  readonly commands: CommandHandler;
  /** The clock (tests). */
  readonly now?: () => Date;
}

export function registerQuoteRoutes(app: FastifyInstance, deps: QuoteRouteDeps): void {
  const { db } = deps;
  const now = () => deps.now?.() ?? new Date();
  const today = () => dateOfInstant(now().toISOString());
  const notFound = () => errorBody('not_found', 'No such quote.');

  app.get('/api/quotes', { config: { access: 'buyer' } }, async (request, reply) => {
    const user = actingBuyer(request);
    reply.header('cache-control', 'no-store');
    const { locale } = quotesQuerySchema.parse(request.query);
    return { quotes: await buyersQuotes(db, user.id, storefrontFor(locale).storeId, today()) };
  });

  app.get('/api/quotes/preview', { config: { access: 'buyer' } }, async (request, reply) => {
    const user = actingBuyer(request);
    reply.header('cache-control', 'no-store');
    const query = quotePreviewQuerySchema.parse(request.query);
    try {
      const quote = await priceCartQuote(deps, {
        quoteId: 'preview',
        userId: user.id,
        cartId: query.cartId,
        accountId: query.accountId ?? null,
        locale: query.locale,
        now: now(),
      });
      return { preview: quote };
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      return reply.code(422).send(ruleBody(error.code, error.detail));
    }
  });

  app.get('/api/quotes/:id', { config: { access: 'buyer' } }, async (request, reply) => {
    const user = actingBuyer(request);
    reply.header('cache-control', 'no-store');
    const { id } = quoteIdParams.parse(request.params);
    const quote = await buyersQuote(db, user.id, id, today());
    if (!quote) return reply.code(404).send(notFound());
    return { quote };
  });

  app.post('/api/quotes/:id/order', { config: { access: 'buyer' } }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const { id } = quoteIdParams.parse(request.params);
    const body = orderQuoteBodySchema.parse(request.body);
    const who = request.acting;
    if (!placesFor(who)) return reply.code(404).send(notFound());
    const outcome = await orderQuote(
      {
        db,
        store: deps.store(),
        commands: deps.commands,
        flags: deps.flags,
        translate: (locale) => deps.translations().translate(locale),
        now,
      },
      who,
      { quoteId: id, locale: body.locale, cartId: body.cartId },
    );
    if (outcome.kind === 'not-found') return reply.code(404).send(notFound());
    if (outcome.kind === 'refused') {
      return reply.code(409).send(ruleBody(outcome.code, outcome.message));
    }
    return { cartId: outcome.cartId };
  });

  app.get('/api/quotes/:id/pdf', { config: { access: 'buyer' } }, async (request, reply) => {
    const user = actingBuyer(request);
    const { id } = quoteIdParams.parse(request.params);
    const found = await buyersQuote(db, user.id, id, today());
    if (!found?.quote) return reply.code(404).send(notFound());
    const pdf = await quotePdfOf(deps, found.quote);
    // The buyer's own document: kept by their browser (offline), by nothing in between.
    return reply
      .header('cache-control', 'private, no-cache')
      .header('content-type', 'application/pdf')
      .header('content-disposition', `inline; filename="${quotePdfName(found.quote)}"`)
      .send(pdf);
  });
}
