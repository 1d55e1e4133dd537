/**
 * One way in for every write (ARCHITECTURE §4, decision 047): the HTTP sync routes, the use
 * cases (place order), the process managers, the fulfilment and the operators' commands all
 * write a stream through `execute`, typed by the kind's own command union from the registry.
 * It checks that the acting party may write the stream, and fills in each event's metadata
 * here and nowhere else: the actor, for whom (customer service for a buyer), the command id,
 * its cause (the event or request before it) and the chain's correlation, and, for a
 * browser's queued commands, the client and its place in the queue.
 */
import type { PlacedBy } from '../../../domain/order/order';
import type { CommandOf, KindName, StoreKinds } from '../../../domain/kinds';
import {
  metadataFor,
  type Actor,
  type Cause,
  type EventMetadata,
} from '../../../domain/shared/event-metadata';
import { storefrontFor, type Locale } from '../../../domain/storefront/storefronts';
import type {
  CommandResult,
  PushBatchRequest,
  PushBatchResponse,
  StoredEvent,
} from '../../../domain/sync/protocol';
import type {
  AnyStreamKind,
  EventOfKind,
  OutboxMessage,
  StoredShape,
} from '../../../domain/sync/stream-kind';
import { actorOf, mayAccess, onBehalfOf, ownerOf, type Acting } from '../acting/acting';
import { placedByOfActing } from '../acting/placed-by';
import type { EventStore } from '../event-store/event-store';

export interface ExecuteOptions {
  /**
   * The command's id. Made from what caused it (`{manager}:{event}:{n}`, a request's
   * idempotency key) so that issuing it again is answered, never applied twice.
   */
  readonly commandId: string;
  /** The stream version the command was decided on; absent: the stream as it is now. */
  readonly expectedVersion?: number;
  /** The event (or command) that caused it; absent: it is its own cause. */
  readonly cause?: Cause;
  /** The storefront it was made in (a stream of a per-store kind belongs to its store). */
  readonly locale?: Locale | null;
  /** The store of a stream this command makes (default: the locale's, else none). */
  readonly storeId?: string | null;
  /** Who owns a stream this command makes (default: the buyer or visitor acting). */
  readonly owner?: Actor;
  /** When it was issued (default: now). */
  readonly now?: Date;
  /**
   * Mails the command sends that its events must not carry (an email change's link, decision
   * 060): written with its events, in the same statement; not when it appends nothing.
   */
  readonly mails?: readonly OutboxMessage[];
  /** Who may write it, when not the acting party's own (an account's stream, decision 054). */
  readonly canWrite?: (row: { readonly ownerKind: string; readonly ownerId: string }) => boolean;
}

export interface Executed<E> {
  readonly result: CommandResult;
  /** The stream's version after the command. */
  readonly version: number;
  /** The events the command appended (none when it was answered before, or refused). */
  readonly events: readonly StoredEvent<E>[];
}

/** A browser's queued commands of one stream (the sync protocol's batch). */
export interface QueuedBatchOptions {
  readonly locale: Locale | null;
  /** Who owns the stream if the batch makes it. */
  readonly owner: Actor;
  /** Who may write it, when not the acting party's own (an account's stream, decision 054). */
  readonly canWrite?: (row: { readonly ownerKind: string; readonly ownerId: string }) => boolean;
}

/** Thrown when the acting party may not write the stream (to them, it does not exist). */
export { StreamNotFoundError } from '../event-store/event-store';

export class CommandHandler {
  constructor(private readonly store: EventStore) {}

  /** The registry's kind of this name. */
  private kindNamed(name: string): AnyStreamKind {
    const kind = this.store.registry.get(name);
    if (!kind) throw new Error(`No stream kind ${name} is registered`);
    return kind;
  }

  /** One command of a kind on one stream, as `acting`. */
  async execute<N extends KindName>(
    kindName: N,
    streamId: string,
    command: CommandOf<N>,
    acting: Acting,
    options: ExecuteOptions,
  ): Promise<Executed<EventOfKind<StoreKinds[N]>>> {
    const kind = this.kindNamed(kindName);
    // The store and its operators make no stream of their own: they name its owner, or
    // write one that exists.
    const owner = options.owner ?? ownerOf(acting);
    const now = (options.now ?? new Date()).toISOString();
    const { commandId } = options;
    const response = await this.store.push({
      kind,
      streamId,
      owner,
      storeId: options.storeId ?? (options.locale ? storefrontFor(options.locale).storeId : null),
      actor: ownerOf(acting) ?? actorOf(acting),
      ...placedByOption(acting),
      locale: options.locale ?? null,
      canWrite: options.canWrite ?? ((row) => mayAccess(acting, row)),
      clientId: null,
      // Only the new events are wanted back.
      expectedVersion: options.expectedVersion ?? Number.MAX_SAFE_INTEGER,
      commands: [{ seq: 0, commandId, command: { ...command, metadata: { commandId, now } } }],
      metadataOf: (id) => this.metadata(acting, id, options.cause),
      ...(options.mails ? { mails: options.mails } : {}),
    });
    const [result] = response.results;
    if (!result) throw new Error(`No answer to command ${commandId}`);
    return {
      result,
      version: response.version,
      events: response.events.filter((e) => e.commandId === commandId) as StoredEvent<
        EventOfKind<StoreKinds[N]>
      >[],
    };
  }

  /**
   * A browser's queued commands of one stream, in their order (the sync protocol): each
   * answered, with every event the browser has not seen. The commands were parsed with the
   * kind's schema at the edge.
   */
  async executeQueued(
    kind: AnyStreamKind,
    streamId: string,
    batch: PushBatchRequest<unknown>,
    acting: Acting,
    options: QueuedBatchOptions,
  ): Promise<PushBatchResponse<StoredShape>> {
    return this.store.push({
      kind,
      streamId,
      owner: options.owner,
      storeId: options.locale ? storefrontFor(options.locale).storeId : null,
      actor: ownerOf(acting) ?? actorOf(acting),
      ...placedByOption(acting),
      locale: options.locale,
      canWrite: options.canWrite ?? ((row) => mayAccess(acting, row)),
      clientId: batch.clientId,
      expectedVersion: batch.expectedVersion,
      commands: batch.commands,
      metadataOf: (commandId, seq) =>
        this.metadata(acting, commandId, undefined, { clientId: batch.clientId, seq }),
    });
  }

  /** Every event's metadata, made here only. */
  private metadata(
    acting: Acting,
    commandId: string,
    cause: Cause | undefined,
    client?: { readonly clientId: string; readonly seq: number },
  ): EventMetadata {
    const behalf = onBehalfOf(acting);
    return metadataFor(actorOf(acting), commandId, {
      ...(cause ? { cause } : {}),
      ...(client ?? {}),
      ...(behalf ? { onBehalfOf: behalf } : {}),
    });
  }
}

/** Who acts for the buyer, by name, for the kinds' contexts (a quote's 'Placed by'). */
function placedByOption(acting: Acting): { readonly placedBy?: PlacedBy } {
  const placedBy = placedByOfActing(acting);
  return placedBy ? { placedBy } : {};
}
