/**
 * A stream kind (an aggregate) as one definition shared by the browser, the server and the
 * database (decision 018): its decider and upcaster, where it is reached over HTTP, who may
 * own it, what a buyer is told when the server refuses one of its commands for good, the
 * version of its snapshot's shape, the read models projected from it, and the mails its events
 * send (its outbox, decision 027). The sync engine,
 * the transport, the event store and the routes read everything from here, so adding an
 * aggregate is one definition registered in `domain/registry.ts`: no migration and no edit
 * in the engine, the transport or the store.
 */
import type { CommandMetadata } from '../shared/decider';
import type { Actor } from '../shared/event-metadata';
import type { MessageDescriptor } from '../shared/message';
import type { DistributiveOmit } from '../shared/types';
import { checkCommandLimits, DEFAULT_COMMAND_LIMITS, type CommandLimits } from './command-size';

/** An event as it is stored: its type, the version of its data's shape, its data. */
export interface StoredShape {
  readonly type: string;
  readonly v: number;
  readonly data: unknown;
}

export type KindEvent = StoredShape;

export interface KindCommand {
  readonly type: string;
  readonly metadata: CommandMetadata;
}

/** The stream a read model row comes from, with its owner. */
export interface StreamHeader {
  readonly streamId: string;
  readonly ownerKind: string;
  readonly ownerId: string;
  readonly storeId: string | null;
}

/**
 * A read model kept as one document per stream (orders, quotes, invoices will be such):
 * written in the same transaction as the events it comes from, and rebuilt from the events
 * when its shape version changes.
 */
export interface DocumentReadModel<S> {
  readonly name: string;
  readonly shape: number;
  /** The document for a stream's state; null when the stream has none (yet, or any more). */
  readonly project: (state: S, stream: StreamHeader) => unknown;
}

/**
 * A message to send once because of an event (an order placed → its confirmation mail),
 * written to the store's mail outbox in the same transaction as the event (decision 027).
 * Not to be confused with the browser's queue of commands (`outbox.ts`).
 */
export interface OutboxMessage {
  /**
   * Made from the event (e.g. `order-confirmation:{orderId}`): the same event always gives
   * the same id, so a retried write or a replay never writes a second mail.
   */
  readonly id: string;
  /** Which mail it is; the server renders it from `data` when it sends it. */
  readonly template: string;
  /** The recipient's address. */
  readonly to: string;
  /** The storefront locale whose language the mail is written in (`fr-ca`). */
  readonly locale: string;
  readonly data: unknown;
  /**
   * The recipient's preference that may hold the mail back (decision 060), checked when it is
   * written: `orderEmails` (on unless the recipient turned it off), `marketingEmails` (off
   * unless the recipient turned it on); null for a mail the recipient asked for or must have
   * (a receipt of their payment, a quote they emailed, a link to confirm their address).
   * Every mail names one, so none can forget the preferences.
   */
  readonly preference: MailPreference | null;
}

/** The preferences (decision 055) a mail may be held back by. */
export type MailPreference = 'orderEmails' | 'marketingEmails';

/** The messages an event sends, given the state after it and its stream (pure). */
export type OutboxProjection<S, E> = (
  event: E,
  state: S,
  stream: StreamHeader,
) => readonly OutboxMessage[];

export interface StreamAddress {
  /** One stream per id in the URL (`{path}/{id}`), or the caller's own (`{path}`). */
  readonly per: 'stream' | 'user';
  readonly path: string;
}

export interface StreamKind<S, C extends KindCommand, E extends KindEvent, X = undefined> {
  readonly name: string;
  /** Where browsers push and pull it; null for a kind only the server writes. */
  readonly address: StreamAddress | null;
  /**
   * `anyone`: visitors too (an HttpOnly visitor cookie); `users`: signed-in users only;
   * `accounts`: a stream per customer account (its id is the account's), read and written by
   * the account's members (decision 054).
   */
  readonly owners: 'anyone' | 'users' | 'accounts';
  /** A stream made in a storefront belongs to its store (pushes name the locale). */
  readonly perStore: boolean;
  readonly initialState: () => S;
  readonly decide: (command: C, state: S, context: X) => E[];
  readonly evolve: (state: S, event: E) => S;
  /** The current shape of an event stored in any shape it was ever written in. */
  readonly upcast: (stored: StoredShape) => E;
  /**
   * The command's shape, checked at the server's edge (a zod schema). The browser loads it
   * with the kinds, after the first page (the cart store's chunk), never on the first page.
   */
  readonly commandSchema: { readonly parse: (input: unknown) => unknown };
  /**
   * The largest command and push request the server takes (JSON, UTF-8 bytes), checked at
   * its edge before the command's shape (command-size.ts; decision 045).
   */
  readonly limits: CommandLimits;
  /** Commands only the server can decide: queued in the browser with no effect there. */
  readonly serverOnly?: (command: C) => boolean;
  /** What a buyer is told when the server refuses one of its commands for good. */
  readonly refused: MessageDescriptor;
  /** The version of the state's shape: a snapshot of another version is rebuilt. */
  readonly snapshotShape: number;
  readonly readModels?: readonly DocumentReadModel<S>[];
  /** The mails its events send, written with the events (decision 027). */
  readonly outbox?: OutboxProjection<S, E>;
}

// The registry holds kinds of every state, command and event type.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyStreamKind = StreamKind<any, any, any, any>;

/** A kind that names no limits gets DEFAULT_COMMAND_LIMITS. */
export function defineStreamKind<S, C extends KindCommand, E extends KindEvent, X = undefined>(
  kind: Omit<StreamKind<S, C, E, X>, 'limits'> & { readonly limits?: CommandLimits },
): StreamKind<S, C, E, X> {
  if (!/^[a-z][a-z0-9-]*$/.test(kind.name)) throw new Error(`Bad stream kind name ${kind.name}`);
  const limits = kind.limits ?? DEFAULT_COMMAND_LIMITS;
  checkCommandLimits(kind.name, limits);
  return { ...kind, limits };
}

/**
 * The outbox messages of new events, each with the version of the event it comes from: the
 * kind's `outbox` sees each event with the state right after it (from `state`, the state
 * before the first of them).
 */
export function outboxMessagesOf<S, E>(
  kind: { readonly evolve: (state: S, event: E) => S; readonly outbox?: OutboxProjection<S, E> },
  state: S,
  events: readonly { readonly version: number; readonly event: E }[],
  stream: StreamHeader,
): { readonly version: number; readonly message: OutboxMessage }[] {
  const project = kind.outbox;
  if (!project) return [];
  const messages: { version: number; message: OutboxMessage }[] = [];
  let current = state;
  for (const { version, event } of events) {
    current = kind.evolve(current, event);
    for (const message of project(event, current, stream)) messages.push({ version, message });
  }
  return messages;
}

export const streamIdOf = (kind: Pick<AnyStreamKind, 'name'>, id: string): string =>
  `${kind.name}:${id}`;

/** The kind's name and the id of a stream id (`cart:0f1e…`). */
export function parseStreamId(streamId: string): { kind: string; id: string } {
  const at = streamId.indexOf(':');
  return at < 0
    ? { kind: '', id: streamId }
    : { kind: streamId.slice(0, at), id: streamId.slice(at + 1) };
}

/** The commands of a kind, as a writer issues them (the metadata is the store's to fill). */
export type CommandOfKind<K> = K extends {
  readonly decide: (command: infer C, state: never, context: never) => unknown;
}
  ? DistributiveOmit<C, 'metadata'>
  : never;

/** The events of a kind, in their current shape. */
export type EventOfKind<K> = K extends {
  readonly evolve: (state: never, event: infer E) => unknown;
}
  ? E
  : never;

/** The kinds of a registry by name. */
export type KindMap = Readonly<Record<string, AnyStreamKind>>;

/** An event as a process manager sees it. */
export interface RecordedEvent {
  readonly kind: string;
  readonly streamId: string;
  readonly version: number;
  readonly type: string;
  readonly data: unknown;
  readonly metadata: { readonly actor?: Actor; readonly correlationId?: string };
}

/** An event of one of the named kinds, typed by its kind's event union. */
export type RecordedEventOf<Kinds extends KindMap, N extends keyof Kinds> = {
  [P in N]: EventOfKind<Kinds[P]> & {
    readonly kind: P;
    readonly streamId: string;
    readonly version: number;
    readonly metadata: RecordedEvent['metadata'];
  };
}[N];

/** A command a process manager issues in reaction to an event. */
export interface Reaction {
  readonly kind: string;
  readonly streamId: string;
  /** Who owns the stream if the command makes it. */
  readonly owner: Actor;
  readonly storeId: string | null;
  readonly command: DistributiveOmit<KindCommand, 'metadata'> & { readonly data?: unknown };
  /**
   * Not before this instant (ISO): the command waits in the store's schedule until then (a
   * fulfilment step due in two minutes). Absent: at once.
   */
  readonly notBefore?: string;
}

/** A reaction typed by the command union of the kind it names. */
export type ReactionOf<Kinds extends KindMap> = {
  [P in keyof Kinds]: Omit<Reaction, 'kind' | 'command'> & {
    readonly kind: P;
    readonly command: CommandOfKind<Kinds[P]>;
  };
}[keyof Kinds];

/**
 * A reaction to events (order placed → clear the cart): it names the commands to issue; the
 * server's runner issues each exactly once, in `events.position` order, and resumes after a
 * restart from its stored checkpoint. Pure in domain/; a manager of the server's own may
 * consult the outside world (the payment gateway) and answer a promise.
 */
export interface ProcessManager {
  readonly name: string;
  /** The stream kinds whose events it reads (at least one). */
  readonly kinds: readonly string[];
  /**
   * Whether a manager added to a running store reacts to the events recorded before it
   * (default: no, it starts at the newest event, so adding "order placed → clear the cart"
   * never clears the carts of every past order).
   */
  readonly fromStart?: boolean;
  readonly react: (event: RecordedEvent) => readonly Reaction[] | Promise<readonly Reaction[]>;
}

/** A process manager whose events and reactions are typed by the registry's kinds. */
export interface TypedProcessManager<Kinds extends KindMap, N extends keyof Kinds & string> {
  readonly name: string;
  readonly kinds: readonly N[];
  readonly fromStart?: boolean;
  readonly react: (
    event: RecordedEventOf<Kinds, N>,
  ) => readonly ReactionOf<Kinds>[] | Promise<readonly ReactionOf<Kinds>[]>;
}

/**
 * A process manager checked against a registry's kinds: a misspelt event type, a command its
 * target kind does not have, or a kind the registry lacks does not compile. The runner sees
 * the plain `ProcessManager` (it hands each manager only the events of its kinds).
 */
export function processManagerOf<Kinds extends KindMap>() {
  return <N extends keyof Kinds & string>(manager: TypedProcessManager<Kinds, N>): ProcessManager =>
    manager as unknown as ProcessManager;
}

export interface StreamRegistry {
  readonly kinds: readonly AnyStreamKind[];
  readonly processManagers: readonly ProcessManager[];
  readonly get: (name: string) => AnyStreamKind | undefined;
}

export function streamRegistry(
  kinds: readonly AnyStreamKind[],
  processManagers: readonly ProcessManager[] = [],
): StreamRegistry {
  const byName = new Map<string, AnyStreamKind>();
  for (const kind of kinds) {
    if (byName.has(kind.name)) throw new Error(`Stream kind ${kind.name} is registered twice`);
    byName.set(kind.name, kind);
  }
  for (const manager of processManagers) {
    if (manager.kinds.length === 0) throw new Error(`${manager.name} reads no stream kind`);
  }
  const paths = kinds.flatMap((k) => (k.address ? [k.address.path] : []));
  if (new Set(paths).size !== paths.length) throw new Error('Two stream kinds share a path');
  return { kinds, processManagers, get: (name) => byName.get(name) };
}
