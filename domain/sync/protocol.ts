/**
 * The offline sync protocol (ARCHITECTURE §3, decision 018) as plain data. A browser sends
 * the queued commands of one stream in one request, oldest first
 * (`POST {kind.address.path}/{id}/commands`, or `{path}/commands` for a stream of the
 * signed-in user's own); the server answers each command (confirmed or rejected, the same
 * answer every time it is asked again) and every event the client has not seen yet (from
 * `expectedVersion` on), so a client that was offline catches up with other devices' changes
 * at the same time. A request with one command may still use the single shape.
 */
import type { Message } from '../shared/message';

export interface StoredEvent<E> {
  /** 1-based position of the event in its stream. */
  readonly version: number;
  readonly commandId: string;
  readonly event: E;
}

export interface QueuedCommand<C> {
  /** The command's place in its client's outbox: increases with every command. */
  readonly seq: number;
  readonly commandId: string;
  readonly command: C;
}

export interface PushBatchRequest<C> {
  /** The browser installation that queued the commands (its outbox). */
  readonly clientId: string;
  /** The stream version the client had confirmed when it sent them. */
  readonly expectedVersion: number;
  readonly commands: readonly QueuedCommand<C>[];
}

/** One command's answer. */
export type CommandResult =
  | { readonly commandId: string; readonly status: 'confirmed' }
  | {
      readonly commandId: string;
      readonly status: 'rejected';
      /** Stable code and the spec's message, for the person who issued the command. */
      readonly code: string;
      readonly message: Message;
    };

export interface PushBatchResponse<E> {
  /** The stream's version after the commands. */
  readonly version: number;
  /** Every event after the request's expectedVersion, the commands' own included. */
  readonly events: readonly StoredEvent<E>[];
  /** One per command, in the request's order. */
  readonly results: readonly CommandResult[];
}

/** The single shape: one command. */
export interface PushRequest<C> extends QueuedCommand<C> {
  readonly clientId: string;
  readonly expectedVersion: number;
}

export type PushResponse<E> = CommandResult & {
  readonly version: number;
  readonly events: readonly StoredEvent<E>[];
};

export function batchOf<C>(request: PushRequest<C>): PushBatchRequest<C> {
  const { clientId, expectedVersion, seq, commandId, command } = request;
  return { clientId, expectedVersion, commands: [{ seq, commandId, command }] };
}

/** A batch answer in the single shape, for the one command it answers. */
export function singleResponse<E>(response: PushBatchResponse<E>): PushResponse<E> {
  const [result] = response.results;
  if (!result) throw new Error('An answer without a result');
  return { ...result, version: response.version, events: response.events };
}
