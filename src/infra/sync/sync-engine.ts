/**
 * Offline-first streams in the browser (ARCHITECTURE §3, decision 018), for every stream
 * kind of the registry. A command is decided here at once, its effect pushed to the view in
 * the same task, and queued in the outbox; one tab at a time (Web Locks) sends the outbox,
 * a batch of one stream's commands per request, stores the confirmed events, and tells the
 * other tabs (BroadcastChannel), which reload from the database. Opening a stream reads its
 * snapshot (of the kind's shape) and the events since, then decides the queued commands
 * again on top.
 *
 * The engine also decides when to send: at start, when the browser comes back online, a
 * moment after each change, when a paused command's pause ends, and every 30 s while
 * anything waits; where the browser has Background Sync, a command queued offline also
 * registers a sync, and the service worker's `sync` event (the browser back online, even
 * with this tab in the background) asks the page to send (decision 066). What a failure does to a command is the outbox policy of domain/sync: a
 * command refused for good leaves the queue and the buyer is told in the kind's words; a
 * server error pauses only that command (longer each time) and sets it aside after bounded
 * tries, counted in `setAside$`, kept until the buyer asks to try again.
 */
import { BehaviorSubject, Subject } from 'rxjs';
import type { Message } from '../../../domain/shared/message';
import {
  applyLocally,
  confirmedTail,
  rebuildClientStream,
  type ClientStream,
  type StreamRules,
} from '../../../domain/sync/client-stream';
import {
  afterFailure,
  failureOfStatus,
  nextBatch,
  nextWake,
  retried,
} from '../../../domain/sync/outbox';
import type { PushBatchResponse, StoredEvent } from '../../../domain/sync/protocol';
import type {
  KindCommand,
  KindEvent,
  StreamKind,
  StreamRegistry,
} from '../../../domain/sync/stream-kind';
import { clientIdOf, type LocalDb, type MetaEntry, type OutboxEntry } from './local-db';
import { statusOf, type SyncTransport } from './transport';
import { mergeRecovered, type PendingLog } from './pending-log';

export const SNAPSHOT_EVERY = 100;
const LOCK_NAME = 'assessments-outbox';
const CHANNEL_NAME = 'assessments-sync';
const RETRY_MS = 30_000;
const SOON_MS = 300;
const OFFLINE_FIRST_MS = 1_000;
/** A wake for a paused command never comes sooner than this (no timer spins). */
const MIN_WAKE_MS = 250;

/** A stream kind with what this browser decides with. */
export interface StreamDefinition<S, C extends KindCommand, E extends KindEvent> {
  // The context's type is the kind's own; the engine only passes it through.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  readonly kind: StreamKind<S, C, E, any>;
  /** What the kind's decider knows here (this browser's copy of the catalog, say). */
  readonly context?: unknown;
  /**
   * Refreshes what the context knows from the database (what another tab has learned)
   * before the stream is rebuilt, so another tab's queued commands can be decided here too.
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

/** A command decided here, with what it changed (analytics and the like subscribe). */
export interface AppliedCommand {
  readonly streamId: string;
  readonly kind: string;
  readonly command: KindCommand;
  readonly events: readonly KindEvent[];
  readonly before: unknown;
  /** What the screen said about the command (where an add to cart came from, say). */
  readonly note?: unknown;
}

export interface FlushResult {
  readonly sent: number;
  /** False when something is left that could be sent now (the network failed). */
  readonly complete: boolean;
  /** Another tab holds the outbox and sends it (this one did nothing). */
  readonly elsewhere?: boolean;
}

/** What one drain of the outbox has learned so far. */
interface Drain {
  readonly clientId: string;
  /** The server answered a request of this drain. */
  answered: boolean;
  /** Owners whose session the server refused (401): their entries wait, the rest go. */
  readonly refusedOwners: Set<string>;
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

/**
 * The browser's Background Sync as the engine uses it (src/infra/sync/background-sync.ts):
 * `request` registers a sync for when the browser is back online; `onFlushRequest` answers
 * the service worker's requests to send, until the function it returns is called.
 */
export interface BackgroundSyncLike {
  request(): void;
  onFlushRequest(send: () => Promise<FlushResult>): () => void;
}

export interface SyncEngineOptions {
  readonly db: LocalDb;
  readonly registry: StreamRegistry;
  readonly transport: SyncTransport;
  readonly makeId: () => string;
  /** Web Locks where the browser has them; without, one flush at a time in this page. */
  readonly locks?: LockManagerLike;
  readonly channelName?: string;
  /** Who is signed in here now: a user's queued commands are sent only for that user. */
  readonly currentUserId?: () => string | null;
  /** Whether the browser thinks it is online (default: navigator.onLine). */
  readonly online?: () => boolean;
  readonly clock?: () => number;
  /**
   * Where a command is kept, synchronously, until its outbox write has finished (local
   * storage in the browser): a page or tab left at once loses no command.
   */
  readonly pending?: PendingLog;
  /** Background Sync where the browser has it (the other triggers work without). */
  readonly backgroundSync?: BackgroundSyncLike;
}

/** A stream open in this page: its state as the person sees it, kept current. */
export class OpenStream<S, C extends KindCommand, E extends KindEvent> {
  readonly state$: BehaviorSubject<S>;
  stream: ClientStream<S, C, E>;
  readonly ready: Promise<void>;
  readonly rules: StreamRules<S, C, E>;
  /**
   * Commands decided here whose outbox write has not finished: a reload that reads the
   * outbox meanwhile keeps them (they are not in the database yet).
   */
  readonly unsaved = new Map<string, { seq: number; commandId: string; command: C }>();

  constructor(
    readonly streamId: string,
    readonly definition: StreamDefinition<S, C, E>,
    load: (open: OpenStream<S, C, E>) => Promise<void>,
  ) {
    const { kind, context } = definition;
    const initial = kind.initialState();
    this.rules = {
      decide: (command, state) => kind.decide(command, state, context),
      evolve: kind.evolve,
    };
    this.stream = { confirmedVersion: 0, confirmedState: initial, pending: [], state: initial };
    this.state$ = new BehaviorSubject(initial);
    this.ready = load(this);
  }
}

type AnyOpenStream = OpenStream<unknown, KindCommand, KindEvent>;

export class SyncEngine {
  readonly notices$ = new Subject<SyncNotice>();
  /** Commands waiting in the outbox (all streams), the set-aside ones included. */
  readonly queued$ = new BehaviorSubject<number>(0);
  /** Commands set aside after repeated server errors: kept until the buyer retries them. */
  readonly setAside$ = new BehaviorSubject<number>(0);
  /** Every command decided in this page, with its events. */
  readonly applied$ = new Subject<AppliedCommand>();
  /** The server refused a user's session (401): the user whose changes wait (null: a visitor). */
  readonly unauthorized$ = new Subject<string | null>();
  private readonly open = new Map<string, AnyOpenStream>();
  private readonly channel: BroadcastChannel | undefined;
  private flushing: Promise<FlushResult> | undefined;
  private clientId: Promise<string> | undefined;
  private closed = false;
  private started = false;
  private soon: ReturnType<typeof setTimeout> | undefined;
  private wakeTimer: ReturnType<typeof setTimeout> | undefined;
  private retry: ReturnType<typeof setInterval> | undefined;
  private offlineBackoff = OFFLINE_FIRST_MS;
  private lastSuccessAt: number | null = null;
  private stopAnswering: (() => void) | undefined;
  private readonly onOnline = () => {
    this.flushSoon(0);
  };
  /** Commands an earlier page of this tab showed but did not finish writing, back in the outbox. */
  private readonly recovered: Promise<void>;

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
    this.recovered = this.recoverPending().catch((error: unknown) => {
      console.error('Commands of the last page could not be recovered.', error);
    });
    this.inBackground(this.recovered.then(() => this.countQueued()));
  }

  /**
   * Puts in the outbox the commands an earlier page showed but whose write it did not finish
   * (the page was left at once), before any stream is read.
   */
  private async recoverPending(): Promise<void> {
    const log = this.options.pending;
    const records = log?.all() ?? [];
    if (!log || records.length === 0) return;
    const db = this.db;
    const streamIds = new Set<string>();
    await db.transaction('rw', db.outbox, db.streams, db.meta, async () => {
      for (const { entry, facts } of records) {
        if ((await db.outbox.where('commandId').equals(entry.commandId).count()) > 0) continue;
        for (const fact of facts) {
          const stored = await db.meta.get(fact.key);
          await db.meta.put({ key: fact.key, value: mergeRecovered(stored?.value, fact.value) });
        }
        const { id: _id, ...rest } = entry;
        void _id;
        await db.outbox.add(rest);
        if (!(await db.streams.get(entry.streamId))) {
          await db.streams.put({
            streamId: entry.streamId,
            kind: entry.kind,
            version: 0,
            locale: entry.locale,
          });
        }
        streamIds.add(entry.streamId);
      }
    });
    for (const { entry } of records) log.remove(entry.commandId);
    for (const streamId of streamIds) this.broadcast({ type: 'changed', streamId });
    if (this.started && streamIds.size > 0) this.flushSoon();
  }

  get db(): LocalDb {
    return this.options.db;
  }

  get registry(): StreamRegistry {
    return this.options.registry;
  }

  private now(): number {
    return this.options.clock?.() ?? Date.now();
  }

  private isOnline(): boolean {
    if (this.options.online) return this.options.online();
    return typeof navigator === 'undefined' ? true : navigator.onLine;
  }

  /** Starts sending: now, whenever the browser is back online, and every 30 s. */
  start(): void {
    if (this.started || this.closed) return;
    this.started = true;
    if (typeof window !== 'undefined') window.addEventListener('online', this.onOnline);
    this.stopAnswering = this.options.backgroundSync?.onFlushRequest(() => this.sendNow());
    this.retry = setInterval(() => {
      if (this.queued$.getValue() > this.setAside$.getValue() && this.isOnline()) {
        void this.flushNow();
      }
    }, RETRY_MS);
    this.flushSoon(0);
  }

  close(): void {
    this.closed = true;
    clearTimeout(this.soon);
    clearTimeout(this.wakeTimer);
    clearInterval(this.retry);
    if (typeof window !== 'undefined') window.removeEventListener('online', this.onOnline);
    this.stopAnswering?.();
    this.channel?.close();
    this.db.close();
  }

  /** Sends a moment from now (changes made together go in one request). */
  flushSoon(delay = SOON_MS): void {
    if (this.closed) return;
    clearTimeout(this.soon);
    this.soon = setTimeout(() => {
      void this.flushNow();
    }, delay);
  }

  /**
   * Sends now and plans the next try, as the engine's own triggers do: what the service
   * worker's sync event asks for. Never throws: a failure reads as nothing sent.
   */
  sendNow(): Promise<FlushResult> {
    return this.flushNow();
  }

  /** Flushes, then plans the next try: sooner while the connection seems to be coming back. */
  private async flushNow(): Promise<FlushResult> {
    let result: FlushResult = { sent: 0, complete: false };
    try {
      result = await this.flush();
    } catch (error) {
      if (!this.closed) console.warn('Changes could not be sent yet.', error);
    }
    // Another tab sends: it tells this one when the outbox changes.
    if (this.closed || result.elsewhere) return result;
    if (!result.complete) {
      // No answer: while the browser says it is online (the connection may be coming back)
      // try again soon, waiting longer each time; offline, the 'online' event wakes it, and
      // the service worker's sync event where the browser has Background Sync.
      if (this.isOnline()) {
        this.flushSoon(this.offlineBackoff);
        this.offlineBackoff = Math.min(this.offlineBackoff * 2, RETRY_MS);
      } else {
        this.options.backgroundSync?.request();
      }
      return result;
    }
    this.offlineBackoff = OFFLINE_FIRST_MS;
    await this.planWake();
    return result;
  }

  /** A timer for the first paused command whose pause ends. */
  private async planWake(): Promise<void> {
    clearTimeout(this.wakeTimer);
    const wake = nextWake(
      (await this.db.outbox.toArray()).map((e) => ({ ...e, id: e.id ?? 0 })),
      this.signedIn(),
    );
    if (wake === null || this.closed) return;
    this.wakeTimer = setTimeout(
      () => {
        void this.flushNow();
      },
      Math.max(MIN_WAKE_MS, wake - this.now()),
    );
  }

  /** Work nobody waits for (a reload, a recount): once closed, its failure is expected. */
  private inBackground(work: Promise<unknown>): void {
    work.catch((error: unknown) => {
      if (!this.closed) console.warn('Local storage could not be read.', error);
    });
  }

  private client(): Promise<string> {
    this.clientId ??= clientIdOf(this.db, this.options.makeId);
    return this.clientId;
  }

  private signedIn(): string | null {
    return this.options.currentUserId?.() ?? null;
  }

  private async countQueued(): Promise<void> {
    const [all, aside] = await Promise.all([
      this.db.outbox.count(),
      this.db.outbox.where('setAsideAt').above(0).count(),
    ]);
    this.queued$.next(all);
    if (aside !== this.setAside$.getValue()) this.setAside$.next(aside);
  }

  /** Opens (or returns) a stream, loading it from the database. */
  openStream<S, C extends KindCommand, E extends KindEvent>(
    streamId: string,
    definition: StreamDefinition<S, C, E>,
  ): OpenStream<S, C, E> {
    const existing = this.open.get(streamId);
    if (existing) return existing as unknown as OpenStream<S, C, E>;
    const stream = new OpenStream(streamId, definition, (s) => this.load(s));
    this.open.set(streamId, stream as unknown as AnyOpenStream);
    return stream;
  }

  /** The confirmed state and version stored here: the snapshot and the events after it. */
  async confirmedOf<S, E extends KindEvent>(
    streamId: string,
    kind: {
      readonly initialState: () => S;
      readonly evolve: (state: S, event: E) => S;
      readonly upcast: (stored: KindEvent) => E;
      readonly snapshotShape: number;
    },
  ): Promise<{ state: S; version: number }> {
    const stored = await this.db.snapshots.get(streamId);
    // A snapshot of another shape (an older version of the store) is rebuilt from events.
    const snapshot = stored && (stored.shape ?? 0) === kind.snapshotShape ? stored : undefined;
    let state = snapshot ? (snapshot.state as S) : kind.initialState();
    let version = snapshot?.version ?? 0;
    const tail = await this.db.events
      .where('[streamId+version]')
      .between([streamId, version + 1], [streamId, Infinity])
      .toArray();
    for (const event of tail) {
      state = kind.evolve(state, kind.upcast(event));
      version = event.version;
    }
    return { state, version };
  }

  private async load<S, C extends KindCommand, E extends KindEvent>(
    open: OpenStream<S, C, E>,
  ): Promise<void> {
    await this.recovered;
    await open.definition.refresh?.();
    const { state, version } = await this.confirmedOf(open.streamId, open.definition.kind);
    const stored = await this.db.outbox.where('streamId').equals(open.streamId).sortBy('id');
    const queued = stored.map((entry) => ({
      seq: entry.id ?? 0,
      commandId: entry.commandId,
      command: entry.command as C,
    }));
    // Decided here while the outbox was being read, not stored yet: still queued.
    const known = new Set(queued.map((q) => q.commandId));
    for (const entry of open.unsaved.values()) {
      if (!known.has(entry.commandId)) queued.push({ ...entry, seq: Number.MAX_SAFE_INTEGER });
    }
    open.stream = rebuildClientStream(open.rules, state, version, queued);
    open.state$.next(open.stream.state);
  }

  private async reload(streamId: string): Promise<void> {
    const open = this.open.get(streamId);
    if (open) await this.load(open);
  }

  /**
   * Decides an open stream's queued commands again (its context learned something: facts
   * that came after a reload), so what waited for them shows.
   */
  rebuild(streamId: string): Promise<void> {
    return this.reload(streamId);
  }

  /**
   * Decides a command here and shows its effect at once (before this returns); it is then
   * queued. Throws the DomainError of a command that breaks a rule (nothing is queued).
   * `saved` settles when the command is safely in the outbox.
   */
  dispatch<S, C extends KindCommand, E extends KindEvent>(
    open: OpenStream<S, C, E>,
    command: C,
    options: {
      readonly locale: string;
      /** The user whose stream it is (absent for a visitor's). */
      readonly userId?: string | undefined;
      /**
       * What the command was decided with (the facts of a product seen for the first
       * time), stored with it in one transaction: a tab that rebuilds the queue, or this one
       * after a reload, can never find the command without them.
       */
      readonly facts?: readonly MetaEntry[];
      readonly note?: unknown;
    },
  ): { events: readonly E[]; saved: Promise<void> } {
    const { kind } = open.definition;
    const serverOnly = kind.serverOnly?.(command) ?? false;
    const rules = serverOnly ? { ...open.rules, decide: () => [] } : open.rules;
    const before = open.stream.state;
    const { stream, events } = applyLocally(
      open.stream,
      rules,
      { seq: 0, commandId: command.metadata.commandId, command },
      serverOnly,
    );
    if (stream === open.stream) return { events, saved: Promise.resolve() };
    open.stream = stream;
    open.state$.next(stream.state);
    this.applied$.next({
      streamId: open.streamId,
      kind: kind.name,
      command,
      events,
      before,
      ...(options.note !== undefined ? { note: options.note } : {}),
    });
    const entry: OutboxEntry = {
      streamId: open.streamId,
      kind: kind.name,
      commandId: command.metadata.commandId,
      command,
      locale: options.locale,
      ...(options.userId ? { userId: options.userId } : {}),
      createdAt: new Date(this.now()).toISOString(),
      attempts: 0,
    };
    const facts = options.facts ?? [];
    const commandId = command.metadata.commandId;
    open.unsaved.set(commandId, { seq: 0, commandId, command });
    // Kept at once, so a page left before the write below finishes loses nothing.
    const pending = this.options.pending;
    pending?.add({ entry, facts: facts.map(({ key, value }) => ({ key, value })) });
    const saved = this.db
      .transaction('rw', this.db.outbox, this.db.streams, this.db.meta, async () => {
        // Another page that started meanwhile may have put it in the outbox from the log.
        if ((await this.db.outbox.where('commandId').equals(commandId).count()) > 0) return;
        for (const fact of facts) {
          // A fact that merges with what another tab stored meanwhile (never overwrites it).
          const before = fact.merge ? await this.db.meta.get(fact.key) : undefined;
          await this.db.meta.put({
            key: fact.key,
            value: fact.merge ? fact.merge(before?.value) : fact.value,
          });
        }
        await this.db.outbox.add(entry);
        const known = await this.db.streams.get(open.streamId);
        if (!known) {
          await this.db.streams.put({
            streamId: open.streamId,
            kind: kind.name,
            version: 0,
            locale: options.locale,
          });
        }
      })
      .then(
        () => {
          open.unsaved.delete(commandId);
          pending?.remove(commandId);
          this.broadcast({ type: 'changed', streamId: open.streamId });
          this.inBackground(this.countQueued());
          // Queued offline: the browser wakes the worker when the connection is back. (Only
          // offline: registered online, a sync fires at once, and one failing would loop.)
          if (!this.isOnline()) this.options.backgroundSync?.request();
          if (this.started) this.flushSoon();
        },
        (error: unknown) => {
          open.unsaved.delete(commandId);
          pending?.remove(commandId);
          throw error;
        },
      );
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

  /** Sends the outbox, a stream's batch at a time, from one tab at a time. */
  flush(): Promise<FlushResult> {
    this.flushing ??= this.withLock(() => this.drain()).finally(() => {
      this.flushing = undefined;
    });
    return this.flushing;
  }

  /** The set-aside commands go back into the queue (the buyer asked), and are sent. */
  async retrySetAside(): Promise<void> {
    await this.db.transaction('rw', this.db.outbox, async () => {
      const aside = await this.db.outbox.where('setAsideAt').above(0).toArray();
      for (const entry of aside) {
        if (entry.id !== undefined) await this.db.outbox.update(entry.id, retried());
      }
    });
    await this.countQueued();
    this.broadcast({ type: 'changed', streamId: '' });
    this.flushSoon(0);
  }

  private async withLock(work: () => Promise<FlushResult>): Promise<FlushResult> {
    const { locks } = this.options;
    if (!locks) return work();
    return locks.request(LOCK_NAME, { ifAvailable: true }, async (lock) =>
      // Another tab is flushing: it sends everything, this one's commands included.
      lock ? work() : { sent: 0, complete: true, elsewhere: true },
    );
  }

  private async drain(): Promise<FlushResult> {
    const drain: Drain = {
      clientId: await this.client(),
      answered: false,
      refusedOwners: new Set(),
    };
    let sent = 0;
    for (;;) {
      const queue = (await this.db.outbox.toArray())
        .filter((e) => !drain.refusedOwners.has(e.userId ?? ''))
        .map((e) => ({ ...e, id: e.id ?? 0 }));
      const batch = nextBatch(queue, this.now(), this.signedIn());
      if (batch.length === 0) break;
      const outcome = await this.send(drain, batch);
      if (outcome === 'stop') return { sent, complete: false };
      sent += outcome;
    }
    return { sent, complete: drain.refusedOwners.size === 0 };
  }

  /**
   * Sends one stream's batch. A batch the server refuses or fails on is sent again in
   * halves, so the one command at fault is found alone and the others go through. The
   * number of commands answered, or `stop` when the rest should wait: no answer at all
   * (offline), or a server error before the server answered anything in this drain (an
   * outage: one paused command per round, not a flood of requests).
   */
  private async send(
    drain: Drain,
    batch: readonly (OutboxEntry & { id: number })[],
  ): Promise<number | 'stop'> {
    const [head] = batch;
    if (!head) return 0;
    const kind = this.registry.get(head.kind);
    if (!kind) {
      // A kind this version of the store does not know (a newer tab queued it): kept.
      await this.db.outbox.bulkUpdate(
        batch.map((e) => ({ key: e.id, changes: { setAsideAt: this.now() } })),
      );
      await this.countQueued();
      return 0;
    }
    const known = await this.db.streams.get(head.streamId);
    let response: PushBatchResponse<unknown>;
    try {
      response = await this.options.transport.push(
        kind,
        head.streamId,
        head.locale,
        {
          clientId: drain.clientId,
          expectedVersion: known?.version ?? 0,
          commands: batch.map((e) => ({ seq: e.id, commandId: e.commandId, command: e.command })),
        },
        head.userId === undefined ? { visitor: true } : { visitor: false, userId: head.userId },
      );
    } catch (error) {
      const failure = failureOfStatus(statusOf(error));
      if (failure === 'offline') return 'stop';
      if (failure === 'unauthorized') {
        // The session is not this owner's any more: their changes wait for them (never sent
        // as anyone else, never dropped); the others go on, and the session is checked.
        drain.refusedOwners.add(head.userId ?? '');
        this.unauthorized$.next(head.userId ?? null);
        return 0;
      }
      // Halve the batch until the command at fault is alone; the rest follow in the next.
      if (batch.length > 1) {
        return this.send(drain, batch.slice(0, Math.ceil(batch.length / 2)));
      }
      if (failure === 'refused') {
        await this.db.outbox.delete(head.id);
        this.notify({
          streamId: head.streamId,
          commandId: head.commandId,
          code: 'sync.refused',
          message: kind.refused,
        });
        await this.afterChange(head.streamId);
        return 1;
      }
      await this.db.outbox.update(head.id, afterFailure(head, this.now(), this.lastSuccessAt));
      await this.countQueued();
      return drain.answered ? 0 : 'stop';
    }
    drain.answered = true;
    this.lastSuccessAt = this.now();
    await this.store(kind.name, batch, response);
    return batch.length;
  }

  /** Stores an answer: the events, the stream's version, the answered entries gone. */
  private async store(
    kind: string,
    batch: readonly (OutboxEntry & { id: number })[],
    response: PushBatchResponse<unknown>,
  ): Promise<void> {
    const [head] = batch;
    if (!head) return;
    let gap = false;
    const answered = new Set(response.results.map((r) => r.commandId));
    await this.db.transaction('rw', this.db.events, this.db.outbox, this.db.streams, async () => {
      gap = await this.appendConfirmed(head.streamId, kind, head.locale, response.events);
      await this.db.outbox.bulkDelete(
        batch.filter((e) => answered.has(e.commandId)).map((e) => e.id),
      );
    });
    for (const result of response.results) {
      if (result.status !== 'rejected') continue;
      this.notify({
        streamId: head.streamId,
        commandId: result.commandId,
        code: result.code,
        message: result.message,
      });
    }
    if (gap) await this.pull(head.streamId);
    await this.afterChange(head.streamId);
  }

  /** Appends events that follow what is stored; true when some are missing in between. */
  private async appendConfirmed(
    streamId: string,
    kind: string,
    locale: string | null,
    events: readonly StoredEvent<unknown>[],
  ): Promise<boolean> {
    const known = await this.db.streams.get(streamId);
    const { next, version, gap } = confirmedTail(known?.version ?? 0, events);
    if (next.length > 0) {
      await this.db.events.bulkPut(
        next.map((stored) => {
          const event = stored.event as KindEvent;
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
    return gap;
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
    const { kind } = open.definition;
    const snapshot = await this.db.snapshots.get(streamId);
    const from = snapshot && (snapshot.shape ?? 0) === kind.snapshotShape ? snapshot.version : 0;
    if (Math.floor(known.version / SNAPSHOT_EVERY) <= Math.floor(from / SNAPSHOT_EVERY)) return;
    const { state, version } = await this.confirmedOf(streamId, kind);
    await this.db.snapshots.put({ streamId, version, shape: kind.snapshotShape, state });
  }

  /** Fetches the events other devices added, and shows them (a user's stream: as that user). */
  async pull(streamId: string, userId?: string): Promise<void> {
    const known = await this.db.streams.get(streamId);
    const kindName = known?.kind ?? streamId.slice(0, streamId.indexOf(':'));
    const kind = this.registry.get(kindName);
    if (!kind) return;
    const answer = await this.options.transport.pull(kind, streamId, known?.version ?? 0, userId);
    if (!answer || answer.events.length === 0) return;
    await this.db.transaction('rw', this.db.events, this.db.streams, this.db.outbox, async () => {
      await this.appendConfirmed(streamId, kind.name, known?.locale ?? null, answer.events);
      // A command the server took whose answer was lost (its page was left while it was on
      // its way) is in these events: shown from them, not applied again from the outbox.
      await this.db.outbox
        .where('commandId')
        .anyOf(answer.events.map((e) => e.commandId))
        .delete();
    });
    await this.afterChange(streamId);
  }
}
