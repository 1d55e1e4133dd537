/**
 * Given / when / then for deciders (tests only): given past events, when a command is
 * decided, then these events, or this DomainError code.
 */
import { DomainError } from './domain-error';
import { replay, type Decider } from './decider';

export interface DeciderSpecification<Command, Event> {
  given(events: readonly Event[]): {
    when(command: Command): {
      then(expected: readonly Event[]): void;
      thenThrows(code: string, check?: (error: DomainError) => void): void;
    };
  };
}

export function deciderSpecification<Command, Event, State, Context>(
  decider: Decider<Command, Event, State, Context>,
  context: Context,
  assert: {
    equal(actual: unknown, expected: unknown): void;
    fail(message: string): never;
  },
): DeciderSpecification<Command, Event> {
  return {
    given: (events) => ({
      when: (command) => {
        const run = () => decider.decide(command, replay(decider, events), context);
        return {
          then: (expected) => {
            assert.equal(run(), expected);
          },
          thenThrows: (code, check) => {
            try {
              const events = run();
              assert.fail(`expected ${code}, got events ${JSON.stringify(events)}`);
            } catch (error) {
              if (!(error instanceof DomainError)) throw error;
              assert.equal(error.code, code);
              check?.(error);
            }
          },
        };
      },
    }),
  };
}
