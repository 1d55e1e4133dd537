/**
 * The catalog API over the seeded catalog, on PGlite and PostgreSQL: search relevance (by
 * code, a word of the name, the program), filters, facets, sorting and pages; products and
 * their store prices; the offline index; bad input answered with 400.
 */
import { access } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  SEARCH_PAGE_SIZE,
  type CatalogIndex,
  type ProductDetail,
  type SearchResult,
} from '../../../../../domain/catalog/catalog';
import { isUpc } from '../../../../../domain/catalog/upc';
import { buildTestApp } from '../../../../../tests/support/app';
import { ROOT_DIR } from '../../../config';
import { testDatabaseTargets, type TestDatabase } from '../../../../../tests/support/databases';
import { listPriceMinor, seedProducts, STORE_RATES } from '../../../db/catalog-seed';
import { seedIfEmpty } from '../../../db/seed';

describe.each(testDatabaseTargets())('catalog API on $kind', (target) => {
  let t: TestDatabase;
  let app: FastifyInstance;
  const seeded = seedProducts();

  beforeAll(async () => {
    t = await target.open();
    app = await buildTestApp(t.database);
    await seedIfEmpty(t.database.db);
  });

  afterAll(async () => {
    await app.close();
    await t.dispose();
  });

  async function search(query: string): Promise<SearchResult> {
    const response = await app.inject(`/api/catalog/search?${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<SearchResult>();
  }

  it('finds a product by its code, first', async () => {
    const result = await search('locale=en-us&q=WRI3-KIT');
    expect(result.items[0]?.code).toBe('WRI3-KIT');
    const lower = await search('locale=en-us&q=mcs5-qg1y');
    expect(lower.items[0]?.code).toBe('MCS5-QG1Y');
  });

  it('finds a family by the start of its code', async () => {
    const result = await search('locale=en-us&q=HMA');
    expect(result.total).toBe(seeded.filter((p) => p.code.startsWith('HMA2-')).length);
    expect(result.items.every((p) => p.code.startsWith('HMA2-'))).toBe(true);
  });

  it('finds products by a word of their name, as a prefix and with stemming', async () => {
    const result = await search('locale=en-us&q=Westbrook');
    expect(result.items.map((p) => p.code)).toContain('WRI3-KIT');
    expect(result.items.every((p) => p.name.includes('Westbrook'))).toBe(true);
    const prefix = await search('locale=en-us&q=westb');
    expect(prefix.total).toBe(result.total);
    const stemmed = await search('locale=en-us&q=inventories');
    expect(stemmed.items.some((p) => p.name.includes('Inventory'))).toBe(true);
  });

  it('finds products by their program, and ranks name matches above descriptions', async () => {
    const result = await search('locale=en-us&q=Meridian%20Cognitive%20Scales');
    const programs = new Set(result.items.map((p) => p.program));
    expect(programs).toEqual(new Set(['Meridian Cognitive Scales']));
    expect(result.total).toBe(
      seeded.filter((p) => p.program === 'Meridian Cognitive Scales').length,
    );
  });

  it('returns nothing for words the catalog does not have', async () => {
    const result = await search('locale=en-us&q=xylophone');
    expect(result).toMatchObject({ total: 0, items: [] });
  });

  it('ignores query syntax in the search text', async () => {
    const result = await search(`locale=en-us&q=${encodeURIComponent("wri3 & ! ' :* |")}`);
    expect(result.items[0]?.code).toMatch(/^WRI3-/);
  });

  it('filters by category, format and level, with facet counts for each', async () => {
    const behavior = await search('locale=en-us&category=behavior');
    expect(behavior.total).toBe(seeded.filter((p) => p.category === 'behavior').length);
    expect(behavior.items.every((p) => p.category === 'behavior')).toBe(true);
    // Facets of the other dimensions count within the category; the category facet does not.
    expect(behavior.facets.category['behavior']).toBe(behavior.total);
    expect(Object.keys(behavior.facets.category).length).toBeGreaterThan(10);
    const sumFormats = Object.values(behavior.facets.format).reduce((a, b) => a + b, 0);
    expect(sumFormats).toBe(behavior.total);

    const digitalC = await search('locale=en-us&format=digital-scoring&level=C');
    const expected = seeded.filter(
      (p) => p.format === 'digital-scoring' && p.qualificationLevel === 'C',
    );
    expect(digitalC.total).toBe(expected.length);
    expect(
      digitalC.items.every((p) => p.format === 'digital-scoring' && p.qualificationLevel === 'C'),
    ).toBe(true);
  });

  it('pages through the whole catalog without repeats', async () => {
    const first = await search('locale=en-us&sort=name');
    expect(first.total).toBe(seeded.length);
    expect(first.items).toHaveLength(SEARCH_PAGE_SIZE);
    const pages = Math.ceil(first.total / SEARCH_PAGE_SIZE);
    const codes = new Set<string>();
    for (let page = 1; page <= pages; page += 1) {
      const result = await search(`locale=en-us&sort=name&page=${page}`);
      for (const p of result.items) codes.add(p.code);
    }
    expect(codes.size).toBe(seeded.length);
    const beyond = await search(`locale=en-us&sort=name&page=${pages + 1}`);
    expect(beyond).toMatchObject({ total: seeded.length, items: [] });
  });

  it('sorts by price in the store, both ways', async () => {
    const up = await search('locale=en-gb&category=cognition-neuro&sort=price-asc');
    const prices = up.items.map((p) => p.priceMinor ?? 0);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    const down = await search('locale=en-gb&category=cognition-neuro&sort=price-desc');
    expect(down.items[0]?.priceMinor).toBeGreaterThanOrEqual(up.items.at(-1)?.priceMinor ?? 0);
  });

  it('prices each storefront in its own store and currency', async () => {
    const kit = seeded.find((p) => p.code === 'WRI3-KIT');
    for (const [locale, storeId, currency] of [
      ['en-us', 'usassessments', 'USD'],
      ['fr-ca', 'caassessments', 'CAD'],
      ['en-gb', 'ukassessments', 'GBP'],
      ['ja-jp', 'asiaassessments', 'USD'],
      ['es-es', 'esassessments', 'EUR'],
    ] as const) {
      const response = await app.inject(`/api/catalog/products/WRI3-KIT?locale=${locale}`);
      expect(response.statusCode).toBe(200);
      const product = response.json<ProductDetail>();
      expect(product).toMatchObject({
        code: 'WRI3-KIT',
        currency,
        priceMinor: listPriceMinor(kit?.usd ?? 0, STORE_RATES[storeId] ?? 0),
        availability: expect.any(String) as unknown,
      });
    }
  });

  it('describes availability: pre-order, not sold online, by phone, out of stock', async () => {
    const get = async (code: string) =>
      (await app.inject(`/api/catalog/products/${code}?locale=en-us`)).json<ProductDetail>();
    expect(await get('MCS6-KIT')).toMatchObject({
      availability: 'pre-order',
      availableOn: '2027-03-01',
    });
    const notSold = seeded.find((p) => !p.soldOnline);
    expect((await get(notSold?.code ?? '')).availability).toBe('not-sold-online');
    const byPhone = seeded.find((p) => p.soldOnline && !p.orderableOnline);
    expect((await get(byPhone?.code ?? '')).availability).toBe('not-orderable-online');
    const outOfStock = seeded.find((p) => p.stock === 0 && p.soldOnline && !p.preOrder);
    expect((await get(outOfStock?.code ?? '')).availability).toBe('out-of-stock');
    const booklet = seeded.find((p) => p.code.endsWith('-RB'));
    expect(await get(booklet?.code ?? '')).toMatchObject({
      minOrderQuantity: 25,
      maxOrderQuantity: 500,
    });
  });

  it('answers 404 for an unknown product and 400 for a malformed code or query', async () => {
    const missing = await app.inject('/api/catalog/products/NOPE-123?locale=en-us');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ error: { code: 'product_not_found' } });
    const malformed = await app.inject('/api/catalog/products/%3Cscript%3E?locale=en-us');
    expect(malformed.statusCode).toBe(400);
    const noLocale = await app.inject('/api/catalog/products/WRI3-KIT');
    expect(noLocale.statusCode).toBe(400);
    const badSort = await app.inject('/api/catalog/search?locale=en-us&sort=cheapest');
    expect(badSort.statusCode).toBe(400);
    expect(badSort.json()).toMatchObject({
      error: { code: 'invalid_input', fields: [expect.objectContaining({ path: 'sort' })] },
    });
    const badPage = await app.inject('/api/catalog/search?locale=en-us&page=0');
    expect(badPage.statusCode).toBe(400);
  });

  it('serves the whole store index for offline search', async () => {
    const response = await app.inject('/api/catalog/index?locale=en-nz');
    expect(response.statusCode).toBe(200);
    const index = response.json<CatalogIndex>();
    expect(index.currency).toBe('NZD');
    expect(index.items).toHaveLength(seeded.length);
    expect(response.headers['cache-control']).toContain('max-age');
  });

  it("gives every product its own valid UPC and its family's picture (decision 058)", async () => {
    const product = (
      await app.inject('/api/catalog/products/WRI3-KIT?locale=en-us')
    ).json<ProductDetail>();
    expect(product.upc).toBe(seeded.find((p) => p.code === 'WRI3-KIT')?.upc);
    expect(product.image).toBe('/products/wri3.svg');
    const found = await search('locale=en-us&q=WRI3-KIT');
    expect(found.items[0]).toMatchObject({ code: 'WRI3-KIT', upc: product.upc });
    const upcs = seeded.map((p) => p.upc);
    expect(new Set(upcs).size).toBe(upcs.length);
    expect(upcs.every(isUpc)).toBe(true);
    for (const image of new Set(seeded.map((p) => p.image))) {
      await expect(access(path.join(ROOT_DIR, 'public', image))).resolves.toBeUndefined();
    }
  });
});
