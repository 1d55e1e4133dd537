/**
 * Slow requests (issue 26, decision 045), over a real socket to the listening app: a body
 * that trickles in a byte at a time, a body that never comes after its headers, and headers
 * that never end are each answered 408 in the store's shape and their connection closed,
 * while the client is still sending. The request timeout here is 1 s (REQUEST_TIMEOUT_SECONDS
 * in the store, 30 s by default).
 */
import { randomUUID } from 'node:crypto';
import { connect, type Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../tests/support/app';
import { testDatabaseTargets, useTestDatabase } from '../../tests/support/databases';

const [pglite] = testDatabaseTargets();

/** What the server sent before it closed the connection, and how much the client had sent. */
interface Outcome {
  readonly answer: string;
  readonly sent: number;
}

/**
 * Opens a connection, writes `head`, then one byte of `rest` every `everyMs` until the
 * server closes the connection (or `rest` is all sent).
 */
function trickle(port: number, head: string, rest: string, everyMs = 50): Promise<Outcome> {
  return new Promise((resolve, reject) => {
    const socket: Socket = connect(port, '127.0.0.1');
    let answer = '';
    let sent = head.length;
    const next = () => {
      if (sent - head.length >= rest.length || socket.destroyed) return false;
      socket.write(rest[sent - head.length] ?? '');
      sent += 1;
      return true;
    };
    socket.write(head);
    const timer = setInterval(() => {
      if (!next()) clearInterval(timer);
    }, everyMs);
    socket.on('data', (chunk) => (answer += chunk.toString('utf8')));
    socket.on('error', (error: NodeJS.ErrnoException) => {
      // The server may reset the connection while a byte is on its way: it closed it.
      if (error.code !== 'ECONNRESET' && error.code !== 'EPIPE') reject(error);
    });
    socket.on('close', () => {
      clearInterval(timer);
      resolve({ answer, sent });
    });
  });
}

describe('slow requests', () => {
  const database = useTestDatabase(pglite!);
  let app: FastifyInstance;
  let port = 0;

  beforeEach(async () => {
    app = await buildTestApp(database(), { requestTimeoutMs: 1_000 });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    if (address === null || typeof address === 'string') throw new Error('no port');
    port = address.port;
  });

  afterEach(async () => {
    await app.close();
  });

  function expectTimedOut({ answer }: Outcome) {
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
    expect(JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4))).toEqual({
      error: { code: 'request_timeout', message: 'The request took too long.' },
    });
  }

  const body = JSON.stringify({ padding: 'x'.repeat(10_000) });
  const headOf = (length: number) =>
    `POST /api/carts/${randomUUID()}/commands?locale=en-us HTTP/1.1\r\nHost: localhost\r\n` +
    `Content-Type: application/json\r\nContent-Length: ${String(length)}\r\n\r\n`;

  it('closes the connection of a body that trickles in, before it is all sent', async () => {
    const outcome = await trickle(port, headOf(body.length), body);
    expectTimedOut(outcome);
    expect(outcome.sent).toBeLessThan(headOf(body.length).length + body.length);
  });

  it('closes the connection of a body that never comes', async () => {
    expectTimedOut(await trickle(port, headOf(body.length), ''));
  });

  it('closes the connection of headers that never end', async () => {
    const head = `GET /api/health HTTP/1.1\r\nHost: localhost\r\n`;
    const outcome = await trickle(port, head, 'X-Slow: '.padEnd(10_000, 'a'));
    expectTimedOut(outcome);
    expect(outcome.sent).toBeLessThan(head.length + 10_000);
  });

  it('still answers a request that arrives in time', async () => {
    const { answer } = await trickle(
      port,
      'GET /api/health HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n',
      '',
    );
    expect(answer).toMatch(/^HTTP\/1\.1 200 /);
  });
});
