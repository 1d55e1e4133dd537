/**
 * The caller's own records: address book, saved cards, customer accounts (and, for their
 * members, an organization's members) and qualification. Anonymous calls get 401; another
 * user's ids get 404, exactly like ids that do not exist, so nothing reveals what others
 * have. Never cached.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import * as z from 'zod';
import { addressBookEntrySchema } from '../../../../../domain/customer/address-book';
import { requestText } from '../../../../../domain/validation/fields';
import { requireCaller, type VerifyToken } from '../../../auth/authenticate';
import {
  accountMembers,
  createAddress,
  deleteAddress,
  deletePaymentMethod,
  findAccount,
  findAddress,
  findPaymentMethod,
  listAccounts,
  listAddresses,
  listPaymentMethods,
  qualificationProfile,
} from '../../../customers/customer-repository';
import type { Db } from '../../../db/database';
import { errorBody } from '../../../plugins/errors';

const idParams = z.object({ id: requestText(64).min(1) });

function notFound(reply: FastifyReply, what: string) {
  return reply.code(404).send(errorBody('not_found', `No such ${what}.`));
}

export function registerMeRoutes(app: FastifyInstance, db: Db, verifyToken: VerifyToken): void {
  app.addHook('onRequest', async (request, reply) => {
    if (request.url.startsWith('/api/me/')) reply.header('cache-control', 'no-store');
  });

  app.get('/api/me/addresses', async (request, reply) => {
    const caller = await requireCaller(request, reply, db, verifyToken);
    if (!caller) return reply;
    return { items: await listAddresses(db, caller.user.id) };
  });

  app.get('/api/me/addresses/:id', async (request, reply) => {
    const caller = await requireCaller(request, reply, db, verifyToken);
    if (!caller) return reply;
    const { id } = idParams.parse(request.params);
    return (await findAddress(db, caller.user.id, id)) ?? notFound(reply, 'address');
  });

  app.post('/api/me/addresses', async (request, reply) => {
    const caller = await requireCaller(request, reply, db, verifyToken);
    if (!caller) return reply;
    const entry = addressBookEntrySchema.parse(request.body);
    return reply.code(201).send(await createAddress(db, caller.user.id, entry));
  });

  app.delete('/api/me/addresses/:id', async (request, reply) => {
    const caller = await requireCaller(request, reply, db, verifyToken);
    if (!caller) return reply;
    const { id } = idParams.parse(request.params);
    if (!(await deleteAddress(db, caller.user.id, id))) return notFound(reply, 'address');
    return reply.code(204).send();
  });

  app.get('/api/me/payment-methods', async (request, reply) => {
    const caller = await requireCaller(request, reply, db, verifyToken);
    if (!caller) return reply;
    return { items: await listPaymentMethods(db, caller.user.id) };
  });

  app.get('/api/me/payment-methods/:id', async (request, reply) => {
    const caller = await requireCaller(request, reply, db, verifyToken);
    if (!caller) return reply;
    const { id } = idParams.parse(request.params);
    return (await findPaymentMethod(db, caller.user.id, id)) ?? notFound(reply, 'card');
  });

  app.delete('/api/me/payment-methods/:id', async (request, reply) => {
    const caller = await requireCaller(request, reply, db, verifyToken);
    if (!caller) return reply;
    const { id } = idParams.parse(request.params);
    if (!(await deletePaymentMethod(db, caller.user.id, id))) return notFound(reply, 'card');
    return reply.code(204).send();
  });

  app.get('/api/me/accounts', async (request, reply) => {
    const caller = await requireCaller(request, reply, db, verifyToken);
    if (!caller) return reply;
    return { items: await listAccounts(db, caller.user.id) };
  });

  app.get('/api/me/accounts/:id', async (request, reply) => {
    const caller = await requireCaller(request, reply, db, verifyToken);
    if (!caller) return reply;
    const { id } = idParams.parse(request.params);
    return (await findAccount(db, caller.user.id, id)) ?? notFound(reply, 'account');
  });

  app.get('/api/me/accounts/:id/members', async (request, reply) => {
    const caller = await requireCaller(request, reply, db, verifyToken);
    if (!caller) return reply;
    const { id } = idParams.parse(request.params);
    const members = await accountMembers(db, caller.user.id, id);
    return members ? { items: members } : notFound(reply, 'account');
  });

  app.get('/api/me/qualifications', async (request, reply) => {
    const caller = await requireCaller(request, reply, db, verifyToken);
    if (!caller) return reply;
    return qualificationProfile(db, caller.user.id);
  });
}
