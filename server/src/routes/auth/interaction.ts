/**
 * The OpenID provider's sign-in and registration steps, done by the app's own pages
 * (/{locale}/login and /{locale}/register): the provider sends the browser to
 * /oidc-interaction/{uid}, which sends it on to the right page; the page posts the form
 * here; the answer is where the browser goes next. The interaction cookie the provider
 * sets is scoped to /oidc-interaction/{uid}, so it reaches every call below. Each call goes
 * to the provider instance of the address it reached (decision 020).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import * as z from 'zod';
import { isLocale, DEFAULT_LOCALE } from '../../../../domain/storefront/storefronts';
import {
  IDENTITY_FIELDS,
  IDENTITY_MESSAGES,
  registrationSchema,
  signInSchema,
} from '../../../../domain/validation/identity';
import { formatMessage, withValues } from '../../../../domain/shared/message';
import type { Db } from '../../db/database';
import type { Identity } from '../../auth/identity';
import { decoyHash, verifyPassword } from '../../auth/passwords';
import { INTERACTION_PATH } from '../../auth/provider';
import {
  accountKey,
  addressKey,
  recordFailure,
  recordSuccess,
  throttleState,
} from '../../auth/throttle';
import { createUser, EmailTakenError, findUserWithPassword } from '../../auth/users';

const params = z.object({ uid: z.string().regex(/^[A-Za-z0-9_-]{10,64}$/) });

function localeOf(uiLocales: unknown): string {
  const first = typeof uiLocales === 'string' ? uiLocales.split(' ')[0]?.toLowerCase() : undefined;
  return first && isLocale(first) ? first : DEFAULT_LOCALE;
}

function identityError(
  reply: FastifyReply,
  status: number,
  descriptor: { id: string; message: string },
  values: Record<string, string | number> = {},
  path = '',
) {
  const message = formatMessage(withValues(descriptor, values));
  return reply.code(status).send({
    error: {
      code: descriptor.id,
      message,
      fields: [{ path, code: descriptor.id, message, values }],
    },
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function registerInteractionRoutes(app: FastifyInstance, identity: Identity, db: Db): void {
  /** The embedded provider at the request's address (these routes exist only with it). */
  function providerOf(request: FastifyRequest) {
    const provider = identity.providerFor(identity.addressOf(request));
    if (!provider) throw new Error('No embedded provider');
    return provider;
  }

  async function finishWithLogin(request: FastifyRequest, reply: FastifyReply, accountId: string) {
    const redirectTo = await providerOf(request).interactionResult(
      request.raw,
      reply.raw,
      { login: { accountId, remember: true } },
      { mergeWithLastSubmission: false },
    );
    return { redirectTo };
  }

  // The provider's hand-over: to the sign-in or the registration page of the storefront.
  app.get(`${INTERACTION_PATH}/:uid`, async (request, reply) => {
    const { uid } = params.parse(request.params);
    const details = await providerOf(request).interactionDetails(request.raw, reply.raw);
    if (details.uid !== uid)
      return reply
        .code(400)
        .send({ error: { code: 'interaction_mismatch', message: 'This sign-in has expired.' } });
    const locale = localeOf(details.params.ui_locales);
    const page = details.params.screen_hint === 'signup' ? 'register' : 'login';
    return reply.redirect(`/${locale}/${page}?interaction=${encodeURIComponent(uid)}`, 303);
  });

  app.get(`${INTERACTION_PATH}/:uid/details`, async (request, reply) => {
    params.parse(request.params);
    const details = await providerOf(request).interactionDetails(request.raw, reply.raw);
    reply.header('cache-control', 'no-store');
    return {
      prompt: details.prompt.name,
      reasons: details.prompt.reasons,
      loginHint: typeof details.params.login_hint === 'string' ? details.params.login_hint : null,
      locale: localeOf(details.params.ui_locales),
    };
  });

  app.post(`${INTERACTION_PATH}/:uid/login`, async (request, reply) => {
    params.parse(request.params);
    const input = signInSchema.parse(request.body);
    const keys = [accountKey(input.email), addressKey(request.ip)];
    const now = new Date();
    const state = await throttleState(db, keys, now);
    if (state.lockedUntil) {
      const minutes = Math.max(
        1,
        Math.ceil((state.lockedUntil.getTime() - now.getTime()) / 60_000),
      );
      return identityError(reply, 429, IDENTITY_MESSAGES.tooManyAttempts, { minutes });
    }
    const user = await findUserWithPassword(db, input.email);
    const ok = await verifyPassword(input.password, user?.passwordHash ?? (await decoyHash()));
    if (!user || !ok) {
      await recordFailure(db, keys, now);
      if (state.delayMs > 0) await sleep(state.delayMs);
      request.log.info({ event: 'sign-in failed' }, 'sign-in failed');
      return identityError(reply, 401, IDENTITY_MESSAGES.wrongCredentials);
    }
    await recordSuccess(db, keys[0] ?? '');
    reply.header('cache-control', 'no-store');
    return finishWithLogin(request, reply, user.id);
  });

  app.post(`${INTERACTION_PATH}/:uid/register`, async (request, reply) => {
    params.parse(request.params);
    const input = registrationSchema.parse(request.body);
    try {
      const user = await createUser(db, input);
      reply.header('cache-control', 'no-store');
      return await finishWithLogin(request, reply, user.id);
    } catch (error) {
      if (error instanceof EmailTakenError) {
        return identityError(
          reply,
          409,
          IDENTITY_MESSAGES.unique,
          { field: IDENTITY_FIELDS.email },
          'email',
        );
      }
      throw error;
    }
  });

  app.post(`${INTERACTION_PATH}/:uid/abort`, async (request, reply) => {
    params.parse(request.params);
    const redirectTo = await providerOf(request).interactionResult(
      request.raw,
      reply.raw,
      { error: 'access_denied', error_description: 'The sign-in was cancelled.' },
      { mergeWithLastSubmission: false },
    );
    return { redirectTo };
  });
}
