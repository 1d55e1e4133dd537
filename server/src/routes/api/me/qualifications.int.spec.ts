/**
 * Qualifications on PGlite and PostgreSQL (decision 057): a user submits and edits their own,
 * with a certificate checked by its content and size and served back only to them, only as an
 * attachment; another user's qualification or file is 404; an operator's approval raises the
 * level checkout reads.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  Certificate,
  Qualification,
  QualificationsView,
} from '../../../../../domain/qualification/qualification';
import { buildTestApp } from '../../../../../tests/support/app';
import { testDatabaseTargets, type TestDatabase } from '../../../../../tests/support/databases';
import { seedDemoUsers } from '../../../auth/demo-users';
import { findUserWithPassword } from '../../../auth/users';
import { createWebSession, SESSION_COOKIE } from '../../../auth/web-sessions';
import type { CommandHandler } from '../../../commands/execute';
import { seedIfEmpty } from '../../../db/seed';
import { reviewQualification } from '../../../qualifications/operator';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n');
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);

describe.each(testDatabaseTargets())('qualifications on $kind', (target) => {
  let t: TestDatabase;
  let app: FastifyInstance & { commands?: CommandHandler };
  const cookie: Record<'dana' | 'sam', string> = { dana: '', sam: '' };

  beforeAll(async () => {
    t = await target.open();
    app = await buildTestApp(t.database);
    await seedIfEmpty(t.database.db);
    await seedDemoUsers(t.database.db);
    for (const [who, email] of [
      ['dana', 'dana.reyes@demo.example'],
      ['sam', 'sam.okafor@demo.example'],
    ] as const) {
      const user = await findUserWithPassword(t.database.db, email);
      if (!user) throw new Error(`${email} was not seeded`);
      const session = await createWebSession(t.database.db, user.id, null, new Date());
      cookie[who] = `${SESSION_COOKIE}=${session.id}`;
    }
  });

  afterAll(async () => {
    await app.close();
    await t.dispose();
  });

  const upload = (who: 'dana' | 'sam', body: Buffer, name: string, type = 'application/pdf') =>
    app.inject({
      method: 'POST',
      url: `/api/me/qualifications/files?name=${encodeURIComponent(name)}`,
      headers: { cookie: cookie[who], 'content-type': type },
      payload: body,
    });

  const degree = {
    kind: 'degree',
    title: 'Ph.D. Educational Psychology',
    issuer: 'Lakeshore State University',
    issuedOn: '2024-06-01',
  };

  async function submit(who: 'dana' | 'sam'): Promise<{ id: string; certificate: Certificate }> {
    const file = await upload(who, PDF, 'diploma.pdf');
    expect(file.statusCode).toBe(201);
    const certificate = file.json<Certificate>();
    const id = randomUUID();
    const response = await app.inject({
      method: 'POST',
      url: '/api/me/qualifications',
      headers: { cookie: cookie[who] },
      payload: { qualificationId: id, details: degree, certificate },
    });
    expect(response.statusCode).toBe(201);
    return { id, certificate };
  }

  it('keeps a submitted degree pending, its certificate served only to its owner as an attachment', async () => {
    const { id, certificate } = await submit('dana');
    const view = await app.inject({
      url: '/api/me/qualifications',
      headers: { cookie: cookie.dana },
    });
    const body = view.json<QualificationsView>();
    expect(body.level).toBe('B');
    const mine = body.submitted.find((q) => q.id === id);
    expect(mine).toMatchObject({ status: 'pending', level: null, title: degree.title });

    const file = await app.inject({
      url: `/api/me/qualifications/files/${certificate.fileId}`,
      headers: { cookie: cookie.dana },
    });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-disposition']).toMatch(/^attachment; filename="diploma.pdf"/);
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(file.headers['cache-control']).toBe('no-store');
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.rawPayload.equals(PDF)).toBe(true);

    // Sam sees neither the qualification nor the file.
    for (const url of [
      `/api/me/qualifications/${id}`,
      `/api/me/qualifications/files/${certificate.fileId}`,
    ]) {
      const other = await app.inject({ url, headers: { cookie: cookie.sam } });
      expect(other.statusCode, url).toBe(404);
    }
    const edit = await app.inject({
      method: 'PUT',
      url: `/api/me/qualifications/${id}`,
      headers: { cookie: cookie.sam },
      payload: { details: degree },
    });
    expect(edit.statusCode).toBe(404);
    // Nor can Sam name Dana's certificate on a qualification of his.
    const borrowed = await app.inject({
      method: 'POST',
      url: '/api/me/qualifications',
      headers: { cookie: cookie.sam },
      payload: { qualificationId: randomUUID(), details: degree, certificate },
    });
    expect(borrowed.statusCode).toBe(422);
    expect(borrowed.json<{ error: { message: string } }>().error.message).toBe(
      'This certificate file was not found. Attach it again.',
    );
    // Nor reuse the id of Dana's qualification for one of his (staff review by id).
    const own = await upload('sam', PDF, 'diploma.pdf');
    const reused = await app.inject({
      method: 'POST',
      url: '/api/me/qualifications',
      headers: { cookie: cookie.sam },
      payload: { qualificationId: id, details: degree, certificate: own.json<Certificate>() },
    });
    expect(reused.statusCode).toBe(409);
    // A name other than the one the store kept for the file is not the same certificate.
    const renamed = await app.inject({
      method: 'POST',
      url: '/api/me/qualifications',
      headers: { cookie: cookie.dana },
      payload: {
        qualificationId: randomUUID(),
        details: degree,
        certificate: { ...certificate, name: 'diploma.html' },
      },
    });
    expect(renamed.statusCode).toBe(422);
  });

  it('keeps a certificate under the extension of what its content is', async () => {
    const file = await upload('dana', PDF, 'diploma.html');
    expect(file.statusCode).toBe(201);
    expect(file.json<Certificate>().name).toBe('diploma.pdf');
  });

  it('refuses a file that is not a PDF, PNG or JPEG by its content, and one over 5 MB, in words', async () => {
    const fake = await upload('dana', Buffer.from('MZ\x90\x00 not a pdf at all'), 'diploma.pdf');
    expect(fake.statusCode).toBe(415);
    expect(fake.json<{ error: { message: string } }>().error.message).toBe(
      'The certificate must be a PDF, PNG or JPEG file.',
    );
    const large = Buffer.concat([PDF, Buffer.alloc(5 * 1024 * 1024)]);
    const tooLarge = await upload('dana', large, 'big.pdf');
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json<{ error: { message: string } }>().error.message).toBe(
      'The certificate must be at most 5 MB.',
    );
    const empty = await upload('dana', Buffer.alloc(0), 'empty.pdf');
    expect(empty.statusCode).toBe(400);
    const png = await upload('dana', PNG, '../../etc/scan.png', 'text/html');
    expect(png.statusCode).toBe(201);
    expect(png.json<Certificate>()).toMatchObject({ type: 'image/png', name: 'scan.png' });
    const anonymous = await app.inject({
      method: 'POST',
      url: '/api/me/qualifications/files',
      headers: { 'content-type': 'application/pdf' },
      payload: PDF,
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('refuses bad details with the spec’s messages, not a 500', async () => {
    const file = (await upload('dana', PDF, 'x.pdf')).json<Certificate>();
    const response = await app.inject({
      method: 'POST',
      url: '/api/me/qualifications',
      headers: { cookie: cookie.dana },
      payload: {
        qualificationId: randomUUID(),
        details: { kind: 'license', title: '', issuer: 'x'.repeat(500), issuedOn: '2024-02-30' },
        certificate: file,
      },
    });
    expect(response.statusCode).toBe(400);
    const fields = response.json<{ error: { fields: { path: string; message: string }[] } }>().error
      .fields;
    expect(fields).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ path: 'details.title', message: 'This field is required.' }),
        expect.objectContaining({
          path: 'details.issuedOn',
          message: 'Please enter a valid date.',
        }),
      ]),
    );
  });

  it('raises the level on approval and sends an edited qualification back to review', async () => {
    const { id } = await submit('dana');
    const commands = (app as unknown as { commands: CommandHandler }).commands;
    const reviewed = await reviewQualification(
      { db: t.database.db, commands },
      id,
      { decision: 'approve', level: 'C' },
      'reviewer',
    );
    expect(reviewed).toMatchObject({
      level: 'C',
      qualification: { status: 'approved', level: 'C' },
    });
    const after = (
      await app.inject({ url: '/api/me/qualifications', headers: { cookie: cookie.dana } })
    ).json<QualificationsView>();
    expect(after.level).toBe('C');

    const edited = await app.inject({
      method: 'PUT',
      url: `/api/me/qualifications/${id}`,
      headers: { cookie: cookie.dana },
      payload: { details: { ...degree, title: 'Ph.D. School Psychology' } },
    });
    expect(edited.statusCode).toBe(200);
    const view = edited.json<QualificationsView>();
    expect(view.submitted.find((q: Qualification) => q.id === id)).toMatchObject({
      status: 'pending',
      title: 'Ph.D. School Psychology',
    });
    // Back to the level on record.
    expect(view.level).toBe('B');
  });
});
