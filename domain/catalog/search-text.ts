/**
 * Search text: the words of a query, the prefix query the server gives Postgres full-text
 * search, and the same search over the offline catalog index when the network is gone.
 */
import type { ProductSummary, SearchFacets, SearchQuery, SearchResult } from './catalog';
import { SEARCH_PAGE_SIZE } from './catalog';

const MAX_WORDS = 8;

/** Letters and digits only: nothing of the query syntax survives. */
export function searchWords(text: string | undefined): string[] {
  if (!text) return [];
  return text
    .normalize('NFKC')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w.length > 0)
    .slice(0, MAX_WORDS);
}

/**
 * A to_tsquery text where every word is a prefix ("read wri" finds "Reading" and "WRI3").
 * Undefined when the query has no words.
 */
export function prefixTsQuery(text: string | undefined): string | undefined {
  const words = searchWords(text);
  return words.length === 0 ? undefined : words.map((w) => `${w}:*`).join(' & ');
}

/** A product code typed as is ("wri3-kit"), for the exact-code boost. */
export function normalizedCode(text: string | undefined): string {
  return (text ?? '').trim().toUpperCase();
}

function haystack(p: ProductSummary): string[] {
  return searchWords(`${p.code} ${p.name} ${p.program} ${p.category}`);
}

function score(p: ProductSummary, words: readonly string[], code: string): number {
  if (p.code === code) return 1000;
  const hay = haystack(p);
  let total = 0;
  for (const w of words) {
    const hit = hay.some((h) => h.startsWith(w));
    if (!hit) return 0;
    total += searchWords(p.name).some((h) => h.startsWith(w)) ? 3 : 1;
  }
  return p.code.startsWith(code) && code.length > 0 ? total + 10 : total;
}

function compareBy(sort: SearchQuery['sort']) {
  return (a: { p: ProductSummary; s: number }, b: { p: ProductSummary; s: number }): number => {
    const byName = a.p.name.localeCompare(b.p.name, 'en');
    switch (sort) {
      case 'relevance':
        return b.s - a.s || byName;
      case 'name':
        return byName;
      case 'price-asc':
        return (a.p.priceMinor ?? Infinity) - (b.p.priceMinor ?? Infinity) || byName;
      case 'price-desc':
        return (b.p.priceMinor ?? -Infinity) - (a.p.priceMinor ?? -Infinity) || byName;
    }
  };
}

type Dimension = 'category' | 'format' | 'level';

function passes(p: ProductSummary, query: SearchQuery, except?: Dimension): boolean {
  return (
    (except === 'category' || !query.category || p.category === query.category) &&
    (except === 'format' || !query.format || p.format === query.format) &&
    (except === 'level' || !query.level || p.qualificationLevel === query.level)
  );
}

function countBy<K extends string>(
  items: readonly ProductSummary[],
  key: (p: ProductSummary) => K,
) {
  const counts: Partial<Record<K, number>> = {};
  for (const p of items) counts[key(p)] = (counts[key(p)] ?? 0) + 1;
  return counts;
}

/** The search of the server, over a store's cached index (offline). */
export function searchIndex(index: readonly ProductSummary[], query: SearchQuery): SearchResult {
  const words = searchWords(query.q);
  const code = normalizedCode(query.q);
  const textMatches = index
    .map((p) => ({ p, s: words.length === 0 ? 1 : score(p, words, code) }))
    .filter((x) => x.s > 0);
  const only = (except: Dimension) =>
    textMatches.filter((x) => passes(x.p, query, except)).map((x) => x.p);
  const facets: SearchFacets = {
    category: countBy(only('category'), (p) => p.category),
    format: countBy(only('format'), (p) => p.format),
    level: countBy(only('level'), (p) => p.qualificationLevel),
  };
  const matched = textMatches.filter((x) => passes(x.p, query)).sort(compareBy(query.sort));
  const start = (query.page - 1) * SEARCH_PAGE_SIZE;
  return {
    total: matched.length,
    page: query.page,
    pageSize: SEARCH_PAGE_SIZE,
    items: matched.slice(start, start + SEARCH_PAGE_SIZE).map((x) => x.p),
    facets,
  };
}
