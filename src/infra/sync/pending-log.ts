/**
 * Commands shown on the page whose outbox write has not finished yet, kept synchronously in
 * the browser's local storage: a page left at once (a reload, an address typed, a link
 * followed or the tab closed right after a click) aborts IndexedDB writes still running, so
 * the next page of the store, in this tab or another, finds the command here and puts it in
 * the outbox (the engine's `recoverPending`). The server takes a command once by its id, and
 * the outbox holds a command id once, so a command found by two pages is never applied twice.
 * A record lives here only while its write runs (milliseconds), unless the page was left
 * before it finished. Only what the outbox itself keeps is written here (never a card number
 * or security code).
 */
import type { MetaEntry, OutboxEntry } from './local-db';

/** A stored fact without its merge function: merged again by `mergeRecovered`. */
export type PendingFact = Pick<MetaEntry, 'key' | 'value'>;

export interface PendingRecord {
  readonly entry: OutboxEntry;
  readonly facts: readonly PendingFact[];
}

export interface PendingLog {
  add(record: PendingRecord): void;
  remove(commandId: string): void;
  all(): PendingRecord[];
}

/** One key per record, so that tabs writing at the same moment never overwrite each other. */
const PREFIX = 'store.sync.pending.';

/** Local storage's log, or none where the browser gives no storage (some private modes). */
export function storedPendingLog(): PendingLog | undefined {
  let storage: Storage;
  try {
    storage = window.localStorage;
    storage.getItem(PREFIX);
  } catch {
    return undefined;
  }
  const keys = (): string[] => {
    const found: string[] = [];
    for (let i = 0; i < storage.length; i += 1) {
      const key = storage.key(i);
      if (key?.startsWith(PREFIX)) found.push(key);
    }
    return found;
  };
  /** A record, when this tab kept it and its place among this tab's (a millisecond holds several). */
  interface Kept {
    readonly at: number;
    readonly n: number;
    readonly record: PendingRecord;
  }
  const parse = (key: string): Kept | undefined => {
    try {
      const value = JSON.parse(storage.getItem(key) ?? 'null') as Partial<Kept> | null;
      return value && typeof value.at === 'number' && typeof value.n === 'number' && value.record
        ? (value as Kept)
        : undefined;
    } catch {
      return undefined;
    }
  };
  let added = 0;
  return {
    add: (record) => {
      const kept: Kept = { at: Date.now(), n: (added += 1), record };
      try {
        storage.setItem(PREFIX + record.entry.commandId, JSON.stringify(kept));
      } catch {
        // Storage full: the outbox write goes on as before.
      }
    },
    remove: (commandId) => {
      storage.removeItem(PREFIX + commandId);
    },
    all: () =>
      keys()
        .map(parse)
        .filter((kept): kept is Kept => kept !== undefined)
        .sort((a, b) => a.at - b.at || a.n - b.n)
        .map((kept) => kept.record),
  };
}

/** A log in memory (tests). */
export function memoryPendingLog(records: PendingRecord[] = []): PendingLog {
  return {
    add: (record) => {
      records.push(record);
    },
    remove: (commandId) => {
      const at = records.findIndex((r) => r.entry.commandId === commandId);
      if (at >= 0) records.splice(at, 1);
    },
    all: () => [...records],
  };
}

/**
 * A recovered fact with what is stored now: lists of things with a code are joined (the
 * recovered ones win, being newer); anything else is written only where nothing is stored.
 */
export function mergeRecovered(stored: unknown, recovered: unknown): unknown {
  if (stored === undefined) return recovered;
  const coded = (value: unknown): value is { code: string }[] =>
    Array.isArray(value) &&
    value.every(
      (v) =>
        typeof v === 'object' && v !== null && typeof (v as { code?: unknown }).code === 'string',
    );
  if (coded(stored) && coded(recovered)) {
    const merged = new Map(stored.map((v) => [v.code, v]));
    for (const v of recovered) merged.set(v.code, v);
    return [...merged.values()];
  }
  return stored;
}
