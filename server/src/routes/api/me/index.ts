/**
 * The caller's own records: their saved addresses (their own account's address book,
 * read from its read model and changed through its stream: decision 054) and customer accounts (and, for their members, an
 * organization's members); saved cards are in payment-cards.ts, qualifications in
 * qualifications.ts. Anonymous calls get 401; another
 * user's ids get 404, exactly like ids that do not exist, so nothing reveals what others
 * have. Never cached.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import * as z from 'zod';
import { addressBookEntrySchema } from '../../../../../domain/customer/address-book';
import { requestText } from '../../../../../domain/validation/fields';
import type { IdentityCache } from '../../../acting/identity-cache';
import { isForBuyer, type Acting, type ForBuyer } from '../../../acting/acting';
import { actingBuyer, buyerThemselves } from '../../../acting/plugin';
import type { Identity } from '../../../auth/identity';
import { revokeUserGrants } from '../../../auth/oidc-adapter';
import { endAllWebSessions, SESSION_COOKIE } from '../../../auth/web-sessions';
import { accountMembers, findAccount, listAccounts } from '../../../customers/customer-repository';
import { changeOwnBook, findAddress, listAddresses } from '../../../customers/address-books';
import type { Db } from '../../../db/database';
import { errorBody } from '../../../plugins/errors';

const idParams = z.object({ id: requestText(64).min(1) });

/** Who acts on a `buyer` route: the buyer, or customer service for them. */
function forBuyer(request: FastifyRequest): ForBuyer {
  const who = request.acting as Acting | null;
  if (!who || !isForBuyer(who)) throw new Error(`${request.url} acts for no buyer`);
  return who;
}

function notFound(reply: FastifyReply, what: string) {
  return reply.code(404).send(errorBody('not_found', `No such ${what}.`));
}

export function registerMeRoutes(
  app: FastifyInstance,
  db: Db,
  deps: { readonly identities: IdentityCache; readonly identity: Pick<Identity, 'embedded'> },
): void {
  app.addHook('onRequest', async (request, reply) => {
    if (request.url.startsWith('/api/me/')) reply.header('cache-control', 'no-store');
  });

  app.get('/api/me/addresses', { config: { access: 'buyer' } }, async (request) => {
    const user = actingBuyer(request);
    return { items: await listAddresses(db, user.id) };
  });

  app.get('/api/me/addresses/:id', { config: { access: 'buyer' } }, async (request, reply) => {
    const user = actingBuyer(request);
    const { id } = idParams.parse(request.params);
    return (await findAddress(db, user.id, id)) ?? notFound(reply, 'address');
  });

  // A change to the caller's own book (their personal account's), through its stream (decision 054).
  app.post('/api/me/addresses', { config: { access: 'buyer' } }, async (request, reply) => {
    const who = forBuyer(request);
    // Checked at the edge (400 with the spec's messages), kept as typed for the decider.
    addressBookEntrySchema.parse(request.body);
    const changed = await changeOwnBook(db, app.commands, who, {
      type: 'AddAddress',
      data: { addressId: randomUUID(), entry: request.body, verification: 'as-entered' },
    });
    if (changed.kind === 'no-book') return notFound(reply, 'address book');
    if (changed.kind === 'refused') {
      return reply.code(422).send(errorBody(changed.code, changed.message.message ?? ''));
    }
    return reply.code(201).send(changed.address);
  });

  app.delete('/api/me/addresses/:id', { config: { access: 'buyer' } }, async (request, reply) => {
    const who = forBuyer(request);
    const { id } = idParams.parse(request.params);
    const own = (await listAddresses(db, who.buyer.id)).some((a) => a.id === id);
    if (!own) return notFound(reply, 'address');
    const changed = await changeOwnBook(db, app.commands, who, {
      type: 'RemoveAddress',
      data: { addressId: id },
    });
    if (changed.kind !== 'done') return notFound(reply, 'address');
    return reply.code(204).send();
  });

  app.get('/api/me/accounts', { config: { access: 'buyer' } }, async (request) => {
    const user = actingBuyer(request);
    return { items: await listAccounts(db, user.id) };
  });

  app.get('/api/me/accounts/:id', { config: { access: 'buyer' } }, async (request, reply) => {
    const user = actingBuyer(request);
    const { id } = idParams.parse(request.params);
    return (await findAccount(db, user.id, id)) ?? notFound(reply, 'account');
  });

  app.get(
    '/api/me/accounts/:id/members',
    { config: { access: 'buyer' } },
    async (request, reply) => {
      const user = actingBuyer(request);
      const { id } = idParams.parse(request.params);
      const members = await accountMembers(db, user.id, id);
      return members ? { items: members } : notFound(reply, 'account');
    },
  );

  /**
   * Sign out everywhere (the account page; issue 26): every store session of the buyer ends,
   * and with the embedded provider every grant, so refresh tokens stop at once and access
   * tokens within the identity check's bound (decision 048), on every instance.
   */
  app.post('/api/me/sessions/end', { config: { access: 'buyer' } }, async (request, reply) => {
    // Customer service never signs a buyer out of their own sessions (decision 063).
    const user = buyerThemselves(request, reply);
    if (!user) return reply;
    const ended = await endAllWebSessions(db, user.id, new Date());
    for (const hash of ended.idHashes) deps.identities.forgetSessionHash(hash);
    if (deps.identity.embedded) {
      const grants = await revokeUserGrants(db, user.id);
      for (const grant of [...grants, ...ended.grantIds]) deps.identities.forgetGrant(grant);
    }
    reply.clearCookie(SESSION_COOKIE, { path: '/' });
    return reply.code(204).send();
  });
}
