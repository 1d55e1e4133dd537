/**
 * The caller's profile and preferences (SPEC 2.7 Profile & Password, Preferences; decision
 * 055): `GET /api/me/profile`, `PUT /api/me/profile` (names and phone), `PUT
 * /api/me/preferences` and `POST /api/me/password`. Each acts for the caller only (there is no
 * user id in the address); bad input is a 400 with SPEC 5's messages.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { PROFILE_FIELDS } from '../../../../../domain/profile/profile';
import {
  passwordChangeSchema,
  PROFILE_MESSAGES,
  preferencesSchema,
  profileDetailsSchema,
} from '../../../../../domain/profile/profile';
import { IDEMPOTENCY_HEADER, idempotencyKeySchema } from '../../../../../domain/shared/idempotency';
import type { MessageDescriptor } from '../../../../../domain/shared/message';
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

export interface ProfileRouteDeps {
  readonly db: Db;
  readonly commands: CommandHandler;
  readonly identities: IdentityCache;
  readonly identity: Pick<Identity, 'embedded' | 'verifyAccessToken'>;
}

/** A refusal of one field, in the shape the forms read (as a zod 400 gives them). */
function fieldRefusal(
  reply: FastifyReply,
  path: keyof typeof PROFILE_FIELDS,
  descriptor: MessageDescriptor,
) {
  return reply.code(400).send({
    error: {
      code: 'invalid_input',
      message: descriptor.message,
      fields: [{ path, code: descriptor.id, message: descriptor.message }],
    },
  });
}

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
    return profileView(db, (await findUserById(db, user.id)) ?? user);
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
}
