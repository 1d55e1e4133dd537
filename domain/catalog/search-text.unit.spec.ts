import { describe, expect, it } from 'vitest';
import type { ProductSummary, SearchQuery } from './catalog';
import { prefixTsQuery, searchIndex, searchWords } from './search-text';

const product = (
  code: string,
  name: string,
  extra: Partial<ProductSummary> = {},
): ProductSummary => ({
  code,
  name,
  program: name.replace(/, .*$/, ''),
  category: 'behavior',
  format: 'physical-kit',
  qualificationLevel: 'B',
  availability: 'in-stock',
  priceMinor: 1000,
  currency: 'USD',
  ...extra,
});

const index = [
  product('BRS4-KIT', 'Brightpath Behavior Rating Scales, Complete Kit', { priceMinor: 39199 }),
  product('BRS4-QG1Y', 'Brightpath Behavior Rating Scales, Q-global 1 year', {
    format: 'digital-scoring',
    priceMinor: 11799,
  }),
  product('WRI3-KIT', 'Westbrook Reading Inventory, Complete Kit', {
    category: 'academic-learning',
    qualificationLevel: 'A',
    priceMinor: 49499,
  }),
];

const query = (q: Partial<SearchQuery>): SearchQuery => ({
  locale: 'en-us',
  sort: 'relevance',
  page: 1,
  ...q,
});

describe('search text', () => {
  it('keeps only letters and digits, lower-cased, at most eight words', () => {
    expect(searchWords("WRI3-KIT & 'Reading' :*")).toEqual(['wri3', 'kit', 'reading']);
    expect(searchWords('a b c d e f g h i j')).toHaveLength(8);
    expect(searchWords(undefined)).toEqual([]);
  });

  it('makes every word a prefix for Postgres, or nothing for an empty query', () => {
    expect(prefixTsQuery('Behav rating')).toBe('behav:* & rating:*');
    expect(prefixTsQuery(' !! ')).toBeUndefined();
  });
});

describe('offline search over the cached index', () => {
  it('puts an exact code first and matches word prefixes', () => {
    expect(searchIndex(index, query({ q: 'brs4-qg1y' })).items[0]?.code).toBe('BRS4-QG1Y');
    expect(searchIndex(index, query({ q: 'bright rat' })).total).toBe(2);
    expect(searchIndex(index, query({ q: 'nothing here' })).total).toBe(0);
  });

  it('filters, counts facets without their own filter, and sorts by price', () => {
    const result = searchIndex(index, query({ category: 'behavior', sort: 'price-asc' }));
    expect(result.items.map((p) => p.code)).toEqual(['BRS4-QG1Y', 'BRS4-KIT']);
    expect(result.facets.category).toEqual({ behavior: 2, 'academic-learning': 1 });
    expect(result.facets.format).toEqual({ 'physical-kit': 1, 'digital-scoring': 1 });
    expect(searchIndex(index, query({ level: 'A' })).items.map((p) => p.code)).toEqual([
      'WRI3-KIT',
    ]);
  });

  it('pages by twenty', () => {
    const many = Array.from({ length: 45 }, (_, i) =>
      product(`P${String(i).padStart(3, '0')}`, `Product ${String(i).padStart(3, '0')}`),
    );
    const third = searchIndex(many, query({ sort: 'name', page: 3 }));
    expect(third).toMatchObject({ total: 45, page: 3, pageSize: 20 });
    expect(third.items.map((p) => p.code)).toEqual(['P040', 'P041', 'P042', 'P043', 'P044']);
  });
});
