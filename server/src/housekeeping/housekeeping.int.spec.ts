/**
 * Housekeeping (issue 26, decision 044) on both databases: in every table it purges, the
 * rows finished longer ago than their retention go and newer or unfinished ones stay; the
 * dry run counts the same rows and deletes nothing; two housekeepers on one database never
 * purge the same round twice, a round falls due only an interval after the last finished,
 * and a round whose instance died (its lease lapsed) or stopped is finished by another.
 */
import { sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  postgresUrl,
  testDatabaseTargets,
  useTestDatabase,
} from '../../../tests/support/databases';
import {
  PURGED_TABLES,
  expectedGone,
  isGone,
  rowNames,
  writeHousekeepingRows,
  type PurgedTable,
} from '../../../tests/support/housekeeping-rows';
import { buildTestApp } from '../../../tests/support/app';
import { openDatabase, type Database } from '../db/database';
import { migrate, readMigrations } from '../db/migrate';
import { Housekeeper, type RoundOutcome, type TableCount } from './housekeeper';
import { DEFAULT_HOUSEKEEPING, type HousekeepingSettings } from './settings';
import { PURGE_TARGETS, type PurgeTarget } from './targets';

const TABLES = Object.keys(PURGED_TABLES) as PurgedTable[];
const HOUR = 3_600_000;
/** A round falls due an hour after the last one: nothing in a test waits that long. */
const SETTINGS: HousekeepingSettings = { ...DEFAULT_HOUSEKEEPING, intervalMs: HOUR };

function countsOf(tables: readonly TableCount[]): Record<string, number> {
  return Object.fromEntries(tables.map((t) => [t.table, t.rows]));
}

function total(counts: Readonly<Record<string, number>>): number {
  return Object.values(counts).reduce((a, b) => a + b, 0);
}

function deletedBy(outcomes: readonly RoundOutcome[]): number {
  return outcomes.reduce(
    (sum, outcome) =>
      sum + ('tables' in outcome ? outcome.tables.reduce((n, t) => n + t.rows, 0) : 0),
    0,
  );
}

async function jobRow(database: Database) {
  const [row] = await database.transaction((session) =>
    session.rows<{ round: string; lease_owner: string | null; finished: boolean }>(
      `select round::text, lease_owner, finished_at is not null as finished
         from housekeeping where job = 'purge'`,
    ),
  );
  return row && { round: Number(row.round), leaseOwner: row.lease_owner, finished: row.finished };
}

/** A second connection pool to the same database, as another instance has (PostgreSQL). */
async function anotherInstanceOf(
  database: Database,
): Promise<{ db: Database; close(): Promise<void> }> {
  const url = postgresUrl();
  if (database.kind === 'pglite' || url === undefined) {
    // The embedded database belongs to one process: its instances share it.
    return { db: database, close: () => Promise.resolve() };
  }
  const [row] = await database.transaction((session) =>
    session.rows<{ schema: string }>('select current_schema() as schema'),
  );
  const db = await openDatabase({
    kind: 'postgres',
    url,
    schema: row?.schema ?? 'public',
    maxConnections: 2,
  });
  return { db, close: () => db.close() };
}

describe.each(testDatabaseTargets())('housekeeping ($kind)', (target) => {
  const database = useTestDatabase(target);

  beforeEach(async () => {
    await migrate(database(), await readMigrations());
    await writeHousekeepingRows(database());
  });

  it('deletes in every table the rows finished longer ago than their retention, and keeps the rest', async () => {
    const before = Object.fromEntries(
      await Promise.all(TABLES.map(async (t) => [t, await rowNames(database(), t)] as const)),
    );
    const gone = await expectedGone(database());
    // Every table has rows to delete and rows to keep.
    for (const table of TABLES) {
      expect(gone[table], table).toBeGreaterThan(0);
      expect(before[table]?.filter((name) => !isGone(name)).length, table).toBeGreaterThan(0);
    }

    const outcome = await new Housekeeper(database().db, { settings: SETTINGS }).runRound();

    expect(outcome).toMatchObject({ kind: 'purged', round: 1, takenOver: false });
    expect(outcome.kind === 'purged' && countsOf(outcome.tables)).toEqual(gone);
    for (const table of TABLES) {
      expect(await rowNames(database(), table), table).toEqual(
        before[table]?.filter((name) => !isGone(name)),
      );
    }
  });

  it('counts in a dry run the rows a round deletes, and deletes nothing', async () => {
    const before = await Promise.all(TABLES.map((t) => rowNames(database(), t)));
    const housekeeper = new Housekeeper(database().db, { settings: SETTINGS });

    const counted = await housekeeper.dryRun();

    expect(countsOf(counted)).toEqual(await expectedGone(database()));
    expect(counted.map((t) => [t.table, t.retentionMs])).toEqual(
      PURGE_TARGETS.map((t) => [t.table, SETTINGS.retentionMs[t.retention]]),
    );
    expect(await Promise.all(TABLES.map((t) => rowNames(database(), t)))).toEqual(before);
    // It claims no round either.
    expect(await jobRow(database())).toBeUndefined();
    const purged = await housekeeper.runRound();
    expect(purged.kind === 'purged' && countsOf(purged.tables)).toEqual(countsOf(counted));
  });

  it('honours each retention setting', async () => {
    // Everything finished is past a retention of nothing (where one is allowed), but still
    // not what must stay: live sessions, unexpired records, unsent mail, saved cards.
    const settings: HousekeepingSettings = {
      intervalMs: HOUR,
      retentionMs: {
        sessions: HOUR,
        providerRecords: 0,
        signInThrottle: 0,
        rateLimits: 0,
        idempotencyKeys: HOUR,
        sentMail: 0,
        paymentTokens: 0,
      },
    };
    await new Housekeeper(database().db, { settings }).runRound();
    expect(await rowNames(database(), 'web_sessions')).toEqual(['stays-live-for-13-days']);
    expect(await rowNames(database(), 'oidc_models')).toEqual(['stays-live', 'stays-no-expiry']);
    expect(await rowNames(database(), 'login_throttle')).toEqual([
      'stays:pair:203.0.113.12 locked@example.com',
    ]);
    expect(await rowNames(database(), 'rate_limits')).toEqual(['stays:cart:user:current']);
    expect(await rowNames(database(), 'idempotency_keys')).toEqual([
      'stays-claim-lapsed-30-minutes',
      'stays-claim-taken-over-now',
    ]);
    expect(await rowNames(database(), 'mail_outbox')).toEqual([
      'stays-failed-60-days',
      'stays-pending-60-days',
    ]);
    expect(await rowNames(database(), 'payment_sandbox_tokens')).toEqual([
      'sandbox_pm_stays-saved-card',
      'sandbox_tok_stays-usable',
    ]);
    expect(await rowNames(database(), 'challenge_sandbox_spent')).toEqual(['stays-unexpired']);
  });

  it('deletes in bounded batches until nothing finished is left', async () => {
    await database().transaction((session) =>
      session.exec(`
        insert into rate_limits (key, window_start, hits)
        select 'gone:batch:' || n, now() - interval '3 hours', 1 from generate_series(1, 23) n`),
    );
    const outcome = await new Housekeeper(database().db, {
      settings: SETTINGS,
      batchSize: 5,
    }).runRound();
    expect(outcome.kind === 'purged' && countsOf(outcome.tables).rate_limits).toBe(24);
    expect((await rowNames(database(), 'rate_limits')).filter(isGone)).toEqual([]);
  });

  it('purges a round once between two housekeepers, however they meet', async () => {
    const other = await anotherInstanceOf(database());
    try {
      const gone = total(await expectedGone(database()));
      // One row a statement: a round takes many statements, in which the other tries.
      const first = new Housekeeper(database().db, { settings: SETTINGS, batchSize: 1 });
      const second = new Housekeeper(other.db.db, { settings: SETTINGS, batchSize: 1 });
      const outcomes = await Promise.all(
        [first, second, first, second, second, first].map((h) => h.runRound()),
      );

      const purged = outcomes.filter((o) => o.kind === 'purged');
      expect(purged).toHaveLength(1);
      expect(purged[0]).toMatchObject({ round: 1, takenOver: false });
      for (const o of outcomes) expect(['purged', 'busy', 'not-due']).toContain(o.kind);
      expect(deletedBy(outcomes)).toBe(gone);
      expect(await jobRow(database())).toEqual({ round: 1, leaseOwner: null, finished: true });

      // Until the interval has passed, neither starts another.
      expect((await second.runRound()).kind).toBe('not-due');
      expect((await first.runRound()).kind).toBe('not-due');
      await database().db.execute(
        sql`update housekeeping set finished_at = now() - interval '61 minutes'`,
      );
      const next = await Promise.all([first.runRound(), second.runRound()]);
      // The other finds the round running (busy) or, once it is over, not due.
      expect(next.filter((o) => o.kind === 'purged')).toHaveLength(1);
      for (const o of next) expect(['purged', 'busy', 'not-due']).toContain(o.kind);
      expect(next.find((o) => o.kind === 'purged')?.round).toBe(2);
    } finally {
      await other.close();
    }
  });

  it('takes over a round whose instance died once its lease has lapsed, and not before', async () => {
    await database().db.execute(sql`
      insert into housekeeping (job, round, lease_owner, lease_until, started_at, finished_at)
      values ('purge', 7, 'an-instance-that-died', now() + interval '1 minute',
              now() - interval '1 minute', null)`);
    const housekeeper = new Housekeeper(database().db, { settings: SETTINGS });
    const gone = total(await expectedGone(database()));

    expect(await housekeeper.runRound()).toEqual({ kind: 'busy', round: 7 });
    expect(await housekeeper.runRound({ force: true })).toEqual({ kind: 'busy', round: 7 });
    expect((await rowNames(database(), 'mail_outbox')).filter(isGone)).toHaveLength(1);

    await database().db.execute(
      sql`update housekeeping set lease_until = now() - interval '1 second'`,
    );
    const outcome = await housekeeper.runRound();
    expect(outcome).toMatchObject({ kind: 'purged', round: 7, takenOver: true });
    expect(deletedBy([outcome])).toBe(gone);
    expect(total(await expectedGone(database()))).toBe(0);
    expect(await jobRow(database())).toEqual({ round: 7, leaseOwner: null, finished: true });
  });

  it('leaves a round it stopped in to the next housekeeper, which finishes it', async () => {
    let batches = 0;
    let stopping: Promise<void> | undefined;
    // The first target, stopped after its first batch.
    const [sessions, ...rest] = PURGE_TARGETS as [PurgeTarget, ...PurgeTarget[]];
    const stopped: Housekeeper = new Housekeeper(database().db, {
      settings: SETTINGS,
      batchSize: 1,
      targets: [
        {
          ...sessions,
          finishedBefore: (cutoff) => {
            batches += 1;
            if (batches === 2) stopping = stopped.stop();
            return sessions.finishedBefore(cutoff);
          },
        },
        ...rest,
      ],
    });
    const outcome = await stopped.runRound();
    await stopping;
    expect(outcome).toMatchObject({ kind: 'stopped', round: 1 });
    expect(deletedBy([outcome])).toBe(2);
    expect(await jobRow(database())).toEqual({ round: 1, leaseOwner: null, finished: false });

    const next = await new Housekeeper(database().db, { settings: SETTINGS }).runRound();
    expect(next).toMatchObject({ kind: 'purged', round: 1, takenOver: true });
    expect(total(await expectedGone(database()))).toBe(0);
  });

  it('runs in the store once it is ready, one round between two instances', async () => {
    const other = await anotherInstanceOf(database());
    const apps = [
      await buildTestApp(database(), { housekeeping: SETTINGS }),
      await buildTestApp(other.db, { housekeeping: SETTINGS }),
    ];
    try {
      await Promise.all(apps.map((app) => app.ready()));
      await expect
        .poll(async () => (await jobRow(database()))?.finished, { timeout: 30_000 })
        .toBe(true);
      expect(total(await expectedGone(database()))).toBe(0);
    } finally {
      for (const app of apps) await app.close();
      await other.close();
    }
    expect(await jobRow(database())).toEqual({ round: 1, leaseOwner: null, finished: true });
  });

  it('runs on its own when started, and logs counts only', async () => {
    const logged: { details: object; message: string }[] = [];
    const housekeeper = new Housekeeper(database().db, {
      settings: SETTINGS,
      firstCheckMs: 0,
      logger: {
        info: (details, message) => logged.push({ details, message }),
        error: (details, message) => logged.push({ details, message }),
      },
    });
    const gone = await expectedGone(database());
    housekeeper.start();
    try {
      await expect.poll(() => logged.length, { timeout: 20_000 }).toBeGreaterThan(0);
    } finally {
      await housekeeper.stop();
    }
    expect(logged).toEqual([
      {
        details: { round: 1, outcome: 'purged', deleted: gone },
        message: `housekeeping round 1: ${total(gone)} rows deleted`,
      },
    ]);
  });
});
