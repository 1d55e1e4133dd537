/**
 * A stream kind the store does not have, registered in this file only, syncs end to end
 * with no migration and no edit in the event store, the routes or the engine: pushed over
 * HTTP in batches, its read model written with its events and rebuilt when its shape
 * changes, and its process manager reacting exactly once, across a restart in the middle.
 */
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import * as z from 'zod';
import { STREAM_REGISTRY } from '../../../domain/registry';
import type { CommandMetadata } from '../../../domain/shared/decider';
import { DomainError } from '../../../domain/shared/domain-error';
import type { PushBatchResponse } from '../../../domain/sync/protocol';
import {
  defineStreamKind,
  streamRegistry,
  type ProcessManager,
} from '../../../domain/sync/stream-kind';
import { buildTestApp } from '../../../tests/support/app';
import {
  postgresUrl,
  testDatabaseTargets,
  type TestDatabase,
} from '../../../tests/support/databases';
import { readModelShapes } from '../db/schema';
import { MAX_REACTION_TRIES, ProcessManagerRunner } from './process-managers';
import { findDocuments, readDocument, rebuildStaleReadModels } from './read-models';

interface TallyState {
  readonly count: number;
  readonly closed: boolean;
}
type TallyCommand = (
  | { readonly type: 'Add'; readonly data: { readonly by: number } }
  | { readonly type: 'Close'; readonly data: Record<string, never> }
) & { readonly metadata: CommandMetadata };
type TallyEvent =
  | { readonly type: 'Added'; readonly v: 1; readonly data: { readonly by: number } }
  | { readonly type: 'Closed'; readonly v: 1; readonly data: { readonly total: number } };

const REFUSED = { id: 'tally.refused', message: 'This tally could not be changed.' };
const metadata = z.object({ commandId: z.string(), now: z.string() });
const tallyCommandSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('Add'),
    data: z.object({ by: z.number().int().min(1).max(100) }),
    metadata,
  }),
  z.object({ type: z.literal('Close'), data: z.object({}).strict(), metadata }),
]);

const tallyKind = defineStreamKind<TallyState, TallyCommand, TallyEvent>({
  name: 'tally',
  address: { per: 'stream', path: '/api/test-tallies' },
  owners: 'anyone',
  perStore: false,
  initialState: () => ({ count: 0, closed: false }),
  decide: (command, state) => {
    if (state.closed) throw new DomainError('tally.closed', REFUSED);
    return command.type === 'Add'
      ? [{ type: 'Added', v: 1, data: { by: command.data.by } }]
      : [{ type: 'Closed', v: 1, data: { total: state.count } }];
  },
  evolve: (state, event) =>
    event.type === 'Added'
      ? { ...state, count: state.count + event.data.by }
      : { ...state, closed: true },
  upcast: (stored) => stored as TallyEvent,
  commandSchema: tallyCommandSchema,
  refused: REFUSED,
  snapshotShape: 1,
  readModels: [
    {
      name: 'tally-summary',
      shape: 1,
      project: (state) => ({ count: state.count, closed: state.closed }),
    },
  ],
});

/** The totals of closed tallies: written by the process manager only (no address). */
interface LedgerState {
  readonly totals: readonly { readonly tally: string; readonly total: number }[];
}
type LedgerCommand = {
  readonly type: 'Record';
  readonly data: { readonly tally: string; readonly total: number };
} & { readonly metadata: CommandMetadata };
type LedgerEvent = {
  readonly type: 'Recorded';
  readonly v: 1;
  readonly data: { readonly tally: string; readonly total: number };
};

const ledgerKind = defineStreamKind<LedgerState, LedgerCommand, LedgerEvent>({
  name: 'tally-ledger',
  address: null,
  owners: 'users',
  perStore: false,
  initialState: () => ({ totals: [] }),
  decide: (command) => [{ type: 'Recorded', v: 1, data: command.data }],
  evolve: (state, event) => ({ totals: [...state.totals, event.data] }),
  upcast: (stored) => stored as LedgerEvent,
  commandSchema: z.object({}),
  refused: REFUSED,
  snapshotShape: 1,
});

const LEDGER = 'tally-ledger:all';

/** Both drivers answer raw SQL with `rows`. */
function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}
const closer: ProcessManager = {
  name: 'tally-closer',
  kinds: ['tally'],
  // Added after the tallies were made: it reacts to their history too.
  fromStart: true,
  react: (event) =>
    event.type === 'Closed'
      ? [
          {
            kind: 'tally-ledger',
            streamId: LEDGER,
            owner: { kind: 'system', id: 'tally-closer' },
            storeId: null,
            command: {
              type: 'Record',
              data: { tally: event.streamId, total: (event.data as { total: number }).total },
            },
          },
        ]
      : [],
};

const registry = streamRegistry([...STREAM_REGISTRY.kinds, tallyKind, ledgerKind], [closer]);

describe.each(testDatabaseTargets())('a new aggregate registered in one file ($kind)', (target) => {
  let t: TestDatabase;
  let app: FastifyInstance;

  beforeEach(async () => {
    t = await target.open();
    app = await buildTestApp(t.database, { registry, processManagers: false });
  });

  afterEach(async () => {
    await app.close();
    await t.dispose();
  });

  let visitor = '';
  async function push(tally: string, commands: TallyCommand[]) {
    const response = await app.inject({
      method: 'POST',
      url: `/api/test-tallies/${tally}/commands`,
      headers: visitor ? { cookie: visitor } : {},
      payload: {
        clientId: 'client-tally-1',
        expectedVersion: 0,
        commands: commands.map((command, i) => ({
          seq: i + 1,
          commandId: command.metadata.commandId,
          command,
        })),
      },
    });
    const cookie = response.cookies.find((c) => c.name === 'store_visitor');
    if (cookie) visitor = `store_visitor=${cookie.value}`;
    expect(response.statusCode, response.body).toBe(200);
    return response.json<PushBatchResponse<TallyEvent>>();
  }
  const meta = (id: string) => ({ commandId: id, now: '2026-11-23T10:00:00.000Z' });
  const add = (id: string, by: number): TallyCommand => ({
    type: 'Add',
    data: { by },
    metadata: meta(id),
  });
  const close = (id: string): TallyCommand => ({ type: 'Close', data: {}, metadata: meta(id) });

  /**
   * Runs until `count` events are handled: events of a transaction still open elsewhere on
   * the server (another test's) are read once it ends, so one run may see fewer.
   */
  async function handle(runner: ProcessManagerRunner, count: number): Promise<number> {
    let handled = 0;
    for (let round = 0; round < 200 && handled < count; round += 1) {
      handled += await runner.runOnce(count - handled);
      if (handled < count) await new Promise((resolve) => setTimeout(resolve, 25));
    }
    return handled;
  }

  async function ledger() {
    const state = await app.eventStore.stateOf(ledgerKind, LEDGER);
    return (state?.state as LedgerState | undefined)?.totals ?? [];
  }

  it('syncs over the generic routes, with its read model written in the same statement', async () => {
    visitor = '';
    const answer = await push('tally-one-0001', [
      add('a-000001', 2),
      add('a-000002', 3),
      close('a-000003'),
    ]);
    expect(answer.version).toBe(3);
    expect(answer.results.map((r) => r.status)).toEqual(['confirmed', 'confirmed', 'confirmed']);
    // Sent again (the answer was lost): the same answers, nothing applied twice.
    const again = await push('tally-one-0001', [
      add('a-000001', 2),
      add('a-000002', 3),
      close('a-000003'),
    ]);
    expect(again.version).toBe(3);
    // Closed: a further command is rejected in the kind's words, the queue moves on.
    const late = await push('tally-one-0001', [add('a-000004', 1)]);
    expect(late.results).toEqual([
      { commandId: 'a-000004', status: 'rejected', code: 'tally.closed', message: REFUSED },
    ]);
    // Bad input gets a 400 from the kind's own schema, never a 500.
    const bad = await app.inject({
      method: 'POST',
      url: '/api/test-tallies/tally-one-0001/commands',
      headers: { cookie: visitor },
      payload: {
        clientId: 'client-tally-1',
        expectedVersion: 0,
        commands: [
          {
            seq: 9,
            commandId: 'a-000009',
            command: { type: 'Add', data: { by: 1e9 }, metadata: meta('a-000009') },
          },
        ],
      },
    });
    expect(bad.statusCode).toBe(400);
    // Someone else's tally is not found.
    const other = await app.inject({ url: '/api/test-tallies/tally-one-0001' });
    expect(other.statusCode).toBe(404);
    const mine = await app.inject({
      url: '/api/test-tallies/tally-one-0001?after=1',
      headers: { cookie: visitor },
    });
    expect(mine.json<{ version: number; events: unknown[] }>()).toMatchObject({ version: 3 });
    expect(mine.json<{ events: unknown[] }>().events).toHaveLength(2);

    const owner = { kind: 'visitor', id: '' };
    const [doc] = rowsOf<{ owner_id: string }>(
      await t.database.db.execute(
        sql`select owner_id from read_models where stream_id = 'tally:tally-one-0001'`,
      ),
    );
    const summary = await readDocument<{ count: number; closed: boolean }>(
      t.database.db,
      'tally-summary',
      'tally:tally-one-0001',
      { ...owner, id: doc?.owner_id ?? '' },
    );
    expect(summary).toEqual({
      streamId: 'tally:tally-one-0001',
      version: 3,
      doc: { count: 5, closed: true },
    });
    // Another owner does not see it.
    expect(
      await readDocument(t.database.db, 'tally-summary', 'tally:tally-one-0001', owner),
    ).toBeUndefined();

    // The read model's shape changes: rebuilt from the events on start.
    await t.database.db.update(readModelShapes).set({ shape: 0 });
    await t.database.db.execute(sql`update read_models set doc = '{}'::jsonb`);
    expect(await rebuildStaleReadModels(t.database.db, app.eventStore, registry)).toContain(
      'tally-summary',
    );
    expect(
      await findDocuments(t.database.db, 'tally-summary', {
        kind: 'visitor',
        id: doc?.owner_id ?? '',
      }),
    ).toEqual([{ streamId: 'tally:tally-one-0001', version: 3, doc: { count: 5, closed: true } }]);
  });

  it('reacts to each event exactly once, across a restart and a lost checkpoint', async () => {
    visitor = '';
    for (let i = 1; i <= 6; i += 1) {
      const id = `tally-pm-${String(i).padStart(4, '0')}`;
      await push(id, [add(`${id}-add`, i), close(`${id}-close`)]);
    }
    const first = new ProcessManagerRunner(t.database.db, app.eventStore, [closer], {
      instanceId: 'one',
    });
    // It handles a few events, then the process stops.
    expect(await handle(first, 5)).toBe(5);
    await first.stop();
    expect((await ledger()).length).toBeGreaterThan(0);

    // A restart: a new app and event store on the same database, a new instance.
    await app.close();
    app = await buildTestApp(t.database, { registry, processManagers: false });
    const second = new ProcessManagerRunner(t.database.db, app.eventStore, [closer], {
      instanceId: 'two',
      leaseMs: 1,
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(await handle(second, 7)).toBe(7);
    expect(await second.runOnce()).toBe(0);
    expect(await ledger()).toHaveLength(6);

    // The checkpoint is lost (a crash after the reactions, before it was written): the
    // reactions are issued again and answered from the store, not applied twice.
    await t.database.db.execute(sql`update checkpoints set position = 0, transaction_id = '0'`);
    expect(await handle(second, 12)).toBe(12);
    const totals = await ledger();
    expect(totals).toHaveLength(6);
    expect(totals.map((x) => x.total).sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6]);
    // Each reaction carries its cause and the buyer's correlation id.
    const rows = rowsOf<{
      metadata: { actor: { kind: string }; causationId: string; correlationId: string };
    }>(
      await t.database.db.execute(
        sql`select metadata from events where stream_id = ${LEDGER} order by version`,
      ),
    );
    expect(rows[0]?.metadata.actor.kind).toBe('system');
    expect(rows[0]?.metadata.causationId).toMatch(/^tally:tally-pm-\d{4}@2$/);
    expect(rows[0]?.metadata.correlationId).toMatch(/^tally-pm-\d{4}-close$/);
    await second.stop();
  });

  it('wakes a manager only for events of the kinds it follows', async () => {
    visitor = '';
    // Follows the ledger only: the tallies' commands (like a cart's) must not wake it.
    const seen: string[] = [];
    const watcher: ProcessManager = {
      name: 'ledger-watcher',
      kinds: ['tally-ledger'],
      react: (event) => {
        seen.push(event.type);
        return [];
      },
    };
    const runner = new ProcessManagerRunner(t.database.db, app.eventStore, [watcher], {
      pollMs: 3_600_000,
    });
    let runs = 0;
    let last: Promise<number> = Promise.resolve(0);
    const runOnce = runner.runOnce.bind(runner);
    runner.runOnce = (limit?: number) => {
      runs += 1;
      last = runOnce(limit);
      return last;
    };
    runner.start();
    expect(runs).toBe(1);
    await last;
    await push('tally-quiet-0001', [add('quiet-0001-add', 1)]);
    await push('tally-quiet-0002', [add('quiet-0002-add', 1), close('quiet-0002-close')]);
    expect(runs).toBe(1);
    // The closer's ledger entry is an event the watcher follows.
    const closing = new ProcessManagerRunner(t.database.db, app.eventStore, [closer]);
    expect(await handle(closing, 3)).toBe(3);
    expect(runs).toBeGreaterThan(1);
    // Once it has handled that event, the tallies leave it alone again.
    for (let round = 0; round < 200 && seen.length === 0; round += 1) {
      await runner.runOnce();
      if (seen.length === 0) await new Promise((resolve) => setTimeout(resolve, 25));
    }
    expect(seen).toEqual(['Recorded']);
    await last;
    const before = runs;
    await push('tally-quiet-0003', [add('quiet-0003-add', 1)]);
    expect(runs).toBe(before);
    await runner.stop();
    await closing.stop();
  });

  it('starts a new manager at the newest event, and parks an event it keeps failing on', async () => {
    visitor = '';
    // On a PostgreSQL server, a transaction left open by someone else (xids are the
    // cluster's) must not move the start of a new manager back into history.
    const url = postgresUrl();
    const other =
      target.kind === 'postgres' && url ? new pg.Client({ connectionString: url }) : undefined;
    if (other) {
      await other.connect();
      await other.query('begin');
      await other.query('select pg_current_xact_id()');
    }
    await push('tally-old-0001', [add('old-0001-add', 1), close('old-0001-close')]);
    const seen: string[] = [];
    let tries = 0;
    const watcher: ProcessManager = {
      name: 'tally-watcher',
      kinds: ['tally'],
      react: (event) => {
        if (event.streamId === 'tally:tally-bad-0001') {
          tries += 1;
          throw new Error('cannot react to this one');
        }
        seen.push(`${event.streamId}@${String(event.version)}`);
        return [];
      },
    };
    const runner = new ProcessManagerRunner(t.database.db, app.eventStore, [watcher]);
    // Added now: the tally made before it is history, not news.
    expect(await runner.runOnce()).toBe(0);
    if (other) {
      await other.query('rollback');
      await other.end();
    }
    await push('tally-bad-0001', [add('bad-0001-add', 1)]);
    await push('tally-new-0001', [add('new-0001-add', 2)]);
    // The failing event is tried again on later runs, then parked; the next one goes.
    expect(await handle(runner, 2)).toBe(2);
    expect(tries).toBe(MAX_REACTION_TRIES);
    expect(seen).toEqual(['tally:tally-new-0001@1']);
    const parked = rowsOf<{ stream_id: string; version: number }>(
      await t.database.db.execute(sql`select stream_id, version from parked_reactions`),
    );
    expect(parked).toEqual([{ stream_id: 'tally:tally-bad-0001', version: 1 }]);
    await runner.stop();
  });
});
