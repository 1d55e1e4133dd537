/**
 * The Accounts page's changes (SPEC 1, 2.7, 6; decision 056): an organisation's administrator
 * sees its pending invitations, invites a person by email and removes a member or invitation
 * by email; a member leaves an organisation. An account the caller is no member of is 404,
 * as one that does not exist; a member who is no administrator 403 in words; bad input 400.
 * 'Account not listed' is checkout's (`POST /api/checkout/accounts/claim`). Whom the caller
 * buys as, PERSONAL or ORGANIZATION (decision 062): `GET` and `POST /api/me/buying-as`.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import * as z from 'zod';
import {
  ACCOUNT_MESSAGES,
  memberEmailRequestSchema,
} from '../../../../../domain/customer/accounts';
import { buyingAsRequestSchema } from '../../../../../domain/profile/profile';
import { IDEMPOTENCY_HEADER, idempotencyKeySchema } from '../../../../../domain/shared/idempotency';
import { DEFAULT_LOCALE, LOCALES } from '../../../../../domain/storefront/storefronts';
import { isForBuyer } from '../../../acting/acting';
import type { Identity } from '../../../auth/identity';
import type { CommandHandler } from '../../../commands/execute';
import { requestText } from '../../../../../domain/validation/fields';
import { actingBuyer, buyerThemselves } from '../../../acting/plugin';
import {
  inviteMember,
  leaveAccount,
  pendingInvitations,
  removeMember,
  type MembershipOutcome,
} from '../../../customers/account-membership';
import type { Db } from '../../../db/database';
import { errorBody } from '../../../plugins/errors';
import { buyingAsOf, switchBuyingAs } from '../../../profile/buying-as';
import { ruleBody } from '../checkout/index';

const idParams = z.object({ id: requestText(64).min(1) });
/** The storefront a request was made in (an invitation's mail speaks its language). */
const localeQuery = z.object({ locale: z.enum(LOCALES).catch(DEFAULT_LOCALE) });

function answer(reply: FastifyReply, outcome: MembershipOutcome) {
  switch (outcome) {
    case 'done':
      return reply.code(204).send();
    case 'not-found':
      return reply.code(404).send(errorBody('not_found', 'No such account.'));
    case 'not-administrator':
      return reply
        .code(403)
        .send(ruleBody('accounts.not-administrator', ACCOUNT_MESSAGES.notAdministrator));
    case 'already-member':
      return reply
        .code(409)
        .send(ruleBody('accounts.already-member', ACCOUNT_MESSAGES.alreadyMember));
    case 'not-member':
      return reply.code(422).send(ruleBody('accounts.not-member', ACCOUNT_MESSAGES.notMember));
    case 'remove-yourself':
      return reply
        .code(422)
        .send(ruleBody('accounts.remove-yourself', ACCOUNT_MESSAGES.removeYourself));
    case 'personal':
      return reply
        .code(422)
        .send(ruleBody('accounts.personal-cannot-be-left', ACCOUNT_MESSAGES.personalCannotBeLeft));
    case 'owner':
      return reply.code(422).send(ruleBody('accounts.owner-stays', ACCOUNT_MESSAGES.ownerStays));
    case 'owner-only':
      return reply
        .code(403)
        .send(
          ruleBody(
            'accounts.owner-removes-administrators',
            ACCOUNT_MESSAGES.ownerRemovesAdministrators,
          ),
        );
    case 'last-administrator':
      return reply
        .code(422)
        .send(ruleBody('accounts.last-administrator', ACCOUNT_MESSAGES.lastAdministrator));
  }
}

export function registerAccountRoutes(
  app: FastifyInstance,
  deps: {
    readonly db: Db;
    readonly commands: CommandHandler;
    readonly identity: Pick<Identity, 'addressOf'>;
  },
): void {
  const { db } = deps;

  /** Whom the caller buys as (SPEC 1): PERSONAL or ORGANIZATION, by the account. */
  app.get('/api/me/buying-as', { config: { access: 'buyer' } }, async (request) => {
    const user = actingBuyer(request);
    const view = await buyingAsOf(db, user.id);
    return { accountId: view.account?.id ?? null, since: view.since };
  });

  /** Switches whom the caller buys as to another of their accounts; 404 for any other id. */
  app.post('/api/me/buying-as', { config: { access: 'buyer' } }, async (request, reply) => {
    const { accountId } = buyingAsRequestSchema.parse(request.body);
    const who = request.acting;
    if (!isForBuyer(who)) throw new Error('/api/me/buying-as acts for no buyer');
    const key = idempotencyKeySchema.safeParse(request.headers[IDEMPOTENCY_HEADER]);
    const commandId = `buying-as:${who.buyer.id}:${key.success ? key.data : randomUUID()}`;
    const outcome = await switchBuyingAs(deps, who, accountId, commandId);
    if (outcome.kind === 'not-found') {
      return reply.code(404).send(errorBody('not_found', 'No such account.'));
    }
    if (outcome.kind === 'refused') {
      return reply.code(409).send(errorBody(outcome.code, 'The switch could not be saved.'));
    }
    return { accountId: outcome.view.account?.id ?? null, since: outcome.view.since };
  });

  app.get(
    '/api/me/accounts/:id/invitations',
    { config: { access: 'buyer' } },
    async (request, reply) => {
      // Membership changes only by the buyer themselves (decision 063).
      const user = buyerThemselves(request, reply);
      if (!user) return reply;
      const { id } = idParams.parse(request.params);
      const found = await pendingInvitations(db, user.id, id);
      return typeof found === 'string' ? answer(reply, found) : { items: found };
    },
  );

  app.post(
    '/api/me/accounts/:id/invitations',
    { config: { access: 'buyer' } },
    async (request, reply) => {
      const user = actingBuyer(request);
      const { id } = idParams.parse(request.params);
      const { email } = memberEmailRequestSchema.parse(request.body);
      const { locale } = localeQuery.parse(request.query);
      const origin = deps.identity.addressOf(request);
      return answer(reply, await inviteMember(db, user.id, id, email, { locale, origin }));
    },
  );

  app.post(
    '/api/me/accounts/:id/members/remove',
    { config: { access: 'buyer' } },
    async (request, reply) => {
      // Membership changes only by the buyer themselves (decision 063).
      const user = buyerThemselves(request, reply);
      if (!user) return reply;
      const { id } = idParams.parse(request.params);
      const { email } = memberEmailRequestSchema.parse(request.body);
      return answer(reply, await removeMember(db, user.id, id, email));
    },
  );

  app.post(
    '/api/me/accounts/:id/leave',
    { config: { access: 'buyer' } },
    async (request, reply) => {
      // Membership changes only by the buyer themselves (decision 063).
      const user = buyerThemselves(request, reply);
      if (!user) return reply;
      const { id } = idParams.parse(request.params);
      return answer(reply, await leaveAccount(db, user.id, id));
    },
  );
}
