/**
 * What the store records about every event besides its data (ARCHITECTURE §2): who acted,
 * the command that caused it, the event or command that caused that command (causation)
 * and the first command of the chain (correlation), so a reaction on the server (order
 * placed → cart cleared) can be traced back to the buyer's click.
 */

export type Actor =
  | { readonly kind: 'visitor'; readonly id: string }
  | { readonly kind: 'user'; readonly id: string }
  /** A member of staff acting for a customer. */
  | { readonly kind: 'agent'; readonly id: string }
  /** A member of the store's staff working on orders (`npm run orders`). */
  | { readonly kind: 'operator'; readonly id: string }
  /** The store itself: a process manager, a scheduled job. */
  | { readonly kind: 'system'; readonly id: string }
  /** A customer account: owns the streams its members share (its address book). */
  | { readonly kind: 'account'; readonly id: string };

/** The buyer (and customer account) someone acted for, when not themselves. */
export interface OnBehalfOf {
  readonly userId: string;
  readonly accountId?: string;
  /** The customer service session it was done in (decision 063): what the audit lists. */
  readonly agentSessionId?: string;
}

export interface EventMetadata {
  readonly actor: Actor;
  /** Set when the actor acted for a buyer (customer service): that buyer. */
  readonly onBehalfOf?: OnBehalfOf;
  /** The command that produced the event. */
  readonly commandId: string;
  /** The command's cause: the event (`{streamId}@{version}`) or command before it. */
  readonly causationId: string;
  /** The first command of the chain; a command nobody caused is its own correlation. */
  readonly correlationId: string;
  /** The browser installation that queued the command, and its place in that queue. */
  readonly clientId?: string;
  readonly seq?: number;
}

/** The cause of a command issued in reaction to an event. */
export interface Cause {
  readonly causationId: string;
  readonly correlationId: string;
}

/** An event's id as a cause: its stream and version. */
export function eventId(streamId: string, version: number): string {
  return `${streamId}@${String(version)}`;
}

/** Metadata for events of a command: its own cause when nothing else caused it. */
export function metadataFor(
  actor: Actor,
  commandId: string,
  extra: {
    readonly cause?: Cause;
    readonly clientId?: string;
    readonly seq?: number;
    readonly onBehalfOf?: OnBehalfOf;
  } = {},
): EventMetadata {
  return {
    actor,
    ...(extra.onBehalfOf !== undefined ? { onBehalfOf: extra.onBehalfOf } : {}),
    commandId,
    causationId: extra.cause?.causationId ?? commandId,
    correlationId: extra.cause?.correlationId ?? commandId,
    ...(extra.clientId !== undefined ? { clientId: extra.clientId } : {}),
    ...(extra.seq !== undefined ? { seq: extra.seq } : {}),
  };
}
