/**
 * The browser's own database (IndexedDB through Dexie): the confirmed events of each stream,
 * the outbox of commands not yet confirmed (in the order they were made, across tabs), the
 * streams' snapshots and the client's id. The outbox is the only record of queued changes:
 * nothing queued lives anywhere else.
 */
import { Dexie, type EntityTable, type Table } from 'dexie';

export interface LocalEvent {
  readonly streamId: string;
  readonly version: number;
  readonly commandId: string;
  readonly type: string;
  readonly v: number;
  readonly data: unknown;
}

export interface OutboxEntry {
  /** Set by IndexedDB's key generator: one order for every tab; also the command's seq. */
  readonly id?: number;
  readonly streamId: string;
  /** The stream kind's name in the registry. */
  readonly kind: string;
  readonly commandId: string;
  readonly command: unknown;
  /** The storefront the command was made in (a new cart takes its store). */
  readonly locale: string;
  /**
   * The signed-in user whose stream this is; such a command is sent only while that user is
   * signed in here (it waits through a sign-out). Absent for a visitor's stream.
   */
  readonly userId?: string;
  readonly createdAt: string;
  /** Server errors it met (domain/sync/outbox.ts decides what they lead to). */
  readonly attempts: number;
  /** Not sent again before this instant (ms since the epoch). */
  readonly nextAttemptAt?: number;
  readonly firstFailedAt?: number;
  /** Set aside after too many server errors: kept, counted, sent when the buyer asks. */
  readonly setAsideAt?: number;
}

export interface LocalStream {
  readonly streamId: string;
  readonly kind: string;
  /** Confirmed version held here. */
  readonly version: number;
  readonly locale: string | null;
}

export interface LocalSnapshot {
  readonly streamId: string;
  readonly version: number;
  /** The kind's snapshot shape version it was taken with; another shape is not used. */
  readonly shape?: number;
  readonly state: unknown;
}

export interface MetaEntry {
  readonly key: string;
  readonly value: unknown;
  /**
   * For a value other tabs also write (a list that grows): what to store given what is
   * stored now, read in the same transaction. Not stored itself.
   */
  readonly merge?: (stored: unknown) => unknown;
}

export type LocalDb = Dexie & {
  events: Table<LocalEvent, [string, number]>;
  outbox: EntityTable<OutboxEntry, 'id'>;
  streams: EntityTable<LocalStream, 'streamId'>;
  snapshots: EntityTable<LocalSnapshot, 'streamId'>;
  meta: EntityTable<MetaEntry, 'key'>;
};

export const LOCAL_DB_NAME = 'assessments-store';

export function openLocalDb(name: string = LOCAL_DB_NAME): LocalDb {
  const db = new Dexie(name) as LocalDb;
  db.version(1).stores({
    events: '[streamId+version], streamId',
    outbox: '++id, &commandId, streamId',
    streams: 'streamId',
    snapshots: 'streamId',
    meta: 'key',
  });
  // Set-aside commands are counted on every change: an index keeps that cheap.
  db.version(2).stores({ outbox: '++id, &commandId, streamId, setAsideAt' });
  return db;
}

/** This browser's client id for the sync protocol, made once and kept. */
export async function clientIdOf(db: LocalDb, makeId: () => string): Promise<string> {
  return db.transaction('rw', db.meta, async () => {
    const existing = await db.meta.get('clientId');
    if (typeof existing?.value === 'string') return existing.value;
    const id = makeId();
    await db.meta.put({ key: 'clientId', value: id });
    return id;
  });
}
