/**
 * The statements of a purge (decision 044): one bounded batch of a target's finished rows
 * deleted, or its finished rows counted (the dry run). A batch is one statement of its own,
 * so it holds its row locks for that statement only, and it skips rows another transaction
 * holds (a session being checked right now is left for the next round).
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/database';
import type { PurgeTarget } from './targets';

function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

/** The database's now, less the retention. */
function cutoffOf(retentionMs: number): SQL {
  return sql`(now() - ${Math.round(retentionMs)}::bigint * interval '1 millisecond')`;
}

const column = (name: string) => sql.identifier(name);

/** Deletes up to `limit` of the target's rows finished longer ago than the retention. */
export async function deleteFinishedBatch(
  db: Db,
  target: PurgeTarget,
  retentionMs: number,
  limit: number,
): Promise<number> {
  const table = sql.identifier(target.table);
  const keys = sql.join(target.key.map(column), sql`, `);
  const matches = sql.join(
    target.key.map((name) => sql`t.${column(name)} = doomed.${column(name)}`),
    sql` and `,
  );
  const [row] = rowsOf<{ n: number | string }>(
    await db.execute(sql`
      with doomed as (
        select ${keys} from ${table}
         where ${target.finishedBefore(cutoffOf(retentionMs))}
         limit ${limit}
         for update skip locked),
      gone as (
        delete from ${table} t using doomed where ${matches} returning 1)
      select count(*)::int as n from gone`),
  );
  return Number(row?.n ?? 0);
}

/** How many of the target's rows a purge would delete now. */
export async function countFinished(
  db: Db,
  target: PurgeTarget,
  retentionMs: number,
): Promise<number> {
  const [row] = rowsOf<{ n: number | string }>(
    await db.execute(sql`
      select count(*)::int as n from ${sql.identifier(target.table)}
       where ${target.finishedBefore(cutoffOf(retentionMs))}`),
  );
  return Number(row?.n ?? 0);
}
