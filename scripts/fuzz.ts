/**
 * `npm run fuzz [-- --requests N --seed S]`: requests made from every route's schemas, sent
 * to a real store (PGlite in a fresh directory, or a fresh schema of DATABASE_URL) as a
 * visitor and two buyers (decision 035). Prints the answers by status, the failures with the
 * request that reproduces each, writes reports/fuzz.json, and exits 1 on any failure.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ROOT_DIR } from '../server/src/config';
import { runFuzz } from './fuzz/run';
import { summary } from './fuzz/summary';

function numberOption(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isSafeInteger(n) || n < 0) throw new Error(`--${name} takes a whole number`);
  return n;
}

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      requests: { type: 'string' },
      seed: { type: 'string' },
      concurrency: { type: 'string' },
    },
  });
  const seed = numberOption(values.seed, Date.now() % 2 ** 31, 'seed');
  const requests = numberOption(values.requests, 2_000, 'requests');
  const databaseUrl = process.env.DATABASE_URL?.trim() || undefined;
  const report = await runFuzz({
    requests,
    seed,
    ...(databaseUrl ? { databaseUrl } : {}),
    concurrency: numberOption(values.concurrency, 6, 'concurrency'),
    progress: (line) => console.error(line),
  });
  const out = path.join(ROOT_DIR, 'reports', 'fuzz.json');
  await mkdir(path.dirname(out), { recursive: true });
  await writeFile(out, `${JSON.stringify(report, null, 2)}\n`);
  console.log(summary(report));
  console.log(`\nReport: ${path.relative(ROOT_DIR, out)} (send again with --seed ${String(seed)})`);
  return Object.keys(report.failuresByKind).length === 0 ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(2);
  },
);
