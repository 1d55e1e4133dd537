/**
 * `npm run qualifications` while the store runs (decisions 037, 057): on the embedded
 * database the tool sends each command through the store's operator channel; with
 * DATABASE_URL it works on the server beside the store. Dana submits a degree; the operator
 * lists it as pending, approves it with level C (her level, B before, is C after: what
 * checkout reads), and rejects another with a reason; each review is an event with the
 * operator as actor; bad input is said in words with exit 1.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Certificate } from '../domain/qualification/qualification';
import { signInDemoBuyers, type SignedIn } from '../tests/support/checkout-flow';
import {
  runTool,
  startTestStore,
  testStoreKinds,
  type TestStore,
  type ToolRun,
} from '../tests/support/running-store';

const PDF = Buffer.from('%PDF-1.4\n%%EOF\n');

function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

function printed(run: ToolRun): string {
  expect(run.stderr, run.stdout).toBe('');
  expect(run.code).toBe(0);
  return run.stdout;
}

function refused(run: ToolRun): string {
  expect(run.code, run.stdout).toBe(1);
  expect(run.stdout).toBe('');
  expect(run.stderr).not.toMatch(/^\s+at /m);
  return run.stderr.trim();
}

describe.each(testStoreKinds())('npm run qualifications while the store runs (%s)', (kind) => {
  let store: TestStore;
  let dana: SignedIn;
  const ids: string[] = [];
  const tool = (...args: string[]) => runTool('qualifications', args, store.env);
  const db = () => store.server.database.db;

  async function submit(title: string): Promise<string> {
    const app = store.server.app;
    const file = await app.inject({
      method: 'POST',
      url: '/api/me/qualifications/files?name=diploma.pdf',
      headers: { cookie: dana.cookie, 'content-type': 'application/pdf' },
      payload: PDF,
    });
    const id = randomUUID();
    const response = await app.inject({
      method: 'POST',
      url: '/api/me/qualifications',
      headers: { cookie: dana.cookie },
      payload: {
        qualificationId: id,
        details: {
          kind: 'degree',
          title,
          issuer: 'Lakeshore State University',
          issuedOn: '2024-06-01',
        },
        certificate: file.json<Certificate>(),
      },
    });
    expect(response.statusCode).toBe(201);
    return id;
  }

  async function level(): Promise<string | undefined> {
    return rowsOf<{ level: string }>(
      await db().execute(sql`select level from qualified_users where user_id = ${dana.userId}`),
    )[0]?.level;
  }

  beforeAll(async () => {
    store = await startTestStore(kind);
    ({ dana } = await signInDemoBuyers(db(), ['dana']));
    ids.push(await submit('Ph.D. Educational Psychology'), await submit('Ed.S. School Psychology'));
  }, 300_000);

  afterAll(async () => {
    await store.dispose();
  });

  it(
    'lists pending qualifications and approves one, raising the level',
    { timeout: 120_000 },
    async () => {
      const list = printed(await tool('list'));
      expect(list).toContain(ids[0]);
      expect(list).toContain('dana.reyes@demo.example');
      expect(list).toContain('Ph.D. Educational Psychology / Lakeshore State University');
      expect(await level()).toBe('B');
      expect(printed(await tool('review', ids[0] ?? '', '--approve', 'C', '--by', 'alex'))).toBe(
        `Qualification ${ids[0] ?? ''} of dana.reyes@demo.example is approved with level C; the user has level C now.\n`,
      );
      expect(await level()).toBe('C');
      const events = rowsOf<{ type: string; actor: { kind: string; id: string } }>(
        await db().execute(sql`
        select type, metadata -> 'actor' as actor from events
         where stream_id = ${`qualifications:${dana.userId}`} order by version`),
      );
      expect(events.at(-1)).toEqual({
        type: 'QualificationApproved',
        actor: { kind: 'operator', id: 'alex' },
      });
      expect(printed(await tool('list', '--status', 'approved'))).toContain(ids[0]);
      expect(printed(await tool('list'))).not.toContain(ids[0]);
    },
  );

  it(
    'rejects one with a reason, and refuses bad input in words',
    { timeout: 120_000 },
    async () => {
      expect(
        printed(
          await tool('review', ids[1] ?? '', '--reject', '--reason', 'Certificate unreadable'),
        ),
      ).toMatch(/is rejected; the user has level C now\.\n$/);
      expect(refused(await tool('review', ids[1] ?? '', '--approve', 'B'))).toBe(
        'This qualification was already rejected.',
      );
      expect(refused(await tool('review', randomUUID(), '--approve', 'B'))).toMatch(
        /^No qualification [0-9a-f-]{36}\.$/,
      );
      expect(refused(await tool('review', 'not-an-id', '--approve', 'B'))).toMatch(
        /^review needs a qualification's id/,
      );
      expect(refused(await tool('review', ids[1] ?? '', '--approve', 'D'))).toBe(
        '"D" is not a level: A, B or C.',
      );
      expect(refused(await tool('review', ids[1] ?? ''))).toMatch(/^review needs either --approve/);
      expect(refused(await tool('review', ids[1] ?? '', '--reject'))).toMatch(/--reason/);
      expect(refused(await tool('list', '--status', 'lost'))).toMatch(/is not a status/);
      expect(refused(await tool('frobnicate'))).toMatch(/^Unknown command "frobnicate"/);
    },
  );
});
