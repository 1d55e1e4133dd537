/**
 * The operator channel (decision 037): only the store's user reaches it, every request is
 * validated against the command table, and the backup's image is of one instant: it waits
 * for a transaction under way and holds what that transaction committed.
 */
import { rm, stat } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useTestDatabase, testDatabaseTargets } from '../../../tests/support/databases';
import { tempDir } from '../../../tests/support/temp-dir';
import { KeyRing, listKeys } from '../auth/keys';
import { migrate, readMigrations } from '../db/migrate';
import { DEFAULT_HOUSEKEEPING } from '../housekeeping/settings';
import { tarEntryNames } from './backup-file';
import { loadConfig } from '../config';
import { openOperatorChannel, type OperatorChannel } from './channel';
import { callOperator, NoOperatorChannel, OperatorRefusal } from './client';
import { operatorSocketPath } from './contract';
import { standaloneOperatorContext } from './standalone';

const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };

/** Sends raw text and reads the store's one line of answer. */
function rawRequest(socketPath: string, text: string): Promise<unknown> {
  return new Promise((resolve, reject) => {
    let received = '';
    const socket = net.connect(socketPath, () => socket.write(text));
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (received += chunk));
    socket.on('end', () => {
      resolve(JSON.parse(received.split('\n')[0] ?? ''));
    });
    socket.on('error', reject);
  });
}

describe.each(testDatabaseTargets())('the operator channel ($kind)', (target) => {
  const database = useTestDatabase(target);
  let channel: OperatorChannel | undefined;
  let socketPath: string;
  let dataDir: string;

  beforeEach(async () => {
    dataDir = await tempDir('store-ops-');
    await migrate(database(), await readMigrations());
    channel = await openOperatorChannel({
      dataDir,
      context: {
        ...standaloneOperatorContext(database(), loadConfig({})).context,
        startedAt: new Date('2026-11-24T09:00:00Z'),
        housekeeping: DEFAULT_HOUSEKEEPING,
      },
      log: quiet,
    });
    socketPath = operatorSocketPath(dataDir);
  });

  afterEach(async () => {
    await channel?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('listens on a socket only its own user can reach', async () => {
    expect(channel?.path).toBe(socketPath);
    expect((await stat(socketPath)).mode & 0o777).toBe(0o600);
    expect((await stat(path.dirname(socketPath))).mode & 0o777).toBe(0o700);
    const { result } = await callOperator(socketPath, 'status', {});
    expect(result).toEqual({
      pid: process.pid,
      database: target.kind,
      startedAt: '2026-11-24T09:00:00.000Z',
    });
  });

  it('rotates and lists the sign-in keys for npm run keys while the store runs', async () => {
    await KeyRing.open(database().db, {});
    const before = await listKeys(database().db);
    const currentBefore = before.filter((key) => key.state === 'current').map((key) => key.id);
    const { result } = await callOperator(socketPath, 'keys-rotate', {
      purposes: ['signing', 'store-cookies'],
    });
    expect(result.added.map((key) => key.purpose).sort()).toEqual(['signing', 'store-cookies']);
    expect(result.retired.map((key) => key.id).sort()).toEqual(
      before
        .filter((key) => key.state === 'current' && key.purpose !== 'provider-cookies')
        .map((key) => key.id)
        .sort(),
    );
    const listed = (await callOperator(socketPath, 'keys-list', {})).result;
    const current = listed.filter((key) => key.state === 'current').map((key) => key.id);
    expect(current).toEqual(expect.arrayContaining(result.added.map((key) => key.id)));
    expect(current).not.toEqual(expect.arrayContaining(currentBefore));
    // Ids, purposes and times only: never a key's material.
    expect(JSON.stringify(listed)).not.toMatch(/"(d|k|n|material)"/);
    expect(
      await rawRequest(
        socketPath,
        '{"command":"keys-rotate","args":{"purposes":["everything"]}}\n',
      ),
    ).toMatchObject({ ok: false, error: { code: 'invalid_args' } });
  });

  it('answers a request outside the command table with the error shape, and stays up', async () => {
    expect(await rawRequest(socketPath, 'not json\n')).toEqual({
      ok: false,
      error: { code: 'bad_request', message: 'The request is not JSON.' },
    });
    expect(await rawRequest(socketPath, '{"command":"rm -rf /"}\n')).toMatchObject({
      ok: false,
      error: { code: 'unknown_command' },
    });
    expect(
      await rawRequest(socketPath, '{"command":"status","args":{"all":true}}\n'),
    ).toMatchObject({ ok: false, error: { code: 'invalid_args' } });
    expect(await rawRequest(socketPath, `${'x'.repeat(70_000)}\n`)).toEqual({
      ok: false,
      error: { code: 'bad_request', message: 'The request is too long.' },
    });
    expect(await rawRequest(socketPath, '{"command":"status"}\n')).toMatchObject({ ok: true });
  });

  it('answers what it cannot do for npm run orders and mail as a refusal in words', async () => {
    const refusal = (promise: Promise<unknown>) => promise.catch((error: unknown) => error);
    expect(await refusal(callOperator(socketPath, 'orders-show', { reference: 'W1' }))).toEqual(
      new OperatorRefusal('refused', 'No order W1.'),
    );
    expect(
      await refusal(
        callOperator(socketPath, 'orders-change', { reference: 'W1', action: 'move', by: 'alex' }),
      ),
    ).toEqual(new OperatorRefusal('refused', 'move needs the status to move to.'));
    expect(
      await refusal(callOperator(socketPath, 'orders-step', { reference: 'W1', by: 'alex' })),
    ).toEqual(new OperatorRefusal('refused', 'No order W1.'));
    expect(
      await refusal(callOperator(socketPath, 'mail-show', { id: 'nope', html: false })),
    ).toEqual(new OperatorRefusal('refused', 'No mail nope in the outbox.'));
    expect((await callOperator(socketPath, 'orders-list', { limit: 5 })).result).toEqual({
      report: 'No orders.\n',
    });
    expect((await callOperator(socketPath, 'mail-list', {})).result.report).toMatch(
      /^Mail outbox: nothing waits\. 0 sent before\.\n$/,
    );
    expect(
      await rawRequest(
        socketPath,
        '{"command":"orders-change","args":{"reference":"W1","action":"explode","by":"a"}}\n',
      ),
    ).toMatchObject({ ok: false, error: { code: 'invalid_args' } });
  });

  it('removes its socket when it closes', async () => {
    await channel?.close();
    await expect(callOperator(socketPath, 'status', {})).rejects.toBeInstanceOf(NoOperatorChannel);
  });

  if (target.kind === 'postgres') {
    it('refuses a backup on PostgreSQL and says to use pg_dump', async () => {
      const refused = await callOperator(socketPath, 'backup', {}).catch((error: unknown) => error);
      expect(refused).toBeInstanceOf(OperatorRefusal);
      expect(refused).toMatchObject({ code: 'unavailable' });
      expect((refused as Error).message).toContain('pg_dump');
    });
    return;
  }

  it('takes the image after a transaction under way has committed, and with it', async () => {
    let commit: () => void = () => undefined;
    const committed = new Promise<void>((resolve) => (commit = resolve));
    const writing = database().transaction(async (session) => {
      // A cart that holds an event, and an order's row made before its first write (not
      // counted: no order was placed).
      await session.rows(
        `insert into streams (stream_id, kind, owner_kind, owner_id, version)
         values ('cart:late', 'cart', 'user', 'u', 1), ('order:made', 'order', 'user', 'u', 0)`,
      );
      await committed;
    });
    let answered = false;
    const backup = callOperator(socketPath, 'backup', {}).then((reply) => {
      answered = true;
      return reply;
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(answered).toBe(false);
    commit();
    await writing;
    const { result, attachment } = await backup;
    expect(result.streams).toEqual({ cart: 1 });
    expect(result.postgresVersion).toMatch(/^\d+/);
    const names = tarEntryNames(attachment ?? new Uint8Array());
    expect(names).toContain('PG_VERSION');
    expect(names.some((name) => name.startsWith('pg_wal/'))).toBe(true);
    // The image is the data directory's tar as is (the backup tool gzips it), and holds the
    // stream that transaction wrote.
    expect(() => gunzipSync(attachment ?? new Uint8Array())).toThrow();
    const restored = await PGlite.create({
      loadDataDir: new Blob([new Uint8Array(attachment ?? [])], { type: 'application/x-tar' }),
    });
    try {
      const { rows } = await restored.query<{ kind: string }>(
        "select kind from streams where stream_id = 'cart:late'",
      );
      expect(rows).toEqual([{ kind: 'cart' }]);
    } finally {
      await restored.close();
    }
  });
});
