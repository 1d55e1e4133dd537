/**
 * Changing the email address with a confirmation link (decision 060), on PGlite and
 * PostgreSQL: the current password must be right and the address no other user's (refused in
 * SPEC 5's words, naming no one); the link goes to the new address and a notice to the old,
 * in the language the user chose; only the link's hash is kept (no event, no read model has
 * the secret); the address changes only when the user who asked opens the link, once, before
 * it expires; a newer request replaces the older link; another user cannot use it; bad input
 * is a 400, never a 500; afterwards the user signs in with the new address.
 */
import { and, desc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EmailChangeConfirmationData } from '../../../domain/mail/email-change';
import type { ProfileView } from '../../../domain/profile/profile';
import { buildTestApp, TEST_PUBLIC_URL } from '../../../tests/support/app';
import { signInDemoBuyers, type SignedIn } from '../../../tests/support/checkout-flow';
import { testDatabaseTargets, type TestDatabase } from '../../../tests/support/databases';
import { DEMO_USERS } from '../auth/demo-users';
import { emailForLogin, findUserWithPassword } from '../auth/users';
import { events, readModels } from '../db/schema';
import { mailOutbox } from '../mail/outbox-table';
import { emailLinkHash } from './email-change';
import { profileStreamId } from './profile-service';

const [dana, sam] = DEMO_USERS;
if (!dana || !sam) throw new Error('the demo users are missing');

describe.each(testDatabaseTargets())('changing the email address on $kind', (target) => {
  let t: TestDatabase;
  let app: FastifyInstance;
  let buyers: Record<'dana' | 'sam' | 'priya', SignedIn>;
  // The store's clock, moved in tests (the link's expiry).
  let ahead = 0;

  beforeAll(async () => {
    t = await target.open();
    app = await buildTestApp(t.database, {
      processManagers: false,
      clock: () => Date.now() + ahead,
    });
    buyers = await signInDemoBuyers(t.database.db, ['dana', 'sam', 'priya']);
  }, 180_000);

  afterAll(async () => {
    await app.close();
    await t.dispose();
  });

  const db = () => t.database.db;

  function call(who: SignedIn | null, method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown) {
    return app.inject({
      method,
      url,
      headers: {
        origin: TEST_PUBLIC_URL,
        ...(who ? { cookie: who.cookie } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
    });
  }

  const request = (who: SignedIn, email: unknown, currentPassword: unknown) =>
    call(who, 'POST', '/api/me/email', { email, currentPassword });
  const confirm = (who: SignedIn | null, token: unknown) =>
    call(who, 'POST', '/api/me/email/confirm', { token });

  /** The newest link mailed to an address (for this user), and its mail. */
  async function linkSentTo(email: string, who: SignedIn = buyers.dana) {
    const [mail] = await db()
      .select()
      .from(mailOutbox)
      .where(
        and(
          eq(mailOutbox.template, 'email-change-confirmation'),
          eq(sql`lower(${mailOutbox.recipient})`, email.toLowerCase()),
          eq(mailOutbox.streamId, profileStreamId(who.userId)),
        ),
      )
      .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.eventVersion));
    if (!mail) throw new Error(`no link was sent to ${email}`);
    const data = mail.data as EmailChangeConfirmationData;
    const token = new URL(data.link).searchParams.get('token') ?? '';
    return { mail, data, token };
  }

  async function emailOf(who: SignedIn): Promise<string> {
    const view = (await call(who, 'GET', '/api/me/profile')).json<ProfileView>();
    return view.email;
  }

  async function profileEvents(userId: string) {
    return db()
      .select({ type: events.type, data: events.data })
      .from(events)
      .where(eq(events.streamId, profileStreamId(userId)))
      .orderBy(events.version);
  }

  it('asks anonymous callers to sign in', async () => {
    expect((await call(null, 'POST', '/api/me/email', { email: 'a@b.example' })).statusCode).toBe(
      401,
    );
    expect((await confirm(null, 'x'.repeat(43))).statusCode).toBe(401);
  });

  it('refuses bad input with SPEC 5’s words, never with a 500', async () => {
    const fieldsOf = (body: string) =>
      (JSON.parse(body) as { error: { fields?: { path: string; message: string }[] } }).error
        .fields ?? [];
    const cases: [unknown, unknown, string, string][] = [
      ['', dana.password, 'email', 'Email address is required.'],
      [
        `${'a'.repeat(60)}@b.example`,
        dana.password,
        'email',
        'Email address must be at most 64 characters.',
      ],
      ['not-an-address', dana.password, 'email', 'Invalid email address.'],
      ['dana@new.example', '', 'currentPassword', 'Current password is required.'],
    ];
    for (const [email, password, path, message] of cases) {
      const answer = await request(buyers.dana, email, password);
      expect(answer.statusCode, answer.body).toBe(400);
      expect(fieldsOf(answer.body)).toContainEqual(expect.objectContaining({ path, message }));
    }
    for (const body of [
      null,
      [],
      'text',
      { email: 42, currentPassword: dana.password },
      { email: ['a@b.example'], currentPassword: {} },
      { email: 'a\u0000@b.example', currentPassword: dana.password },
    ]) {
      const answer = await call(buyers.dana, 'POST', '/api/me/email', body);
      expect(answer.statusCode, answer.body).toBe(400);
    }
    for (const token of [null, 42, '', 'short', 'x'.repeat(44), `${'x'.repeat(42)}!`, ['a']]) {
      const answer = await confirm(buyers.dana, token);
      expect(answer.statusCode, answer.body).toBe(400);
    }
    const wrong = await request(buyers.dana, 'dana@new.example', 'Not-Her-Password-1');
    expect(wrong.statusCode).toBe(400);
    expect(fieldsOf(wrong.body)).toEqual([
      expect.objectContaining({
        path: 'currentPassword',
        message: 'The current password is not correct.',
      }),
    ]);
    const same = await request(buyers.dana, dana.email.toUpperCase(), dana.password);
    expect(fieldsOf(same.body)).toEqual([
      expect.objectContaining({ path: 'email', message: 'This is already your email address.' }),
    ]);
    // Nothing was asked for: no event, no mail.
    expect(await profileEvents(buyers.dana.userId)).toEqual([]);
  });

  it('refuses another user’s address in SPEC 5’s words, saying nothing about them', async () => {
    const answer = await request(buyers.dana, sam.email.toUpperCase(), dana.password);
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toEqual({
      error: {
        code: 'invalid_input',
        message: 'Email address must be unique.',
        fields: [
          {
            path: 'email',
            code: 'identity.unique',
            message: 'Email address must be unique.',
            values: { field: 'Email address' },
          },
        ],
      },
    });
    expect(answer.body).not.toContain(sam.firstName);
    expect(answer.body).not.toContain(buyers.sam.userId);
  });

  it('mails the link to the new address and a notice to the old, in her language; only the hash is kept', async () => {
    const preferred = await call(buyers.dana, 'PUT', '/api/me/preferences', {
      locale: 'fr-ca',
      orderEmails: true,
      marketingEmails: false,
    });
    expect(preferred.statusCode).toBe(200);

    const asked = await request(buyers.dana, 'Dana.New@Clinic.example', dana.password);
    expect(asked.statusCode, asked.body).toBe(202);
    const { pendingEmail } = asked.json<{ pendingEmail: { email: string; expiresAt: string } }>();
    expect(pendingEmail.email).toBe('Dana.New@Clinic.example');
    const hours = (Date.parse(pendingEmail.expiresAt) - Date.now()) / 3600_000;
    expect(hours).toBeGreaterThan(23.9);
    expect(hours).toBeLessThanOrEqual(24);

    const { mail, data, token } = await linkSentTo('dana.new@clinic.example');
    expect(mail.locale).toBe('fr-ca');
    expect(data.link).toBe(
      `${TEST_PUBLIC_URL}/fr-ca/my-account/confirm-email?token=${encodeURIComponent(token)}`,
    );
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const notices = await db()
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.template, 'email-change-notice'));
    expect(notices.map((n) => [n.recipient, n.locale])).toEqual([[dana.email, 'fr-ca']]);
    expect(JSON.stringify(notices[0]?.data)).not.toContain(token);

    // The secret is in the mail only: the events and the read model have its hash.
    const stored = JSON.stringify(await profileEvents(buyers.dana.userId));
    expect(stored).not.toContain(token);
    expect(stored).toContain(emailLinkHash(token));
    const models = await db()
      .select({ doc: readModels.doc })
      .from(readModels)
      .where(eq(readModels.streamId, profileStreamId(buyers.dana.userId)));
    expect(JSON.stringify(models)).not.toContain(token);
    // The page shows what waits; her address has not changed yet.
    const view = (await call(buyers.dana, 'GET', '/api/me/profile')).json<ProfileView>();
    expect(view.email).toBe(dana.email);
    expect(view.pendingEmail).toEqual(pendingEmail);
    expect(JSON.stringify(view)).not.toContain(emailLinkHash(token));
  });

  it('does not let another user use the link', async () => {
    const { token } = await linkSentTo('dana.new@clinic.example');
    const answer = await confirm(buyers.sam, token);
    expect(answer.statusCode).toBe(404);
    expect(answer.json()).toEqual({
      error: {
        code: 'email-link-invalid',
        message:
          'This link is not valid for your account. Use the latest link we sent you, signed in as the user who asked for it.',
      },
    });
    expect(await emailOf(buyers.sam)).toBe(sam.email);
    expect(await emailOf(buyers.dana)).toBe(dana.email);
  });

  it('changes the address when she opens the link, once; she then signs in with the new one', async () => {
    const { token } = await linkSentTo('dana.new@clinic.example');
    const opened = await confirm(buyers.dana, token);
    expect(opened.statusCode, opened.body).toBe(200);
    expect(opened.json()).toEqual({ status: 'changed', email: 'Dana.New@Clinic.example' });
    expect(await emailOf(buyers.dana)).toBe('Dana.New@Clinic.example');
    expect(
      (await call(buyers.dana, 'GET', '/api/me/profile')).json<ProfileView>().pendingEmail,
    ).toBe(null);
    // The sign-in finds her by the new address only.
    expect((await findUserWithPassword(db(), 'dana.new@clinic.example'))?.id).toBe(
      buyers.dana.userId,
    );
    expect(await findUserWithPassword(db(), dana.email)).toBeUndefined();
    expect(await emailForLogin(db(), 'dana.new')).toBe('Dana.New@Clinic.example');

    const before = await profileEvents(buyers.dana.userId);
    expect(before.map((e) => e.type)).toEqual([
      'PreferencesSet',
      'EmailChangeRequested',
      'EmailChanged',
    ]);
    // Single use: opened again, it changes nothing and says so.
    const again = await confirm(buyers.dana, token);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ status: 'used', email: 'Dana.New@Clinic.example' });
    expect(await profileEvents(buyers.dana.userId)).toHaveLength(before.length);
    // The address she left is free again: another user may take it.
    const taken = await request(buyers.sam, dana.email, sam.password);
    expect(taken.statusCode, taken.body).toBe(202);
  });

  it('refuses an expired link, and a link a newer request replaced', async () => {
    const password = dana.password;
    // Asked 25 hours ago: its link has expired.
    ahead = -25 * 3600_000;
    try {
      expect(
        (await request(buyers.dana, 'dana.old-link@clinic.example', password)).statusCode,
      ).toBe(202);
    } finally {
      ahead = 0;
    }
    const old = await linkSentTo('dana.old-link@clinic.example');
    const expired = await confirm(buyers.dana, old.token);
    expect(expired.statusCode).toBe(410);
    expect(expired.json<{ error: { code: string; message: string } }>().error).toEqual({
      code: 'email-link-expired',
      message:
        'This link has expired. Ask for a new one on Profile & Password; your email address has not changed.',
    });
    expect(await emailOf(buyers.dana)).toBe('Dana.New@Clinic.example');

    // Two requests: only the newer link works.
    expect((await request(buyers.dana, 'first@clinic.example', password)).statusCode).toBe(202);
    const first = await linkSentTo('first@clinic.example');
    expect((await request(buyers.dana, 'second@clinic.example', password)).statusCode).toBe(202);
    const second = await linkSentTo('second@clinic.example');
    expect((await confirm(buyers.dana, first.token)).statusCode).toBe(404);
    expect(await emailOf(buyers.dana)).toBe('Dana.New@Clinic.example');
    // A made-up link of the right shape is no link.
    expect((await confirm(buyers.dana, 'A'.repeat(43))).statusCode).toBe(404);
    expect((await confirm(buyers.dana, second.token)).json()).toEqual({
      status: 'changed',
      email: 'second@clinic.example',
    });
  });

  it('refuses the link when another user took the address meanwhile', async () => {
    expect((await request(buyers.dana, 'shared@clinic.example', dana.password)).statusCode).toBe(
      202,
    );
    const danas = await linkSentTo('shared@clinic.example');
    // Priya asks for the same address and confirms it first.
    const priya = DEMO_USERS.find((u) => u.firstName === 'Priya');
    if (!priya) throw new Error('no Priya');
    expect((await request(buyers.priya, 'Shared@Clinic.example', priya.password)).statusCode).toBe(
      202,
    );
    const priyas = await linkSentTo('shared@clinic.example', buyers.priya);
    expect(priyas.token).not.toBe(danas.token);
    expect((await confirm(buyers.priya, priyas.token)).statusCode).toBe(200);

    const late = await confirm(buyers.dana, danas.token);
    expect(late.statusCode).toBe(400);
    expect(late.json<{ error: { message: string } }>().error.message).toBe(
      'Email address must be unique.',
    );
    expect(await emailOf(buyers.dana)).toBe('second@clinic.example');
    expect(await emailOf(buyers.priya)).toBe('Shared@Clinic.example');
  });
});
