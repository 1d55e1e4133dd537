/**
 * Runs the registry's process managers (reactions to events: order placed → clear the
 * cart; the fulfilment's steps). Each reads the events of its kinds in commit order from its
 * stored checkpoint on (`events.transaction_id`, `events.position`), and issues the commands
 * its `react` names through `execute`, as the store itself (`acting.store(manager)`), with the
 * event as their cause. A command's id is made from the event and the reaction's place
 * (`{manager}:{stream}@{version}:{n}`), so a reaction issued again after a crash (before the
 * checkpoint moved) gets the stored answer instead of applying twice: exactly once, across
 * restarts. One instance at a time holds a manager (a lease in its checkpoint row).
 *
 * A reaction due later (`notBefore`) is kept in `scheduled_reactions` under its command id
 * before the checkpoint moves, and issued by the lease holder once due (`runDue`), then
 * deleted: issued again after a crash, it is answered, not applied twice.
 *
 * Events are read only below the oldest transaction still running
 * (`pg_snapshot_xmin(pg_current_snapshot())`), so an event whose transaction commits after
 * a later one's is never skipped.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { CommandOf, KindName } from '../../../domain/kinds';
import { eventId, type Actor, type Cause } from '../../../domain/shared/event-metadata';
import type {
  ProcessManager,
  Reaction,
  RecordedEvent,
  StoredShape,
} from '../../../domain/sync/stream-kind';
import { acting } from '../acting/acting';
import { CommandHandler } from '../commands/execute';
import type { Db } from '../db/database';
import type { EventStore } from './event-store';

export interface ProcessManagerOptions {
  /** How long a claim on a manager lasts without renewal. */
  readonly leaseMs?: number;
  /** How often the runner looks for new events when nothing wakes it. */
  readonly pollMs?: number;
  /** Events read at a time. */
  readonly batchSize?: number;
  readonly instanceId?: string;
  readonly onError?: (error: unknown) => void;
  /** The clock scheduled reactions are due by (tests drive it; default: the real one). */
  readonly now?: () => Date;
}

interface EventRow {
  stream_id: string;
  kind: string;
  version: number;
  type: string;
  v: number;
  data: unknown;
  metadata: RecordedEvent['metadata'];
  txid: string;
  position: string | number;
}

/** Tries of a reaction that keeps failing before its event is parked. */
export const MAX_REACTION_TRIES = 5;

function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

export class ProcessManagerRunner {
  private readonly instanceId: string;
  private timer: ReturnType<typeof setInterval> | undefined;
  private running: Promise<number> | undefined;
  private again = false;
  /** An event a manager follows was appended here and no run has handled anything since. */
  private pending = false;
  /** Failed tries of each event's reaction, by manager and event. */
  private readonly failures = new Map<string, number>();
  private started = false;
  /** Set by stop(): a run in progress ends after the event it is on. */
  private stopped = false;
  private unsubscribe: (() => void) | undefined;
  private readonly commands: CommandHandler;

  constructor(
    private readonly db: Db,
    private readonly store: EventStore,
    private readonly managers: readonly ProcessManager[] = store.registry.processManagers,
    private readonly options: ProcessManagerOptions = {},
  ) {
    this.instanceId = options.instanceId ?? randomUUID();
    this.commands = new CommandHandler(store);
  }

  private now(): Date {
    return this.options.now?.() ?? new Date();
  }

  /**
   * Runs now, after each append in this process of a kind a manager follows, and every
   * `pollMs` (other instances, and reactions come due).
   */
  start(): void {
    if (this.started || this.managers.length === 0) return;
    this.started = true;
    this.stopped = false;
    // Only events of a kind some manager follows wake it (a cart's commands never do). Until
    // a run has handled something after such an event, any append wakes it again: on
    // PostgreSQL the event is read only once every older transaction has ended, which the
    // next write usually follows, rather than at the next poll.
    const followed = new Set(this.managers.flatMap((m) => m.kinds));
    this.unsubscribe = this.store.onAppended((appended) => {
      if (appended.some((event) => followed.has(event.kind))) this.pending = true;
      if (this.pending) this.wake();
    });
    this.timer = setInterval(() => {
      this.wake();
    }, this.options.pollMs ?? 1_000);
    this.timer.unref?.();
    this.wake();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    this.unsubscribe?.();
    await this.running?.catch(() => undefined);
    // Another instance may take the managers over at once; if the database is gone already,
    // the leases lapse on their own.
    try {
      for (const manager of this.managers) {
        await this.db.execute(sql`
          update checkpoints set lease_owner = null, lease_until = null
           where name = ${manager.name} and lease_owner = ${this.instanceId}`);
      }
    } catch (error) {
      this.options.onError?.(error);
    }
  }

  private wake(): void {
    if (this.stopped || !this.started) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.runOnce()
      .catch((error: unknown) => {
        this.options.onError?.(error);
        return 0;
      })
      .finally(() => {
        this.running = undefined;
        if (this.again && !this.stopped) {
          this.again = false;
          this.wake();
        }
      });
  }

  /**
   * Handles what is waiting (at most `limit` events per manager) and the scheduled reactions
   * now due; the number handled.
   */
  runOnce(limit = Number.POSITIVE_INFINITY): Promise<number> {
    // One run at a time in this instance: a run asked for while the runner's own is under
    // way (an operator's, a test's) waits for it, or both would react to the same events
    // (the lease is this instance's in both).
    const run = this.turn.then(() => this.runNow(limit));
    this.turn = run.catch(() => undefined);
    return run;
  }

  private turn: Promise<unknown> = Promise.resolve();

  private async runNow(limit: number): Promise<number> {
    let handled = 0;
    for (const manager of this.managers) {
      handled += await this.runManager(manager, limit);
      if (this.stopped) break;
      handled += await this.runDue(manager, limit);
    }
    // Whichever run handled something (its own, an operator's, a test's), what woke the
    // runner has been read: appends of kinds nobody follows leave it alone again.
    if (handled > 0) this.pending = false;
    return handled;
  }

  private async claim(
    manager: ProcessManager,
  ): Promise<{ txid: string; position: number } | undefined> {
    const name = manager.name;
    const leaseMs = this.options.leaseMs ?? 30_000;
    // A new manager starts after the newest event committed when it is first claimed,
    // unless it asks for the history. (Not at the oldest open transaction: xids are the
    // cluster's, so a transaction open in another database would put the start before
    // events that are already history.)
    const start = manager.fromStart
      ? sql`select '0'::xid8, 0::bigint`
      : sql`select coalesce((select transaction_id from newest), '0'::xid8),
                   coalesce((select position from newest), 0::bigint)`;
    const [row] = rowsOf<{ txid: string; position: string | number }>(
      await this.db.execute(sql`
        insert into checkpoints (name, transaction_id, position, lease_owner, lease_until)
        select ${name}, head.*, ${this.instanceId},
               now() + make_interval(secs => ${leaseMs / 1000})
          from (with newest as (
                  select transaction_id, position from events
                   order by transaction_id desc, position desc limit 1)
                ${start}) as head(transaction_id, position)
        on conflict (name) do update
           set lease_owner = excluded.lease_owner, lease_until = excluded.lease_until
         where checkpoints.lease_owner is null
            or checkpoints.lease_owner = excluded.lease_owner
            or checkpoints.lease_until < now()
        returning transaction_id::text as txid, position`),
    );
    return row ? { txid: row.txid, position: Number(row.position) } : undefined;
  }

  private async runManager(manager: ProcessManager, limit: number): Promise<number> {
    const checkpoint = await this.claim(manager);
    if (!checkpoint) return 0;
    let { txid, position } = checkpoint;
    let handled = 0;
    while (handled < limit && !this.stopped) {
      const size = Math.min(this.options.batchSize ?? 100, limit - handled);
      const rows = rowsOf<EventRow>(
        await this.db.execute(sql`
          select e.stream_id, s.kind, e.version, e.type, e.v, e.data, e.metadata,
                 e.transaction_id::text as txid, e.position
            from events e join streams s on s.stream_id = e.stream_id
           where s.kind in (${sql.join(
             manager.kinds.map((k) => sql`${k}`),
             sql`, `,
           )})
             and (e.transaction_id, e.position) > (${txid}::xid8, ${position})
             and e.transaction_id < pg_snapshot_xmin(pg_current_snapshot())
           order by e.transaction_id, e.position
           limit ${size}`),
      );
      if (rows.length === 0) break;
      for (const row of rows) {
        if (!(await this.reactOrPark(manager, row))) return handled;
        txid = row.txid;
        position = Number(row.position);
        const moved = rowsOf<{ name: string }>(
          await this.db.execute(sql`
            update checkpoints
               set transaction_id = ${txid}::xid8, position = ${position}, updated_at = now()
             where name = ${manager.name} and lease_owner = ${this.instanceId}
            returning name`),
        );
        // Another instance took the manager over: it goes on from here.
        if (moved.length === 0) return handled;
        handled += 1;
        if (handled >= limit) break;
      }
    }
    return handled;
  }

  /**
   * Reacts to one event. A reaction that keeps failing (not a rejection: those are answers)
   * is tried again on later runs, then parked after `MAX_REACTION_TRIES` so the manager goes
   * on; false while it is still being retried (the checkpoint stays before it).
   */
  private async reactOrPark(manager: ProcessManager, row: EventRow): Promise<boolean> {
    const key = `${manager.name}:${row.stream_id}@${String(row.version)}`;
    try {
      await this.react(manager, row);
      this.failures.delete(key);
      return true;
    } catch (error) {
      const tries = (this.failures.get(key) ?? 0) + 1;
      this.failures.set(key, tries);
      this.options.onError?.(error);
      if (tries < MAX_REACTION_TRIES) return false;
      this.failures.delete(key);
      await this.db.execute(sql`
        insert into parked_reactions (manager, stream_id, version, error)
        values (${manager.name}, ${row.stream_id}, ${row.version}, ${String(error)})
        on conflict do nothing`);
      return true;
    }
  }

  private async react(manager: ProcessManager, row: EventRow): Promise<void> {
    const kind = this.store.registry.get(row.kind);
    if (!kind) return;
    const event = kind.upcast({ type: row.type, v: row.v, data: row.data }) as StoredShape;
    const recorded: RecordedEvent = {
      kind: row.kind,
      streamId: row.stream_id,
      version: row.version,
      type: event.type,
      data: event.data,
      metadata: row.metadata,
    };
    const causationId = eventId(row.stream_id, row.version);
    const cause: Cause = {
      causationId,
      correlationId: recorded.metadata.correlationId ?? causationId,
    };
    const reactions = await manager.react(recorded);
    const now = this.now();
    for (const [n, reaction] of reactions.entries()) {
      if (!this.store.registry.get(reaction.kind)) {
        throw new Error(`${manager.name} names an unknown kind ${reaction.kind}`);
      }
      const commandId = `${manager.name}:${causationId}:${String(n)}`;
      if (reaction.notBefore !== undefined && Date.parse(reaction.notBefore) > now.getTime()) {
        await this.schedule(manager, reaction, commandId, cause);
        continue;
      }
      await this.issue(manager, reaction, commandId, cause);
    }
  }

  /** A reaction's command, through `execute`, as the store. */
  private async issue(
    manager: ProcessManager,
    reaction: Pick<Reaction, 'kind' | 'streamId' | 'owner' | 'storeId' | 'command'>,
    commandId: string,
    cause: Cause,
  ): Promise<void> {
    await this.commands.execute(
      // The runner issues what the registry's kinds take: typed where the manager is defined.
      reaction.kind as KindName,
      reaction.streamId,
      reaction.command as CommandOf<KindName>,
      acting.store(manager.name),
      {
        commandId,
        cause,
        owner: reaction.owner,
        storeId: reaction.storeId,
        now: this.now(),
      },
    );
  }

  /** A reaction due later: kept until then (the same command id is kept once). */
  private async schedule(
    manager: ProcessManager,
    reaction: Reaction,
    commandId: string,
    cause: Cause,
  ): Promise<void> {
    await this.db.execute(sql`
      insert into scheduled_reactions (command_id, manager, kind, stream_id, owner_kind,
                                       owner_id, store_id, command, causation_id,
                                       correlation_id, not_before)
      values (${commandId}, ${manager.name}, ${reaction.kind}, ${reaction.streamId},
              ${reaction.owner.kind}, ${reaction.owner.id}, ${reaction.storeId},
              ${JSON.stringify(reaction.command)}::jsonb, ${cause.causationId},
              ${cause.correlationId}, ${reaction.notBefore}::timestamptz)
      on conflict (command_id) do nothing`);
  }

  /** The manager's scheduled reactions now due, issued and then forgotten (its lease held). */
  private async runDue(manager: ProcessManager, limit: number): Promise<number> {
    if (!(await this.holds(manager))) return 0;
    let handled = 0;
    while (handled < limit && !this.stopped) {
      const size = Math.min(this.options.batchSize ?? 100, limit - handled);
      const due = rowsOf<{
        command_id: string;
        kind: string;
        stream_id: string;
        owner_kind: string;
        owner_id: string;
        store_id: string | null;
        command: Reaction['command'];
        causation_id: string;
        correlation_id: string;
      }>(
        await this.db.execute(sql`
          select command_id, kind, stream_id, owner_kind, owner_id, store_id, command,
                 causation_id, correlation_id
            from scheduled_reactions
           where manager = ${manager.name}
             and not_before <= ${this.now().toISOString()}::timestamptz
           order by not_before, command_id
           limit ${size}`),
      );
      if (due.length === 0) break;
      for (const row of due) {
        const key = `${manager.name}:scheduled:${row.command_id}`;
        try {
          await this.issue(
            manager,
            {
              kind: row.kind,
              streamId: row.stream_id,
              owner: { kind: row.owner_kind, id: row.owner_id } as Actor,
              storeId: row.store_id,
              command: row.command,
            },
            row.command_id,
            { causationId: row.causation_id, correlationId: row.correlation_id },
          );
          this.failures.delete(key);
        } catch (error) {
          // Tried again on later runs; parked after MAX_REACTION_TRIES so the others go on.
          const tries = (this.failures.get(key) ?? 0) + 1;
          this.failures.set(key, tries);
          this.options.onError?.(error);
          if (tries < MAX_REACTION_TRIES) return handled;
          this.failures.delete(key);
          await this.db.execute(sql`
            insert into parked_reactions (manager, stream_id, version, error)
            values (${manager.name}, ${row.command_id}, 0, ${String(error)})
            on conflict do nothing`);
        }
        await this.db.execute(
          sql`delete from scheduled_reactions where command_id = ${row.command_id}`,
        );
        handled += 1;
      }
    }
    return handled;
  }

  /** Whether this instance holds the manager's lease now. */
  private async holds(manager: ProcessManager): Promise<boolean> {
    const rows = rowsOf<{ name: string }>(
      await this.db.execute(sql`
        select name from checkpoints
         where name = ${manager.name} and lease_owner = ${this.instanceId}
           and lease_until > now()`),
    );
    return rows.length > 0;
  }

  /** When the next scheduled reaction of these managers is due, if any. */
  async nextDue(): Promise<Date | undefined> {
    if (this.managers.length === 0) return undefined;
    const [row] = rowsOf<{ at: string | Date | null }>(
      await this.db.execute(sql`
        select min(not_before) as at from scheduled_reactions
         where manager in (${sql.join(
           this.managers.map((m) => sql`${m.name}`),
           sql`, `,
         )})`),
    );
    return row?.at ? new Date(row.at) : undefined;
  }
}
