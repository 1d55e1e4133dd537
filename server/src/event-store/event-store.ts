/**
 * The server's event store, one for every stream kind of the registry (decision 018). A push
 * carries a batch of one stream's commands. The stream's state comes from memory or from its
 * snapshot (of the kind's current shape) plus the tail; the kind's decider runs on it with
 * the server's own context (a provider per kind, when the kind needs one) through the pure
 * `decideBatch` of domain/sync; then one statement writes the events with their metadata,
 * the stream's version, the answers, the client's sequence, the read models and the mails
 * the events send (the kind's outbox, decision 027), only if the
 * stream has not moved and no command was answered meanwhile (optimistic concurrency: two
 * pushes on one stream, on any number of instances, apply one after the other). A command
 * answered before gets the same answer. Snapshots every 100 events.
 */
import { and, asc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Locale } from '../../../domain/storefront/storefronts';
import type { PlacedBy } from '../../../domain/order/order';
import type { Actor, EventMetadata } from '../../../domain/shared/event-metadata';
import type { Message } from '../../../domain/shared/message';
import type {
  CommandResult,
  PushBatchResponse,
  QueuedCommand,
  StoredEvent,
} from '../../../domain/sync/protocol';
import { decideBatch } from '../../../domain/sync/server-stream';
import {
  outboxMessagesOf,
  type AnyStreamKind,
  type OutboxMessage,
  type StoredShape,
  type StreamRegistry,
} from '../../../domain/sync/stream-kind';
import type { Db } from '../db/database';
import { commands, events, streams } from '../db/schema';
import { GroupWriter } from './group-writer';

export const SNAPSHOT_EVERY = 100;

export interface StreamRow {
  readonly streamId: string;
  readonly kind: string;
  readonly ownerKind: string;
  readonly ownerId: string;
  readonly storeId: string | null;
  readonly version: number;
}

/** What a kind's context provider is given to load what its decider needs. */
export interface ContextRequest {
  readonly db: Db;
  readonly row: StreamRow;
  readonly state: unknown;
  readonly commands: readonly unknown[];
  readonly actor: Actor;
  /**
   * Who acts for the buyer, by name: the buyer, or customer service for them (what an order
   * or a quote records as 'Placed by', decision 063); absent for anyone else.
   */
  readonly placedBy: PlacedBy | undefined;
  /** The storefront the push came from; null for a kind that is not per store. */
  readonly locale: Locale | null;
}

export type ContextProvider = (request: ContextRequest) => Promise<unknown>;

export interface EventStoreOptions {
  readonly registry: StreamRegistry;
  /** The server's context for the kinds whose deciders need one, by kind name. */
  readonly contexts?: Readonly<Record<string, ContextProvider>>;
}

/**
 * One batch of one stream's commands, as `execute` (server/src/commands/execute.ts) hands it
 * over: the only caller, which says who acts and fills in every event's metadata.
 */
export interface PushBatchOptions {
  readonly kind: AnyStreamKind;
  readonly streamId: string;
  /** Who owns the stream if this push makes it; absent: the stream must exist already. */
  readonly owner: Actor | undefined;
  readonly storeId: string | null;
  /** Whom the commands are decided for (the kind's context: a buyer's accounts). */
  readonly actor: Actor;
  /** Who acts for the buyer, by name ('Placed by'), for the kind's context. */
  readonly placedBy?: PlacedBy;
  readonly locale: Locale | null;
  /** Whether the caller may write this stream. */
  readonly canWrite: (row: StreamRow) => boolean;
  /** The browser client whose queue the commands come from; null for the store's own. */
  readonly clientId: string | null;
  readonly expectedVersion: number;
  readonly commands: readonly QueuedCommand<unknown>[];
  /** The metadata of the events of a command. */
  readonly metadataOf: (commandId: string, seq: number) => EventMetadata;
  /**
   * Mails the command sends besides its events' (the kind's outbox): what no event may carry,
   * such as the secret of an email change's link (decision 060). Written with the command's
   * first event, in the same statement; not at all when it appends none.
   */
  readonly mails?: readonly OutboxMessage[];
}

/** An event as appended, for listeners in this process. */
export interface AppendedEvent {
  readonly kind: string;
  readonly streamId: string;
  readonly version: number;
}

export class StreamNotFoundError extends Error {
  override readonly name = 'StreamNotFoundError';
}

interface Cached {
  readonly row: StreamRow;
  readonly state: unknown;
}

interface LoadedRow extends StreamRow {
  readonly snapshot: { readonly state: unknown; readonly version: number } | null;
}

/** Both drivers answer raw SQL with `rows`. */
function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

/**
 * Recent streams' rows and states, as this process last wrote them. A stale entry (another
 * instance wrote since) only costs a retry: the write checks the version.
 */
const MAX_CACHED = 2_000;
const MAX_ATTEMPTS = 10;

export class EventStore {
  private readonly cache = new Map<string, Cached>();
  private readonly queues = new Map<string, Promise<void>>();
  private readonly writer: GroupWriter;
  private readonly listeners = new Set<(appended: readonly AppendedEvent[]) => void>();

  constructor(
    private readonly db: Db,
    readonly options: EventStoreOptions,
  ) {
    this.writer = new GroupWriter(db);
  }

  get registry(): StreamRegistry {
    return this.options.registry;
  }

  /** Called after each write that appended events (process managers wake on it). */
  onAppended(listener: (appended: readonly AppendedEvent[]) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private remember(streamId: string, entry: Cached): void {
    this.cache.delete(streamId);
    this.cache.set(streamId, entry);
    if (this.cache.size > MAX_CACHED) {
      const oldest = this.cache.keys().next().value;
      if (oldest !== undefined) this.cache.delete(oldest);
    }
  }

  /** The stream's state from its snapshot (when of the kind's shape) and the events after. */
  private async stateFrom(
    kind: AnyStreamKind,
    streamId: string,
    snapshot: LoadedRow['snapshot'],
  ): Promise<unknown> {
    let state: unknown = snapshot ? snapshot.state : kind.initialState();
    const tail = await this.db
      .select({ type: events.type, v: events.v, data: events.data })
      .from(events)
      .where(and(eq(events.streamId, streamId), gt(events.version, snapshot?.version ?? 0)))
      .orderBy(asc(events.version));
    for (const stored of tail) state = kind.evolve(state, kind.upcast(stored));
    return state;
  }

  /** A stream's current state and row (rebuilt from the events), or undefined. */
  async stateOf(
    kind: AnyStreamKind,
    streamId: string,
  ): Promise<{ row: StreamRow; state: unknown } | undefined> {
    const row = await this.readRow(kind, streamId);
    if (!row) return undefined;
    const { snapshot, ...plain } = row;
    return { row: plain, state: await this.stateFrom(kind, streamId, snapshot) };
  }

  async eventsAfter(
    kind: Pick<AnyStreamKind, 'upcast'>,
    streamId: string,
    after: number,
  ): Promise<StoredEvent<StoredShape>[]> {
    const rows = await this.db
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
      event: kind.upcast({ type, v, data }) as StoredShape,
    }));
  }

  /** A stream's row, if the owner test passes; StreamNotFoundError if it fails. */
  async readable(
    streamId: string,
    canRead: (row: StreamRow) => boolean,
  ): Promise<StreamRow | undefined> {
    const [row] = await this.db
      .select({
        streamId: streams.streamId,
        kind: streams.kind,
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

  /** The stream's row with its snapshot, when the snapshot has the kind's shape. */
  private async readRow(kind: AnyStreamKind, streamId: string): Promise<LoadedRow | undefined> {
    interface ReadRow {
      stream_id: string;
      kind: string;
      owner_kind: string;
      owner_id: string;
      store_id: string | null;
      version: number;
      snapshot: unknown;
      snapshot_version: number;
      snapshot_shape: number;
    }
    const [row] = rowsOf<ReadRow>(
      await this.db.execute(sql`
      select stream_id, kind, owner_kind, owner_id, store_id, version, snapshot,
             snapshot_version, snapshot_shape
        from ${streams} where stream_id = ${streamId}`),
    );
    if (!row) return undefined;
    if (row.kind !== kind.name) throw new StreamNotFoundError(streamId);
    const usable =
      row.snapshot !== null &&
      row.snapshot !== undefined &&
      Number(row.snapshot_shape) === kind.snapshotShape;
    return {
      streamId: row.stream_id,
      kind: row.kind,
      ownerKind: row.owner_kind,
      ownerId: row.owner_id,
      storeId: row.store_id,
      version: Number(row.version),
      snapshot: usable ? { state: row.snapshot, version: Number(row.snapshot_version) } : null,
    };
  }

  /** The answers given before to these commands on this stream. */
  private async answersOf(
    streamId: string,
    commandIds: readonly string[],
  ): Promise<Map<string, CommandResult>> {
    if (commandIds.length === 0) return new Map();
    const rows = await this.db
      .select({
        commandId: commands.commandId,
        status: commands.status,
        code: commands.code,
        message: commands.message,
      })
      .from(commands)
      .where(and(eq(commands.streamId, streamId), inArray(commands.commandId, [...commandIds])));
    return new Map(
      rows.map((r): [string, CommandResult] => [
        r.commandId,
        r.status === 'confirmed'
          ? { commandId: r.commandId, status: 'confirmed' }
          : {
              commandId: r.commandId,
              status: 'rejected',
              code: r.code ?? 'rejected',
              message: r.message as Message,
            },
      ]),
    );
  }

  /**
   * The stream as the decider needs it: from memory when this process wrote it last (then
   * no command of the batch can have been answered without the write noticing), else from
   * the database (made if new), with the answers its commands were given before.
   */
  private async load(
    options: PushBatchOptions,
    useCache: boolean,
  ): Promise<{
    row: StreamRow;
    state: unknown;
    answers: Map<string, CommandResult>;
    isNew: boolean;
  }> {
    const { kind, streamId } = options;
    const cached = useCache ? this.cache.get(streamId) : undefined;
    if (cached) return { row: cached.row, state: cached.state, answers: new Map(), isNew: false };
    const row = await this.readRow(kind, streamId);
    if (!row && options.owner) {
      // A new stream: its row is made by the statement that writes its first commands (so a
      // stream row always comes with what made it), or, if another write made it first, read
      // again on the retry. No event, no answer yet: a new cart's first command reads nothing.
      const fresh: StreamRow = {
        streamId,
        kind: kind.name,
        ownerKind: options.owner.kind,
        ownerId: options.owner.id,
        storeId: options.storeId,
        version: 0,
      };
      return { row: fresh, state: kind.initialState(), answers: new Map(), isNew: true };
    }
    if (!row) throw new StreamNotFoundError(streamId);
    const { snapshot, ...plain } = row;
    const [state, answers] = await Promise.all([
      this.stateFrom(kind, streamId, snapshot),
      this.answersOf(
        streamId,
        options.commands.map((c) => c.commandId),
      ),
    ]);
    return { row: plain, state, answers, isNew: false };
  }

  /**
   * Handles one batch of a stream's commands, with optimistic concurrency: the decider runs
   * on the state this process holds (or reads), and one statement writes everything, but
   * only if the stream is still at the version decided on and no command of the batch was
   * answered. Otherwise the stream is read again and the batch decided again (commands
   * answered meanwhile get their stored answer). Correct with any number of instances.
   */
  push(options: PushBatchOptions): Promise<PushBatchResponse<StoredShape>> {
    // One batch per stream at a time in this process; other instances meet the version check.
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

  private async pushNow(options: PushBatchOptions): Promise<PushBatchResponse<StoredShape>> {
    const { kind, streamId } = options;
    for (let attempt = 0; ; attempt += 1) {
      const { row, state, answers, isNew } = await this.load(options, attempt === 0);
      if (!options.canWrite(row)) throw new StreamNotFoundError(streamId);
      const since = Math.min(options.expectedVersion, row.version);
      const provider = this.options.contexts?.[kind.name];
      const context = provider
        ? await provider({
            db: this.db,
            row,
            state,
            commands: options.commands.map((c) => c.command),
            actor: options.actor,
            placedBy: options.placedBy,
            locale: options.locale,
          })
        : undefined;
      const decided = decideBatch<unknown, unknown, StoredShape>(
        {
          decide: (command, s) => kind.decide(command, s, context) as StoredShape[],
          evolve: (s, event): unknown => kind.evolve(s, event) as unknown,
        },
        { state, version: row.version },
        options.commands,
        (commandId) => answers.get(commandId),
      );
      if (decided.answered.length === 0) {
        // Every command was answered before: the same answers, and what the client missed.
        return {
          version: row.version,
          events: await this.eventsAfter(kind, streamId, since),
          results: decided.results,
        };
      }
      const snapshotDue =
        Math.floor(decided.version / SNAPSHOT_EVERY) > Math.floor(row.version / SNAPSHOT_EVERY);
      const written = await this.writer
        .write({
          streamId,
          ...(isNew ? { create: { kind: kind.name } } : {}),
          fromVersion: row.version,
          events: decided.events.map((e) => ({
            type: e.event.type,
            v: e.event.v,
            data: e.event.data,
            commandId: e.commandId,
            metadata: options.metadataOf(e.commandId, e.seq),
          })),
          ...(snapshotDue ? { snapshot: { state: decided.state, shape: kind.snapshotShape } } : {}),
          answers: decided.answered.map((a) => ({
            commandId: a.commandId,
            seq: options.clientId === null ? null : a.seq,
            status: a.status,
            ...(a.status === 'rejected' ? { code: a.code, message: a.message } : {}),
          })),
          clientId: options.clientId,
          ownerKind: row.ownerKind,
          ownerId: row.ownerId,
          storeId: row.storeId,
          readModels: (kind.readModels ?? []).map((model) => ({
            model: model.name,
            doc: model.project(decided.state, row) ?? null,
          })),
          outbox: [
            ...outboxMessagesOf(kind, state, decided.events, row),
            ...(decided.events[0]
              ? (options.mails ?? []).map((message) => ({
                  version: decided.events[0]?.version ?? 0,
                  message,
                }))
              : []),
          ].map(({ version, message }) => ({
            id: message.id,
            template: message.template,
            recipient: message.to,
            locale: message.locale,
            data: message.data,
            preference: message.preference,
            eventVersion: version,
          })),
        })
        .catch((error: unknown) => {
          // Another instance appended the same version first: decide again on fresh state.
          if (isUniqueViolation(error) && attempt < MAX_ATTEMPTS) return false;
          throw error;
        });
      if (!written) {
        this.cache.delete(streamId);
        if (attempt >= MAX_ATTEMPTS) throw new Error(`Stream ${streamId} kept moving`);
        continue;
      }
      this.remember(streamId, { row: { ...row, version: decided.version }, state: decided.state });
      if (decided.events.length > 0) {
        const appended = decided.events.map((e) => ({
          kind: kind.name,
          streamId,
          version: e.version,
        }));
        for (const listener of this.listeners) listener(appended);
      }
      const caughtUp =
        since === row.version
          ? decided.events.map(({ version, commandId, event }) => ({ version, commandId, event }))
          : await this.eventsAfter(kind, streamId, since);
      return { version: decided.version, events: caughtUp, results: decided.results };
    }
  }
}

/** Postgres unique_violation (23505), as either driver reports it. */
function isUniqueViolation(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current && typeof current === 'object'; depth += 1) {
    if ((current as { code?: unknown }).code === '23505') return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
