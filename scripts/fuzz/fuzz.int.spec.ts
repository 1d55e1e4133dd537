/**
 * `npm run fuzz` in CI (decision 035): 2,000 requests of a fixed seed over every route of a
 * real store, as a visitor and two buyers, on PGlite and on the PostgreSQL of DATABASE_URL:
 * no 5xx, no buyer's data in another's answer, no stored markup served raw.
 */
import { describe, expect, it } from 'vitest';
import { postgresUrl } from '../../tests/support/databases';
import { runFuzz } from './run';

const SEED = 20_261_124;
const engines = [
  { kind: 'pglite', databaseUrl: undefined },
  ...(postgresUrl() ? [{ kind: 'postgres', databaseUrl: postgresUrl() }] : []),
];

describe.each(engines)('the fuzzer on $kind', ({ databaseUrl }) => {
  it('sends 2,000 requests to every route: no 5xx, no leak, no markup served raw', async () => {
    const report = await runFuzz({
      requests: 2_000,
      seed: SEED,
      ...(databaseUrl ? { databaseUrl } : {}),
    });
    expect(report.requests).toBe(2_000);
    // Every route of the table is one the app has, and the app has routes of every kind.
    expect(report.routes.missing).toEqual([]);
    expect(report.routes.listed).toBeGreaterThan(50);
    const failures = report.failures.map(
      (f) => `${f.kind} ${f.route} as ${f.actor} (${String(f.status)}): ${f.detail.slice(0, 200)}`,
    );
    expect(failures).toEqual([]);
    expect(report.failuresByKind).toEqual({});
  }, 240_000);
});
