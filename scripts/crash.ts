/**
 * `npm run crash -- [--kills N] [--seed S] [--engine pglite|postgres]`: the crash test (tests/crash/crash-run.ts,
 * decision 036) with more kills than CI runs, on PGlite and, when DATABASE_URL is set, on
 * PostgreSQL too. The seed (CRASH_SEED, or --seed, or the default) is printed so a failing
 * run can be run again exactly.
 */
import { parseArgs } from 'node:util';
import { runCrashTest, type CrashEngine, type CrashFigures } from '../tests/crash/crash-run';
import { DEFAULT_CRASH_SEED } from './crash-seed';

function summary(f: CrashFigures): string {
  const sorted = [...f.restartMs].sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)] ?? 0;
  return [
    `${f.engine}: seed ${String(f.seed)}, ${String(f.kills)} kills in ${(f.wallMs / 1000).toFixed(1)} s`,
    `  restart: median ${String(Math.round(median))} ms, max ${String(Math.round(sorted.at(-1) ?? 0))} ms`,
    `  commands: ${String(f.commandsSent)} sent, ${String(f.commandsConfirmed)} confirmed, ${String(f.commandsRejected)} rejected, ${String(f.commandsResent)} sent again after a kill`,
    `  orders: ${String(f.ordersPlaced)} placed, ${String(f.placeOrderResent)} place-order requests sent again; ${String(f.statusChanges)} status changes; ${String(f.mailsReceived)} mails received (${String(f.mailsResentAfterLease)} sent again after their lease)`,
    `  lost: ${String(f.lost)}, duplicated: ${String(f.duplicated)}, problems: ${String(f.problems.length)}`,
    ...f.problems.slice(0, 20).map((p) => `    ${p}`),
  ].join('\n');
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      kills: { type: 'string', default: '100' },
      seed: { type: 'string' },
      engine: { type: 'string' },
    },
  });
  const kills = Number(values.kills);
  const seed = Number(values.seed ?? process.env.CRASH_SEED ?? DEFAULT_CRASH_SEED);
  if (!Number.isInteger(kills) || kills < 1 || !Number.isInteger(seed)) {
    console.error('Usage: npm run crash -- [--kills N] [--seed S] [--engine pglite|postgres]');
    process.exit(2);
  }
  const postgresUrl = process.env.DATABASE_URL?.trim() || undefined;
  const all: CrashEngine[] = postgresUrl ? ['pglite', 'postgres'] : ['pglite'];
  // --engine pglite or --engine postgres: that one only.
  const engines = values.engine ? all.filter((e) => e === values.engine) : all;
  if (engines.length === 0) {
    console.error(`--engine ${String(values.engine)}: pglite, or postgres with DATABASE_URL`);
    process.exit(2);
  }
  let failed = false;
  for (const engine of engines) {
    const figures = await runCrashTest({
      engine,
      kills,
      seed,
      ...(postgresUrl ? { postgresUrl } : {}),
      log: (line) => console.log(line),
    });
    console.log(summary(figures));
    if (figures.problems.length > 0 || figures.lost > 0 || figures.duplicated > 0) failed = true;
  }
  process.exit(failed ? 1 : 0);
}

await main();
