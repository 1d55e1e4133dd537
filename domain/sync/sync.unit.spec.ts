/**
 * The sync protocol's pure steps with the cart (fast-check): two clients issue commands
 * offline, in any interleaving, push batches in any order with lost and duplicated answers,
 * and pull; once both have synced, both clients and the server hold the same cart, and every
 * accepted command's events are stored exactly once. The same steps run in the shipped
 * engine and event store (src/infra/sync/convergence.int.spec.ts).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { replay } from '../shared/decider';
import { cartDecider } from '../cart/decide';
import type { CartCommand } from '../cart/commands';
import type { CartEvent } from '../cart/events';
import type { CartState } from '../cart/state';
import { cartContext, NOW, PRODUCTS } from '../cart/test-fixtures';
import {
  applyLocally,
  confirmedTail,
  openClientStream,
  rebuildClientStream,
  type ClientStream,
  type StreamRules,
} from './client-stream';
import type { CommandResult, StoredEvent } from './protocol';
import { decideBatch } from './server-stream';
import { DomainError } from '../shared/domain-error';

const context = cartContext({ actor: { kind: 'user', id: 'u1' } });
const rules: StreamRules<CartState, CartCommand, CartEvent> = {
  decide: (command, state) => cartDecider.decide(command, state, context),
  evolve: cartDecider.evolve,
};
const codes = PRODUCTS.map((p) => p.code);

type Intent = Pick<CartCommand, 'type' | 'data'>;
const intent: fc.Arbitrary<Intent> = fc.oneof(
  fc.record({
    type: fc.constant('AddItem' as const),
    data: fc.record({ code: fc.constantFrom(...codes), quantity: fc.integer({ min: 1, max: 12 }) }),
  }),
  fc.record({
    type: fc.constant('ChangeQuantity' as const),
    data: fc.record({ code: fc.constantFrom(...codes), quantity: fc.integer({ min: 1, max: 30 }) }),
  }),
  fc.record({
    type: fc.constant('RemoveItem' as const),
    data: fc.record({ code: fc.constantFrom(...codes) }),
  }),
  fc.record({
    type: fc.constant('ApplyPromotion' as const),
    data: fc.record({ code: fc.constantFrom('SCHOOL10', 'KITS20', 'BIG') }),
  }),
  fc.record({
    type: fc.constant('RemovePromotion' as const),
    data: fc.record({ code: fc.constantFrom('SCHOOL10', 'KITS20') }),
  }),
  fc.record({
    type: fc.constant('ClearCart' as const),
    data: fc.constant({ reason: 'emptied' as const }),
  }),
);

type Who = 'A' | 'B';
type Step =
  | { readonly kind: 'issue'; readonly who: Who; readonly intent: Intent }
  | {
      readonly kind: 'push';
      readonly who: Who;
      readonly answer: 'delivered' | 'lost' | 'duplicated';
      /** Commands sent in the request, at most. */
      readonly batch: number;
    }
  | { readonly kind: 'pull'; readonly who: Who };

const who = fc.constantFrom<Who>('A', 'B');
const step: fc.Arbitrary<Step> = fc.oneof(
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('issue' as const), who, intent }) },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('push' as const),
      who,
      answer: fc.constantFrom('delivered' as const, 'lost' as const, 'duplicated' as const),
      batch: fc.integer({ min: 1, max: 4 }),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('pull' as const), who }) },
);

interface Server {
  events: StoredEvent<CartEvent>[];
  state: CartState;
  answered: Map<string, CommandResult>;
}

interface Client {
  stream: ClientStream<CartState, CartCommand, CartEvent>;
  seq: number;
}

describe('offline sync of a cart between two clients and the server', () => {
  it('converges, with every accepted command stored exactly once', () => {
    fc.assert(
      fc.property(fc.array(step, { maxLength: 80 }), (steps) => {
        const server: Server = {
          events: [],
          state: cartDecider.initialState(),
          answered: new Map(),
        };
        const clients: Record<Who, Client> = {
          A: { stream: openClientStream(cartDecider.initialState(), 0), seq: 0 },
          B: { stream: openClientStream(cartDecider.initialState(), 0), seq: 0 },
        };
        let issued = 0;

        const handle = (commands: Client['stream']['pending'], expectedVersion: number) => {
          const decided = decideBatch(
            rules,
            { state: server.state, version: server.events.length },
            commands,
            (id) => server.answered.get(id),
          );
          server.state = decided.state;
          server.events.push(...decided.events);
          for (const answer of decided.answered) server.answered.set(answer.commandId, answer);
          return {
            results: decided.results,
            events: server.events.filter((e) => e.version > expectedVersion),
          };
        };

        const receive = (
          name: Who,
          answer: { results: readonly CommandResult[]; events: StoredEvent<CartEvent>[] },
        ) => {
          const client = clients[name];
          const { stream } = client;
          const tail = confirmedTail(stream.confirmedVersion, answer.events);
          expect(tail.gap).toBe(false);
          const confirmedState = tail.next.reduce(
            (state, e) => cartDecider.evolve(state, e.event),
            stream.confirmedState,
          );
          const done = new Set(answer.results.map((r) => r.commandId));
          client.stream = rebuildClientStream(
            rules,
            confirmedState,
            tail.version,
            stream.pending.filter((p) => !done.has(p.commandId)),
          );
        };

        const push = (name: Who, answer: 'delivered' | 'lost' | 'duplicated', batch: number) => {
          const client = clients[name];
          const commands = client.stream.pending.slice(0, batch);
          if (commands.length === 0) return;
          const expected = client.stream.confirmedVersion;
          let result = handle(commands, expected);
          if (answer === 'lost') return;
          // The answer was lost and the client sent the same commands again.
          if (answer === 'duplicated') result = handle(commands, expected);
          receive(name, result);
        };

        const pull = (name: Who) => {
          const client = clients[name];
          const unseen = server.events.filter((e) => e.version > client.stream.confirmedVersion);
          receive(name, { results: [], events: unseen });
        };

        for (const s of steps) {
          if (s.kind === 'issue') {
            const client = clients[s.who];
            issued += 1;
            const commandId = `${s.who}-${String(issued)}`;
            const command = { ...s.intent, metadata: { commandId, now: NOW } } as CartCommand;
            try {
              client.seq += 1;
              client.stream = applyLocally(client.stream, rules, {
                seq: client.seq,
                commandId,
                command,
              }).stream;
            } catch (error) {
              // Refused on the device: the person is told at once and nothing is queued.
              if (!(error instanceof DomainError)) throw error;
            }
          } else if (s.kind === 'push') {
            push(s.who, s.answer, s.batch);
          } else {
            pull(s.who);
          }
        }
        // Both come back online and flush their queues, then pull what the other did.
        for (const name of ['A', 'B'] as const) {
          while (clients[name].stream.pending.length > 0) push(name, 'delivered', 100);
        }
        pull('A');
        pull('B');

        const truth = replay(
          cartDecider,
          server.events.map((e) => e.event),
        );
        expect(server.state).toEqual(truth);
        expect(clients.A.stream.state).toEqual(truth);
        expect(clients.B.stream.state).toEqual(truth);
        expect(clients.A.stream.confirmedVersion).toBe(server.events.length);
        expect(server.events.map((e) => e.version)).toEqual(server.events.map((_, i) => i + 1));
        // Each command's events form one run: a retried command never stored twice.
        const runs = server.events
          .map((e) => e.commandId)
          .filter((id, i, all) => i === 0 || all[i - 1] !== id);
        expect(new Set(runs).size).toBe(runs.length);
        for (const id of runs) expect(server.answered.get(id)?.status).toBe('confirmed');
      }),
      { numRuns: 400 },
    );
  });
});
