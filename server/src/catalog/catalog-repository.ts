/**
 * Reading the catalog: full-text search with filters, facets, sorting and pages; one
 * product; and a store's whole index for offline search. Prices are the store's own, in
 * its currency. Postgres full-text search (a weighted tsvector column with a GIN index)
 * works the same on PGlite and PostgreSQL.
 */
import { and, asc, eq, like, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import {
  availabilityOf,
  SEARCH_PAGE_SIZE,
  type Category,
  type CatalogIndexItem,
  type Level,
  type ProductDetail,
  type ProductFormat,
  type ProductSummary,
  type SearchFacets,
  type SearchQuery,
  type SearchResult,
} from '../../../domain/catalog/catalog';
import { normalizedCode, prefixTsQuery } from '../../../domain/catalog/search-text';
import type { Storefront } from '../../../domain/storefront/storefronts';
import type { Db } from '../db/database';
import { productPrices, products } from '../db/schema';

const summaryColumns = {
  code: products.code,
  name: products.name,
  program: products.program,
  category: products.category,
  format: products.format,
  qualificationLevel: products.qualificationLevel,
  soldOnline: products.soldOnline,
  orderableOnline: products.orderableOnline,
  preOrder: products.preOrder,
  stock: products.stock,
  priceMinor: productPrices.amountMinor,
  upc: products.upc,
  image: products.image,
};

interface SummaryRow {
  readonly code: string;
  readonly name: string;
  readonly program: string;
  readonly category: string;
  readonly format: string;
  readonly qualificationLevel: string;
  readonly soldOnline: boolean;
  readonly orderableOnline: boolean;
  readonly preOrder: boolean;
  readonly stock: number | null;
  readonly priceMinor: number | null;
  readonly upc: string | null;
  readonly image: string | null;
}

function toSummary(row: SummaryRow, currency: string): ProductSummary {
  const format = row.format as ProductFormat;
  return {
    code: row.code,
    name: row.name,
    program: row.program,
    category: row.category as Category,
    format,
    qualificationLevel: row.qualificationLevel as Level,
    availability: availabilityOf({ ...row, format }),
    priceMinor: row.priceMinor,
    currency,
    upc: row.upc,
    image: row.image,
  };
}

function priceJoin(storeId: string): SQL | undefined {
  return and(eq(productPrices.productCode, products.code), eq(productPrices.storeId, storeId));
}

/** The text part of a search: every word as a prefix, or the start of a product code. */
function textMatch(q: string | undefined): { where?: SQL; rank?: SQL<number> } {
  const tsQueryText = prefixTsQuery(q);
  if (!tsQueryText) return {};
  const tsQuery = sql`to_tsquery('english', ${tsQueryText})`;
  const code = normalizedCode(q).replace(/[^A-Z0-9-]/g, '');
  const codeMatch = code.length >= 2 ? like(products.code, `${code}%`) : undefined;
  return {
    where: or(sql`${products.search} @@ ${tsQuery}`, codeMatch),
    rank: sql<number>`ts_rank_cd(${products.search}, ${tsQuery}, 1)
      + case when ${products.code} = ${code} then 100
             when ${products.code} like ${`${code}%`} then 1 else 0 end`,
  };
}

type Dimension = 'category' | 'format' | 'level';

function filters(query: SearchQuery, except?: Dimension): (SQL | undefined)[] {
  return [
    except !== 'category' && query.category ? eq(products.category, query.category) : undefined,
    except !== 'format' && query.format ? eq(products.format, query.format) : undefined,
    except !== 'level' && query.level ? eq(products.qualificationLevel, query.level) : undefined,
  ];
}

function orderBy(sort: SearchQuery['sort'], rank: SQL<number> | undefined): SQL[] {
  switch (sort) {
    case 'relevance':
      // Without words every product is as relevant as the next: by name.
      return rank ? [sql`${rank} desc`, asc(products.name)] : [asc(products.name)];
    case 'name':
      return [asc(products.name)];
    case 'price-asc':
      return [sql`${productPrices.amountMinor} asc nulls last`, asc(products.name)];
    case 'price-desc':
      return [sql`${productPrices.amountMinor} desc nulls last`, asc(products.name)];
  }
}

export async function searchProducts(
  db: Db,
  storefront: Storefront,
  query: SearchQuery,
): Promise<SearchResult> {
  const text = textMatch(query.q);
  const page = db
    .select(summaryColumns)
    .from(products)
    .leftJoin(productPrices, priceJoin(storefront.storeId))
    .where(and(text.where, ...filters(query)))
    .orderBy(...orderBy(query.sort, text.rank))
    .limit(SEARCH_PAGE_SIZE)
    .offset((query.page - 1) * SEARCH_PAGE_SIZE);
  const facet = (dimension: Dimension, column: PgColumn) =>
    db
      .select({ value: sql<string>`${column}`, n: sql<number>`count(*)`.mapWith(Number) })
      .from(products)
      .where(and(text.where, ...filters(query, dimension)))
      .groupBy(column);
  const [rows, categories, formats, levels] = await Promise.all([
    page,
    facet('category', products.category),
    facet('format', products.format),
    facet('level', products.qualificationLevel),
  ]);
  const counts = (list: { value: string; n: number }[]): Record<string, number> =>
    Object.fromEntries(list.map(({ value, n }) => [value, n]));
  const facets: SearchFacets = {
    category: counts(categories),
    format: counts(formats),
    level: counts(levels),
  };
  // Every filter applied: the chosen level's count, or all levels together.
  const total = query.level
    ? (facets.level[query.level] ?? 0)
    : Object.values(facets.level).reduce((sum, n) => sum + n, 0);
  return {
    total,
    page: query.page,
    pageSize: SEARCH_PAGE_SIZE,
    items: rows.map((row) => toSummary(row, storefront.currency)),
    facets,
  };
}

export async function findProduct(
  db: Db,
  storefront: Storefront,
  code: string,
): Promise<ProductDetail | undefined> {
  const [row] = await db
    .select({
      ...summaryColumns,
      description: products.description,
      notDiscountable: products.notDiscountable,
      minOrderQuantity: products.minOrderQuantity,
      maxOrderQuantity: products.maxOrderQuantity,
      availableOn: products.availableOn,
      aimsweb: products.aimsweb,
    })
    .from(products)
    .leftJoin(productPrices, priceJoin(storefront.storeId))
    .where(eq(products.code, code.toUpperCase()));
  if (!row) return undefined;
  return {
    ...toSummary(row, storefront.currency),
    description: row.description,
    notDiscountable: row.notDiscountable,
    minOrderQuantity: row.minOrderQuantity,
    maxOrderQuantity: row.maxOrderQuantity,
    availableOn: row.availableOn,
    aimsweb: row.aimsweb,
  };
}

/** Every product of the store, by name: what the browser keeps for offline search and carts. */
export async function catalogIndex(db: Db, storefront: Storefront): Promise<CatalogIndexItem[]> {
  const rows = await db
    .select({
      ...summaryColumns,
      notDiscountable: products.notDiscountable,
      aimsweb: products.aimsweb,
      minOrderQuantity: products.minOrderQuantity,
      maxOrderQuantity: products.maxOrderQuantity,
    })
    .from(products)
    .leftJoin(productPrices, priceJoin(storefront.storeId))
    .orderBy(asc(products.name));
  return rows.map((row) => ({
    ...toSummary(row, storefront.currency),
    notDiscountable: row.notDiscountable,
    soldOnline: row.soldOnline,
    orderableOnline: row.orderableOnline,
    preOrder: row.preOrder,
    aimsweb: row.aimsweb,
    minOrderQuantity: row.minOrderQuantity,
    maxOrderQuantity: row.maxOrderQuantity,
  }));
}
