/**
 * A search page's address read as a query, in the browser's first load, where zod is not
 * loaded: the same rules as the API's `searchQuerySchema` (schemas.ts; a test holds them
 * together). A value the store does not know is left out, not an error: the page shows the
 * search without that filter.
 */
import { containsCardNumber } from '../validation/card-number';
import { isStorableText } from '../validation/storable';
import type { Locale } from '../storefront/storefronts';
import {
  CATEGORIES,
  FORMATS,
  LEVELS,
  SEARCH_MAX_PAGE,
  SEARCH_TEXT_MAX,
  SORTS,
  type SearchQuery,
} from './catalog';

/** The address's parameters a search reads. */
export const SEARCH_PARAMS = ['q', 'category', 'format', 'level', 'sort', 'page'] as const;

function oneOf<T extends string>(values: readonly T[], value: string | null): T | undefined {
  return values.find((known) => known === value);
}

function searchText(value: string | null): string | undefined {
  if (value === null) return undefined;
  const text = value.trim();
  if (text.length > SEARCH_TEXT_MAX || !isStorableText(text) || containsCardNumber(text)) {
    return undefined;
  }
  return text;
}

/** As zod's `coerce.number()` with `int`, `minimum(1)` and `maximum(SEARCH_MAX_PAGE)`. */
function pageNumber(value: string | null): number {
  if (value === null) return 1;
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 && n <= SEARCH_MAX_PAGE ? n : 1;
}

export function searchQueryOf(
  locale: Locale,
  params: { get(name: string): string | null },
): SearchQuery {
  const value = (name: (typeof SEARCH_PARAMS)[number]) => {
    const raw = params.get(name);
    return raw === '' ? null : raw;
  };
  const category = value('category');
  const query: {
    -readonly [K in keyof SearchQuery]: SearchQuery[K];
  } = {
    locale,
    sort: oneOf(SORTS, value('sort')) ?? 'relevance',
    page: pageNumber(value('page')),
  };
  const q = searchText(value('q'));
  if (q !== undefined) query.q = q;
  const knownCategory = category === 'all' ? undefined : oneOf(CATEGORIES, category);
  if (knownCategory) query.category = knownCategory;
  const format = oneOf(FORMATS, value('format'));
  if (format) query.format = format;
  const level = oneOf(LEVELS, value('level'));
  if (level) query.level = level;
  return query;
}
