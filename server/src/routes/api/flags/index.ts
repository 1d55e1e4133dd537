/**
 * GET /api/flags?locale=: the flags of whoever calls, evaluated with their context (decision
 * 058). A signed-in caller's context carries their own id, taken from the session or token the
 * request came with (never from anything the browser sends), and the country they registered
 * in; a visitor's is anonymous. The answer names the context, so the browser's live flag
 * client is identified with the same one.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { flagContextFor, type FlagContext } from '../../../../../domain/flags/context';
import { bootstrapQuerySchema } from '../../../../../domain/shared/bootstrap';
import { storefrontFor, type Locale } from '../../../../../domain/storefront/storefronts';
import { buyerOf } from '../../../acting/acting';
import type { FlagBootstrap, FlagService } from '../../../flags/flag-service';
import { visitorCountry } from '../bootstrap';

export interface CallerFlags {
  readonly context: FlagContext;
  readonly flags: FlagBootstrap;
}

/** The context a request's flags are evaluated with: the caller's, in a storefront. */
export function callerFlagContext(
  request: FastifyRequest,
  locale: Locale,
  countryHeader: string,
): FlagContext {
  const buyer = buyerOf(request.acting);
  return flagContextFor(
    buyer ? { id: buyer.id, registrationCountry: buyer.registrationCountry } : null,
    storefrontFor(locale),
    visitorCountry(request, countryHeader),
  );
}

export function registerFlagRoutes(
  app: FastifyInstance,
  flags: FlagService,
  countryHeader: string,
): void {
  app.get(
    '/api/flags',
    { config: { access: 'anyone' } },
    async (request, reply): Promise<CallerFlags> => {
      const { locale } = bootstrapQuerySchema.parse(request.query);
      const context = callerFlagContext(request, locale, countryHeader);
      // Whose flags these are depends on the caller: never kept by a cache.
      reply.header('cache-control', 'private, no-store');
      return { context, flags: await flags.bootstrap(context) };
    },
  );
}
