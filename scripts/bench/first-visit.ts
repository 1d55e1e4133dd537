/**
 * A first visit at the server (decision 038): the time to answer a page request with the
 * page rendered (its loaders' in-process API calls, React's render, the page's assembly),
 * on the embedded database, in process, without a network between. Per page, the p50 and
 * p95, and the slowest page's p95; plus the rendered HTML's size, brotli as sent.
 */
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { brotliCompressSync } from 'node:zlib';
import { openDatabase } from '../../server/src/db/database';
import { seedIfEmpty } from '../../server/src/db/seed';
import { buildTestApp } from '../../tests/support/app';
import { DIST_DIR } from '../build-stamp';
import { ensureBuild } from '../ensure-build';
import { percentile, round, type Metric } from './metric';

const RUNS = 200;
const WARM_UP = 20;

const PAGES: readonly (readonly [string, string])[] = [
  ['home', '/en-us/'],
  ['search', '/en-us/search.html?q=reading'],
  ['category', '/en-us/search.html?category=cognition-neuro'],
  ['product', '/en-us/p/MCS5-KIT'],
  ['quick_order', '/en-us/quick-order'],
  ['cart_skeleton', '/en-us/cart'],
];

export async function benchFirstVisit(dir: string): Promise<Metric[]> {
  ensureBuild();
  const database = await openDatabase({ kind: 'pglite', dataDir: path.join(dir, 'first-visit') });
  const metrics: Metric[] = [];
  let worst = 0;
  try {
    const app = await buildTestApp(database, { staticDir: DIST_DIR });
    await seedIfEmpty(database.db);
    try {
      for (const [name, url] of PAGES) {
        const times: number[] = [];
        let body = '';
        for (let i = 0; i < WARM_UP + RUNS; i += 1) {
          const start = performance.now();
          const response = await app.inject({ url, headers: { accept: 'text/html' } });
          const elapsed = performance.now() - start;
          if (response.statusCode !== 200 || !response.body.includes('id="router-data"')) {
            throw new Error(`${url} was not rendered (${response.statusCode})`);
          }
          body = response.body;
          if (i >= WARM_UP) times.push(elapsed);
        }
        times.sort((a, b) => a - b);
        const p95 = percentile(times, 95);
        worst = Math.max(worst, p95);
        metrics.push(
          { name: `first_visit_${name}_p50_ms`, value: round(percentile(times, 50)), unit: 'ms' },
          { name: `first_visit_${name}_p95_ms`, value: round(p95), unit: 'ms' },
          {
            name: `first_visit_${name}_html_br_bytes`,
            value: brotliCompressSync(body).length,
            unit: 'bytes',
          },
        );
      }
    } finally {
      await app.close();
    }
  } finally {
    await database.close();
  }
  return [{ name: 'first_visit_render_p95_ms', value: round(worst), unit: 'ms' }, ...metrics];
}
