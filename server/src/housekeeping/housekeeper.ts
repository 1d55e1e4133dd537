/**
 * The housekeeper (issue 26, decision 044): purges, in rounds, what has outlived its
 * retention (targets.ts). One instance at a time purges: a round is claimed with a lease in
 * the `housekeeping` row (migration 016), renewed after every batch; a round falls due an
 * interval after the last one finished, by the database's clock, so several instances on
 * one database purge once per interval between them, never the same round twice. A round
 * left unfinished (its instance stopped, or died and its lease lapsed) is taken over by the
 * next instance that looks, which finishes it.
 *
 * Rows go in bounded batches, each a statement of its own, so a round never holds locks
 * for long and requests interleave with it. The log says how many rows of each table went,
 * never what they held.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/database';
import { countFinished, deleteFinishedBatch } from './purge';
import type { HousekeepingSettings, RetentionTarget } from './settings';
import { PURGE_TARGETS, type PurgeTarget } from './targets';

/** The purge's row in `housekeeping`. */
const JOB = 'purge';

export interface HousekeepingLogger {
  info(details: object, message: string): void;
  error(details: object, message: string): void;
}

export interface HousekeeperOptions {
  readonly settings: HousekeepingSettings;
  /** How long a claim lasts without renewal (default 60 s; renewed after every batch). */
  readonly leaseMs?: number;
  /** Rows deleted a statement (default 500). */
  readonly batchSize?: number;
  /** How soon after start() it first looks for a due round (default 5 s, or the interval if shorter). */
  readonly firstCheckMs?: number;
  readonly instanceId?: string;
  readonly logger?: HousekeepingLogger;
  /** The tables it purges (default: all of targets.ts). */
  readonly targets?: readonly PurgeTarget[];
}

/** Rows of one table: deleted, or (dry run) to delete. */
export interface TableCount {
  readonly table: string;
  readonly retention: RetentionTarget;
  readonly retentionMs: number;
  readonly rows: number;
}

export type RoundOutcome =
  /** This instance purged the round (`takenOver`: one another instance had left unfinished). */
  | {
      readonly kind: 'purged';
      readonly round: number;
      readonly takenOver: boolean;
      readonly tables: readonly TableCount[];
    }
  /** It lost the lease mid-round (it stalled past it); the instance that took over goes on. */
  | { readonly kind: 'lost'; readonly round: number; readonly tables: readonly TableCount[] }
  /** It stopped mid-round; the next instance to look finishes the round. */
  | { readonly kind: 'stopped'; readonly round: number; readonly tables: readonly TableCount[] }
  /** Another instance holds the lease: it is purging now. */
  | { readonly kind: 'busy'; readonly round: number }
  /** The last round finished less than an interval ago. */
  | { readonly kind: 'not-due'; readonly round: number };

function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

const DEFAULT_LEASE_MS = 60_000;
const DEFAULT_BATCH_SIZE = 500;
const DEFAULT_FIRST_CHECK_MS = 5_000;
/** The longest pause between looks: with several instances, the round is not long overdue. */
const MAX_CHECK_MS = 60_000;

export class Housekeeper {
  readonly instanceId: string;
  private readonly targets: readonly PurgeTarget[];
  private timer: ReturnType<typeof setTimeout> | undefined;
  private running: Promise<unknown> | undefined;
  private stopped = false;

  constructor(
    private readonly db: Db,
    private readonly options: HousekeeperOptions,
  ) {
    this.instanceId = options.instanceId ?? randomUUID();
    this.targets = options.targets ?? PURGE_TARGETS;
  }

  /** Looks for a due round shortly after now, then every interval (at most every minute). */
  start(): void {
    const interval = this.options.settings.intervalMs;
    if (interval === null || this.timer !== undefined || this.stopped) return;
    const every = Math.min(interval, MAX_CHECK_MS);
    const look = (delay: number) => {
      this.timer = setTimeout(() => {
        this.running = this.runRound()
          .then((outcome) => {
            this.report(outcome);
          })
          .catch((error: unknown) => {
            this.options.logger?.error({ err: error }, 'housekeeping failed; it tries again');
          })
          .finally(() => {
            this.running = undefined;
            if (!this.stopped) look(every);
          });
      }, delay);
      this.timer.unref?.();
    };
    look(Math.min(this.options.firstCheckMs ?? DEFAULT_FIRST_CHECK_MS, interval));
  }

  /** Stops looking; a round under way ends after its current batch and is left to the next. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running;
  }

  /**
   * Purges a round if one is due (or, `force`, whenever no other instance is purging: the
   * operator's `npm run housekeeping`), or finishes one left unfinished.
   */
  async runRound({ force = false }: { readonly force?: boolean } = {}): Promise<RoundOutcome> {
    const claim = await this.claim(force);
    if (claim.kind !== 'claimed') return claim;
    const tables: TableCount[] = [];
    for (const target of this.targets) {
      const retentionMs = this.options.settings.retentionMs[target.retention];
      let rows = 0;
      for (;;) {
        if (this.stopped) {
          tables.push({ table: target.table, retention: target.retention, retentionMs, rows });
          await this.release();
          return { kind: 'stopped', round: claim.round, tables };
        }
        const limit = this.options.batchSize ?? DEFAULT_BATCH_SIZE;
        const deleted = await deleteFinishedBatch(this.db, target, retentionMs, limit);
        rows += deleted;
        if (!(await this.renew())) {
          tables.push({ table: target.table, retention: target.retention, retentionMs, rows });
          return { kind: 'lost', round: claim.round, tables };
        }
        if (deleted < limit) break;
      }
      tables.push({ table: target.table, retention: target.retention, retentionMs, rows });
    }
    if (!(await this.finish())) return { kind: 'lost', round: claim.round, tables };
    return { kind: 'purged', round: claim.round, takenOver: claim.takenOver, tables };
  }

  /** How many rows of each table a round would delete now; deletes nothing, claims nothing. */
  async dryRun(): Promise<TableCount[]> {
    const tables: TableCount[] = [];
    for (const target of this.targets) {
      const retentionMs = this.options.settings.retentionMs[target.retention];
      const rows = await countFinished(this.db, target, retentionMs);
      tables.push({ table: target.table, retention: target.retention, retentionMs, rows });
    }
    return tables;
  }

  /**
   * Takes the lease: of a new round when none runs and one is due (or forced), or of the
   * round under way when its lease is free or has lapsed. One statement, so two instances
   * asking together cannot both get it.
   */
  private async claim(
    force: boolean,
  ): Promise<
    | { readonly kind: 'claimed'; readonly round: number; readonly takenOver: boolean }
    | { readonly kind: 'busy' | 'not-due'; readonly round: number }
  > {
    const leaseMs = this.options.leaseMs ?? DEFAULT_LEASE_MS;
    const intervalMs = this.options.settings.intervalMs ?? 0;
    const [claimed] = rowsOf<{ round: number | string; fresh: boolean }>(
      await this.db.execute(sql`
        insert into housekeeping as h (job, round, lease_owner, lease_until, started_at)
        values (${JOB}, 1, ${this.instanceId},
                now() + ${leaseMs}::bigint * interval '1 millisecond', now())
        on conflict (job) do update
           set round = case when h.finished_at is null then h.round else h.round + 1 end,
               started_at = case when h.finished_at is null then h.started_at else now() end,
               finished_at = null,
               lease_owner = excluded.lease_owner,
               lease_until = excluded.lease_until
         where (h.lease_owner is null or h.lease_until < now())
           and (h.finished_at is null
                or ${force}::boolean
                or h.finished_at <= now() - ${intervalMs}::bigint * interval '1 millisecond')
        returning round, started_at = now() as fresh`),
    );
    if (claimed) {
      return { kind: 'claimed', round: Number(claimed.round), takenOver: !claimed.fresh };
    }
    const [state] = rowsOf<{ round: number | string; leased: boolean }>(
      await this.db.execute(sql`
        select round, (lease_owner is not null and lease_until >= now()) as leased
          from housekeeping where job = ${JOB}`),
    );
    return { kind: state?.leased ? 'busy' : 'not-due', round: Number(state?.round ?? 0) };
  }

  /** Extends the lease; false when another instance has taken the round over. */
  private async renew(): Promise<boolean> {
    const leaseMs = this.options.leaseMs ?? DEFAULT_LEASE_MS;
    const renewed = rowsOf<{ job: string }>(
      await this.db.execute(sql`
        update housekeeping
           set lease_until = now() + ${leaseMs}::bigint * interval '1 millisecond'
         where job = ${JOB} and lease_owner = ${this.instanceId}
        returning job`),
    );
    return renewed.length > 0;
  }

  private async finish(): Promise<boolean> {
    const finished = rowsOf<{ job: string }>(
      await this.db.execute(sql`
        update housekeeping
           set finished_at = now(), lease_owner = null, lease_until = null
         where job = ${JOB} and lease_owner = ${this.instanceId}
        returning job`),
    );
    return finished.length > 0;
  }

  /** Gives the unfinished round up at once, for the next instance that looks. */
  private async release(): Promise<void> {
    await this.db.execute(sql`
      update housekeeping set lease_owner = null, lease_until = null
       where job = ${JOB} and lease_owner = ${this.instanceId}`);
  }

  private report(outcome: RoundOutcome): void {
    if (outcome.kind === 'busy' || outcome.kind === 'not-due') return;
    this.options.logger?.info(
      {
        round: outcome.round,
        outcome: outcome.kind,
        deleted: Object.fromEntries(outcome.tables.map((t) => [t.table, t.rows])),
      },
      `housekeeping round ${outcome.round}: ${outcome.tables.reduce((n, t) => n + t.rows, 0)} rows deleted`,
    );
  }
}

/** The store's housekeeper: started when the app is ready, stopped before the database closes. */
export function startHousekeeping(
  app: FastifyInstance,
  db: Db,
  settings: HousekeepingSettings,
  options: Omit<HousekeeperOptions, 'settings' | 'logger'> = {},
): void {
  if (settings.intervalMs === null) return;
  const housekeeper = new Housekeeper(db, {
    ...options,
    settings,
    logger: {
      info: (details, message) => app.log.info(details, message),
      error: (details, message) => app.log.error(details, message),
    },
  });
  app.addHook('onReady', (done) => {
    housekeeper.start();
    done();
  });
  app.addHook('preClose', async () => {
    await housekeeper.stop();
  });
}

/** What `npm run housekeeping` reports (the operator channel's `housekeeping` answer). */
export interface HousekeepingReport {
  readonly dryRun: boolean;
  /**
   * `purged`: the round ran here; `counted`: the dry run; `busy`: another instance is
   * purging now, nothing was done here; `lost`: another instance took the round over.
   */
  readonly outcome: 'purged' | 'counted' | 'busy' | 'lost';
  /** The round purged (or found under way); null for a dry run. */
  readonly round: number | null;
  readonly tables: readonly {
    readonly table: string;
    readonly retentionMs: number;
    readonly rows: number;
  }[];
}

/** A round now, whether due or not (or, `dryRun`, the counts of one), for the operator. */
export async function runHousekeepingNow(
  db: Db,
  settings: HousekeepingSettings,
  { dryRun }: { readonly dryRun: boolean },
): Promise<HousekeepingReport> {
  const housekeeper = new Housekeeper(db, { settings });
  const rows = (tables: readonly TableCount[]) =>
    tables.map(({ table, retentionMs, rows: n }) => ({ table, retentionMs, rows: n }));
  if (dryRun) {
    return { dryRun, outcome: 'counted', round: null, tables: rows(await housekeeper.dryRun()) };
  }
  const outcome = await housekeeper.runRound({ force: true });
  switch (outcome.kind) {
    case 'purged':
    case 'lost':
      return { dryRun, outcome: outcome.kind, round: outcome.round, tables: rows(outcome.tables) };
    case 'stopped':
      // Never stopped: this housekeeper is not started.
      return { dryRun, outcome: 'lost', round: outcome.round, tables: rows(outcome.tables) };
    case 'busy':
    case 'not-due':
      // Forced, a round is refused only while another instance holds the lease.
      return { dryRun, outcome: 'busy', round: outcome.round, tables: [] };
  }
}
