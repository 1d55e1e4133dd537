/**
 * Catalog search at the server, over the whole seeded catalog: each search goes through the
 * whole request path (routing, validation, the full-text query with facets, serialization)
 * in process, without a network between. Per engine, the p50 and p95 of every case and the
 * slowest case's p95 (issue 6: under 50 ms).
 */
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import type { Database } from '../../server/src/db/database';
import { openDatabase } from '../../server/src/db/database';
import { seedIfEmpty } from '../../server/src/db/seed';
import { buildTestApp } from '../../tests/support/app';
import { percentile, round, type Metric } from './metric';

const RUNS = 300;
const WARM_UP = 30;

/** A word, a prefix, a code, a program, several words, filters only, and filters with words. */
const CASES: readonly (readonly [string, string])[] = [
  ['word', 'q=reading'],
  ['prefix', 'q=beha'],
  ['code', 'q=MCS5-KIT'],
  ['program', 'q=Meridian%20Cognitive%20Scales'],
  ['words_price_sort', 'q=behavior%20rating%20scales&sort=price-asc'],
  ['category', 'category=cognition-neuro'],
  ['word_filters_page2', 'q=kit&format=physical-kit&level=B&page=2'],
];

async function measure(engine: string, database: Database): Promise<Metric[]> {
  const app = await buildTestApp(database);
  await seedIfEmpty(database.db);
  const metrics: Metric[] = [];
  let worst = 0;
  try {
    for (const [name, query] of CASES) {
      const url = `/api/catalog/search?locale=en-us&${query}`;
      const times: number[] = [];
      for (let i = 0; i < WARM_UP + RUNS; i += 1) {
        const start = performance.now();
        const response = await app.inject(url);
        const elapsed = performance.now() - start;
        if (response.statusCode !== 200) throw new Error(`${url} answered ${response.statusCode}`);
        if (i >= WARM_UP) times.push(elapsed);
      }
      times.sort((a, b) => a - b);
      const p95 = percentile(times, 95);
      worst = Math.max(worst, p95);
      metrics.push(
        {
          name: `catalog_search_${name}_p50_ms_${engine}`,
          value: round(percentile(times, 50)),
          unit: 'ms',
        },
        { name: `catalog_search_${name}_p95_ms_${engine}`, value: round(p95), unit: 'ms' },
      );
    }
  } finally {
    await app.close();
  }
  return [{ name: `catalog_search_p95_ms_${engine}`, value: round(worst), unit: 'ms' }, ...metrics];
}

export async function benchCatalogSearch(dir: string): Promise<Metric[]> {
  const metrics: Metric[] = [];
  const pglite = await openDatabase({ kind: 'pglite', dataDir: path.join(dir, 'catalog-pglite') });
  try {
    metrics.push(...(await measure('pglite', pglite)));
  } finally {
    await pglite.close();
  }
  const url = process.env.DATABASE_URL?.trim();
  if (url) {
    const schema = `bench_catalog_${process.pid}`;
    const postgres = await openDatabase({ kind: 'postgres', url, schema });
    try {
      metrics.push(...(await measure('postgres', postgres)));
    } finally {
      await postgres.transaction((s) => s.exec(`drop schema if exists "${schema}" cascade`));
      await postgres.close();
    }
  }
  return metrics;
}
