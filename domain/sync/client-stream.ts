/**
 * A stream as one browser holds it: the events the server confirmed, and on top of them the
 * commands still queued, each with the events it produced here (optimistic). When the server
 * answers, its events are stored and the stream is rebuilt: the queued commands are decided
 * again on top (rebase). Pure: the sync engine in src/infra keeps Dexie in step with it.
 */
import { DomainError } from '../shared/domain-error';
import type { StoredEvent } from './protocol';

export interface PendingCommand<C, E> {
  readonly seq: number;
  readonly commandId: string;
  readonly command: C;
  /** What the command produced here, on the state before it. */
  readonly events: readonly E[];
}

export interface ClientStream<S, C, E> {
  readonly confirmedVersion: number;
  readonly confirmedState: S;
  readonly pending: readonly PendingCommand<C, E>[];
  /** Confirmed state with the pending commands' events on top: what the person sees. */
  readonly state: S;
}

export interface StreamRules<S, C, E> {
  readonly decide: (command: C, state: S) => E[];
  readonly evolve: (state: S, event: E) => S;
}

export function openClientStream<S, C, E>(
  confirmedState: S,
  confirmedVersion: number,
): ClientStream<S, C, E> {
  return { confirmedVersion, confirmedState, pending: [], state: confirmedState };
}

/**
 * Decides a new command on what the person sees and queues it. Throws the DomainError when
 * it breaks a rule here (nothing is queued); `[]` events still queue nothing.
 */
export function applyLocally<S, C, E>(
  stream: ClientStream<S, C, E>,
  rules: StreamRules<S, C, E>,
  entry: { seq: number; commandId: string; command: C },
  /** Queue it even when it does nothing here (only the server can decide it). */
  queueAnyway = false,
): { stream: ClientStream<S, C, E>; events: readonly E[] } {
  const events = rules.decide(entry.command, stream.state);
  if (events.length === 0 && !queueAnyway) return { stream, events };
  const state = events.reduce(rules.evolve, stream.state);
  return {
    stream: { ...stream, pending: [...stream.pending, { ...entry, events }], state },
    events,
  };
}

/**
 * Confirmed events from the server, as far as they follow what is held here: the ones to
 * store (in order, duplicates skipped) and whether some are missing in between (then the
 * stream is pulled from the server).
 */
export function confirmedTail<E>(
  heldVersion: number,
  events: readonly StoredEvent<E>[],
): { readonly next: StoredEvent<E>[]; readonly version: number; readonly gap: boolean } {
  let version = heldVersion;
  const next: StoredEvent<E>[] = [];
  for (const stored of [...events].sort((a, b) => a.version - b.version)) {
    if (stored.version <= version) continue;
    if (stored.version !== version + 1) return { next, version, gap: true };
    next.push(stored);
    version = stored.version;
  }
  return { next, version, gap: false };
}

/**
 * A client stream rebuilt from storage: the confirmed state and the queued commands, each
 * decided again on top. A queued command that fails here stays queued with no visible
 * effect: the server, with fresher data, has the last word on it.
 */
export function rebuildClientStream<S, C, E>(
  rules: StreamRules<S, C, E>,
  confirmedState: S,
  confirmedVersion: number,
  queued: readonly { seq: number; commandId: string; command: C }[],
): ClientStream<S, C, E> {
  let state = confirmedState;
  const pending = queued.map((entry): PendingCommand<C, E> => {
    try {
      const events = rules.decide(entry.command, state);
      state = events.reduce(rules.evolve, state);
      return { ...entry, events };
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      return { ...entry, events: [] };
    }
  });
  return { confirmedVersion, confirmedState, pending, state };
}
