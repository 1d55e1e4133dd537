/**
 * The crash test in CI (issue 16, decision 036): 20 SIGKILLs of the real store process on
 * each engine (a fresh PGlite directory; a fresh PostgreSQL schema when DATABASE_URL is
 * set), both engines at once, while buyers flush their queues, orders are placed and the
 * process managers run. Nothing confirmed may be lost, nothing applied twice. The kill times
 * come from a fixed seed, printed; CRASH_SEED runs another. `npm run crash` runs more kills.
 */
import { describe, expect, inject, it } from 'vitest';
import { DEFAULT_CRASH_SEED } from '../../scripts/crash-seed';
import { postgresUrl, testDatabaseTargets } from '../support/databases';
import { runCrashTest } from './crash-run';

const KILLS = 20;
const seed = Number(process.env.CRASH_SEED ?? DEFAULT_CRASH_SEED);

describe('the store killed at random moments', () => {
  it.concurrent.each(testDatabaseTargets().map((t) => t.kind))(
    'loses and repeats nothing on %s',
    async (engine) => {
      const url = postgresUrl();
      const figures = await runCrashTest({
        engine,
        kills: KILLS,
        seed,
        ...(url ? { postgresUrl: url } : {}),
        pgliteTemplate: inject('pgliteTemplate'),
        // CRASH_VERBOSE=1: a line per kill.
        ...(process.env.CRASH_VERBOSE ? { log: (line: string) => console.log(line) } : {}),
      });
      const restarts = [...figures.restartMs].sort((a, b) => a - b);
      console.log(
        `crash test on ${engine}: seed ${String(seed)} (CRASH_SEED), ${String(figures.kills)} kills in ` +
          `${(figures.wallMs / 1000).toFixed(1)} s (median restart ${String(Math.round(restarts[restarts.length >> 1] ?? 0))} ms); ` +
          `${String(figures.commandsConfirmed)} commands confirmed (${String(figures.commandsResent)} sent again), ` +
          `${String(figures.ordersPlaced)} orders (${String(figures.placeOrderResent)} sent again), ` +
          `${String(figures.statusChanges)} status changes, ${String(figures.mailsReceived)} mails (${String(figures.mailsResentAfterLease)} again after their lease)`,
      );
      expect(figures.problems).toEqual([]);
      expect(figures.kills).toBeGreaterThanOrEqual(KILLS);
      expect(figures.lost).toBe(0);
      expect(figures.duplicated).toBe(0);
      // The load really ran across the kills.
      expect(figures.commandsResent).toBeGreaterThan(0);
      expect(figures.ordersPlaced).toBeGreaterThan(0);
      expect(figures.statusChanges).toBeGreaterThan(0);
    },
    // Each restart costs about a second; a loaded machine is slower.
    600_000,
  );
});
