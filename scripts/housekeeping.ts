/**
 * `npm run housekeeping [-- --dry-run]`: a round of housekeeping now (decision 044), on the
 * database the store uses (DATABASE_URL, else the embedded one in DATA_DIR): the rows that
 * have outlived their retention are deleted, and the tool prints how many of each table
 * went; `--dry-run` prints how many would, and deletes nothing. It takes the same lease as
 * the store's own rounds, so it never purges alongside one.
 *
 * While a store runs on the embedded database, which only it may open, the round is run by
 * that store through its operator channel (decision 037), with the store's own retention
 * settings; otherwise the settings are this environment's.
 */
import { parseArgs } from 'node:util';
import { loadConfig, type ServerConfig } from '../server/src/config';
import { migrate, readMigrations } from '../server/src/db/migrate';
import {
  runHousekeepingNow,
  type HousekeepingReport,
} from '../server/src/housekeeping/housekeeper';
import { formatDuration } from '../server/src/housekeeping/settings';
import { serializeError } from '../server/src/plugins/redact';
import { NoOperatorChannel, OperatorRefusal, callOperator } from '../server/src/ops/client';
import { operatorSocketPath } from '../server/src/ops/contract';
import { fail, openStoreDatabase } from './store-database';

const USAGE = `Usage: npm run housekeeping [-- --dry-run]

  Deletes now the rows that have outlived their retention (RETENTION_* settings): ended
  sessions, expired sign-in records, sign-in throttle and rate-limit rows, finished
  idempotency keys, sent mail and spent sandbox card tokens.

  --dry-run   print how many rows of each table would go, and delete nothing
`;

function parse() {
  try {
    return parseArgs({
      allowPositionals: false,
      options: {
        'dry-run': { type: 'boolean', default: false },
        help: { type: 'boolean', short: 'h', default: false },
      },
      strict: true,
    });
  } catch (error) {
    return fail(`${(error as Error).message}\n\n${USAGE}`);
  }
}

function print(report: HousekeepingReport, where: string): void {
  if (report.outcome === 'busy') {
    process.stdout.write(
      `Another instance of the store is purging now (round ${String(report.round)}): nothing was done here.\n`,
    );
    return;
  }
  const heading =
    report.outcome === 'counted'
      ? `Housekeeping, dry run (${where}): nothing deleted.`
      : `Housekeeping round ${String(report.round)} (${where}).`;
  const verb = report.outcome === 'counted' ? 'would delete' : 'deleted';
  const width = Math.max(...report.tables.map((t) => t.table.length), 5);
  const lines = [
    heading,
    `${'table'.padEnd(width)}  ${'kept'.padStart(5)}  ${verb}`,
    ...report.tables.map(
      (t) =>
        `${t.table.padEnd(width)}  ${formatDuration(t.retentionMs).padStart(5)}  ${String(t.rows)}`,
    ),
  ];
  if (report.outcome === 'lost') {
    lines.push('Another instance took the round over before it was done: it finishes it.');
  }
  process.stdout.write(`${lines.join('\n')}\n`);
}

/** The round run by the store on DATA_DIR; undefined when none answers there. */
async function throughRunningStore(
  config: ServerConfig,
  dryRun: boolean,
): Promise<HousekeepingReport | undefined> {
  try {
    const { result } = await callOperator(operatorSocketPath(config.dataDir), 'housekeeping', {
      dryRun,
    });
    return result;
  } catch (error) {
    if (error instanceof OperatorRefusal) fail(error.message);
    if (error instanceof NoOperatorChannel) return undefined;
    throw error;
  }
}

async function main(): Promise<void> {
  const args = parse();
  if (args.values.help) {
    process.stdout.write(USAGE);
    return;
  }
  const dryRun = args.values['dry-run'];
  let config: ServerConfig;
  try {
    config = loadConfig();
  } catch (error) {
    fail((error as Error).message);
  }
  if (config.databaseUrl === undefined) {
    const answered = await throughRunningStore(config, dryRun);
    if (answered) {
      print(answered, 'by the running store');
      return;
    }
  }
  const tool = `npm run housekeeping${dryRun ? ' -- --dry-run' : ''}`;
  const { database, close } = await openStoreDatabase(config, tool);
  try {
    await migrate(database, await readMigrations());
    const report = await runHousekeepingNow(database.db, config.housekeeping, { dryRun });
    print(report, database.kind === 'postgres' ? 'PostgreSQL' : 'embedded database');
  } finally {
    await close();
  }
}

try {
  await main();
} catch (error) {
  // A database error's message may quote its parameters: only its code and statement.
  fail(`npm run housekeeping failed: ${serializeError(error).message}`);
}
