/**
 * The caller's profile and preferences (SPEC 2.7 Profile & Password, Preferences; decision
 * 055): `GET /api/me/profile`, `PUT /api/me/profile` (names and phone), `PUT
 * /api/me/preferences` and `POST /api/me/password`. Each acts for the caller only (there is no
 * user id in the address); bad input is a 400 with SPEC 5's messages.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import {
  emailChangeSchema,
  emailLinkSchema,
  PROFILE_FIELDS,
  passwordChangeSchema,
  PROFILE_MESSAGES,
  preferencesSchema,
  profileDetailsSchema,
} from '../../../../../domain/profile/profile';
import { IDEMPOTENCY_HEADER, idempotencyKeySchema } from '../../../../../domain/shared/idempotency';
import type { MessageDescriptor } from '../../../../../domain/shared/message';
import { IDENTITY_MESSAGES } from '../../../../../domain/validation/identity';
import { isForBuyer } from '../../../acting/acting';
import type { IdentityCache } from '../../../acting/identity-cache';
import { actingBuyer } from '../../../acting/plugin';
import { bearerToken } from '../../../auth/authenticate';
import type { Identity } from '../../../auth/identity';
import { findUserById } from '../../../auth/users';
import type { CommandHandler } from '../../../commands/execute';
import type { Db } from '../../../db/database';
import { errorBody } from '../../../plugins/errors';
import {
  changePassword,
  profileView,
  saveProfileDetails,
  savePreferences,
} from '../../../profile/profile-service';
import { confirmEmailChange, requestEmailChange } from '../../../profile/email-change';

export interface ProfileRouteDeps {
  readonly db: Db;
  readonly commands: CommandHandler;
  readonly identities: IdentityCache;
  readonly identity: Pick<Identity, 'embedded' | 'verifyAccessToken' | 'addressOf'>;
  readonly now?: () => Date;
}

/** A refusal of one field, in the shape the forms read (as a zod 400 gives them). */
function fieldRefusal(
  reply: FastifyReply,
  path: keyof typeof PROFILE_FIELDS,
  descriptor: MessageDescriptor,
) {
  const needsField = descriptor.message.includes('{field}');
  const message = descriptor.message.replace('{field}', PROFILE_FIELDS[path]);
  return reply.code(400).send({
    error: {
      code: 'invalid_input',
      message,
      fields: [
        {
          path,
          code: descriptor.id,
          message,
          ...(needsField ? { values: { field: PROFILE_FIELDS[path] } } : {}),
        },
      ],
    },
  });
}

/** What the confirmation page is told of a link that changed nothing (decision 060). */
const LINK_REFUSALS = {
  expired: { status: 410, code: 'email-link-expired', message: PROFILE_MESSAGES.emailLinkExpired },
  invalid: { status: 404, code: 'email-link-invalid', message: PROFILE_MESSAGES.emailLinkInvalid },
} as const;

function commandIdOf(headers: Record<string, unknown>, userId: string): string {
  const key = idempotencyKeySchema.safeParse(headers[IDEMPOTENCY_HEADER]);
  return `profile:${userId}:${key.success ? key.data : randomUUID()}`;
}

export function registerProfileRoutes(app: FastifyInstance, deps: ProfileRouteDeps): void {
  const { db } = deps;

  app.get('/api/me/profile', { config: { access: 'buyer' } }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const user = actingBuyer(request);
    // The identity's record as it is now, not as the cache had it.
    return profileView(db, (await findUserById(db, user.id)) ?? user, deps.now?.());
  });

  app.put('/api/me/profile', { config: { access: 'buyer' } }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const details = profileDetailsSchema.parse(request.body);
    const who = request.acting;
    if (!isForBuyer(who)) throw new Error('/api/me/profile acts for no buyer');
    const saved = await saveProfileDetails(
      deps,
      who,
      details,
      commandIdOf(request.headers, who.buyer.id),
    );
    if (saved.kind === 'refused') {
      return reply.code(409).send(errorBody(saved.code, PROFILE_MESSAGES.refused.message));
    }
    const user = (await findUserById(db, who.buyer.id)) ?? who.buyer;
    return profileView(db, user);
  });

  app.put('/api/me/preferences', { config: { access: 'buyer' } }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const preferences = preferencesSchema.parse(request.body);
    const who = request.acting;
    if (!isForBuyer(who)) throw new Error('/api/me/preferences acts for no buyer');
    const saved = await savePreferences(
      deps,
      who,
      preferences,
      commandIdOf(request.headers, who.buyer.id),
    );
    if (saved.kind === 'refused') {
      return reply.code(409).send(errorBody(saved.code, PROFILE_MESSAGES.refused.message));
    }
    return profileView(db, (await findUserById(db, who.buyer.id)) ?? who.buyer);
  });

  /**
   * The password, through the identity provider's record: the current one must be right and
   * the new one within the identity policy. Every other session and grant of the user ends;
   * this request's session (or token's grant) stays.
   */
  app.post('/api/me/password', { config: { access: 'buyer' } }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const change = passwordChangeSchema.parse(request.body);
    const who = request.acting;
    if (who.kind !== 'buyer') {
      // Customer service never sets a buyer's password.
      return reply.code(403).send(errorBody('forbidden', 'Only the user may change it.'));
    }
    const token = bearerToken(request);
    const claims = token ? await deps.identity.verifyAccessToken(token) : undefined;
    const outcome = await changePassword(
      { db, identities: deps.identities, embedded: deps.identity.embedded },
      who.buyer.id,
      change,
      { sessionId: who.sessionId, grantId: claims?.grantId },
    );
    if (outcome.kind === 'wrong-password') {
      return fieldRefusal(reply, 'currentPassword', PROFILE_MESSAGES.wrongPassword);
    }
    if (outcome.kind === 'same-password') {
      return fieldRefusal(reply, 'newPassword', PROFILE_MESSAGES.samePassword);
    }
    return reply.code(204).send();
  });

  /**
   * A new email address (decision 060): the current password must be right, the address not
   * another user's ("Email address must be unique.", and nothing more about them). The link
   * goes to the new address, a notice to the one in use; nothing changes until it is opened.
   */
  app.post('/api/me/email', { config: { access: 'buyer' } }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const change = emailChangeSchema.parse(request.body);
    const who = request.acting;
    if (who.kind !== 'buyer') {
      // Customer service never changes the address a buyer signs in with.
      return reply.code(403).send(errorBody('forbidden', 'Only the user may change it.'));
    }
    const outcome = await requestEmailChange(deps, who, change, {
      origin: deps.identity.addressOf(request),
      commandId: commandIdOf(request.headers, who.buyer.id),
    });
    switch (outcome.kind) {
      case 'wrong-password':
        return fieldRefusal(reply, 'currentPassword', PROFILE_MESSAGES.wrongPassword);
      case 'same-email':
        return fieldRefusal(reply, 'email', PROFILE_MESSAGES.sameEmail);
      case 'taken':
        return fieldRefusal(reply, 'email', IDENTITY_MESSAGES.unique);
      case 'refused':
        return reply.code(409).send(errorBody(outcome.code, PROFILE_MESSAGES.refused.message));
      case 'requested':
        return reply.code(202).send({
          pendingEmail: { email: outcome.email, expiresAt: outcome.expiresAt },
        });
    }
  });

  /** Opening the link, signed in as the user who asked: the address changes (decision 060). */
  app.post('/api/me/email/confirm', { config: { access: 'buyer' } }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const { token } = emailLinkSchema.parse(request.body);
    const who = request.acting;
    if (who.kind !== 'buyer') {
      return reply.code(403).send(errorBody('forbidden', 'Only the user may change it.'));
    }
    const outcome = await confirmEmailChange(deps, who, token);
    switch (outcome.kind) {
      case 'changed':
      case 'used':
        return { status: outcome.kind, email: outcome.email };
      case 'taken':
        return fieldRefusal(reply, 'email', IDENTITY_MESSAGES.unique);
      case 'expired':
      case 'invalid': {
        const refusal = LINK_REFUSALS[outcome.kind];
        return reply.code(refusal.status).send(errorBody(refusal.code, refusal.message.message));
      }
    }
  });
}
