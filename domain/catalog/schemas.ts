/**
 * The catalog API's inputs at the server's edge: a search's query, the storefront of a call,
 * a product's code. The browser reads a search page's address with `searchQueryOf`
 * (search-query.ts), which agrees with `searchQuerySchema` and needs no zod.
 */
import * as z from 'zod/mini';
import { LOCALES } from '../storefront/storefronts';
import { noCardNumber } from '../validation/card-number-check';
import { storableText } from '../validation/storable-check';
import {
  CATEGORIES,
  FORMATS,
  LEVELS,
  PRODUCT_CODE,
  SEARCH_MAX_PAGE,
  SEARCH_TEXT_MAX,
  SORTS,
  type SearchQuery,
} from './catalog';

const optionalText = (max: number) =>
  z.optional(z.string().check(z.trim(), z.maxLength(max), storableText(), noCardNumber()));

export const searchQuerySchema = z.object({
  locale: z.enum(LOCALES),
  q: optionalText(SEARCH_TEXT_MAX),
  category: z.optional(z.enum(CATEGORIES)),
  format: z.optional(z.enum(FORMATS)),
  level: z.optional(z.enum(LEVELS)),
  sort: z._default(z.enum(SORTS), 'relevance'),
  page: z._default(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(SEARCH_MAX_PAGE)), 1),
});

// The schema's answer is the domain's SearchQuery, and the reverse.
true satisfies z.output<typeof searchQuerySchema> extends SearchQuery ? true : never;
true satisfies SearchQuery extends z.output<typeof searchQuerySchema> ? true : never;

/** The storefront whose prices and currency a catalog call answers in. */
export const storeQuerySchema = z.object({ locale: z.enum(LOCALES) });

export const productParamsSchema = z.object({
  code: z
    .string()
    .check(
      z.trim(),
      z.toUpperCase(),
      z.regex(PRODUCT_CODE, { error: 'catalog.product.code-invalid' }),
    ),
});
