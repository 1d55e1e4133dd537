/**
 * Customer service's calls (decision 063): who is signed in as an agent and for whom they
 * act, finding a customer in the agent's regions, starting and ending a session of acting for
 * a buyer and one of their accounts, the buyer's consent to pay with a saved card, and the
 * agent's recent sessions. Every route is `access: 'agent'`: only the `agent_session` cookie
 * of an agent opens them; a buyer's token or cookie gets 401.
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  agentConsentInput,
  customerSearchQuery,
  RECENT_SESSIONS_LIMIT,
  startAgentSessionInput,
  SUPPORT_MESSAGES,
} from '../../../../../domain/support/support';
import type { Acting } from '../../../../../domain/support/api';
import type { SupportActing } from '../../../acting/acting';
import type { IdentityCache } from '../../../acting/identity-cache';
import { sessionIdHash } from '../../../auth/web-sessions';
import { isAccountMember } from '../../../customers/customer-repository';
import type { Db } from '../../../db/database';
import {
  endAgentSession,
  listAgentSessions,
  openAgentSession,
  recordSavedCardConsent,
  startAgentSession,
  type AgentSessionRow,
} from '../../../support/agent-sessions';
import { findCustomers, servedCustomer } from '../../../support/customer-search';
import { ruleBody } from '../checkout/index';

/** The agent the plugin resolved (every route here is `access: 'agent'`). */
function supportOf(request: FastifyRequest): SupportActing {
  const who = request.acting;
  if (who.kind !== 'support') throw new Error(`${request.url} acts for no agent`);
  return who;
}

function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

const noStore = (reply: FastifyReply) => reply.header('cache-control', 'no-store');

export function registerSupportRoutes(
  app: FastifyInstance,
  options: { readonly db: Db; readonly identities: IdentityCache },
): void {
  const { db, identities } = options;

  /** A session as the agent's browser sees it. */
  async function view(row: AgentSessionRow): Promise<Acting | undefined> {
    const buyer = await identities.user(row.buyerId);
    if (!buyer) return undefined;
    const [account] = row.accountId
      ? rowsOf<{ id: string; account_number: string; name: string }>(
          await db.execute(
            sql`select id, account_number, name from customer_accounts where id = ${row.accountId}`,
          ),
        )
      : [];
    return {
      sessionId: row.id,
      buyer: {
        id: buyer.id,
        firstName: buyer.givenName,
        lastName: buyer.familyName,
        email: buyer.email,
      },
      account: account
        ? { id: account.id, number: account.account_number, name: account.name }
        : null,
      savedCardConsent: row.savedCardConsent,
      startedAt: row.startedAt.toISOString(),
    };
  }

  app.get('/api/support/me', { config: { access: 'agent' } }, async (request, reply) => {
    noStore(reply);
    const { agent, signInId } = supportOf(request);
    // Opening the console is the agent's activity (SPEC 4.4): the sign-in stays live.
    await identities.recordActivity(signInId, new Date(), 'agent');
    const open = await openAgentSession(db, sessionIdHash(signInId));
    return {
      agent: {
        id: agent.userId,
        email: agent.email,
        firstName: agent.givenName,
        lastName: agent.familyName,
        regions: agent.regions,
      },
      acting: open ? ((await view(open)) ?? null) : null,
    };
  });

  app.get('/api/support/customers', { config: { access: 'agent' } }, async (request, reply) => {
    noStore(reply);
    const { q } = customerSearchQuery.parse(request.query);
    const { agent, signInId } = supportOf(request);
    await identities.recordActivity(signInId, new Date(), 'agent');
    return { customers: await findCustomers(db, q, agent.regions) };
  });

  app.post('/api/support/sessions', { config: { access: 'agent' } }, async (request, reply) => {
    noStore(reply);
    const input = startAgentSessionInput.parse(request.body);
    const { agent, signInId } = supportOf(request);
    const customer = await servedCustomer(db, input.buyerId, agent.regions);
    if (!customer) {
      return reply
        .code(404)
        .send(ruleBody('support.customer-not-found', SUPPORT_MESSAGES.customerNotFound));
    }
    if (input.accountId !== null && !(await isAccountMember(db, customer.id, input.accountId))) {
      return reply
        .code(422)
        .send(ruleBody('support.not-customers-account', SUPPORT_MESSAGES.notCustomersAccount));
    }
    const hash = sessionIdHash(signInId);
    const now = new Date();
    await identities.recordActivity(signInId, now, 'agent');
    const row = await startAgentSession(
      db,
      { agentId: agent.userId, signInHash: hash, buyerId: customer.id, accountId: input.accountId },
      now,
    );
    identities.forgetActing(hash);
    request.log.info(
      { agentId: agent.userId, buyerId: customer.id, agentSessionId: row.id },
      'customer service session started',
    );
    return reply.code(201).send(await view(row));
  });

  app.post(
    '/api/support/sessions/current/consent',
    { config: { access: 'agent' } },
    async (request, reply) => {
      noStore(reply);
      const { savedCards } = agentConsentInput.parse(request.body);
      const { signInId } = supportOf(request);
      const hash = sessionIdHash(signInId);
      const recorded = await recordSavedCardConsent(db, hash, savedCards);
      identities.forgetActing(hash);
      const open = recorded ? await openAgentSession(db, hash) : undefined;
      const shown = open ? await view(open) : undefined;
      if (!shown) {
        return reply
          .code(409)
          .send(ruleBody('support.no-open-session', SUPPORT_MESSAGES.noOpenSession));
      }
      return shown;
    },
  );

  app.post(
    '/api/support/sessions/current/end',
    { config: { access: 'agent' } },
    async (request, reply) => {
      noStore(reply);
      const { agent, signInId } = supportOf(request);
      const hash = sessionIdHash(signInId);
      const ended = await endAgentSession(db, hash, new Date(), 'ended');
      identities.forgetActing(hash);
      if (ended) {
        request.log.info(
          { agentId: agent.userId, agentSessionId: ended },
          'customer service session ended',
        );
      }
      return reply.code(204).send();
    },
  );

  app.get('/api/support/sessions', { config: { access: 'agent' } }, async (request, reply) => {
    noStore(reply);
    const { agent } = supportOf(request);
    const sessions = await listAgentSessions(db, {
      agentId: agent.userId,
      limit: RECENT_SESSIONS_LIMIT,
    });
    return {
      sessions: sessions.map((s) => ({
        id: s.id,
        buyer: s.buyer,
        account: s.account,
        startedAt: s.startedAt,
        endedAt: s.endedAt,
        endReason: s.endReason,
        actions: s.actions,
      })),
    };
  });
}
