/**
 * A decider (ARCHITECTURE §2): `decide(command, state, context)` gives the events a command
 * produces, or throws a DomainError; `evolve(state, event)` folds one event into the state
 * and never throws; `initialState()` is the state before any event. Plain functions over
 * plain data, so the browser, the service worker and the server run the same rules.
 */

/** What every command carries besides its data: who, when, and its idempotency key. */
export interface CommandMetadata {
  /** UUID made where the command was issued; the same id is never applied twice. */
  readonly commandId: string;
  /** ISO instant at which the command was issued (the clock is passed in, never read). */
  readonly now: string;
}

export interface Decider<Command, Event, State, Context> {
  readonly decide: (command: Command, state: State, context: Context) => Event[];
  readonly evolve: (state: State, event: Event) => State;
  readonly initialState: () => State;
}

/** The state after a sequence of events. */
export function fold<Event, State>(
  decider: Pick<Decider<unknown, Event, State, unknown>, 'evolve'>,
  state: State,
  events: Iterable<Event>,
): State {
  let current = state;
  for (const event of events) current = decider.evolve(current, event);
  return current;
}

export function replay<Event, State>(
  decider: Pick<Decider<unknown, Event, State, unknown>, 'evolve' | 'initialState'>,
  events: Iterable<Event>,
): State {
  return fold(decider, decider.initialState(), events);
}
