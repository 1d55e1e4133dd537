/**
 * The catalog API: search (full text, filters, facets, sorting, pages), one product, and a
 * store's whole index for offline search. Prices and currency are the storefront's own.
 * Public data, cacheable for a minute; the service worker keeps copies for offline use.
 */
import type { FastifyInstance } from 'fastify';
import type { CatalogIndex } from '../../../../../domain/catalog/catalog';
import {
  productParamsSchema,
  searchQuerySchema,
  storeQuerySchema,
} from '../../../../../domain/catalog/schemas';
import { storefrontFor } from '../../../../../domain/storefront/storefronts';
import { catalogIndex, findProduct, searchProducts } from '../../../catalog/catalog-repository';
import type { Db } from '../../../db/database';
import { errorBody } from '../../../plugins/errors';

const CACHE = 'public, max-age=60, stale-while-revalidate=600';

export function registerCatalogRoutes(app: FastifyInstance, db: Db): void {
  app.get('/api/catalog/search', { config: { access: 'anyone' } }, async (request, reply) => {
    const query = searchQuerySchema.parse(request.query);
    reply.header('cache-control', CACHE);
    return searchProducts(db, storefrontFor(query.locale), query);
  });

  app.get(
    '/api/catalog/products/:code',
    { config: { access: 'public' } },
    async (request, reply) => {
      const { locale } = storeQuerySchema.parse(request.query);
      const { code } = productParamsSchema.parse(request.params);
      const product = await findProduct(db, storefrontFor(locale), code);
      if (!product) {
        return reply
          .code(404)
          .send(errorBody('product_not_found', `There is no product with the code ${code}.`));
      }
      reply.header('cache-control', CACHE);
      return product;
    },
  );

  app.get(
    '/api/catalog/index',
    { config: { access: 'public' } },
    async (request, reply): Promise<CatalogIndex> => {
      const { locale } = storeQuerySchema.parse(request.query);
      const storefront = storefrontFor(locale);
      reply.header('cache-control', 'public, max-age=300, stale-while-revalidate=3600');
      return { locale, currency: storefront.currency, items: await catalogIndex(db, storefront) };
    },
  );
}
