/**
 * Maintenance mode (decision 069): one row in the database, started and ended by an operator
 * (`npm run maintenance`). While it holds, storefront pages answer 503 with the storefront's
 * error.503.html and a Retry-After, and API writes are refused with a 503 in words; reads,
 * the health check and the operator channel go on. Every instance reads the row itself, a
 * few seconds old at most; the instance an operator command ran in knows at once.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../db/database';

export interface Maintenance {
  readonly since: Date;
  readonly by: string;
  readonly retryAfterSeconds: number;
  readonly note: string | null;
}

interface Row extends Record<string, unknown> {
  started_at: Date | string;
  started_by: string;
  retry_after_seconds: number;
  note: string | null;
}

function rowsOf(result: unknown): Row[] {
  return (result as { rows: Row[] }).rows;
}

function maintenanceOf(row: Row | undefined): Maintenance | null {
  if (!row) return null;
  return {
    since: new Date(row.started_at),
    by: row.started_by,
    retryAfterSeconds: Number(row.retry_after_seconds),
    note: row.note,
  };
}

export async function readMaintenance(db: Db): Promise<Maintenance | null> {
  const result = await db.execute(sql`
    select started_at, started_by, retry_after_seconds, note from store_maintenance`);
  return maintenanceOf(rowsOf(result)[0]);
}

/**
 * Starts maintenance, or changes the Retry-After and note of the one running (its start and
 * who started it stay).
 */
export async function startMaintenance(
  db: Db,
  {
    by,
    retryAfterSeconds,
    note,
    now,
  }: {
    readonly by: string;
    readonly retryAfterSeconds: number;
    readonly note?: string;
    readonly now: Date;
  },
): Promise<Maintenance> {
  const result = await db.execute(sql`
    insert into store_maintenance (started_at, started_by, retry_after_seconds, note)
    values (${now.toISOString()}::timestamptz, ${by}, ${retryAfterSeconds}, ${note ?? null})
    on conflict (singleton) do update
      set retry_after_seconds = excluded.retry_after_seconds, note = excluded.note
    returning started_at, started_by, retry_after_seconds, note`);
  const started = maintenanceOf(rowsOf(result)[0]);
  if (!started) throw new Error('Maintenance did not start');
  return started;
}

/** Ends maintenance; what it was, or null when none ran. */
export async function endMaintenance(db: Db): Promise<Maintenance | null> {
  const result = await db.execute(sql`
    delete from store_maintenance returning started_at, started_by, retry_after_seconds, note`);
  return maintenanceOf(rowsOf(result)[0]);
}

/** How long an instance trusts what it read before reading the row again. */
export const MAINTENANCE_CHECK_MS = 2_000;

/**
 * The store's view of maintenance: read at most every `checkMs`, concurrent requests sharing
 * one read. A failed read counts as "no maintenance" (the store's own errors then speak), and
 * is tried again on the next request.
 */
export class MaintenanceGate {
  private known: { readonly value: Maintenance | null; readonly at: number } | undefined;
  private reading: Promise<Maintenance | null> | undefined;

  constructor(
    private readonly db: Db,
    private readonly options: { readonly checkMs?: number; readonly clock?: () => number } = {},
  ) {}

  async current(): Promise<Maintenance | null> {
    const now = this.options.clock?.() ?? Date.now();
    if (this.known && now - this.known.at < (this.options.checkMs ?? MAINTENANCE_CHECK_MS)) {
      return this.known.value;
    }
    this.reading ??= readMaintenance(this.db)
      .then((value) => {
        this.known = { value, at: now };
        return value;
      })
      .catch(() => null)
      .finally(() => {
        this.reading = undefined;
      });
    return this.reading;
  }

  /** What this instance knew is stale: an operator command changed it here. */
  forget(): void {
    this.known = undefined;
  }
}
