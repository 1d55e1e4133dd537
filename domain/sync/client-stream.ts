/**
 * A stream as one browser holds it: the events the server confirmed, and on top of them the
 * commands still queued, each with the events it produced here (optimistic). When the server
 * answers, its events replace the guesses and the queued commands are decided again on top
 * (rebase); one that no longer applies is dropped and reported. Pure: Dexie and fetch live in
 * src/infra, which keeps this structure in step with what it stores.
 */
import { DomainError } from '../shared/domain-error';
import type { Message } from '../shared/message';
import type { PushResponse, StoredEvent } from './protocol';

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

/** A command that was dropped, with the reason in the spec's words. */
export interface DroppedCommand<C> {
  readonly commandId: string;
  readonly command: C;
  readonly code: string;
  readonly message: Message;
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

/** Re-decides the queued commands on a new confirmed state. */
function rebase<S, C, E>(
  rules: StreamRules<S, C, E>,
  confirmedState: S,
  confirmedVersion: number,
  queued: readonly PendingCommand<C, E>[],
): { stream: ClientStream<S, C, E>; dropped: DroppedCommand<C>[] } {
  let state = confirmedState;
  const pending: PendingCommand<C, E>[] = [];
  const dropped: DroppedCommand<C>[] = [];
  for (const entry of queued) {
    try {
      const events = rules.decide(entry.command, state);
      state = events.reduce(rules.evolve, state);
      pending.push({ ...entry, events });
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      dropped.push({
        commandId: entry.commandId,
        command: entry.command,
        code: error.code,
        message: error.detail,
      });
    }
  }
  return { stream: { confirmedVersion, confirmedState, pending, state }, dropped };
}

/** Folds confirmed events the client has not seen yet (others are skipped). */
function foldConfirmed<S, C, E>(
  stream: ClientStream<S, C, E>,
  rules: StreamRules<S, C, E>,
  events: readonly StoredEvent<E>[],
): { state: S; version: number } {
  let state = stream.confirmedState;
  let version = stream.confirmedVersion;
  for (const stored of [...events].sort((a, b) => a.version - b.version)) {
    if (stored.version <= version) continue;
    if (stored.version !== version + 1) {
      throw new Error(`Missing events between ${String(version)} and ${String(stored.version)}`);
    }
    state = rules.evolve(state, stored.event);
    version = stored.version;
  }
  return { state, version };
}

/**
 * The server's answer to one queued command: its events become confirmed, the command
 * leaves the queue, and the rest of the queue is rebased. A rejected command is reported.
 */
export function receiveResponse<S, C, E>(
  stream: ClientStream<S, C, E>,
  rules: StreamRules<S, C, E>,
  response: PushResponse<E>,
): { stream: ClientStream<S, C, E>; dropped: DroppedCommand<C>[] } {
  const { state, version } = foldConfirmed(stream, rules, response.events);
  const answered = stream.pending.find((p) => p.commandId === response.commandId);
  const rest = stream.pending.filter((p) => p.commandId !== response.commandId);
  const result = rebase(rules, state, version, rest);
  if (response.status === 'rejected' && answered) {
    result.dropped.unshift({
      commandId: answered.commandId,
      command: answered.command,
      code: response.code,
      message: response.message,
    });
  }
  return result;
}

/** Events from elsewhere (another tab, another device), then the queue rebased on them. */
export function receiveEvents<S, C, E>(
  stream: ClientStream<S, C, E>,
  rules: StreamRules<S, C, E>,
  events: readonly StoredEvent<E>[],
): { stream: ClientStream<S, C, E>; dropped: DroppedCommand<C>[] } {
  const { state, version } = foldConfirmed(stream, rules, events);
  if (version === stream.confirmedVersion) return { stream, dropped: [] };
  return rebase(rules, state, version, stream.pending);
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
