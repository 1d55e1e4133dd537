/**
 * The server's side of the protocol, as a pure step: given the stream's stored events and
 * the commands already answered, handle one push. The server in server/ does exactly this
 * inside a Postgres transaction; tests run it in memory.
 */
import { DomainError } from '../shared/domain-error';
import type { Message } from '../shared/message';
import type { PushRequest, PushResponse, StoredEvent } from './protocol';
import type { StreamRules } from './client-stream';

export interface AnsweredCommand {
  readonly commandId: string;
  readonly status: 'confirmed' | 'rejected';
  readonly code?: string;
  readonly message?: Message;
}

export interface ServerStream<S, E> {
  readonly events: readonly StoredEvent<E>[];
  readonly state: S;
  readonly answered: ReadonlyMap<string, AnsweredCommand>;
}

function eventsAfter<E>(stream: ServerStream<unknown, E>, version: number): StoredEvent<E>[] {
  return stream.events.filter((e) => e.version > version);
}

/** One push: a command answered before gets the same answer; otherwise it is decided now. */
export function handlePush<S, C, E>(
  stream: ServerStream<S, E>,
  rules: StreamRules<S, C, E>,
  request: PushRequest<C>,
): { stream: ServerStream<S, E>; response: PushResponse<E> } {
  const version = stream.events.length;
  const since = Math.max(0, Math.min(request.expectedVersion, version));
  const previous = stream.answered.get(request.commandId);
  if (previous) {
    return { stream, response: answerAgain(stream, previous, since) };
  }
  try {
    const events = rules.decide(request.command, stream.state);
    const stored = events.map((event, i) => ({
      version: version + i + 1,
      commandId: request.commandId,
      event,
    }));
    const answered = new Map(stream.answered);
    answered.set(request.commandId, { commandId: request.commandId, status: 'confirmed' });
    const next: ServerStream<S, E> = {
      events: [...stream.events, ...stored],
      state: events.reduce(rules.evolve, stream.state),
      answered,
    };
    return {
      stream: next,
      response: {
        status: 'confirmed',
        commandId: request.commandId,
        version: next.events.length,
        events: eventsAfter(next, since),
      },
    };
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    const answered = new Map(stream.answered);
    answered.set(request.commandId, {
      commandId: request.commandId,
      status: 'rejected',
      code: error.code,
      message: error.detail,
    });
    return {
      stream: { ...stream, answered },
      response: {
        status: 'rejected',
        commandId: request.commandId,
        version,
        events: eventsAfter(stream, since),
        code: error.code,
        message: error.detail,
      },
    };
  }
}

function answerAgain<E>(
  stream: ServerStream<unknown, E>,
  previous: AnsweredCommand,
  since: number,
): PushResponse<E> {
  const version = stream.events.length;
  const events = eventsAfter(stream, since);
  if (previous.status === 'confirmed') {
    return { status: 'confirmed', commandId: previous.commandId, version, events };
  }
  return {
    status: 'rejected',
    commandId: previous.commandId,
    version,
    events,
    code: previous.code ?? 'rejected',
    message: previous.message ?? { id: 'validation.invalid', message: 'Please check this field.' },
  };
}
