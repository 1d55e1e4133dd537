/**
 * The session and profile calls of SPEC 7.2: the session check (/store/customer/current,
 * 401 when the session is lost; it also carries the buyer's activity, SPEC 4.4), the
 * checkout session flag ('true' when valid), the identity profile (given and family name,
 * only for the caller themselves) and the routing region.
 */
import type { FastifyInstance } from 'fastify';
import * as z from 'zod';
import { localeForCountry } from '../../../../domain/storefront/country-locale';
import { isLocale, storefrontFor, type Locale } from '../../../../domain/storefront/storefronts';
import { requestText } from '../../../../domain/validation/fields';
import { buyerOf } from '../../acting/acting';
import type { IdentityCache } from '../../acting/identity-cache';
import { SESSION_IDLE_SECONDS, sessionIdHash } from '../../auth/web-sessions';
import { errorBody } from '../../plugins/errors';
import type { Db } from '../../db/database';
import { agentActingFor, openAgentSession } from '../../support/agent-sessions';

/**
 * The session check reports the buyer's activity (SPEC 4.4, decision 031): this header holds
 * how many milliseconds ago the buyer was last active. Without it (checks made in the
 * background), the session's idle time runs on.
 */
export const ACTIVITY_HEADER = 'x-session-activity';

const activityAge = z
  .string()
  .regex(/^[0-9]{1,10}$/)
  .transform(Number)
  .pipe(
    z
      .number()
      .int()
      .min(0)
      .max(SESSION_IDLE_SECONDS * 1000),
  );

export function registerCustomerRoutes(
  app: FastifyInstance,
  identities: IdentityCache,
  db: Db,
): void {
  app.get('/store/customer/current', { config: { access: 'anyone' } }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const activity = activityAge.safeParse(request.headers[ACTIVITY_HEADER]);
    const who = request.acting;
    const unauthorized = () =>
      reply.code(401).send(errorBody('unauthorized', 'The session is no longer valid.'));
    if (who.kind === 'agent') {
      // Customer service acting for a buyer (decision 063): the agent's activity keeps the
      // agent's sign-in alive, and the answer is the buyer, with who acts for them.
      const activeAt = activity.success ? new Date(Date.now() - activity.data) : undefined;
      const live = await identities.recordActivity(who.signInId, activeAt, 'agent');
      if (live !== who.agentId) return unauthorized();
      const agent = await identities.agent(who.agentId);
      if (!agent) return unauthorized();
      // The session of acting as the database has it now, as for a buyer's session check: a
      // session ended or replaced on another instance is learnt here at once.
      const hash = sessionIdHash(who.signInId);
      const open = await openAgentSession(db, hash);
      if (open?.id !== who.sessionId) {
        identities.forgetActing(hash);
        return unauthorized();
      }
      return {
        id: who.buyer.id,
        firstName: who.buyer.givenName,
        lastName: who.buyer.familyName,
        email: who.buyer.email,
        registrationCountryIso: who.buyer.registrationCountry,
        agent: {
          firstName: agent.givenName,
          lastName: agent.familyName,
          sessionId: who.sessionId,
          savedCardConsent: who.savedCardConsent,
        },
      };
    }
    if (who.kind !== 'buyer') return unauthorized();
    if (who.sessionId !== undefined) {
      // The session check asks the database, not what this instance keeps: the browser learns
      // a session ended elsewhere at once (SPEC 7.2). The buyer's activity keeps the session
      // alive, also in token mode, where the session cookie rides along with the token.
      const activeAt = activity.success ? new Date(Date.now() - activity.data) : undefined;
      const live = await identities.recordActivity(who.sessionId, activeAt);
      if (who.via === 'session' && live !== who.buyer.id) return unauthorized();
    }
    const user = who.buyer;
    return {
      id: user.id,
      firstName: user.givenName,
      lastName: user.familyName,
      email: user.email,
      registrationCountryIso: user.registrationCountry,
    };
  });

  // The buyer's own tabs ask whether customer service acts for them now (decision 063): while
  // it does, they pull the cart every few seconds and say who is working on it.
  app.get('/api/me/assisted', { config: { access: 'buyer' } }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const who = request.acting;
    if (who.kind !== 'buyer') return { assisted: false };
    const agent = await agentActingFor(db, who.buyer.id);
    return agent
      ? { assisted: true, agent: { firstName: agent.givenName, lastName: agent.familyName } }
      : { assisted: false };
  });

  app.get(
    '/api/assessments/checkout/session',
    { config: { access: 'anyone' } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store').type('text/plain; charset=utf-8');
      return buyerOf(request.acting) ? 'true' : 'false';
    },
  );

  const profileQuery = z.object({
    userId: requestText(64).min(1),
    token: z.string().max(4096).optional(),
  });

  app.get(
    '/api/assessments/checkout/identityProfiles',
    { config: { access: 'anyone', tokenQuery: 'token' } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const { userId } = profileQuery.parse(request.query);
      const buyer = buyerOf(request.acting);
      if (!buyer)
        return reply.code(401).send(errorBody('unauthorized', 'The session is no longer valid.'));
      // Only one's own profile.
      if (buyer.id !== userId) return reply.code(403).send(errorBody('forbidden', 'Not yours.'));
      return { givenName: buyer.givenName, familyName: buyer.familyName };
    },
  );

  const regionQuery = z.object({ locale: z.string().optional() });

  app.get(
    '/api/assessments/checkout/routingRegion',
    { config: { access: 'anyone' } },
    (request) => {
      const { locale } = regionQuery.parse(request.query);
      const byCountry = localeForCountry(buyerOf(request.acting)?.registrationCountry);
      const chosen: Locale = byCountry ?? (locale && isLocale(locale) ? locale : 'en-us');
      return Promise.resolve({ routingRegion: storefrontFor(chosen).region });
    },
  );
}
