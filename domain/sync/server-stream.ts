/**
 * The server's side of the protocol as one pure step: given a stream's state and version,
 * the answers it gave before and a batch of commands, decide each in order. A command
 * answered before (in an earlier request, or twice in this one) gets the same answer and no
 * new events; a DomainError rejects only its own command. The event store in server/ runs
 * exactly this inside its transaction; the tests run it in memory.
 */
import { DomainError } from '../shared/domain-error';
import type { CommandResult, QueuedCommand } from './protocol';

export interface BatchRules<S, C, E> {
  readonly decide: (command: C, state: S) => E[];
  readonly evolve: (state: S, event: E) => S;
}

export interface DecidedEvent<E> {
  readonly version: number;
  readonly commandId: string;
  readonly seq: number;
  readonly event: E;
}

export interface DecidedBatch<S, E> {
  readonly state: S;
  readonly version: number;
  /** The new events, numbered after the stream's version. */
  readonly events: readonly DecidedEvent<E>[];
  /** One per command, in order. */
  readonly results: readonly CommandResult[];
  /** The commands answered now for the first time (to be stored with their seq). */
  readonly answered: readonly (CommandResult & { readonly seq: number })[];
}

export function decideBatch<S, C, E>(
  rules: BatchRules<S, C, E>,
  start: { readonly state: S; readonly version: number },
  commands: readonly QueuedCommand<C>[],
  answeredBefore: (commandId: string) => CommandResult | undefined,
): DecidedBatch<S, E> {
  let { state, version } = start;
  const events: DecidedEvent<E>[] = [];
  const results: CommandResult[] = [];
  const answered: (CommandResult & { seq: number })[] = [];
  const now = new Map<string, CommandResult>();
  for (const queued of commands) {
    const previous = now.get(queued.commandId) ?? answeredBefore(queued.commandId);
    if (previous) {
      results.push(previous);
      continue;
    }
    let result: CommandResult;
    try {
      const produced = rules.decide(queued.command, state);
      for (const event of produced) {
        version += 1;
        state = rules.evolve(state, event);
        events.push({ version, commandId: queued.commandId, seq: queued.seq, event });
      }
      result = { commandId: queued.commandId, status: 'confirmed' };
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      result = {
        commandId: queued.commandId,
        status: 'rejected',
        code: error.code,
        message: error.detail,
      };
    }
    now.set(queued.commandId, result);
    results.push(result);
    answered.push({ ...result, seq: queued.seq });
  }
  return { state, version, events, results, answered };
}
