/**
 * The shipped sync engine and event store, as a property (fast-check, 200 runs): two tabs of
 * one browser (one IndexedDB through fake-indexeddb, Web Locks and a BroadcastChannel) and a
 * real server (the app on PGlite, through the shipped transport) go through random offline
 * periods, reloads of either tab, lost and duplicated answers, pulls and server restarts
 * (a new app and event store on the same database). Once both tabs are online and have
 * flushed: no command was lost (each one queued has its answer on the server), none was
 * applied twice, and every tab shows the server's cart.
 */
import 'fake-indexeddb/auto';
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CartCommand } from '../../../domain/cart/commands';
import type { CartProduct } from '../../../domain/cart/context';
import { cartDecider } from '../../../domain/cart/decide';
import type { CartEvent } from '../../../domain/cart/events';
import type { CartState } from '../../../domain/cart/state';
import type { CatalogIndex } from '../../../domain/catalog/catalog';
import { STREAM_REGISTRY } from '../../../domain/registry';
import { replay } from '../../../domain/shared/decider';
import { DomainError } from '../../../domain/shared/domain-error';
import type { StoredEvent } from '../../../domain/sync/protocol';
import { storefrontFor } from '../../../domain/storefront/storefronts';
import type { Identity } from '../../../server/src/auth/identity';
import { seedDemoUsers } from '../../../server/src/auth/demo-users';
import { findUserWithPassword } from '../../../server/src/auth/users';
import { createWebSession, SESSION_COOKIE } from '../../../server/src/auth/web-sessions';
import { commands } from '../../../server/src/db/schema';
import { seedIfEmpty } from '../../../server/src/db/seed';
import type { FlagService } from '../../../server/src/flags/flag-service';
import { buildTestApp } from '../../../tests/support/app';
import { testDatabaseTargets, type TestDatabase } from '../../../tests/support/databases';
import {
  browserCartContext,
  cartDefinition,
  cartProductOf,
  cartStreamId,
} from '../cart/cart-stream';
import { openLocalDb } from './local-db';
import { SyncEngine, type OpenStream } from './sync-engine';
import { injectNetwork, isPlainlyOrderable, tabLocks } from './test-doubles';

const [pglite] = testDatabaseTargets();
const storefront = storefrontFor('en-us');
const RUNS = 200;

type Tab = 'A' | 'B';
type Answer = 'delivered' | 'lost' | 'duplicated';
type Intent =
  | { readonly type: 'AddItem'; readonly code: number; readonly quantity: number }
  | { readonly type: 'ChangeQuantity'; readonly code: number; readonly quantity: number }
  | { readonly type: 'RemoveItem'; readonly code: number };
type Step =
  | { readonly kind: 'issue'; readonly tab: Tab; readonly intent: Intent }
  | { readonly kind: 'network'; readonly online: boolean }
  | { readonly kind: 'flush'; readonly tab: Tab; readonly answer: Answer }
  | { readonly kind: 'reload'; readonly tab: Tab }
  | { readonly kind: 'pull'; readonly tab: Tab }
  | { readonly kind: 'restart' };

const tab = fc.constantFrom<Tab>('A', 'B');
const code = fc.integer({ min: 0, max: 3 });
const intent: fc.Arbitrary<Intent> = fc.oneof(
  fc.record({
    type: fc.constant('AddItem' as const),
    code,
    quantity: fc.integer({ min: 1, max: 5 }),
  }),
  fc.record({
    type: fc.constant('ChangeQuantity' as const),
    code,
    quantity: fc.integer({ min: 1, max: 9 }),
  }),
  fc.record({ type: fc.constant('RemoveItem' as const), code }),
);
const step: fc.Arbitrary<Step> = fc.oneof(
  { weight: 6, arbitrary: fc.record({ kind: fc.constant('issue' as const), tab, intent }) },
  {
    weight: 2,
    arbitrary: fc.record({ kind: fc.constant('network' as const), online: fc.boolean() }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('flush' as const),
      tab,
      answer: fc.constantFrom<Answer>('delivered', 'lost', 'duplicated'),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('reload' as const), tab }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('pull' as const), tab }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('restart' as const) }) },
);

describe('the shipped engine and event store converge (property)', () => {
  let t: TestDatabase;
  let app: FastifyInstance;
  let identity: Identity;
  let flags: FlagService;
  let cookie = '';
  let userId = '';
  const products = new Map<string, CartProduct>();
  let codes: string[] = [];

  beforeAll(async () => {
    t = await pglite!.open();
    const { startIdentity } = await import('../../../server/src/auth/identity');
    const { loadConfig } = await import('../../../server/src/config');
    const { startFlagService } = await import('../../../server/src/flags/flag-service');
    const { REPO_FLAGS_FILE, TEST_PUBLIC_URL } = await import('../../../tests/support/app');
    app = await buildTestApp(t.database);
    identity = await startIdentity(t.database.db, loadConfig({}).identity, TEST_PUBLIC_URL);
    flags = await startFlagService({ sdkKey: undefined, flagsFile: REPO_FLAGS_FILE });
    await seedIfEmpty(t.database.db);
    await seedDemoUsers(t.database.db);
    const dana = await findUserWithPassword(t.database.db, 'dana.reyes@demo.example');
    userId = dana?.id ?? '';
    cookie = `${SESSION_COOKIE}=${(await createWebSession(t.database.db, userId, null, new Date())).id}`;
    const index = (await app.inject('/api/catalog/index?locale=en-us')).json<CatalogIndex>();
    for (const item of index.items) products.set(item.code, cartProductOf(item));
    codes = [...products.values()]
      .filter(isPlainlyOrderable)
      .slice(0, 4)
      .map((p) => p.code);
    expect(codes).toHaveLength(4);
  });

  afterAll(async () => {
    await app.close();
    flags.close();
    await t.dispose();
  });

  it(`holds over ${String(RUNS)} random runs`, async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 5, maxLength: 30 }), async (steps) => {
        const run = randomUUID();
        const cartId = randomUUID();
        const dbName = `convergence-${run}`;
        // What the network does to the answers of the next pushes.
        let mode = 'delivered' as Answer;
        const { state: net, transport } = injectNetwork(() => (request) => app.inject(request), {
          cookie: () => cookie,
          duplicate: () => mode === 'duplicated',
          loseAnswer: (method) => method === 'POST' && mode === 'lost',
        });
        const locks = tabLocks();
        const open = () => {
          const sync = new SyncEngine({
            db: openLocalDb(dbName),
            registry: STREAM_REGISTRY,
            transport,
            makeId: randomUUID,
            locks,
            channelName: `convergence-${run}`,
            currentUserId: () => userId,
            online: () => net.online,
          });
          const context = browserCartContext({
            cartId,
            storefront,
            actor: { kind: 'user', id: userId },
            products,
          });
          const cart: OpenStream<CartState, CartCommand, CartEvent> = sync.openStream(
            cartStreamId(cartId),
            cartDefinition(context),
          );
          return { sync, cart };
        };
        const tabs = { A: open(), B: open() };
        const queued = new Set<string>();
        try {
          await Promise.all([tabs.A.cart.ready, tabs.B.cart.ready]);
          for (const s of steps) {
            if (s.kind === 'issue') {
              const { sync, cart } = tabs[s.tab];
              const commandId = randomUUID();
              const itemCode = codes[s.intent.code] ?? '';
              const data =
                s.intent.type === 'RemoveItem'
                  ? { code: itemCode }
                  : { code: itemCode, quantity: s.intent.quantity };
              const command = {
                type: s.intent.type,
                data,
                metadata: { commandId, now: new Date().toISOString() },
              } as CartCommand;
              try {
                const { events, saved } = sync.dispatch(cart, command, {
                  locale: 'en-us',
                  userId,
                });
                await saved;
                if (events.length > 0) queued.add(commandId);
              } catch (error) {
                // Refused here: the person is told at once and nothing is queued.
                if (!(error instanceof DomainError)) throw error;
              }
            } else if (s.kind === 'network') {
              net.online = s.online;
            } else if (s.kind === 'flush') {
              mode = s.answer;
              await tabs[s.tab].sync.flush();
              mode = 'delivered';
            } else if (s.kind === 'reload') {
              tabs[s.tab].sync.close();
              tabs[s.tab] = open();
              await tabs[s.tab].cart.ready;
            } else if (s.kind === 'pull') {
              if (net.online) await tabs[s.tab].sync.pull(cartStreamId(cartId));
            } else {
              await app.close();
              app = await buildTestApp(t.database, { identity, flags });
            }
          }

          // Both online: each flushes until its outbox is empty, then pulls.
          net.online = true;
          mode = 'delivered';
          for (let round = 0; round < 5; round += 1) {
            await tabs.A.sync.flush();
            await tabs.B.sync.flush();
            if ((await tabs.A.sync.db.outbox.count()) === 0) break;
          }
          expect(await tabs.A.sync.db.outbox.count()).toBe(0);
          await tabs.A.sync.pull(cartStreamId(cartId));
          await tabs.B.sync.pull(cartStreamId(cartId));

          const answer = await app.inject({ url: `/api/carts/${cartId}`, headers: { cookie } });
          const server =
            answer.statusCode === 404
              ? { events: [] as StoredEvent<CartEvent>[] }
              : answer.json<{ events: StoredEvent<CartEvent>[] }>();
          const truth = replay(
            cartDecider,
            server.events.map((e) => e.event),
          );
          // None applied twice: each command's events form one run.
          const runs = server.events
            .map((e) => e.commandId)
            .filter((id, i, all) => i === 0 || all[i - 1] !== id);
          expect(new Set(runs).size).toBe(runs.length);
          // None lost: every queued command has its answer on the server.
          const answered = await t.database.db
            .select({ commandId: commands.commandId })
            .from(commands)
            .where(eq(commands.streamId, cartStreamId(cartId)));
          const answeredIds = new Set(answered.map((a) => a.commandId));
          for (const id of queued) expect(answeredIds.has(id)).toBe(true);
          // Every tab shows the server's cart (the other tab hears it on the channel).
          for (const name of ['A', 'B'] as const) {
            const { cart } = tabs[name];
            for (let wait = 0; wait < 100; wait += 1) {
              if (
                cart.stream.pending.length === 0 &&
                cart.stream.confirmedVersion === server.events.length
              )
                break;
              await new Promise((resolve) => setTimeout(resolve, 10));
            }
            expect(cart.stream.confirmedVersion).toBe(server.events.length);
            expect(cart.state$.getValue()).toEqual(truth);
          }
        } finally {
          tabs.A.sync.close();
          tabs.B.sync.close();
        }
      }),
      { numRuns: RUNS },
    );
  }, 600_000);
});
