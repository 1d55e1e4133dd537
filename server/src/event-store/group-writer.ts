/**
 * Group commit for the event store: the writes of commands decided at about the same time
 * (on different streams) go to the database as one statement, so a busy server pays one
 * round trip and one commit for many commands. Each write still applies only if its stream
 * is at the version it was decided on and none of its commands was answered before; the
 * statement says which streams moved. One statement is one transaction: the events, the
 * stream's version and snapshot (its row, for a new stream), the answers, the client's sequence (kept per client and
 * owner: one owner's writes never move another's record, decision 034), the read models
 * projected from the new state and the mails the events send (the mail outbox, decision 027)
 * are written together or not at all. A batch that fails is
 * written again one write at a time, so one bad write never fails the others.
 */
import { sql } from 'drizzle-orm';
import { PROFILES_READ_MODEL } from '../../../domain/profile/stream';
import type { EventMetadata } from '../../../domain/shared/event-metadata';
import type { MailPreference } from '../../../domain/sync/stream-kind';
import type { Db } from '../db/database';
import { commands, events, readModels, streams, syncClients } from '../db/schema';
import { mailOutbox } from '../mail/outbox-table';

export interface WrittenEvent {
  readonly type: string;
  readonly v: number;
  readonly data: unknown;
  readonly commandId: string;
  readonly metadata: EventMetadata;
}

export interface WrittenAnswer {
  readonly commandId: string;
  /** The command's place in its browser client's queue; null for the store's own. */
  readonly seq: number | null;
  readonly status: 'confirmed' | 'rejected';
  readonly code?: string;
  readonly message?: unknown;
}

export interface StreamWrite {
  readonly streamId: string;
  /**
   * A stream not yet in the database: the statement makes its row (of this kind, with the
   * owner and store below), unless a row with its id exists by then (then it did not move).
   */
  readonly create?: { readonly kind: string };
  readonly fromVersion: number;
  readonly events: readonly WrittenEvent[];
  /** The state to keep as the stream's snapshot when one is due, with its shape version. */
  readonly snapshot?: { readonly state: unknown; readonly shape: number };
  readonly answers: readonly WrittenAnswer[];
  /** The browser client whose queue the commands come from; null for the store's own. */
  readonly clientId: string | null;
  readonly ownerKind: string;
  readonly ownerId: string;
  readonly storeId: string | null;
  /** The read models' documents for the new state (null: the stream has none). */
  readonly readModels: readonly { readonly model: string; readonly doc: unknown }[];
  /** Mails the new events send, each with its event's version (none when absent). */
  readonly outbox?: readonly OutboxWrite[];
}

export interface OutboxWrite {
  /** Made from the event: a mail already in the outbox is never written again. */
  readonly id: string;
  readonly template: string;
  readonly recipient: string;
  readonly locale: string;
  readonly data: unknown;
  /** The recipient's preference that holds it back when they said no (decision 060). */
  readonly preference: MailPreference | null;
  readonly eventVersion: number;
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

  /** True when the write applied; false when its stream moved or a command was answered. */
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
      create: w.create !== undefined,
      kind: w.create?.kind ?? null,
      store_id: w.storeId,
      from_version: w.fromVersion,
      version: w.fromVersion + w.events.length,
      set_snapshot: w.snapshot !== undefined,
      ...(w.snapshot !== undefined
        ? { snapshot: w.snapshot.state, snapshot_shape: w.snapshot.shape }
        : {}),
      client_id: w.clientId,
      command_ids: w.answers.map((a) => a.commandId),
      seq: Math.max(0, ...w.answers.map((a) => a.seq ?? 0)),
      owner_kind: w.ownerKind,
      owner_id: w.ownerId,
    }));
    const answers = writes.flatMap((w) =>
      w.answers.map((a) => ({
        stream_id: w.streamId,
        command_id: a.commandId,
        client_id: w.clientId,
        seq: a.seq,
        status: a.status,
        ...(a.code !== undefined ? { code: a.code } : {}),
        ...(a.message !== undefined ? { message: a.message } : {}),
      })),
    );
    const rows = writes.flatMap((w) =>
      w.events.map((event, i) => ({
        stream_id: w.streamId,
        version: w.fromVersion + i + 1,
        type: event.type,
        v: event.v,
        data: event.data,
        metadata: event.metadata,
        command_id: event.commandId,
      })),
    );
    const models = writes.flatMap((w) =>
      w.readModels.map((m) => ({
        model: m.model,
        stream_id: w.streamId,
        owner_kind: w.ownerKind,
        owner_id: w.ownerId,
        store_id: w.storeId,
        version: w.fromVersion + w.events.length,
        drop: m.doc === null || m.doc === undefined,
        doc: m.doc ?? null,
      })),
    );
    const mails = writes.flatMap((w) =>
      (w.outbox ?? []).map((m) => ({
        id: m.id,
        template: m.template,
        recipient: m.recipient,
        locale: m.locale,
        data: m.data ?? null,
        preference: m.preference,
        stream_id: w.streamId,
        event_version: m.eventVersion,
      })),
    );
    // Only statements with mails name the outbox (a cart's push never does).
    const mailsWritten =
      mails.length === 0
        ? sql``
        : sql`, mails as (
        insert into ${mailOutbox} (id, template, recipient, locale, data, stream_id, event_version)
        select o.id, o.template, o.recipient,
               -- The language the recipient chose in their preferences, if they are a user
               -- who chose one (decision 055); else the storefront's of what it is about.
               coalesce((
                 select rm.doc #>> '{preferences,locale}'
                   from read_models rm join users u on rm.owner_id = u.id::text
                  where rm.model = ${PROFILES_READ_MODEL} and rm.owner_kind = 'user'
                    and lower(u.email) = lower(o.recipient)
                  limit 1), o.locale),
               coalesce(o.data, 'null'::jsonb),
               o.stream_id, o.event_version
          from jsonb_to_recordset(${JSON.stringify(mails)}::jsonb) as o(
            id text, template text, recipient text, locale text, data jsonb, preference text,
            stream_id text, event_version integer)
         where o.stream_id in (select stream_id from moved)
           -- A mail a preference governs is written only when the recipient's preference
           -- allows it (decision 060): order emails unless turned off, marketing emails only
           -- when turned on; a recipient who is no user, or who never chose, has the defaults.
           and (o.preference is null or coalesce((
                 select (rm.doc #>> array['preferences', o.preference])::boolean
                   from read_models rm join users u on rm.owner_id = u.id::text
                  where rm.model = ${PROFILES_READ_MODEL} and rm.owner_kind = 'user'
                    and lower(u.email) = lower(o.recipient)
                  limit 1), o.preference = 'orderEmails'))
        on conflict (id) do nothing
        returning 1
      )`;
    const result = await this.db.execute(sql`
      with input as materialized (
        select * from jsonb_to_recordset(${JSON.stringify(input)}::jsonb) as x(
          stream_id text, "create" boolean, kind text, store_id text, from_version integer,
          version integer, set_snapshot boolean, snapshot jsonb, snapshot_shape integer,
          client_id text, command_ids text[], seq bigint, owner_kind text, owner_id text)
      ), answers as materialized (
        select * from jsonb_to_recordset(${JSON.stringify(answers)}::jsonb) as a(
          stream_id text, command_id text, client_id text, seq bigint, status text,
          code text, message jsonb)
      ), updated as (
        update ${streams} s
           set version = i.version,
               updated_at = now(),
               snapshot = case when i.set_snapshot then i.snapshot else s.snapshot end,
               snapshot_version =
                 case when i.set_snapshot then i.version else s.snapshot_version end,
               snapshot_shape =
                 case when i.set_snapshot then i.snapshot_shape else s.snapshot_shape end
          from input i
         where not i."create" and s.stream_id = i.stream_id and s.version = i.from_version
           and not exists (
             select 1 from ${commands} c
              where c.stream_id = i.stream_id and c.command_id = any(i.command_ids))
        returning s.stream_id
      ), created as (
        insert into ${streams} (stream_id, kind, owner_kind, owner_id, store_id, version,
                                snapshot, snapshot_version, snapshot_shape)
        select i.stream_id, i.kind, i.owner_kind, i.owner_id, i.store_id, i.version,
               case when i.set_snapshot then i.snapshot end,
               case when i.set_snapshot then i.version else 0 end,
               case when i.set_snapshot then i.snapshot_shape else 0 end
          from input i
         where i."create"
        on conflict (stream_id) do nothing
        returning stream_id
      ), moved as (
        select stream_id from updated union all select stream_id from created
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
        select a.stream_id, a.command_id, a.client_id, a.seq, a.status, a.code, a.message
          from answers a
         where a.stream_id in (select stream_id from moved)
        returning 1
      ), models as materialized (
        select * from jsonb_to_recordset(${JSON.stringify(models)}::jsonb) as m(
          model text, stream_id text, owner_kind text, owner_id text, store_id text,
          version integer, drop boolean, doc jsonb)
         where m.stream_id in (select stream_id from moved)
      ), kept_models as (
        insert into ${readModels} (model, stream_id, owner_kind, owner_id, store_id, version, doc)
        select m.model, m.stream_id, m.owner_kind, m.owner_id, m.store_id, m.version, m.doc
          from models m
         where not m.drop
        on conflict (model, stream_id) do update
           set doc = excluded.doc, version = excluded.version, updated_at = now()
        returning 1
      ), dropped_models as (
        delete from ${readModels} r
         using models m
         where m.drop and r.model = m.model and r.stream_id = m.stream_id
        returning 1
      )${mailsWritten}, clients as (
        insert into ${syncClients} (client_id, owner_kind, owner_id, last_seq)
        select distinct on (i.client_id, i.owner_kind, i.owner_id)
               i.client_id, i.owner_kind, i.owner_id, i.seq
          from input i
         where i.stream_id in (select stream_id from moved) and i.client_id is not null
         order by i.client_id, i.owner_kind, i.owner_id, i.seq desc
        on conflict (client_id, owner_kind, owner_id) do update
           set last_seq = greatest(${syncClients.lastSeq}, excluded.last_seq),
               updated_at = now()
        returning 1
      )
      select stream_id from moved`);
    const moved = (result as { rows: { stream_id: string }[] }).rows;
    return new Set(moved.map((row) => row.stream_id));
  }
}
