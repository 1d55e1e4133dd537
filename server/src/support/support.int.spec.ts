/**
 * Customer service acting for a buyer, on PGlite and PostgreSQL (decision 063): the agent
 * routes answer agents only (a buyer gets 403, nobody 401); finding a customer stays within
 * the agent's regions; while Alex acts for Dana, her cart's events carry Alex as actor and
 * Dana (her account, the session) as the one acted for, her order says who placed it, a
 * saved card pays only with her consent and no card number ever reaches the agent; ending the
 * session leaves Dana's own session as it was; the audit lists the session and its actions.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cartStreamKind } from '../../../domain/cart/stream';
import type { CartState } from '../../../domain/cart/state';
import { checkoutCartOf } from '../../../domain/checkout/cart-snapshot';
import type { CheckoutCommand } from '../../../domain/checkout/commands';
import type { CheckoutFacts } from '../../../domain/checkout/facts';
import type { Order } from '../../../domain/order/order';
import type { DistributiveOmit } from '../../../domain/shared/types';
import { streamIdOf } from '../../../domain/sync/stream-kind';
import { buildTestApp } from '../../../tests/support/app';
import { signInDemoBuyers, type SignedIn } from '../../../tests/support/checkout-flow';
import { testDatabaseTargets, type TestDatabase } from '../../../tests/support/databases';
import { AGENT_COOKIE } from '../acting/plugin';
import { DEMO_AGENT } from '../auth/demo-users';
import { createUser, findUserWithPassword } from '../auth/users';
import { createWebSession } from '../auth/web-sessions';
import { DEMO_ACCOUNTS } from '../customers/demo-customers';
import { addAgent } from './agents';
import { auditReport } from './operator';

function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

const WISCONSIN = {
  firstName: 'Dana',
  lastName: 'Reyes',
  line1: '48 Willow Street',
  town: 'Middleton',
  region: 'WI',
  postalCode: '53562',
  country: 'US',
};

/** Card numbers as a card's digits: 13 to 19 digits, spaced or not. */
const CARD_NUMBER = /\b(?:\d[ -]?){13,19}\b/;
/** Ids are random: one whose last groups are all digits reads as a card number. */
const withoutIds = (text: string) =>
  text.replace(/\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/gi, 'id');

describe.each(testDatabaseTargets())('customer service on $kind', (target) => {
  let t: TestDatabase;
  let app: FastifyInstance;
  let buyers: Record<'dana' | 'sam', SignedIn>;
  let alexId: string;
  /** Alex's agent cookie header. */
  let alex: string;
  /** An agent serving only EU customers. */
  let euAgent: string;

  async function agentCookie(userId: string): Promise<string> {
    const session = await createWebSession(t.database.db, userId, null, new Date(), {
      purpose: 'agent',
    });
    return `${AGENT_COOKIE}=${session.id}`;
  }

  beforeAll(async () => {
    t = await target.open();
    const warmUp = await buildTestApp(t.database);
    await warmUp.close();
    buyers = await signInDemoBuyers(t.database.db, ['dana', 'sam']);
    const agent = await findUserWithPassword(t.database.db, DEMO_AGENT.email);
    if (!agent) throw new Error('the demo agent was not seeded');
    alexId = agent.id;
    alex = await agentCookie(alexId);
    const eu = await createUser(t.database.db, {
      email: `eu.agent.${randomUUID()}@store.example`,
      password: 'Support-Eu-2026!',
      firstName: 'Eva',
      lastName: 'Lind',
      country: 'NL',
    });
    await addAgent(t.database.db, eu.email, ['EU']);
    euAgent = await agentCookie(eu.id);
    app = await buildTestApp(t.database, { processManagers: false });
  }, 120_000);

  afterAll(async () => {
    await app.close();
    await t.dispose();
  });

  const call = (
    cookie: string,
    method: 'GET' | 'POST',
    url: string,
    payload?: Record<string, unknown>,
  ) =>
    app.inject({
      method,
      url,
      headers: { cookie, ...(payload ? { 'content-type': 'application/json' } : {}) },
      ...(payload ? { payload } : {}),
    });

  async function danasAccountId(): Promise<string> {
    const [row] = rowsOf<{ id: string }>(
      await t.database.db.execute(
        sql`select id from customer_accounts where account_number = ${DEMO_ACCOUNTS.danaPersonal}`,
      ),
    );
    if (!row) throw new Error('Dana has no personal account');
    return row.id;
  }

  async function startActing(cookie: string) {
    return call(cookie, 'POST', '/api/support/sessions', {
      buyerId: buyers.dana.userId,
      accountId: await danasAccountId(),
    });
  }

  it('answers agents only: a buyer gets 403, nobody 401, an agent their own', async () => {
    expect((await call(buyers.dana.cookie, 'GET', '/api/support/me')).statusCode).toBe(403);
    expect((await call('', 'GET', '/api/support/me')).statusCode).toBe(401);
    expect(
      (await call(buyers.dana.cookie, 'GET', '/api/support/customers?q=dana')).statusCode,
    ).toBe(403);
    // A buyer's session id in the agent cookie opens nothing.
    const danaAsAgent = buyers.dana.cookie.replace(/^[^=]+=/, `${AGENT_COOKIE}=`);
    expect((await call(danaAsAgent, 'GET', '/api/support/me')).statusCode).toBe(401);
    // Nor an agent's sign-in in the buyer cookie.
    const alexAsBuyer = alex.replace(/^[^=]+=/, 'store_session=');
    expect((await call(alexAsBuyer, 'GET', '/store/customer/current')).statusCode).toBe(401);
    const me = await call(alex, 'GET', '/api/support/me');
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({
      agent: { email: DEMO_AGENT.email, firstName: 'Alex', regions: ['US', 'CA', 'EU', 'AP'] },
      acting: null,
    });
  });

  it('finds customers by email, name and account number, within the regions served', async () => {
    const byEmail = await call(alex, 'GET', '/api/support/customers?q=dana.reyes@demo.example');
    expect(byEmail.statusCode).toBe(200);
    const found = byEmail.json<{ customers: { id: string; matchedBy: string; region: string }[] }>()
      .customers;
    expect(found[0]).toMatchObject({ id: buyers.dana.userId, matchedBy: 'email', region: 'US' });
    const byName = await call(alex, 'GET', '/api/support/customers?q=reyes%20dana');
    expect(byName.json<{ customers: { id: string }[] }>().customers.map((c) => c.id)).toContain(
      buyers.dana.userId,
    );
    const byAccount = await call(
      alex,
      'GET',
      `/api/support/customers?q=${DEMO_ACCOUNTS.danaPersonal.toLowerCase()}`,
    );
    expect(byAccount.json<{ customers: unknown[] }>().customers[0]).toMatchObject({
      id: buyers.dana.userId,
      matchedBy: 'account',
    });
    // An agent is never found as a customer.
    const agents = await call(alex, 'GET', '/api/support/customers?q=alex.morgan');
    expect(agents.json<{ customers: unknown[] }>().customers).toEqual([]);
    // Too short: said in words, not a 500.
    const short = await call(alex, 'GET', '/api/support/customers?q=d');
    expect(short.statusCode).toBe(400);
    expect(short.body).toContain('Enter at least 2 characters.');
  });

  it('keeps an EU agent away from a US customer', async () => {
    const search = await call(euAgent, 'GET', '/api/support/customers?q=dana.reyes@demo.example');
    expect(search.json<{ customers: unknown[] }>().customers).toEqual([]);
    const sam = await call(euAgent, 'GET', '/api/support/customers?q=sam.okafor@demo.example');
    expect(sam.json<{ customers: { id: string }[] }>().customers[0]?.id).toBe(buyers.sam.userId);
    const opened = await startActing(euAgent);
    expect(opened.statusCode).toBe(404);
    expect(opened.body).toContain('This customer is outside your regions or does not exist.');
    // An account that is not the customer's: 422 in words.
    const [samsAccount] = rowsOf<{ customer_id: string }>(
      await t.database.db.execute(
        sql`select customer_id from customer_members where user_id = ${buyers.sam.userId} limit 1`,
      ),
    );
    const wrong = await call(alex, 'POST', '/api/support/sessions', {
      buyerId: buyers.dana.userId,
      accountId: samsAccount?.customer_id ?? randomUUID(),
    });
    expect(wrong.statusCode).toBe(422);
  });

  it('leaves to the buyer what only they may do, and keeps a stale tab from acting', async () => {
    // An agent with a sign-in of their own, acting for Dana.
    const agent = await agentCookie(alexId);
    const started = await call(agent, 'POST', '/api/support/sessions', {
      buyerId: buyers.dana.userId.toUpperCase(),
      accountId: null,
    });
    expect(started.statusCode, started.body).toBe(201);
    const { sessionId } = started.json<{ sessionId: string }>();
    for (const [method, url, payload] of [
      ['POST', '/api/me/sessions/end', undefined],
      ['POST', `/api/me/accounts/${await danasAccountId()}/leave`, {}],
      ['PUT', `/api/me/payment-methods/${randomUUID()}/default`, undefined],
      ['DELETE', `/api/me/payment-methods/${randomUUID()}`, undefined],
    ] as const) {
      const refused = await app.inject({
        method,
        url,
        headers: { cookie: agent, ...(payload ? { 'content-type': 'application/json' } : {}) },
        ...(payload ? { payload } : {}),
      });
      expect(refused.statusCode, `${method} ${url}`).toBe(403);
      expect(refused.body).toContain('Only the customer can do this');
    }
    // Dana's own session is as it was.
    expect((await call(buyers.dana.cookie, 'GET', '/store/customer/current')).statusCode).toBe(200);
    // A tab that believes in another session acts for nobody; the right one acts for Dana.
    const stale = await app.inject({
      url: '/api/checkout/facts?locale=en-us',
      headers: { cookie: agent, 'x-agent-session': randomUUID() },
    });
    expect(stale.statusCode).toBe(401);
    const current = await app.inject({
      url: '/api/checkout/facts?locale=en-us',
      headers: { cookie: agent, 'x-agent-session': sessionId },
    });
    expect(current.statusCode).toBe(200);
    // A page of another site cannot start a session with the agent's cookie.
    const forged = await app.inject({
      method: 'POST',
      url: '/api/support/sessions',
      headers: {
        cookie: agent,
        origin: 'https://elsewhere.example',
        'content-type': 'application/json',
      },
      payload: { buyerId: buyers.dana.userId, accountId: null },
    });
    expect(forged.statusCode).toBe(403);
    expect((await call(agent, 'POST', '/api/support/sessions/current/end')).statusCode).toBe(204);
  });

  it('stops acting for a customer once the agent no longer serves their region', async () => {
    const user = await createUser(t.database.db, {
      email: `narrowed.${randomUUID()}@store.example`,
      password: 'Support-Us-2026!',
      firstName: 'Noor',
      lastName: 'Haddad',
      country: 'US',
    });
    await addAgent(t.database.db, user.email, ['US', 'EU']);
    const agent = await agentCookie(user.id);
    expect((await startActing(agent)).statusCode).toBe(201);
    expect((await call(agent, 'GET', '/store/customer/current')).statusCode).toBe(200);
    await addAgent(t.database.db, user.email, ['EU']);
    app.identities.forgetAgent(user.id);
    expect((await call(agent, 'GET', '/store/customer/current')).statusCode).toBe(401);
    expect((await call(agent, 'GET', '/api/checkout/facts?locale=en-us')).statusCode).toBe(401);
  });

  it('acts for Dana: the events name Alex and Dana, the order says who placed it, and no card number reaches Alex', async () => {
    const started = await startActing(alex);
    expect(started.statusCode, started.body).toBe(201);
    const session = started.json<{ sessionId: string; buyer: { id: string } }>();
    expect(session.buyer.id).toBe(buyers.dana.userId);
    const accountId = await danasAccountId();

    // The store answers the agent's browser with Dana, and who acts for her.
    const current = await call(alex, 'GET', '/store/customer/current');
    expect(current.statusCode).toBe(200);
    expect(current.json()).toMatchObject({
      id: buyers.dana.userId,
      firstName: 'Dana',
      agent: { firstName: 'Alex', lastName: 'Morgan', sessionId: session.sessionId },
    });
    // Dana's own tab learns that customer service is working on her cart.
    const assisted = await call(buyers.dana.cookie, 'GET', '/api/me/assisted');
    expect(assisted.json()).toEqual({
      assisted: true,
      agent: { firstName: 'Alex', lastName: 'Morgan' },
    });

    // Her saved cards: brand and last digits, never a number.
    const cards = await call(alex, 'GET', '/api/me/payment-methods');
    expect(cards.statusCode).toBe(200);
    expect(withoutIds(cards.body)).not.toMatch(CARD_NUMBER);
    const saved = cards.json<{ items: { id: string; last4: string; brand: string }[] }>().items;
    expect(saved.length).toBeGreaterThan(0);

    // A cart built by Alex, for Dana.
    const cartId = randomUUID();
    const added = randomUUID();
    const now = () => new Date().toISOString();
    const pushed = await app.inject({
      method: 'POST',
      url: `/api/carts/${cartId}/commands?locale=en-us`,
      headers: { cookie: alex },
      payload: {
        clientId: `device-${cartId}`,
        expectedVersion: 0,
        commands: [
          {
            seq: 1,
            commandId: added,
            command: {
              type: 'AddItem',
              data: { code: 'KCI-KIT', quantity: 1 },
              metadata: { commandId: added, now: now() },
            },
          },
        ],
      },
    });
    expect(pushed.statusCode, pushed.body).toBe(200);
    const [event] = rowsOf<{ type: string; metadata: Record<string, unknown> }>(
      await t.database.db.execute(
        sql`select type, metadata from events
             where stream_id = ${`cart:${cartId}`} and type = 'CartItemAdded'`,
      ),
    );
    expect(event?.type).toBe('CartItemAdded');
    expect(event?.metadata).toMatchObject({
      actor: { kind: 'agent', id: alexId },
      onBehalfOf: { userId: buyers.dana.userId, accountId, agentSessionId: session.sessionId },
    });
    const [owner] = rowsOf<{ owner_kind: string; owner_id: string }>(
      await t.database.db.execute(
        sql`select owner_kind, owner_id from streams where stream_id = ${`cart:${cartId}`}`,
      ),
    );
    expect(owner).toEqual({ owner_kind: 'user', owner_id: buyers.dana.userId });

    // A checkout of it, paid with a saved card: refused until Dana agrees.
    const found = await app.eventStore.stateOf(cartStreamKind, streamIdOf(cartStreamKind, cartId));
    const cart = found ? checkoutCartOf(found.state as CartState, found.row.version) : null;
    if (!cart) throw new Error('no cart');
    const facts = (
      await call(alex, 'GET', '/api/checkout/facts?locale=en-us')
    ).json<CheckoutFacts>();
    const account = facts.accounts.find((a) => a.id === accountId);
    const qualified = account?.qualifiedUsers.find((u) => u.level);
    const card = saved[0];
    if (!account || !qualified || !card) throw new Error('Dana cannot check out');
    const checkoutId = randomUUID();
    const commands: DistributiveOmit<CheckoutCommand, 'metadata'>[] = [
      { type: 'StartCheckout', data: { cart } },
      { type: 'ChooseCustomerAccount', data: { accountId } },
      { type: 'ChooseQualifiedUser', data: { userId: qualified.userId } },
      { type: 'ChooseShippingAddress', data: { address: WISCONSIN, saveToAddressBook: false } },
      { type: 'ChooseShippingMethod', data: { method: 'regular' } },
      { type: 'ChooseBillingAddress', data: { sameAsShipping: true } },
      {
        type: 'ChoosePayment',
        data: {
          method: 'card',
          source: 'saved',
          paymentMethodId: card.id,
          card: { brand: 'visa', last4: card.last4, expMonth: 1, expYear: 2030 },
          holderName: 'Dana Reyes',
        },
      },
    ];
    const checkout = await app.inject({
      method: 'POST',
      url: `/api/checkouts/${checkoutId}/commands?locale=en-us`,
      headers: { cookie: alex },
      payload: {
        clientId: `device-${checkoutId}`,
        expectedVersion: 0,
        commands: commands.map((command, i) => {
          const commandId = randomUUID();
          return {
            seq: i + 1,
            commandId,
            command: { ...command, metadata: { commandId, now: now() } },
          };
        }),
      },
    });
    const checked = checkout.json<{ version: number; results: { status: string }[] }>();
    expect(
      checked.results.filter((r) => r.status !== 'confirmed'),
      checkout.body,
    ).toEqual([]);
    const place = () =>
      app.inject({
        method: 'POST',
        url: `/api/checkouts/${checkoutId}/place-order?locale=en-us`,
        headers: { cookie: alex, 'idempotency-key': randomUUID() },
        payload: { termsAccepted: true, checkoutVersion: checked.version },
      });
    const refused = await place();
    expect(refused.statusCode).toBe(422);
    expect(refused.body).toContain('tick their consent first');

    const consent = await call(alex, 'POST', '/api/support/sessions/current/consent', {
      savedCards: true,
    });
    expect(consent.statusCode).toBe(200);
    expect(consent.json()).toMatchObject({ savedCardConsent: true });
    const placed = await place();
    expect(placed.statusCode, placed.body).toBe(201);
    const order = placed.json<{ order: Order }>().order;
    expect(order.placedBy).toEqual({ kind: 'agent', id: alexId, name: 'Alex Morgan' });
    expect(withoutIds(placed.body)).not.toMatch(CARD_NUMBER);

    // The order's number finds Dana too.
    const byOrder = await call(
      alex,
      'GET',
      `/api/support/customers?q=${encodeURIComponent(order.webReference)}`,
    );
    expect(byOrder.json<{ customers: unknown[] }>().customers[0]).toMatchObject({
      id: buyers.dana.userId,
      matchedBy: 'order',
    });

    // Dana's own order history has it, placed by customer service.
    const history = await call(buyers.dana.cookie, 'GET', '/api/orders?locale=en-us&page=1');
    expect(history.statusCode).toBe(200);
    expect(history.body).toContain(order.webReference);

    // The session ends: the agent acts for nobody; Dana's own session is as it was.
    const ended = await call(alex, 'POST', '/api/support/sessions/current/end');
    expect(ended.statusCode).toBe(204);
    expect((await call(alex, 'GET', '/store/customer/current')).statusCode).toBe(401);
    expect((await call(alex, 'GET', '/api/checkout/facts?locale=en-us')).statusCode).toBe(401);
    expect((await call(buyers.dana.cookie, 'GET', '/store/customer/current')).statusCode).toBe(200);
    expect((await call(buyers.dana.cookie, 'GET', '/api/me/assisted')).json()).toEqual({
      assisted: false,
    });

    // The agent's recent sessions and the audit list it, with what was done.
    const recent = await call(alex, 'GET', '/api/support/sessions');
    const listed = recent
      .json<{ sessions: { id: string; endedAt: string | null; actions: number }[] }>()
      .sessions.find((s) => s.id === session.sessionId);
    expect(listed?.endedAt).not.toBeNull();
    expect(listed?.actions).toBeGreaterThanOrEqual(3);
    const audit = await auditReport(t.database.db, { customer: 'dana.reyes@demo.example' });
    expect(audit).toContain(`Session ${session.sessionId}`);
    expect(audit).toContain('Alex Morgan <alex.morgan@demo.example>');
    expect(audit).toContain('CartItemAdded');
    expect(audit).toContain('OrderPlaced');
    expect(audit).toContain('saved-card consent given');
  });
});
