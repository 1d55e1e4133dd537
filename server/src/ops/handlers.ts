/**
 * What the running store does for each operator command (contract.ts). The mapped type
 * makes a command without a handler, or a handler with the wrong arguments or answer, a
 * type error.
 */
import { listKeys, rotateKeys } from '../auth/keys';
import type { Database, SqlSession } from '../db/database';
import { runHousekeepingNow } from '../housekeeping/housekeeper';
import type { HousekeepingSettings } from '../housekeeping/settings';
import type { OperatorArgs, OperatorCommandName, OperatorResult } from './contract';

export interface OperatorContext {
  readonly database: Database;
  readonly startedAt: Date;
  /** The store's housekeeping settings, for `npm run housekeeping` (decision 044). */
  readonly housekeeping: HousekeepingSettings;
}

export interface Handled<N extends OperatorCommandName> {
  readonly result: OperatorResult<N>;
  /** Bytes sent after the answer. */
  readonly attachment?: Uint8Array;
}

/** A refusal the operator can act on, as opposed to a failure of the store. */
export class OperatorCommandError extends Error {
  override readonly name = 'OperatorCommandError';
  constructor(
    readonly code: 'unavailable' | 'failed',
    message: string,
  ) {
    super(message);
  }
}

/** What a database holds, in a few numbers an operator can compare after a restore. */
export async function storeFacts(session: Pick<SqlSession, 'rows'>) {
  const kinds = await session.rows<{ kind: string; n: string }>(
    'select kind, count(*)::text as n from streams group by kind order by kind',
  );
  const [events] = await session.rows<{ n: string; last: string }>(
    'select count(*)::text as n, coalesce(max(position), 0)::text as last from events',
  );
  const [version] = await session.rows<{ v: string }>(
    "select current_setting('server_version') as v",
  );
  return {
    streams: Object.fromEntries(kinds.map((row) => [row.kind, Number(row.n)])),
    events: Number(events?.n ?? 0),
    lastPosition: Number(events?.last ?? 0),
    postgresVersion: version?.v ?? 'unknown',
  };
}

type Handlers = {
  readonly [N in OperatorCommandName]: (
    args: OperatorArgs<N>,
    context: OperatorContext,
  ) => Promise<Handled<N>>;
};

export const OPERATOR_HANDLERS: Handlers = {
  status: (_args, { database, startedAt }) =>
    Promise.resolve({
      result: { pid: process.pid, database: database.kind, startedAt: startedAt.toISOString() },
    }),

  backup: async (_args, { database }) => {
    if (!database.snapshot) {
      throw new OperatorCommandError(
        'unavailable',
        'The store runs on PostgreSQL (DATABASE_URL): back it up with pg_dump (see the README).',
      );
    }
    const { image, facts } = await database.snapshot(async (session) => ({
      takenAt: new Date().toISOString(),
      ...(await storeFacts(session)),
    }));
    return {
      result: facts,
      attachment: image,
    };
  },

  'keys-list': async (_args, { database }) => ({
    result: (await listKeys(database.db)).map((key) => ({
      id: key.id,
      purpose: key.purpose,
      state: key.state,
      createdAt: key.createdAt.toISOString(),
      retiredAt: key.retiredAt?.toISOString() ?? null,
      keptUntil: key.keptUntil?.toISOString() ?? null,
    })),
  }),

  // The running store reads the rotation like any other (decision 034): within a minute.
  'keys-rotate': async ({ purposes }, { database }) => {
    const rotation = await rotateKeys(database.db, new Date(), purposes);
    return {
      result: {
        added: [...rotation.added],
        retired: [...rotation.retired],
        dropped: [...rotation.dropped],
      },
    };
  },

  // With the store's own settings, under the same lease as its rounds (decision 044).
  housekeeping: async ({ dryRun }, { database, housekeeping }) => {
    const report = await runHousekeepingNow(database.db, housekeeping, { dryRun });
    return { result: { ...report, tables: [...report.tables] } };
  },
};
