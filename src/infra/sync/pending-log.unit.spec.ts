/**
 * The log of commands whose outbox write has not finished, in local storage shared by every tab
 * of the store: one tab's changes never drop another's, and a tab's records come back in the
 * order they were kept.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { OutboxEntry } from './local-db';
import { storedPendingLog, type PendingRecord } from './pending-log';

/** A Storage over a map, as the browser's local storage behaves within one origin. */
function memoryStorage(): Storage {
  const map = new Map<string, string>();
  return {
    get length() {
      return map.size;
    },
    key: (i) => [...map.keys()][i] ?? null,
    getItem: (key) => map.get(key) ?? null,
    setItem: (key, value) => void map.set(key, String(value)),
    removeItem: (key) => void map.delete(key),
    clear: () => map.clear(),
  };
}

function record(commandId: string): PendingRecord {
  const entry: OutboxEntry = {
    streamId: 'cart:c1',
    kind: 'cart',
    commandId,
    command: { type: 'AddItem', data: { code: 'WRI3-KIT', quantity: 1 } },
    locale: 'en-us',
    createdAt: '2026-11-27T06:00:00.000Z',
    attempts: 0,
  };
  return { entry, facts: [] };
}

describe('the pending-command log in local storage', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('keeps each tab’s records whatever the other tab removes, in the order they were kept', () => {
    vi.stubGlobal('window', { localStorage: memoryStorage() });
    vi.spyOn(Date, 'now').mockReturnValue(1_000);
    const tabA = storedPendingLog();
    const tabB = storedPendingLog();
    if (!tabA || !tabB) throw new Error('no storage');
    tabA.add(record('a-1'));
    tabB.add(record('b-1'));
    tabA.add(record('a-2'));
    tabB.remove('b-1');
    expect(tabB.all().map((r) => r.entry.commandId)).toEqual(['a-1', 'a-2']);
    tabA.remove('a-1');
    expect(tabA.all().map((r) => r.entry.commandId)).toEqual(['a-2']);
    vi.restoreAllMocks();
  });

  it('answers no log where the browser gives no storage', () => {
    vi.stubGlobal('window', {
      get localStorage(): Storage {
        throw new Error('denied');
      },
    });
    expect(storedPendingLog()).toBeUndefined();
  });
});
