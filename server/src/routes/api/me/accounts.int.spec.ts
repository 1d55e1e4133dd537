/**
 * The Accounts page's changes (decision 056) on PGlite and PostgreSQL: Riverside's
 * administrator invites a person by email (who then adds it with 'Account not listed') and
 * removes a member by email; a member who is no administrator is refused in words (403), a
 * non-member gets 404, bad input 400 in the spec's words; a member leaves an organisation,
 * never their personal account, and its only administrator cannot leave it.
 */
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES } from '../../../../../domain/customer/accounts';
import { ACCOUNT_INVITATION_TEMPLATE } from '../../../../../domain/mail/account-invitation';
import type {
  AccountMember,
  CustomerAccountSummary,
} from '../../../../../domain/customer/address-book';
import { ApiErrorBodySchema } from '../../../../../domain/shared/api-error-schema';
import { V } from '../../../../../domain/validation/messages';
import { buildTestApp } from '../../../../../tests/support/app';
import { signInDemoBuyers, type SignedIn } from '../../../../../tests/support/checkout-flow';
import { testDatabaseTargets, type TestDatabase } from '../../../../../tests/support/databases';
import { DEMO_ACCOUNTS } from '../../../customers/demo-customers';
import { customerMembers } from '../../../db/schema';
import { mailOutbox } from '../../../mail/outbox-table';

describe.each(testDatabaseTargets())('account membership on $kind', (target) => {
  let t: TestDatabase;
  let app: FastifyInstance;
  let dana: SignedIn;
  let sam: SignedIn;
  let priya: SignedIn;
  let riverside = '';
  let lakeshore = '';
  let personal = '';

  beforeAll(async () => {
    t = await target.open();
    app = await buildTestApp(t.database);
    ({ dana, sam, priya } = await signInDemoBuyers(t.database.db, ['dana', 'sam', 'priya']));
    const accounts = (await as(dana, { url: '/api/me/accounts' })).json<{
      items: CustomerAccountSummary[];
    }>().items;
    lakeshore = accounts.find((a) => a.accountNumber === DEMO_ACCOUNTS.lakeshore)?.id ?? '';
    personal = accounts.find((a) => a.accountNumber === DEMO_ACCOUNTS.danaPersonal)?.id ?? '';
    const sams = (await as(sam, { url: '/api/me/accounts' })).json<{
      items: CustomerAccountSummary[];
    }>().items;
    riverside = sams.find((a) => a.accountNumber === DEMO_ACCOUNTS.riverside)?.id ?? '';
  }, 120_000);

  afterAll(async () => {
    await app.close();
    await t.dispose();
  });

  function as(who: SignedIn, options: InjectOptions) {
    return app.inject({ ...options, headers: { cookie: who.cookie } });
  }

  const members = async () =>
    (await as(sam, { url: `/api/me/accounts/${riverside}/members` }))
      .json<{ items: AccountMember[] }>()
      .items.map((m) => m.firstName);

  it('names the duplicate accounts merged into an account', async () => {
    const accounts = (await as(dana, { url: '/api/me/accounts' })).json<{
      items: CustomerAccountSummary[];
    }>().items;
    const own = accounts.find((a) => a.id === personal);
    expect(own?.mergedAccounts).toEqual([
      { accountNumber: DEMO_ACCOUNTS.danaMerged, mergedOn: '2026-03-14' },
    ]);
    expect(accounts.find((a) => a.id === lakeshore)?.mergedAccounts).toEqual([]);
  });

  it('lets the administrator invite by email, and the invited person add the account', async () => {
    const invited = await as(sam, {
      method: 'POST',
      url: `/api/me/accounts/${riverside}/invitations?locale=fr-ca`,
      payload: { email: 'Dana.Reyes@demo.example' },
    });
    expect(invited.statusCode, invited.body).toBe(204);
    // The invitation goes by mail, through the outbox, in the storefront's language.
    const [mail] = await t.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.template, ACCOUNT_INVITATION_TEMPLATE));
    expect(mail).toMatchObject({ recipient: 'dana.reyes@demo.example', locale: 'fr-ca' });
    expect(mail?.data).toMatchObject({
      invitedBy: 'Sam Okafor',
      organization: 'Riverside Child Development Clinic',
      accountNumber: DEMO_ACCOUNTS.riverside,
    });
    expect((mail?.data as { link: string }).link).toMatch(/\/fr-ca\/my-account\/accounts$/);
    const pending = await as(sam, { url: `/api/me/accounts/${riverside}/invitations` });
    expect(pending.json()).toEqual({ items: ['dana.reyes@demo.example'] });
    const claimed = await as(dana, {
      method: 'POST',
      url: '/api/checkout/accounts/claim',
      payload: { accountNumber: DEMO_ACCOUNTS.riverside, termsAccepted: true },
    });
    expect(claimed.statusCode, claimed.body).toBe(200);
    expect(await members()).toContain('Dana');
    const again = await as(sam, {
      method: 'POST',
      url: `/api/me/accounts/${riverside}/invitations`,
      payload: { email: 'dana.reyes@demo.example' },
    });
    expect(again.statusCode).toBe(409);
    expect(ApiErrorBodySchema.parse(again.json()).error.message).toBe(
      ACCOUNT_MESSAGES.alreadyMember.message,
    );
  });

  it('lets the administrator remove a member by email, never themselves', async () => {
    const removed = await as(sam, {
      method: 'POST',
      url: `/api/me/accounts/${riverside}/members/remove`,
      payload: { email: 'dana.reyes@demo.example' },
    });
    expect(removed.statusCode, removed.body).toBe(204);
    expect(await members()).not.toContain('Dana');
    const danasAccounts = (await as(dana, { url: '/api/me/accounts' })).json<{
      items: CustomerAccountSummary[];
    }>().items;
    expect(danasAccounts.map((a) => a.accountNumber)).not.toContain(DEMO_ACCOUNTS.riverside);
    for (const [email, code] of [
      ['dana.reyes@demo.example', ACCOUNT_MESSAGES.notMember.id],
      ['sam.okafor@demo.example', ACCOUNT_MESSAGES.removeYourself.id],
    ] as const) {
      const refused = await as(sam, {
        method: 'POST',
        url: `/api/me/accounts/${riverside}/members/remove`,
        payload: { email },
      });
      expect(refused.statusCode).toBe(422);
      expect(ApiErrorBodySchema.parse(refused.json()).error.fields?.[0]?.code).toBe(code);
    }
  });

  it('refuses a member who is no administrator in words, and anyone else with 404', async () => {
    for (const url of [
      `/api/me/accounts/${riverside}/invitations`,
      `/api/me/accounts/${riverside}/members/remove`,
    ]) {
      const refused = await as(priya, {
        method: 'POST',
        url,
        payload: { email: 'sam.okafor@demo.example' },
      });
      expect(refused.statusCode, url).toBe(403);
      expect(ApiErrorBodySchema.parse(refused.json()).error.message).toBe(
        ACCOUNT_MESSAGES.notAdministrator.message,
      );
      const stranger = await as(dana, {
        method: 'POST',
        url,
        payload: { email: 'sam.okafor@demo.example' },
      });
      expect(stranger.statusCode, url).toBe(404);
    }
    expect((await as(priya, { url: `/api/me/accounts/${riverside}/invitations` })).statusCode).toBe(
      403,
    );
    expect((await as(dana, { url: `/api/me/accounts/${riverside}/invitations` })).statusCode).toBe(
      404,
    );
    expect(await members()).toContain('Sam');
  });

  it('refuses bad input with 400 in the spec’s words', async () => {
    for (const [email, code] of [
      ['not an email', V.invalidEmail.id],
      ['', V.required.id],
    ] as const) {
      const refused = await as(sam, {
        method: 'POST',
        url: `/api/me/accounts/${riverside}/invitations`,
        payload: { email },
      });
      expect(refused.statusCode).toBe(400);
      expect(ApiErrorBodySchema.parse(refused.json()).error.fields).toContainEqual(
        expect.objectContaining({ path: 'email', code }),
      );
    }
    const extra = await as(sam, {
      method: 'POST',
      url: `/api/me/accounts/${riverside}/invitations`,
      payload: { email: 'a@b.example', role: 'administrator' },
    });
    expect(extra.statusCode).toBe(400);
  });

  it('lets a member leave an organisation, not a personal account, not its only administrator', async () => {
    const left = await as(dana, { method: 'POST', url: `/api/me/accounts/${lakeshore}/leave` });
    expect(left.statusCode, left.body).toBe(204);
    expect((await as(dana, { url: `/api/me/accounts/${lakeshore}` })).statusCode).toBe(404);
    expect(
      (await as(dana, { method: 'POST', url: `/api/me/accounts/${lakeshore}/leave` })).statusCode,
    ).toBe(404);
    const own = await as(dana, { method: 'POST', url: `/api/me/accounts/${personal}/leave` });
    expect(own.statusCode).toBe(422);
    expect(ApiErrorBodySchema.parse(own.json()).error.fields?.[0]?.code).toBe(
      ACCOUNT_MESSAGES.personalCannotBeLeft.id,
    );
    const only = await as(sam, { method: 'POST', url: `/api/me/accounts/${riverside}/leave` });
    expect(only.statusCode).toBe(422);
    expect(ApiErrorBodySchema.parse(only.json()).error.fields?.[0]?.code).toBe(
      ACCOUNT_MESSAGES.lastAdministrator.id,
    );
  });
  it('keeps the owner, lets only the owner remove an administrator, and never leaves an organization without one', async () => {
    const db = t.database.db;
    const setRole = (userId: string, role: string) =>
      db
        .update(customerMembers)
        .set({ role })
        .where(and(eq(customerMembers.customerId, riverside), eq(customerMembers.userId, userId)));
    const remove = (who: SignedIn, email: string) =>
      as(who, {
        method: 'POST',
        url: `/api/me/accounts/${riverside}/members/remove`,
        payload: { email },
      });
    const codeOf = (body: string) =>
      ApiErrorBodySchema.parse(JSON.parse(body)).error.fields?.[0]?.code;

    await setRole(priya.userId, 'administrator');
    const byAdministrator = await remove(sam, 'priya.shah@demo.example');
    expect(byAdministrator.statusCode).toBe(403);
    expect(codeOf(byAdministrator.body)).toBe(ACCOUNT_MESSAGES.ownerRemovesAdministrators.id);

    await setRole(sam.userId, 'owner');
    const ownerRemoved = await remove(priya, 'sam.okafor@demo.example');
    expect(ownerRemoved.statusCode).toBe(422);
    expect(codeOf(ownerRemoved.body)).toBe(ACCOUNT_MESSAGES.ownerStays.id);

    // Two administrators leave at the same moment: one of them stays.
    await setRole(sam.userId, 'administrator');
    const [a, b] = await Promise.all([
      as(sam, { method: 'POST', url: `/api/me/accounts/${riverside}/leave` }),
      as(priya, { method: 'POST', url: `/api/me/accounts/${riverside}/leave` }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([204, 422]);
    const refused = a.statusCode === 422 ? a : b;
    expect(codeOf(refused.body)).toBe(ACCOUNT_MESSAGES.lastAdministrator.id);
    const administrators = (
      await db
        .select({ role: customerMembers.role })
        .from(customerMembers)
        .where(eq(customerMembers.customerId, riverside))
    ).filter((m) => m.role === 'administrator' || m.role === 'owner');
    expect(administrators).toHaveLength(1);
  });
});
