/**
 * The store's edge (decision 030): which proxies' X-Forwarded-* headers are believed
 * (TRUST_PROXY, off by default), Strict-Transport-Security over https, errors Fastify and
 * Node's HTTP parser raise in the store's own shape, and logs that hold no person's data:
 * no address, phone number or name from a database error, no login_hint.
 */
import { randomUUID } from 'node:crypto';
import { connect } from 'node:net';
import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../tests/support/app';
import {
  BuyerFlow,
  LEEDS_ADDRESS,
  samsPurchaseOrder,
  signInDemoBuyers,
} from '../../../tests/support/checkout-flow';
import { testDatabaseTargets, useTestDatabase } from '../../../tests/support/databases';
import { loadConfig } from '../config';
import { migrate, readMigrations } from '../db/migrate';
import { startIdentity } from '../auth/identity';
import type { TrustProxy } from '../config';
import { safeReturnTo } from '../routes/auth/web-session';
import { databaseErrorFacts, redactUrl, serializeError, statementName } from './redact';
import { STRICT_TRANSPORT_SECURITY } from './security-headers';

interface Seen {
  readonly ip: string;
  readonly host: string;
  readonly protocol: string;
}

/** Log lines as the store writes them (JSON, one a line). */
function logCapture() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
      done();
    },
  });
  return { lines, stream };
}

describe.each(testDatabaseTargets())('the store edge on $kind', (target) => {
  const database = useTestDatabase(target);
  const apps: FastifyInstance[] = [];

  afterEach(async () => {
    for (const app of apps.splice(0)) await app.close();
  });

  /** The app without PUBLIC_URL, with a route that tells what the request looked like. */
  async function appBehind(trustProxy: TrustProxy | undefined) {
    await migrate(database(), await readMigrations());
    // Both hosts are the store's (decision 045: no other Host names its address).
    const identity = await startIdentity(database().db, loadConfig({}).identity, undefined, {
      configured: ['store-internal', 'store.example.com'],
    });
    const app = await buildTestApp(database(), {
      publicUrl: undefined,
      identity,
      ...(trustProxy === undefined ? {} : { trustProxy }),
    });
    app.get('/test-edge/request', (request) => ({
      ip: request.ip,
      host: request.host,
      protocol: request.protocol,
    }));
    apps.push(app);
    return app;
  }

  const forwarded = {
    host: 'store-internal:8080',
    'x-forwarded-for': '203.0.113.9, 198.51.100.7',
    'x-forwarded-host': 'store.example.com',
    'x-forwarded-proto': 'https',
  };

  async function seen(app: FastifyInstance, remoteAddress: string): Promise<Seen> {
    const answer = await app.inject({
      url: '/test-edge/request',
      headers: forwarded,
      remoteAddress,
    });
    return answer.json<Seen>();
  }

  async function discoveryAuthEndpoint(app: FastifyInstance, remoteAddress: string) {
    const answer = await app.inject({
      url: '/oidc/.well-known/openid-configuration',
      headers: forwarded,
      remoteAddress,
    });
    expect(answer.statusCode).toBe(200);
    return answer.json<{ authorization_endpoint: string }>().authorization_endpoint;
  }

  it('ignores X-Forwarded-For, -Host and -Proto by default', async () => {
    const app = await appBehind(undefined);
    expect(await seen(app, '10.0.0.2')).toEqual({
      ip: '10.0.0.2',
      host: 'store-internal:8080',
      protocol: 'http',
    });
    // The discovery document keeps the address the request reached.
    expect(await discoveryAuthEndpoint(app, '10.0.0.2')).toBe(
      'http://store-internal:8080/oidc/auth',
    );
  });

  it('honours them only from a proxy TRUST_PROXY names', async () => {
    const app = await appBehind(['10.0.0.2']);
    expect(await seen(app, '10.0.0.2')).toEqual({
      ip: '198.51.100.7',
      host: 'store.example.com',
      protocol: 'https',
    });
    expect(await discoveryAuthEndpoint(app, '10.0.0.2')).toBe(
      'https://store.example.com/oidc/auth',
    );
    // Another client sending the same headers is not believed.
    expect(await seen(app, '10.0.0.3')).toEqual({
      ip: '10.0.0.3',
      host: 'store-internal:8080',
      protocol: 'http',
    });
    expect(await discoveryAuthEndpoint(app, '10.0.0.3')).toBe(
      'http://store-internal:8080/oidc/auth',
    );
  });

  it('takes a hop count: the client is that many proxies back', async () => {
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '0' }).trustProxy).toBe(false);
    const one = await appBehind(1);
    expect((await seen(one, '10.0.0.2')).ip).toBe('198.51.100.7');
    const two = await appBehind(2);
    expect((await seen(two, '10.0.0.2')).ip).toBe('203.0.113.9');
  });

  it('sends Strict-Transport-Security when PUBLIC_URL is https, and not over http', async () => {
    await migrate(database(), await readMigrations());
    const https = await buildTestApp(database(), {
      publicUrl: 'https://store.example.com',
      identity: await startIdentity(
        database().db,
        loadConfig({}).identity,
        'https://store.example.com',
      ),
    });
    apps.push(https);
    for (const url of ['/api/health', '/oidc/.well-known/openid-configuration', '/nope']) {
      const answer = await https.inject({ url });
      expect(answer.headers['strict-transport-security'], url).toBe(STRICT_TRANSPORT_SECURITY);
    }
    const http = await appBehind(undefined);
    const answer = await http.inject({ url: '/api/health' });
    expect(answer.headers['strict-transport-security']).toBeUndefined();
  });

  it("answers Fastify's and Node's own errors in the store's shape", async () => {
    const app = await appBehind(undefined);
    const badUrl = await app.inject({ url: '/api/catalog/products/%E0%A4%A' });
    expect(badUrl.statusCode).toBe(400);
    expect(badUrl.json<{ error: { code: string } }>().error.code).toBe('invalid_input');
    const badJson = await app.inject({
      method: 'POST',
      url: '/api/carts/current',
      headers: { 'content-type': 'application/json' },
      payload: '{"a":',
    });
    expect(badJson.statusCode).toBeGreaterThanOrEqual(400);
    expect(badJson.statusCode).toBeLessThan(500);
    const { error } = badJson.json<{ error: { code: unknown; message: unknown } }>();
    expect([typeof error.code, typeof error.message]).toEqual(['string', 'string']);

    // Errors before any route runs are never sniffed either (a path parameter too long).
    const tooLong = await app.inject({ url: `/oidc-interaction/${'a'.repeat(120)}` });
    expect(tooLong.statusCode).toBe(414);
    expect(tooLong.headers['x-content-type-options']).toBe('nosniff');
    expect(badUrl.headers['x-content-type-options']).toBe('nosniff');
    // The provider's mount point with a query is the provider's own `/?…` (was a 500).
    for (const method of ['GET', 'POST'] as const) {
      const mount = await app.inject({
        method,
        url: '/oidc?x=1',
        headers: { origin: 'http://store-internal:8080' },
      });
      expect(mount.statusCode, method).toBeLessThan(500);
    }
    // A return path a Location header cannot carry falls back to the storefront (was a 500).
    for (const returnTo of ['/\u0000x', '/caf\u00e9', '/a\u2028b', '/x\\y']) {
      expect(safeReturnTo(returnTo, '/en-us/'), returnTo).toBe('/en-us/');
    }
    expect(safeReturnTo('/en-gb/cart?x=%C3%A9', '/en-us/')).toBe('/en-gb/cart?x=%C3%A9');

    // A request Node's HTTP parser refuses never reaches a route.
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    if (address === null || typeof address === 'string') throw new Error('no port');
    const raw = await new Promise<string>((resolve, reject) => {
      const socket = connect(address.port, '127.0.0.1');
      let text = '';
      socket.on('data', (chunk) => (text += chunk.toString('utf8')));
      socket.on('close', () => resolve(text));
      socket.on('error', reject);
      socket.write('GET /api/health HTTP/1.1\r\nHost: x\r\nBad Header\r\n\r\n');
    });
    expect(raw).toMatch(/^HTTP\/1\.1 400 /);
    const body = raw.slice(raw.indexOf('\r\n\r\n') + 4);
    expect(JSON.parse(body)).toEqual({
      error: { code: 'invalid_input', message: 'The request is not valid.' },
    });
  });

  it('logs of a database error its SQLSTATE and statement name, never the values', async () => {
    const phone = '+441134960777';
    const street = '9 Secret Lane';
    let failure: unknown;
    try {
      await database().db.execute(
        sql`insert into web_sessions (id_hash, user_id, refresh_token, expires_at) values (${street}, ${phone}, ${randomUUID()}, ${'not a date'})`,
      );
    } catch (error) {
      failure = error;
    }
    expect(failure).toBeInstanceOf(Error);
    const facts = databaseErrorFacts(failure);
    expect(facts?.code).toMatch(/^[0-9A-Z]{5}$/);
    expect(facts?.statement).toBe('insert into web_sessions');
    const logged = JSON.stringify(serializeError(failure));
    expect(logged).not.toContain(phone);
    expect(logged).not.toContain(street);
    expect(logged).not.toContain('not a date');
    // Other errors keep their message and stack.
    expect(serializeError(new Error('plain'))).toEqual(
      expect.objectContaining({ type: 'Error', message: 'plain' }),
    );
  });

  it('writes no address, phone number or name to the log while buyers check out', async () => {
    const { lines, stream } = logCapture();
    const app = await buildTestApp(database(), { logger: { level: 'trace', stream } });
    apps.push(app);
    // Routes whose statements fail with a person's details among their parameters: input the
    // database refuses (a 400, logged as a warning), and a conflict (a 500, logged as an error).
    app.get('/test-edge/refused-statement', async () => {
      await database().db.execute(
        sql`insert into web_sessions (id_hash, user_id, refresh_token, expires_at) values (${LEEDS_ADDRESS.line1}, ${LEEDS_ADDRESS.phone}, ${LEEDS_ADDRESS.postalCode}, ${'never'})`,
      );
      return {};
    });
    app.get('/test-edge/failing-statement', async () => {
      for (let i = 0; i < 2; i += 1) {
        await database().db.execute(
          sql`insert into web_sessions (id_hash, user_id, refresh_token, expires_at) values (${`${LEEDS_ADDRESS.line1} ${LEEDS_ADDRESS.postalCode}`}, ${randomUUID()}, ${LEEDS_ADDRESS.phone}, now())`,
        );
      }
      return {};
    });
    const { sam } = await signInDemoBuyers(database().db, ['sam']);
    const flow = new BuyerFlow(app, sam, 'en-gb');
    const order = await flow.order([{ code: 'MCS5-KIT' }], samsPurchaseOrder('PO-EDGE-1'));
    expect(order.orderId).toBeTruthy();
    expect((await app.inject({ url: '/test-edge/refused-statement' })).statusCode).toBe(400);
    expect((await app.inject({ url: '/test-edge/failing-statement' })).statusCode).toBe(500);
    await app.inject({
      url: `/oidc/auth?client_id=storefront&login_hint=${encodeURIComponent('sam.okafor@demo.example')}`,
    });
    // What a buyer types into the address autosuggest and the order search.
    await app.inject({
      url: `/api/commerce/users/${sam.userId}/carts/${randomUUID()}/search/address/autosuggest?term=${encodeURIComponent(LEEDS_ADDRESS.line1)}`,
      headers: { cookie: sam.cookie },
    });
    await app.inject({
      url: `/api/orders?locale=en-gb&q=${encodeURIComponent(LEEDS_ADDRESS.postalCode)}`,
      headers: { cookie: sam.cookie },
    });
    const text = lines.join('\n');
    expect(lines.length).toBeGreaterThan(10);
    const statementLines = lines.filter((line) => line.includes('insert into web_sessions'));
    expect(statementLines.map((line) => (JSON.parse(line) as { level: number }).level)).toEqual([
      40, 50,
    ]);
    for (const personal of [
      LEEDS_ADDRESS.line1,
      LEEDS_ADDRESS.postalCode,
      LEEDS_ADDRESS.phone,
      '1134960123',
      'Riverside Walk',
      'sam.okafor@demo.example',
      'accounts@riverside.example',
      'Okafor',
    ]) {
      expect(text, personal).not.toContain(personal);
    }
  });

  it('keeps the secrets and hints of an address out of the log', () => {
    expect(redactUrl('/oidc/auth?login_hint=a%40b.example&client_id=x')).toBe(
      '/oidc/auth?login_hint=%5Bredacted%5D&client_id=x',
    );
    expect(statementName('SELECT "a" FROM "orders" where x = $1')).toBe('select from orders');
    expect(statementName('update "store"."carts" set a = 1')).toBe('update carts');
    expect(statementName('with x as (select 1) select * from x')).toBe('with');
  });
});
