import { beforeEach, describe, expect, it } from 'vitest';
import { CATEGORIES, FORMATS } from '../../../domain/catalog/catalog';
import { allStorefronts } from '../../../domain/storefront/storefronts';
import { testDatabaseTargets, useTestDatabase } from '../../../tests/support/databases';
import { migrate, readMigrations } from './migrate';
import { productPrices, products, promotions, storefronts, stores } from './schema';
import { seedIfEmpty } from './seed';

describe.each(testDatabaseTargets())('seed on $kind', (target) => {
  const database = useTestDatabase(target);
  beforeEach(async () => {
    await migrate(database(), await readMigrations());
  });

  it('fills an empty database with the nine stores and ten storefronts', async () => {
    expect(await seedIfEmpty(database().db)).toBe(true);
    const rows = await database().db.select().from(storefronts).orderBy(storefronts.locale);
    expect(rows).toEqual(
      allStorefronts()
        .map(({ locale, storeId, language }) => ({ locale, storeId, language }))
        .sort((a, b) => a.locale.localeCompare(b.locale)),
    );
    expect(await database().db.select().from(stores)).toHaveLength(9);
  });

  it('seeds a catalog across every category and format, priced in all nine stores', async () => {
    await seedIfEmpty(database().db);
    const all = await database().db.select().from(products);
    expect(all.length).toBeGreaterThanOrEqual(150);
    expect(new Set(all.map((p) => p.category))).toEqual(new Set(CATEGORIES));
    expect(new Set(all.map((p) => p.format))).toEqual(new Set(FORMATS));
    expect(all.some((p) => p.preOrder)).toBe(true);
    expect(all.some((p) => !p.soldOnline)).toBe(true);
    expect(all.some((p) => !p.orderableOnline)).toBe(true);
    expect(all.some((p) => p.stock === 0)).toBe(true);
    expect(all.some((p) => p.minOrderQuantity !== null)).toBe(true);
    expect(all.some((p) => p.maxOrderQuantity !== null)).toBe(true);
    expect(new Set(all.map((p) => p.qualificationLevel))).toEqual(new Set(['A', 'B', 'C']));
    const prices = await database().db.select().from(productPrices);
    expect(prices).toHaveLength(all.length * 9);
    expect(prices.every((p) => p.amountMinor > 0)).toBe(true);
    expect((await database().db.select().from(promotions)).length).toBeGreaterThanOrEqual(6);
  });

  it('leaves a database that already has data alone', async () => {
    await seedIfEmpty(database().db);
    expect(await seedIfEmpty(database().db)).toBe(false);
    expect(await database().db.select().from(storefronts)).toHaveLength(10);
  });
});
