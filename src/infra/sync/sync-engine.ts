/**
 * Offline-first streams in the browser (ARCHITECTURE §3). A command is decided here at
 * once, its effect pushed to the view in the same task, and queued in the outbox; one tab
 * at a time (Web Locks) sends the outbox in order, stores the confirmed events, and tells
 * the other tabs (BroadcastChannel), which reload from the database. Opening a stream reads
 * its snapshot and the events since, then decides the queued commands again on top.
 */
import { BehaviorSubject, Subject } from 'rxjs';
import type { Message } from '../../../domain/shared/message';
import {
  applyLocally,
  rebuildClientStream,
  type ClientStream,
  type StreamRules,
} from '../../../domain/sync/client-stream';
import type { PushResponse, StoredEvent } from '../../../domain/sync/protocol';
import {
  clientIdOf,
  type LocalDb,
  type MetaEntry,
  type OutboxEntry,
  type StreamKindName,
} from './local-db';
import { failureKind, type SyncTransport } from './transport';

export const SNAPSHOT_EVERY = 100;
const LOCK_NAME = 'assessments-outbox';
const CHANNEL_NAME = 'assessments-sync';

export interface StreamDefinition<S, C, E> {
  readonly kind: StreamKindName;
  readonly initialState: () => S;
  readonly evolve: (state: S, event: E) => S;
  readonly upcast: (stored: { type: string; v: number; data: unknown }) => E;
  /** The decider with what this browser knows (its catalog copy). */
  readonly decide: (command: C, state: S) => E[];
  /** Commands only the server can decide (promotion codes): queued with no effect here. */
  readonly serverOnly?: (command: C) => boolean;
  /**
   * Refreshes what `decide` knows from the database (what another tab has learned) before
   * the stream is rebuilt, so another tab's queued commands can be decided here too.
   */
  readonly refresh?: () => Promise<void>;
}

/** A command the server refused, or could not take: the person is told in these words. */
export interface SyncNotice {
  readonly streamId: string;
  readonly commandId: string;
  readonly code: string;
  readonly message: Message;
}

export interface FlushResult {
  readonly sent: number;
  /** False when the network failed: the rest waits for the next flush. */
  readonly complete: boolean;
}

type ChannelMessage =
  | { readonly type: 'changed'; readonly streamId: string }
  | { readonly type: 'notice'; readonly notice: SyncNotice };

/** The part of the Web Locks API the engine uses (navigator.locks). */
export interface LockManagerLike {
  request<T>(
    name: string,
    options: { ifAvailable: boolean },
    callback: (lock: unknown) => Promise<T>,
  ): Promise<T>;
}

export interface SyncEngineOptions {
  readonly db: LocalDb;
  readonly transport: SyncTransport;
  readonly makeId: () => string;
  /** Web Locks where the browser has them; without, one flush at a time in this page. */
  readonly locks?: LockManagerLike;
  readonly channelName?: string;
  /** Who is signed in here now: a user's queued commands are sent only for that user. */
  readonly currentUserId?: () => string | null;
}

/** A stream open in this page: its state as the person sees it, kept current. */
export class OpenStream<S, C, E> {
  readonly state$: BehaviorSubject<S>;
  stream: ClientStream<S, C, E>;
  readonly ready: Promise<void>;

  constructor(
    readonly streamId: string,
    readonly definition: StreamDefinition<S, C, E>,
    load: (open: OpenStream<S, C, E>) => Promise<void>,
  ) {
    const initial = definition.initialState();
    this.stream = { confirmedVersion: 0, confirmedState: initial, pending: [], state: initial };
    this.state$ = new BehaviorSubject(initial);
    this.ready = load(this);
  }

  get rules(): StreamRules<S, C, E> {
    return { decide: this.definition.decide, evolve: this.definition.evolve };
  }
}

export class SyncEngine {
  readonly notices$ = new Subject<SyncNotice>();
  /** Commands waiting in the outbox (all streams). */
  readonly queued$ = new BehaviorSubject<number>(0);
  private readonly open = new Map<string, OpenStream<unknown, unknown, unknown>>();
  private readonly channel: BroadcastChannel | undefined;
  private flushing: Promise<FlushResult> | undefined;
  private clientId: Promise<string> | undefined;
  private closed = false;

  constructor(private readonly options: SyncEngineOptions) {
    this.channel =
      typeof BroadcastChannel === 'undefined'
        ? undefined
        : new BroadcastChannel(options.channelName ?? CHANNEL_NAME);
    this.channel?.addEventListener('message', (event: MessageEvent<ChannelMessage>) => {
      const message = event.data;
      if (message.type === 'changed') {
        this.inBackground(this.reload(message.streamId));
        // Another tab queued or sent something: the outbox is shared.
        this.inBackground(this.countQueued());
      } else this.notices$.next(message.notice);
    });
    this.inBackground(this.countQueued());
  }

  get db(): LocalDb {
    return this.options.db;
  }

  close(): void {
    this.closed = true;
    this.channel?.close();
    this.db.close();
  }

  /** Work nobody waits for (a reload, a recount): once closed, its failure is expected. */
  private inBackground(work: Promise<unknown>): void {
    work.catch((error: unknown) => {
      if (!this.closed) console.warn('Local cart storage could not be read.', error);
    });
  }

  private client(): Promise<string> {
    this.clientId ??= clientIdOf(this.db, this.options.makeId);
    return this.clientId;
  }

  private async countQueued(): Promise<void> {
    this.queued$.next(await this.db.outbox.count());
  }

  /** Opens (or returns) a stream, loading it from the database. */
  openStream<S, C, E>(
    streamId: string,
    definition: StreamDefinition<S, C, E>,
  ): OpenStream<S, C, E> {
    const existing = this.open.get(streamId);
    if (existing) return existing as unknown as OpenStream<S, C, E>;
    const stream = new OpenStream(streamId, definition, (s) => this.load(s));
    this.open.set(streamId, stream as unknown as OpenStream<unknown, unknown, unknown>);
    return stream;
  }

  /** The confirmed state and version stored here: the snapshot and the events after it. */
  async confirmedOf<S, E>(
    streamId: string,
    definition: Pick<StreamDefinition<S, unknown, E>, 'initialState' | 'evolve' | 'upcast'>,
  ): Promise<{ state: S; version: number }> {
    const snapshot = await this.db.snapshots.get(streamId);
    let state = snapshot ? (snapshot.state as S) : definition.initialState();
    let version = snapshot?.version ?? 0;
    const tail = await this.db.events
      .where('[streamId+version]')
      .between([streamId, version + 1], [streamId, Infinity])
      .toArray();
    for (const stored of tail) {
      state = definition.evolve(state, definition.upcast(stored));
      version = stored.version;
    }
    return { state, version };
  }

  private async load<S, C, E>(open: OpenStream<S, C, E>): Promise<void> {
    await open.definition.refresh?.();
    const { state, version } = await this.confirmedOf(open.streamId, open.definition);
    const queued = await this.db.outbox.where('streamId').equals(open.streamId).sortBy('id');
    open.stream = rebuildClientStream(
      open.rules,
      state,
      version,
      queued.map((entry) => ({
        seq: entry.id ?? 0,
        commandId: entry.commandId,
        command: entry.command as C,
      })),
    );
    open.state$.next(open.stream.state);
  }

  private async reload(streamId: string): Promise<void> {
    const open = this.open.get(streamId);
    if (open) await this.load(open);
  }

  /**
   * Decides a command here and shows its effect at once (before this returns); it is then
   * queued. Throws the DomainError of a command that breaks a rule (nothing is queued).
   * `saved` settles when the command is safely in the outbox.
   */
  dispatch<S, C extends { metadata: { commandId: string } }, E>(
    open: OpenStream<S, C, E>,
    command: C,
    locale: string,
    /** The user whose stream it is (absent for a visitor's). */
    userId?: string,
    /**
     * What the command was decided with (the facts of a product seen for the first time),
     * stored with it in one transaction: a tab that rebuilds the queue, or this one after a
     * reload, can never find the command without them.
     */
    facts: readonly MetaEntry[] = [],
  ): { events: readonly E[]; saved: Promise<void> } {
    const serverOnly = open.definition.serverOnly?.(command) ?? false;
    const rules = serverOnly ? { ...open.rules, decide: () => [] } : open.rules;
    const { stream, events } = applyLocally(
      open.stream,
      rules,
      { seq: 0, commandId: command.metadata.commandId, command },
      serverOnly,
    );
    if (stream === open.stream) return { events, saved: Promise.resolve() };
    open.stream = stream;
    open.state$.next(stream.state);
    const entry: OutboxEntry = {
      streamId: open.streamId,
      kind: open.definition.kind,
      commandId: command.metadata.commandId,
      command,
      locale,
      ...(userId ? { userId } : {}),
      createdAt: new Date().toISOString(),
      attempts: 0,
    };
    const saved = this.db
      .transaction('rw', this.db.outbox, this.db.streams, this.db.meta, async () => {
        if (facts.length > 0) await this.db.meta.bulkPut([...facts]);
        await this.db.outbox.add(entry);
        const known = await this.db.streams.get(open.streamId);
        if (!known) {
          await this.db.streams.put({
            streamId: open.streamId,
            kind: open.definition.kind,
            version: 0,
            locale,
          });
        }
      })
      .then(() => {
        this.broadcast({ type: 'changed', streamId: open.streamId });
        this.inBackground(this.countQueued());
      });
    return { events, saved };
  }

  private broadcast(message: ChannelMessage): void {
    try {
      this.channel?.postMessage(message);
    } catch {
      // A closed channel: other tabs reload when they next open the stream.
    }
  }

  private notify(notice: SyncNotice): void {
    this.notices$.next(notice);
    this.broadcast({ type: 'notice', notice });
  }

  /** Sends the outbox, oldest first, from one tab at a time. */
  flush(): Promise<FlushResult> {
    this.flushing ??= this.withLock(() => this.drain()).finally(() => {
      this.flushing = undefined;
    });
    return this.flushing;
  }

  private async withLock(work: () => Promise<FlushResult>): Promise<FlushResult> {
    const { locks } = this.options;
    if (!locks) return work();
    return locks.request(LOCK_NAME, { ifAvailable: true }, async (lock) =>
      // Another tab is flushing: it sends everything, this one's commands included.
      lock ? work() : { sent: 0, complete: true },
    );
  }

  private async drain(): Promise<FlushResult> {
    const clientId = await this.client();
    let sent = 0;
    for (;;) {
      // Oldest first; a signed-out user's commands wait for them to sign in again.
      const signedIn = this.options.currentUserId?.() ?? null;
      const entry = await this.db.outbox
        .orderBy('id')
        .filter((e) => e.userId === undefined || e.userId === signedIn)
        .first();
      if (!entry?.id) break;
      const known = await this.db.streams.get(entry.streamId);
      let response: PushResponse<unknown>;
      try {
        response = await this.options.transport.push(
          entry.kind,
          entry.streamId,
          entry.locale,
          {
            clientId,
            seq: entry.id,
            commandId: entry.commandId,
            expectedVersion: known?.version ?? 0,
            command: entry.command,
          },
          { visitor: entry.userId === undefined },
        );
      } catch (error) {
        // A user's command refused because they signed out meanwhile waits for them.
        const signedOut =
          entry.userId !== undefined && entry.userId !== (this.options.currentUserId?.() ?? null);
        if (failureKind(error) === 'drop' && !signedOut) {
          await this.db.outbox.delete(entry.id);
          this.notify({
            streamId: entry.streamId,
            commandId: entry.commandId,
            code: 'sync.refused',
            message: {
              id: 'cart.items-need-update',
              message: 'Some items in your cart need to be updated...',
            },
          });
          await this.afterChange(entry.streamId);
          continue;
        }
        await this.db.outbox.update(entry.id, { attempts: entry.attempts + 1 });
        return { sent, complete: false };
      }
      await this.store(entry, response);
      sent += 1;
    }
    return { sent, complete: true };
  }

  /** Stores a confirmed answer: its events, the stream's version, the outbox entry gone. */
  private async store(entry: OutboxEntry, response: PushResponse<unknown>): Promise<void> {
    let gap = false;
    await this.db.transaction('rw', this.db.events, this.db.outbox, this.db.streams, async () => {
      gap = await this.appendConfirmed(entry.streamId, entry.kind, entry.locale, response.events);
      if (entry.id !== undefined) await this.db.outbox.delete(entry.id);
    });
    if (response.status === 'rejected') {
      this.notify({
        streamId: entry.streamId,
        commandId: entry.commandId,
        code: response.code,
        message: response.message,
      });
    }
    if (gap) await this.pull(entry.streamId, entry.kind);
    await this.afterChange(entry.streamId);
  }

  /** Appends events that follow what is stored; true when some are missing in between. */
  private async appendConfirmed(
    streamId: string,
    kind: StreamKindName,
    locale: string | null,
    events: readonly StoredEvent<unknown>[],
  ): Promise<boolean> {
    const known = await this.db.streams.get(streamId);
    let version = known?.version ?? 0;
    const next: { version: number; commandId: string; event: unknown }[] = [];
    for (const stored of [...events].sort((a, b) => a.version - b.version)) {
      if (stored.version <= version) continue;
      if (stored.version !== version + 1) return true;
      next.push(stored);
      version = stored.version;
    }
    if (next.length > 0) {
      await this.db.events.bulkPut(
        next.map((stored) => {
          const event = stored.event as { type: string; v: number; data: unknown };
          return {
            streamId,
            version: stored.version,
            commandId: stored.commandId,
            type: event.type,
            v: event.v,
            data: event.data,
          };
        }),
      );
    }
    await this.db.streams.put({ streamId, kind, version, locale: known?.locale ?? locale });
    return false;
  }

  private async afterChange(streamId: string): Promise<void> {
    await this.snapshotIfDue(streamId);
    await this.reload(streamId);
    await this.countQueued();
    this.broadcast({ type: 'changed', streamId });
  }

  /** Every 100 confirmed events, the state is kept so opening costs only the tail. */
  private async snapshotIfDue(streamId: string): Promise<void> {
    const open = this.open.get(streamId);
    const known = await this.db.streams.get(streamId);
    if (!open || !known) return;
    const snapshot = await this.db.snapshots.get(streamId);
    const from = snapshot?.version ?? 0;
    if (Math.floor(known.version / SNAPSHOT_EVERY) <= Math.floor(from / SNAPSHOT_EVERY)) return;
    const { state, version } = await this.confirmedOf(streamId, open.definition);
    await this.db.snapshots.put({ streamId, version, state });
  }

  /** Fetches the events other devices added, and shows them. */
  async pull(streamId: string, kind: StreamKindName): Promise<void> {
    const known = await this.db.streams.get(streamId);
    const answer = await this.options.transport.pull(kind, streamId, known?.version ?? 0);
    if (!answer || answer.events.length === 0) return;
    await this.db.transaction('rw', this.db.events, this.db.streams, async () => {
      await this.appendConfirmed(streamId, kind, known?.locale ?? null, answer.events);
    });
    await this.afterChange(streamId);
  }
}
