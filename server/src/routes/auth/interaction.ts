/**
 * The OpenID provider's sign-in and registration steps, done by the app's own pages
 * (/{locale}/login and /{locale}/register): the provider sends the browser to
 * /oidc-interaction/{uid}, which sends it on to the right page; the page posts the form
 * here; the answer is where the browser goes next. The interaction cookie the provider
 * sets is scoped to /oidc-interaction/{uid}, so it reaches every call below. Each call goes
 * to the provider instance of the address it reached (decision 020).
 *
 * Every call is tied to a live interaction: the uid in the path must be the one of the
 * interaction cookie, or the answer is a 400 and no password is checked. Password guessing
 * is slowed and refused per account and client, not per account alone (decision 032).
 */
import { normalizeIP } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { errors, type InteractionResults } from 'oidc-provider';
import * as z from 'zod';
import { isLocale, DEFAULT_LOCALE } from '../../../../domain/storefront/storefronts';
import {
  IDENTITY_FIELDS,
  IDENTITY_MESSAGES,
  registrationSchema,
  signInSchema,
  usernameSignInSchema,
} from '../../../../domain/validation/identity';
import { formatMessage, withValues } from '../../../../domain/shared/message';
import type { Db } from '../../db/database';
import type { Identity } from '../../auth/identity';
import { deviceIdOf, giveDeviceCookie } from '../../auth/device-cookie';
import { decoyHash, verifyPassword } from '../../auth/passwords';
import { INTERACTION_PATH } from '../../auth/provider';
import { recordFailure, recordSuccess, throttleKeys, throttleState } from '../../auth/throttle';
import { createUser, EmailTakenError, emailForLogin, findUserWithPassword } from '../../auth/users';

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

/** How the sign-in step tells time and waits (tests give their own, so nothing sleeps). */
export interface SignInOptions {
  /** Whether sign-in by username is on in a storefront (`sso-username-field`, decision 058). */
  readonly usernameSignIn?: (locale: string) => Promise<boolean>;
  readonly now?: () => Date;
  readonly wait?: (ms: number) => Promise<void>;
}

const sleep = (ms: number) =>
  new Promise<void>((resolve) => {
    setTimeout(resolve, ms);
  });

export function registerInteractionRoutes(
  app: FastifyInstance,
  identity: Identity,
  db: Db,
  options: SignInOptions = {},
): void {
  const now = options.now ?? (() => new Date());
  const wait = options.wait ?? sleep;

  /** The embedded provider at the request's address (these routes exist only with it). */
  function providerOf(request: FastifyRequest) {
    const provider = identity.providerFor(identity.addressOf(request));
    if (!provider) throw new Error('No embedded provider');
    return provider;
  }

  /**
   * The interaction of the browser's interaction cookie, if it is the one of the path;
   * otherwise the answer (400) is sent and undefined returned.
   */
  async function liveInteraction(request: FastifyRequest, reply: FastifyReply) {
    const { uid } = params.parse(request.params);
    const details = await providerOf(request)
      .interactionDetails(request.raw, reply.raw)
      .catch((error: unknown) => {
        // No interaction cookie, or its interaction (or session) is gone.
        if (error instanceof errors.SessionNotFound) return undefined;
        throw error;
      });
    if (details?.uid !== uid) {
      reply
        .code(400)
        .send({ error: { code: 'interaction_mismatch', message: 'This sign-in has expired.' } });
      return undefined;
    }
    return details;
  }

  async function finish(request: FastifyRequest, reply: FastifyReply, result: InteractionResults) {
    const redirectTo = await providerOf(request).interactionResult(request.raw, reply.raw, result, {
      mergeWithLastSubmission: false,
    });
    reply.header('cache-control', 'no-store');
    return { redirectTo };
  }

  const finishWithLogin = (request: FastifyRequest, reply: FastifyReply, accountId: string) =>
    finish(request, reply, { login: { accountId, remember: true } });

  // The provider's hand-over: to the sign-in or the registration page of the storefront.
  app.get(`${INTERACTION_PATH}/:uid`, async (request, reply) => {
    const details = await liveInteraction(request, reply);
    if (!details) return reply;
    const locale = localeOf(details.params.ui_locales);
    // An agent's sign-in (decision 063) is asked for on the customer service sign-in page.
    const hint = details.params.screen_hint;
    const page =
      hint === 'signup' ? 'register' : hint === 'support' ? 'my-account/support/login' : 'login';
    return reply.redirect(`/${locale}/${page}?interaction=${encodeURIComponent(details.uid)}`, 303);
  });

  app.get(`${INTERACTION_PATH}/:uid/details`, async (request, reply) => {
    const details = await liveInteraction(request, reply);
    if (!details) return reply;
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
    const body: unknown = request.body;
    const byUsername = typeof body === 'object' && body !== null && 'username' in body;
    const given = byUsername ? usernameSignInSchema.parse(body) : signInSchema.parse(body);
    const details = await liveInteraction(request, reply);
    if (!details) return reply;
    let email: string;
    if ('username' in given) {
      const allowed = await options.usernameSignIn?.(localeOf(details.params.ui_locales));
      if (!allowed) {
        const field = { field: IDENTITY_FIELDS.email };
        return identityError(reply, 400, IDENTITY_MESSAGES.invalidEmail, field, 'email');
      }
      // An unknown or shared username is throttled and refused as a wrong email address is.
      email = (await emailForLogin(db, given.username)) ?? given.username;
    } else {
      email = given.email;
    }
    const input = { email, password: given.password };
    const keys = throttleKeys({
      email: input.email,
      // An IPv6 client by its /64, as the rate limits count it (one host has a whole /64).
      address: normalizeIP(request.ip),
      deviceId: deviceIdOf(request, input.email),
    });
    const at = now();
    const state = await throttleState(db, keys.holding, at);
    if (state.lockedUntil) {
      const seconds = Math.max(1, Math.ceil((state.lockedUntil.getTime() - at.getTime()) / 1000));
      const minutes = Math.ceil(seconds / 60);
      reply.header('retry-after', String(seconds));
      request.log.info({ event: 'sign-in refused' }, 'sign-in refused: too many failures');
      return identityError(reply, 429, IDENTITY_MESSAGES.tooManyAttempts, { minutes });
    }
    // Before the check, so that a guess cannot be told from its answer's timing.
    if (state.delayMs > 0) await wait(state.delayMs);
    const user = await findUserWithPassword(db, input.email);
    const ok = await verifyPassword(input.password, user?.passwordHash ?? (await decoyHash()));
    if (!user || !ok) {
      await recordFailure(db, keys.counting, at);
      request.log.info({ event: 'sign-in failed' }, 'sign-in failed');
      return identityError(reply, 401, IDENTITY_MESSAGES.wrongCredentials);
    }
    await recordSuccess(db, keys.clearing);
    giveDeviceCookie(reply, input.email, identity.addressOf(request).startsWith('https:'));
    return finishWithLogin(request, reply, user.id);
  });

  app.post(`${INTERACTION_PATH}/:uid/register`, async (request, reply) => {
    params.parse(request.params);
    const input = registrationSchema.parse(request.body);
    if (!(await liveInteraction(request, reply))) return reply;
    try {
      const user = await createUser(db, input);
      giveDeviceCookie(reply, input.email, identity.addressOf(request).startsWith('https:'));
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
    if (!(await liveInteraction(request, reply))) return reply;
    return finish(request, reply, {
      error: 'access_denied',
      error_description: 'The sign-in was cancelled.',
    });
  });
}
