/**
 * Fills an empty database with what the store needs to run: the stores and storefronts of
 * SPEC 2.2, and the catalog with its prices and promotions. Each part runs in one
 * transaction and only when its tables are empty, so a restart never duplicates or
 * overwrites data.
 */
import { count, eq, isNull, sql } from 'drizzle-orm';
import { allStorefronts } from '../../../domain/storefront/storefronts';
import type { Db } from './database';
import {
  listPriceMinor,
  seedProducts,
  seedPromotions,
  seedScheduledPrices,
  STORE_RATES,
} from './catalog-seed';
import {
  productPrices,
  products,
  promotions,
  scheduledPrices,
  storefronts,
  stores,
} from './schema';

export async function seedIfEmpty(db: Db): Promise<boolean> {
  const seededStores = await seedStores(db);
  await seedCatalog(db);
  await seedPriceChanges(db);
  await seedUpcsAndImages(db);
  return seededStores;
}

async function seedStores(db: Db): Promise<boolean> {
  return db.transaction(async (tx) => {
    // Instances starting together against one PostgreSQL seed once.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('storefront:seed'))`);
    const [row] = await tx.select({ n: count() }).from(stores);
    if ((row?.n ?? 0) > 0) return false;
    const all = allStorefronts();
    const storeRows = [...new Map(all.map((s) => [s.storeId, s.currency])).entries()].map(
      ([storeId, currency]) => ({ storeId, currency }),
    );
    await tx.insert(stores).values(storeRows);
    await tx
      .insert(storefronts)
      .values(all.map(({ locale, storeId, language }) => ({ locale, storeId, language })));
    return true;
  });
}

async function seedCatalog(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('storefront:seed-catalog'))`);
    const [row] = await tx.select({ n: count() }).from(products);
    if ((row?.n ?? 0) > 0) return;
    const all = seedProducts();
    await tx.insert(products).values(all.map(({ usd: _usd, ...product }) => product));
    const prices = all.flatMap((product) =>
      Object.entries(STORE_RATES).map(([storeId, rate]) => ({
        productCode: product.code,
        storeId,
        amountMinor: listPriceMinor(product.usd, rate),
      })),
    );
    for (let i = 0; i < prices.length; i += 500) {
      await tx.insert(productPrices).values(prices.slice(i, i + 500));
    }
    await tx
      .insert(promotions)
      .values(seedPromotions(new Date()).map((p) => ({ ...p, productCodes: [...p.productCodes] })));
  });
}

/**
 * The price changes ahead and the promotion that ends soon (quotes' early expiration, SPEC
 * 9), dated from the day it runs: added to a catalog seeded before them, once.
 */
async function seedPriceChanges(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('storefront:seed-price-changes'))`);
    const [row] = await tx.select({ n: count() }).from(scheduledPrices);
    if ((row?.n ?? 0) > 0) return;
    const today = new Date();
    const current = await tx.select().from(productPrices);
    const price = new Map(current.map((p) => [`${p.productCode}|${p.storeId}`, p.amountMinor]));
    const changes = seedScheduledPrices(today, (code, storeId) => price.get(`${code}|${storeId}`));
    if (changes.length > 0) await tx.insert(scheduledPrices).values(changes);
    const soon = seedPromotions(today).filter((p) => p.code === 'ENDSOON10');
    await tx
      .insert(promotions)
      .values(soon.map((p) => ({ ...p, productCodes: [...p.productCodes] })))
      .onConflictDoNothing();
  });
}

/**
 * The seeded products' UPC codes and pictures (decision 058), given to a catalog seeded
 * before they existed: only products that have neither, once.
 */
async function seedUpcsAndImages(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('storefront:seed-upcs'))`);
    const missing = await tx
      .select({ code: products.code })
      .from(products)
      .where(isNull(products.upc));
    if (missing.length === 0) return;
    const seeded = new Map(seedProducts().map((p) => [p.code, p]));
    for (const { code } of missing) {
      const product = seeded.get(code);
      if (!product) continue;
      await tx
        .update(products)
        .set({ upc: product.upc, image: product.image })
        .where(eq(products.code, code));
    }
  });
}
