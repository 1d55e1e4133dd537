/**
 * `npm run bench`: the store's benchmarks, on the embedded database and, when DATABASE_URL
 * is set, on that PostgreSQL too. Prints a table and writes reports/bench.json as
 * `[{ "name": ..., "value": N, "unit": ... }]`. The browser figures need Chromium. Times on a shared machine are noisy:
 * compare figures from one run, and never assert on them in tests.
 */
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { ROOT_DIR } from '../server/src/config';
import { tempDir } from '../tests/support/temp-dir';
import { benchCartReducer } from './bench/cart-reducer';
import { benchCatalogSearch } from './bench/catalog-search';
import { benchColdOpen } from './bench/cold-open';
import { benchCommandToPaint } from './bench/command-to-paint';
import { benchFirstVisit } from './bench/first-visit';
import { benchOfflineConvergence } from './bench/offline-convergence';
import { benchPlaceOrder } from './bench/place-order';
import { benchServerCommands } from './bench/server-commands';
import type { Metric } from './bench/metric';

const metrics: Metric[] = [];
const dir = await tempDir('store-bench-');
try {
  metrics.push(...benchCartReducer());
  metrics.push(...(await benchColdOpen()));
  metrics.push(...(await benchCommandToPaint()));
  metrics.push(...(await benchOfflineConvergence()));
  metrics.push(...(await benchServerCommands()));
  metrics.push(...(await benchCatalogSearch(dir)));
  metrics.push(...(await benchPlaceOrder(dir)));
  metrics.push(...(await benchFirstVisit(dir)));
} finally {
  await rm(dir, { recursive: true, force: true });
}

console.table(metrics);
await mkdir(path.join(ROOT_DIR, 'reports'), { recursive: true });
await writeFile(
  path.join(ROOT_DIR, 'reports', 'bench.json'),
  `${JSON.stringify(metrics, null, 2)}\n`,
);
