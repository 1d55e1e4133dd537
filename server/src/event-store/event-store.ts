/**
 * The server's event store: one atomic statement per command in the usual case. The state
 * comes from memory or from the snapshot plus the tail; the decider runs with the server's
 * own context and clock; the events, the stream's version, the answer and the client's
 * sequence are written together only if the stream has not moved (optimistic concurrency,
 * so two commands on one cart, on any number of instances, apply one after the other); a
 * command answered before gets the same answer. Snapshots every 100 events.
 */
import { and, asc, eq, gt, sql } from 'drizzle-orm';
import { DomainError } from '../../../domain/shared/domain-error';
import type { Message } from '../../../domain/shared/message';
import type { PushRequest, PushResponse, StoredEvent } from '../../../domain/sync/protocol';
import type { Db } from '../db/database';
import { commands, events, streams } from '../db/schema';
import { GroupWriter } from './group-writer';

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

export interface PushOptions<S, C, E> {
  readonly kind: StreamKind<S, E>;
  readonly streamId: string;
  readonly owner: StreamOwner;
  readonly storeId: string | null;
  /** Whether the caller may write this stream (its owner). */
  readonly canWrite: (row: StreamRow) => boolean;
  readonly request: PushRequest<C>;
  /** Loads what the decider needs and returns it bound. */
  readonly prepare: (db: Db, state: S, row: StreamRow) => Promise<(command: C, state: S) => E[]>;
}

export class StreamNotFoundError extends Error {
  override readonly name = 'StreamNotFoundError';
}

interface Cached {
  readonly row: StreamRow;
  readonly state: unknown;
}

/**
 * Recent streams' rows and states, as this process last wrote them. A stale entry (another
 * instance wrote since) only costs a retry: the write checks the version.
 */
const MAX_CACHED = 2_000;

export class EventStore {
  private readonly cache = new Map<string, Cached>();
  private readonly queues = new Map<string, Promise<void>>();
  private readonly writer: GroupWriter;

  constructor(private readonly db: Db) {
    this.writer = new GroupWriter(db);
  }

  private remember(streamId: string, entry: Cached): void {
    this.cache.delete(streamId);
    this.cache.set(streamId, entry);
    if (this.cache.size > MAX_CACHED) {
      const oldest = this.cache.keys().next().value;
      if (oldest !== undefined) this.cache.delete(oldest);
    }
  }

  /** The stream's state at a version: its snapshot and the events after it. */
  private async stateAt<S, E>(
    db: Db,
    kind: StreamKind<S, E>,
    streamId: string,
    snapshot: { state: unknown; version: number } | null,
  ): Promise<S> {
    let state = snapshot ? (snapshot.state as S) : kind.initialState();
    const tail = await db
      .select({ type: events.type, v: events.v, data: events.data })
      .from(events)
      .where(and(eq(events.streamId, streamId), gt(events.version, snapshot?.version ?? 0)))
      .orderBy(asc(events.version));
    for (const stored of tail) state = kind.evolve(state, kind.upcast(stored));
    return state;
  }

  async eventsAfter<E>(
    tx: Db,
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

  /** The stream's row and snapshot, with the answer to this command if it was answered before. */
  private async readRow(
    streamId: string,
    commandId: string,
  ): Promise<
    | (StreamRow & {
        kind: string;
        snapshot: { state: unknown; version: number } | null;
        answer: { status: string; code: string | null; message: unknown } | null;
      })
    | undefined
  > {
    interface ReadRow {
      stream_id: string;
      kind: string;
      owner_kind: string;
      owner_id: string;
      store_id: string | null;
      version: number;
      snapshot: unknown;
      snapshot_version: number;
      status: string | null;
      code: string | null;
      message: unknown;
    }
    const [row] = rowsOf<ReadRow>(
      await this.db.execute(sql`
      select s.stream_id, s.kind, s.owner_kind, s.owner_id, s.store_id, s.version,
             s.snapshot, s.snapshot_version, c.status, c.code, c.message
        from ${streams} s
        left join ${commands} c on c.stream_id = s.stream_id and c.command_id = ${commandId}
       where s.stream_id = ${streamId}`),
    );
    if (!row) return undefined;
    return {
      streamId: row.stream_id,
      kind: row.kind,
      ownerKind: row.owner_kind,
      ownerId: row.owner_id,
      storeId: row.store_id,
      version: Number(row.version),
      snapshot:
        row.snapshot === null || row.snapshot === undefined
          ? null
          : { state: row.snapshot, version: Number(row.snapshot_version) },
      answer: row.status ? { status: row.status, code: row.code, message: row.message } : null,
    };
  }

  /**
   * The stream as the decider needs it: from memory when this process wrote it last, else
   * from the database (made if new), with a stored answer when the command was seen before.
   */
  private async load<S, E>(
    kind: StreamKind<S, E>,
    options: { streamId: string; owner: StreamOwner; storeId: string | null; commandId: string },
    useCache: boolean,
  ): Promise<
    | { readonly kind: 'state'; readonly row: StreamRow; readonly state: S }
    | {
        readonly kind: 'answered';
        readonly row: StreamRow;
        readonly answer: { status: string; code: string | null; message: unknown };
      }
  > {
    const cached = useCache ? this.cache.get(options.streamId) : undefined;
    if (cached) return { kind: 'state', row: cached.row, state: cached.state as S };
    let row = await this.readRow(options.streamId, options.commandId);
    if (!row) {
      await this.db
        .insert(streams)
        .values({
          streamId: options.streamId,
          kind: kind.name,
          ownerKind: options.owner.kind,
          ownerId: options.owner.id,
          storeId: options.storeId,
        })
        .onConflictDoNothing();
      row = await this.readRow(options.streamId, options.commandId);
    }
    if (!row || row.kind !== kind.name) throw new StreamNotFoundError(options.streamId);
    const { snapshot, answer, kind: _kind, ...plain } = row;
    if (answer) return { kind: 'answered', row: plain, answer };
    const state = await this.stateAt(this.db, kind, options.streamId, snapshot);
    return { kind: 'state', row: plain, state };
  }

  /**
   * Handles one pushed command, with optimistic concurrency: the decider runs on the state
   * this process holds (or reads), and one statement writes the events, the stream's new
   * version, the answer and the client's sequence, but only if the stream is still at the
   * version decided on and the command was never answered. Otherwise the stream is read
   * again and the command decided again (or its stored answer given). Correct with any
   * number of server instances: the stream row is the arbiter.
   */
  push<S, C, E extends { type: string; v: number; data: unknown }>(
    options: PushOptions<S, C, E>,
  ): Promise<PushResponse<E>> {
    // One command per stream at a time in this process; other instances are met by the
    // version check.
    return this.serial(options.streamId, () => this.pushNow(options));
  }

  private serial<T>(key: string, work: () => Promise<T>): Promise<T> {
    const previous = this.queues.get(key) ?? Promise.resolve();
    const run = previous.then(work, work);
    const settled = run.then(
      () => undefined,
      () => undefined,
    );
    this.queues.set(key, settled);
    void settled.then(() => {
      if (this.queues.get(key) === settled) this.queues.delete(key);
    });
    return run;
  }

  private async pushNow<S, C, E extends { type: string; v: number; data: unknown }>(
    options: PushOptions<S, C, E>,
  ): Promise<PushResponse<E>> {
    const { kind, streamId, request } = options;
    const target = { ...options, commandId: request.commandId };
    for (let attempt = 0; ; attempt += 1) {
      const loaded = await this.load(kind, target, attempt === 0);
      const { row } = loaded;
      if (!options.canWrite(row)) throw new StreamNotFoundError(streamId);
      const since = Math.min(request.expectedVersion, row.version);
      if (loaded.kind === 'answered') {
        const caughtUp = await this.eventsAfter(this.db, kind, streamId, since);
        const { answer } = loaded;
        return answer.status === 'confirmed'
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
              code: answer.code ?? 'rejected',
              message: answer.message as Message,
            };
      }

      const { state } = loaded;
      const decide = await options.prepare(this.db, state, row);
      let produced: E[] = [];
      let rejection: DomainError | undefined;
      try {
        produced = decide(request.command, state);
      } catch (error) {
        if (!(error instanceof DomainError)) throw error;
        rejection = error;
      }
      const version = row.version + produced.length;
      let next: S = state;
      for (const event of produced) next = kind.evolve(next, event);
      const snapshot =
        Math.floor(version / SNAPSHOT_EVERY) > Math.floor(row.version / SNAPSHOT_EVERY);
      const written = await this.write(
        options,
        row.version,
        produced,
        snapshot ? next : undefined,
        rejection,
      ).catch((error: unknown) => {
        // Another instance appended the same version first: decide again on fresh state.
        if (isUniqueViolation(error) && attempt < MAX_ATTEMPTS) return false;
        throw error;
      });
      if (!written) {
        this.cache.delete(streamId);
        if (attempt >= MAX_ATTEMPTS) throw new Error(`Stream ${streamId} kept moving`);
        continue;
      }
      this.remember(streamId, { row: { ...row, version }, state: next });
      const caughtUp =
        since === row.version
          ? produced.map((event, i) => ({
              version: row.version + i + 1,
              commandId: request.commandId,
              event,
            }))
          : await this.eventsAfter(this.db, kind, streamId, since);
      return rejection
        ? {
            status: 'rejected',
            commandId: request.commandId,
            version,
            events: caughtUp,
            code: rejection.code,
            message: rejection.detail,
          }
        : { status: 'confirmed', commandId: request.commandId, version, events: caughtUp };
    }
  }

  /**
   * Everything a command writes, in one statement shared with the commands decided at the
   * same time: its events, the stream's new version (and snapshot), the answer, and the
   * client's sequence (advanced even for a rejection). Nothing is written, and false
   * returned, when the stream moved past `fromVersion` or the command was answered meanwhile.
   */
  private write(
    options: { streamId: string; owner: StreamOwner; request: PushRequest<unknown> },
    fromVersion: number,
    produced: readonly { type: string; v: number; data: unknown }[],
    snapshot: unknown,
    error?: DomainError,
  ): Promise<boolean> {
    const { request, streamId, owner } = options;
    return this.writer.write({
      streamId,
      fromVersion,
      events: produced,
      ...(snapshot !== undefined ? { snapshot } : {}),
      commandId: request.commandId,
      clientId: request.clientId,
      seq: request.seq,
      ownerKind: owner.kind,
      ownerId: owner.id,
      status: error ? 'rejected' : 'confirmed',
      ...(error ? { code: error.code, message: error.detail } : {}),
    });
  }
}

const MAX_ATTEMPTS = 10;

/** Postgres unique_violation (23505), as either driver reports it. */
function isUniqueViolation(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current && typeof current === 'object'; depth += 1) {
    if ((current as { code?: unknown }).code === '23505') return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
