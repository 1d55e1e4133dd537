/**
 * The server's event store: one Postgres transaction per command. The stream's row is
 * locked (so two commands on one cart queue up, on any number of instances), a command
 * answered before gets the same answer, the state comes from the snapshot plus the tail,
 * the decider runs with the server's own context and clock, and the events, the answer and
 * the client's sequence are written together. Snapshots every 100 events.
 */
import { and, asc, eq, gt, sql } from 'drizzle-orm';
import { DomainError } from '../../../domain/shared/domain-error';
import type { Message } from '../../../domain/shared/message';
import type { PushRequest, PushResponse, StoredEvent } from '../../../domain/sync/protocol';
import type { Db } from '../db/database';
import { commands, events, streams, syncClients } from '../db/schema';

export const SNAPSHOT_EVERY = 100;

export type StreamKindName = 'cart' | 'saved-carts';

export interface StreamOwner {
  readonly kind: 'visitor' | 'user';
  readonly id: string;
}

export interface StreamKind<S, E> {
  readonly name: StreamKindName;
  readonly initialState: () => S;
  readonly evolve: (state: S, event: E) => S;
  /** The current shape of a stored event. */
  readonly upcast: (stored: { type: string; v: number; data: unknown }) => E;
}

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface StreamRow {
  readonly streamId: string;
  readonly ownerKind: string;
  readonly ownerId: string;
  readonly storeId: string | null;
  readonly version: number;
}

/** Both drivers answer raw SQL with `rows`. */
function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

export class StreamNotFoundError extends Error {
  override readonly name = 'StreamNotFoundError';
}

interface Cached {
  readonly version: number;
  readonly state: unknown;
}

/** Recent streams' states by version: valid only while the locked row has that version. */
const MAX_CACHED = 2_000;

export class EventStore {
  private readonly cache = new Map<string, Cached>();

  constructor(private readonly db: Db) {}

  private remember(streamId: string, entry: Cached): void {
    this.cache.delete(streamId);
    this.cache.set(streamId, entry);
    if (this.cache.size > MAX_CACHED) {
      const oldest = this.cache.keys().next().value;
      if (oldest !== undefined) this.cache.delete(oldest);
    }
  }

  /** The stream's state at its current version (the row is locked by the caller). */
  private async stateOf<S, E>(tx: Tx, kind: StreamKind<S, E>, row: StreamRow): Promise<S> {
    const cached = this.cache.get(row.streamId);
    if (cached?.version === row.version) return cached.state as S;
    const [snapshotRow] = await tx
      .select({ snapshot: streams.snapshot, snapshotVersion: streams.snapshotVersion })
      .from(streams)
      .where(eq(streams.streamId, row.streamId));
    let state =
      snapshotRow?.snapshot !== null && snapshotRow?.snapshot !== undefined
        ? (snapshotRow.snapshot as S)
        : kind.initialState();
    const from = snapshotRow?.snapshot ? snapshotRow.snapshotVersion : 0;
    const tail = await tx
      .select({ type: events.type, v: events.v, data: events.data })
      .from(events)
      .where(and(eq(events.streamId, row.streamId), gt(events.version, from)))
      .orderBy(asc(events.version));
    for (const stored of tail) state = kind.evolve(state, kind.upcast(stored));
    return state;
  }

  async eventsAfter<E>(
    tx: Tx | Db,
    kind: Pick<StreamKind<unknown, E>, 'upcast'>,
    streamId: string,
    after: number,
  ): Promise<StoredEvent<E>[]> {
    const rows = await tx
      .select({
        version: events.version,
        commandId: events.commandId,
        type: events.type,
        v: events.v,
        data: events.data,
      })
      .from(events)
      .where(and(eq(events.streamId, streamId), gt(events.version, after)))
      .orderBy(asc(events.version));
    return rows.map(({ version, commandId, type, v, data }) => ({
      version,
      commandId,
      event: kind.upcast({ type, v, data }),
    }));
  }

  /** A stream's row, if the owner test passes; else StreamNotFoundError. */
  async readable(
    streamId: string,
    canRead: (row: StreamRow) => boolean,
  ): Promise<StreamRow | undefined> {
    const [row] = await this.db
      .select({
        streamId: streams.streamId,
        ownerKind: streams.ownerKind,
        ownerId: streams.ownerId,
        storeId: streams.storeId,
        version: streams.version,
      })
      .from(streams)
      .where(eq(streams.streamId, streamId));
    if (!row) return undefined;
    if (!canRead(row)) throw new StreamNotFoundError(streamId);
    return row;
  }

  /** The stream's row, locked, with the answer to this command if it was answered before. */
  private async lockRow(
    tx: Tx,
    streamId: string,
    commandId: string,
  ): Promise<
    | (StreamRow & {
        kind: string;
        answer: { status: string; code: string | null; message: unknown } | null;
      })
    | undefined
  > {
    interface LockedRow {
      stream_id: string;
      kind: string;
      owner_kind: string;
      owner_id: string;
      store_id: string | null;
      version: number;
      status: string | null;
      code: string | null;
      message: unknown;
    }
    const [row] = rowsOf<LockedRow>(
      await tx.execute(sql`
      select s.stream_id, s.kind, s.owner_kind, s.owner_id, s.store_id, s.version,
             c.status, c.code, c.message
        from ${streams} s
        left join ${commands} c on c.stream_id = s.stream_id and c.command_id = ${commandId}
       where s.stream_id = ${streamId}
         for update of s`),
    );
    if (!row) return undefined;
    return {
      streamId: row.stream_id,
      kind: row.kind,
      ownerKind: row.owner_kind,
      ownerId: row.owner_id,
      storeId: row.store_id,
      version: Number(row.version),
      answer: row.status ? { status: row.status, code: row.code, message: row.message } : null,
    };
  }

  /**
   * Handles one pushed command. `prepare` loads what the decider needs inside the
   * transaction and returns it bound; `canWrite` says whether the caller owns the stream.
   * Two statements in the usual case: the locked read and one write of everything.
   */
  async push<S, C, E extends { type: string; v: number; data: unknown }>(options: {
    readonly kind: StreamKind<S, E>;
    readonly streamId: string;
    readonly owner: StreamOwner;
    readonly storeId: string | null;
    readonly canWrite: (row: StreamRow) => boolean;
    readonly request: PushRequest<C>;
    readonly prepare: (tx: Tx, state: S, row: StreamRow) => Promise<(command: C, state: S) => E[]>;
  }): Promise<PushResponse<E>> {
    const { kind, streamId, request } = options;
    return this.db.transaction(async (tx) => {
      let row = await this.lockRow(tx, streamId, request.commandId);
      if (!row) {
        await tx
          .insert(streams)
          .values({
            streamId,
            kind: kind.name,
            ownerKind: options.owner.kind,
            ownerId: options.owner.id,
            storeId: options.storeId,
          })
          .onConflictDoNothing();
        row = await this.lockRow(tx, streamId, request.commandId);
      }
      if (!row || row.kind !== kind.name || !options.canWrite(row)) {
        throw new StreamNotFoundError(streamId);
      }
      const since = Math.min(request.expectedVersion, row.version);
      if (row.answer) {
        const caughtUp = await this.eventsAfter(tx, kind, streamId, since);
        return row.answer.status === 'confirmed'
          ? {
              status: 'confirmed',
              commandId: request.commandId,
              version: row.version,
              events: caughtUp,
            }
          : {
              status: 'rejected',
              commandId: request.commandId,
              version: row.version,
              events: caughtUp,
              code: row.answer.code ?? 'rejected',
              message: row.answer.message as Message,
            };
      }

      const state = await this.stateOf(tx, kind, row);
      const decide = await options.prepare(tx, state, row);
      let produced: E[];
      try {
        produced = decide(request.command, state);
      } catch (error) {
        if (!(error instanceof DomainError)) throw error;
        await this.write(tx, options, row.version, [], undefined, error);
        const caughtUp = await this.eventsAfter(tx, kind, streamId, since);
        return {
          status: 'rejected',
          commandId: request.commandId,
          version: row.version,
          events: caughtUp,
          code: error.code,
          message: error.detail,
        };
      }

      const version = row.version + produced.length;
      let next: S = state;
      for (const event of produced) next = kind.evolve(next, event);
      const snapshot =
        Math.floor(version / SNAPSHOT_EVERY) > Math.floor(row.version / SNAPSHOT_EVERY);
      await this.write(tx, options, row.version, produced, snapshot ? next : undefined);
      this.remember(streamId, { version, state: next });
      const caughtUp =
        since === row.version
          ? produced.map((event, i) => ({
              version: row.version + i + 1,
              commandId: request.commandId,
              event,
            }))
          : await this.eventsAfter(tx, kind, streamId, since);
      return { status: 'confirmed', commandId: request.commandId, version, events: caughtUp };
    });
  }

  /**
   * Everything a command writes, in one statement: its events, the stream's new version
   * (and snapshot), the answer, and the client's sequence (advanced even for a rejection).
   */
  private async write(
    tx: Tx,
    options: { streamId: string; owner: StreamOwner; request: PushRequest<unknown> },
    fromVersion: number,
    produced: readonly { type: string; v: number; data: unknown }[],
    snapshot: unknown,
    error?: DomainError,
  ): Promise<void> {
    const { request, streamId, owner } = options;
    const rows = produced.map((event, i) => ({
      version: fromVersion + i + 1,
      type: event.type,
      v: event.v,
      data: event.data,
    }));
    const metadata = JSON.stringify({ clientId: request.clientId, seq: request.seq });
    const version = fromVersion + produced.length;
    await tx.execute(sql`
      with new_events as (
        insert into ${events} (stream_id, version, type, v, data, metadata, command_id)
        select ${streamId}, x.version, x.type, x.v, x.data, ${metadata}::jsonb, ${request.commandId}
          from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
            as x(version integer, type text, v integer, data jsonb)
        returning 1
      ), moved as (
        update ${streams}
           set version = ${version},
               updated_at = now(),
               snapshot = case when ${snapshot !== undefined} then ${JSON.stringify(snapshot ?? null)}::jsonb else snapshot end,
               snapshot_version = case when ${snapshot !== undefined} then ${version} else snapshot_version end
         where stream_id = ${streamId} and ${produced.length > 0}
        returning 1
      ), answered as (
        insert into ${commands} (stream_id, command_id, client_id, seq, status, code, message)
        values (${streamId}, ${request.commandId}, ${request.clientId}, ${request.seq},
                ${error ? 'rejected' : 'confirmed'}, ${error?.code ?? null},
                ${error ? JSON.stringify(error.detail) : null}::jsonb)
        returning 1
      )
      insert into ${syncClients} (client_id, owner_kind, owner_id, last_seq)
      values (${request.clientId}, ${owner.kind}, ${owner.id}, ${request.seq})
      on conflict (client_id) do update
         set last_seq = greatest(${syncClients.lastSeq}, excluded.last_seq),
             owner_kind = excluded.owner_kind,
             owner_id = excluded.owner_id,
             updated_at = now()`);
  }
}
