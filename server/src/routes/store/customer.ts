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
import { identifyCaller, type VerifyToken } from '../../auth/authenticate';
import { SESSION_IDLE_SECONDS } from '../../auth/web-sessions';
import type { Db } from '../../db/database';
import { errorBody } from '../../plugins/errors';

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
  db: Db,
  verifyToken: VerifyToken,
): void {
  app.get('/store/customer/current', async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const activity = activityAge.safeParse(request.headers[ACTIVITY_HEADER]);
    const activeAt = activity.success ? new Date(Date.now() - activity.data) : undefined;
    const caller = await identifyCaller(request, db, verifyToken, undefined, activeAt);
    if (!caller)
      return reply.code(401).send(errorBody('unauthorized', 'The session is no longer valid.'));
    const { user } = caller;
    return {
      id: user.id,
      firstName: user.givenName,
      lastName: user.familyName,
      email: user.email,
      registrationCountryIso: user.registrationCountry,
    };
  });

  app.get('/api/assessments/checkout/session', async (request, reply) => {
    reply.header('cache-control', 'no-store').type('text/plain; charset=utf-8');
    return (await identifyCaller(request, db, verifyToken)) ? 'true' : 'false';
  });

  const profileQuery = z.object({
    userId: requestText(64).min(1),
    token: z.string().max(4096).optional(),
  });

  app.get('/api/assessments/checkout/identityProfiles', async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const { userId, token } = profileQuery.parse(request.query);
    const caller = await identifyCaller(request, db, verifyToken, token);
    if (!caller)
      return reply.code(401).send(errorBody('unauthorized', 'The session is no longer valid.'));
    // Only one's own profile.
    if (caller.user.id !== userId)
      return reply.code(403).send(errorBody('forbidden', 'Not yours.'));
    return { givenName: caller.user.givenName, familyName: caller.user.familyName };
  });

  const regionQuery = z.object({ locale: z.string().optional() });

  app.get('/api/assessments/checkout/routingRegion', async (request) => {
    const { locale } = regionQuery.parse(request.query);
    const caller = await identifyCaller(request, db, verifyToken);
    const byCountry = localeForCountry(caller?.user.registrationCountry);
    const chosen: Locale = byCountry ?? (locale && isLocale(locale) ? locale : 'en-us');
    return { routingRegion: storefrontFor(chosen).region };
  });
}
