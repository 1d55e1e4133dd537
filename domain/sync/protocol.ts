/**
 * The offline sync protocol (ARCHITECTURE §3) as plain data: what a browser sends for each
 * queued command (`POST /api/carts/{cartId}/commands`) and what the server answers. The
 * answer always carries every event the client has not seen yet (from `expectedVersion` on),
 * so a client that was offline catches up with other devices' changes at the same time.
 */
import type { Message } from '../shared/message';

export interface StoredEvent<E> {
  /** 1-based position of the event in its stream. */
  readonly version: number;
  readonly commandId: string;
  readonly event: E;
}

export interface PushRequest<C> {
  /** The browser installation that queued the command (its outbox). */
  readonly clientId: string;
  /** The command's place in that client's outbox: increases by one per command. */
  readonly seq: number;
  readonly commandId: string;
  /** The stream version the client had confirmed when it sent the command. */
  readonly expectedVersion: number;
  readonly command: C;
}

export type PushResponse<E> =
  | {
      readonly status: 'confirmed';
      readonly commandId: string;
      /** The stream's version after the command. */
      readonly version: number;
      /** Every event after the request's expectedVersion, the command's own included. */
      readonly events: readonly StoredEvent<E>[];
    }
  | {
      readonly status: 'rejected';
      readonly commandId: string;
      readonly version: number;
      readonly events: readonly StoredEvent<E>[];
      /** Stable code and the spec's message, for the person who issued the command. */
      readonly code: string;
      readonly message: Message;
    };
