/**
 * Group commit for the event store: the writes of commands decided at about the same time
 * (on different streams) go to the database as one statement, so a busy server pays one
 * round trip and one commit for many commands. Each write still applies only if its stream
 * is at the version it was decided on and its command was never answered; the statement
 * says which streams moved. A batch that fails is written again one write at a time, so one
 * bad write never fails the others.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import { commands, events, streams, syncClients } from '../db/schema';

export interface StreamWrite {
  readonly streamId: string;
  readonly fromVersion: number;
  readonly events: readonly { type: string; v: number; data: unknown }[];
  /** The state to keep as the stream's snapshot, when one is due. */
  readonly snapshot?: unknown;
  readonly commandId: string;
  readonly clientId: string;
  readonly seq: number;
  readonly ownerKind: string;
  readonly ownerId: string;
  readonly status: 'confirmed' | 'rejected';
  readonly code?: string;
  readonly message?: unknown;
}

interface Pending {
  readonly write: StreamWrite;
  readonly resolve: (moved: boolean) => void;
  readonly reject: (error: unknown) => void;
}

/** Writes sent together at most; more wait for the next statement. */
const MAX_BATCH = 200;

export class GroupWriter {
  private queue: Pending[] = [];
  private running = false;

  constructor(private readonly db: Db) {}

  /** True when the write applied; false when its stream moved or its command was answered. */
  write(write: StreamWrite): Promise<boolean> {
    return new Promise((resolve, reject) => {
      this.queue.push({ write, resolve, reject });
      if (!this.running) void this.run();
    });
  }

  private async run(): Promise<void> {
    this.running = true;
    try {
      // Writes decided in this turn of the event loop join the first statement.
      await new Promise((resolve) => setImmediate(resolve));
      while (this.queue.length > 0) {
        const batch = this.queue.splice(0, MAX_BATCH);
        await this.send(batch);
      }
    } finally {
      this.running = false;
    }
  }

  private async send(batch: readonly Pending[]): Promise<void> {
    try {
      const moved = await this.statement(batch.map((p) => p.write));
      for (const pending of batch) pending.resolve(moved.has(pending.write.streamId));
    } catch (error) {
      if (batch.length === 1) {
        batch[0]?.reject(error);
        return;
      }
      for (const pending of batch) await this.send([pending]);
    }
  }

  private async statement(writes: readonly StreamWrite[]): Promise<Set<string>> {
    const input = writes.map((w) => ({
      stream_id: w.streamId,
      from_version: w.fromVersion,
      version: w.fromVersion + w.events.length,
      set_snapshot: w.snapshot !== undefined,
      ...(w.snapshot !== undefined ? { snapshot: w.snapshot } : {}),
      command_id: w.commandId,
      client_id: w.clientId,
      seq: w.seq,
      owner_kind: w.ownerKind,
      owner_id: w.ownerId,
      status: w.status,
      ...(w.code !== undefined ? { code: w.code } : {}),
      ...(w.message !== undefined ? { message: w.message } : {}),
    }));
    const rows = writes.flatMap((w) =>
      w.events.map((event, i) => ({
        stream_id: w.streamId,
        version: w.fromVersion + i + 1,
        type: event.type,
        v: event.v,
        data: event.data,
        metadata: { clientId: w.clientId, seq: w.seq },
        command_id: w.commandId,
      })),
    );
    const result = await this.db.execute(sql`
      with input as materialized (
        select * from jsonb_to_recordset(${JSON.stringify(input)}::jsonb) as x(
          stream_id text, from_version integer, version integer, set_snapshot boolean,
          snapshot jsonb, command_id text, client_id text, seq bigint, owner_kind text,
          owner_id text, status text, code text, message jsonb)
      ), moved as (
        update ${streams} s
           set version = i.version,
               updated_at = now(),
               snapshot = case when i.set_snapshot then i.snapshot else s.snapshot end,
               snapshot_version =
                 case when i.set_snapshot then i.version else s.snapshot_version end
          from input i
         where s.stream_id = i.stream_id and s.version = i.from_version
           and not exists (
             select 1 from ${commands} c
              where c.stream_id = i.stream_id and c.command_id = i.command_id)
        returning s.stream_id
      ), new_events as (
        insert into ${events} (stream_id, version, type, v, data, metadata, command_id)
        select e.stream_id, e.version, e.type, e.v, e.data, e.metadata, e.command_id
          from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as e(
            stream_id text, version integer, type text, v integer, data jsonb,
            metadata jsonb, command_id text)
         where e.stream_id in (select stream_id from moved)
        returning 1
      ), answered as (
        insert into ${commands} (stream_id, command_id, client_id, seq, status, code, message)
        select i.stream_id, i.command_id, i.client_id, i.seq, i.status, i.code, i.message
          from input i
         where i.stream_id in (select stream_id from moved)
        returning 1
      ), clients as (
        insert into ${syncClients} (client_id, owner_kind, owner_id, last_seq)
        select distinct on (i.client_id) i.client_id, i.owner_kind, i.owner_id, i.seq
          from input i
         where i.stream_id in (select stream_id from moved)
         order by i.client_id, i.seq desc
        on conflict (client_id) do update
           set last_seq = greatest(${syncClients.lastSeq}, excluded.last_seq),
               owner_kind = excluded.owner_kind,
               owner_id = excluded.owner_id,
               updated_at = now()
        returning 1
      )
      select stream_id from moved`);
    const moved = (result as { rows: { stream_id: string }[] }).rows;
    return new Set(moved.map((row) => row.stream_id));
  }
}
