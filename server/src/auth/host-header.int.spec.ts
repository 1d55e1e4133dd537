/**
 * The Host header is the sender's to choose (issue 26, decision 045). With PUBLIC_URL unset,
 * a Host that is not the store's own (a configured storefront host, a loopback host, an
 * address or name of this machine) never reaches the sign-in redirects, the OpenID issuer,
 * the discovery document or a page's canonical and alternate links: they name the address the
 * connection reached instead. Answers that name the request's address are never kept by a
 * shared cache. A device on the network that opens the store at the machine's address still
 * signs in there (public-origin.int.spec.ts walks the whole sign-in at that address).
 */
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import { networkInterfaces } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../tests/support/app';
import { testDatabaseTargets, type TestDatabase } from '../../../tests/support/databases';
import { tempDir } from '../../../tests/support/temp-dir';
import { loadConfig } from '../config';
import { startIdentity } from './identity';
import { connectionOrigin, storeHostnames, type Machine } from './public-origin';

const [pglite] = testDatabaseTargets();

/** A machine with one network address and a name, as a clinic's PC has. */
const CLINIC_PC: Machine = {
  addresses: () => ['127.0.0.1', '::1', '192.168.1.20', 'fe80::1c2b:3cff:fe4d:5e6f%eth0'],
  names: () => ['clinic-pc', 'clinic-pc.local'],
};

describe('the store’s own hosts', () => {
  const isStoreHost = storeHostnames({
    configured: ['store.example.co.uk', 'Boutique.Example.ca:8443'],
    machine: CLINIC_PC,
  });

  it('are the configured ones, loopback, and the machine’s addresses and names', () => {
    for (const name of [
      'store.example.co.uk',
      'boutique.example.ca',
      'localhost',
      '127.0.0.1',
      '127.8.9.10',
      '[::1]',
      '192.168.1.20',
      '[fe80::1c2b:3cff:fe4d:5e6f]',
      'clinic-pc',
      'clinic-pc.local',
    ]) {
      expect(isStoreHost(name), name).toBe(true);
    }
  });

  it('are no others', () => {
    for (const name of [
      'evil.example',
      'store.example.co.uk.evil.example',
      'localhost.evil.example',
      '192.168.1.21',
      '[fe80::1]',
      '128.0.0.1',
      'clinic-pc.evil.example',
    ]) {
      expect(isStoreHost(name), name).toBe(false);
    }
  });

  it('reads the machine’s addresses as they are now', () => {
    let addresses = ['10.0.0.5'];
    const moving = storeHostnames({ machine: { addresses: () => addresses, names: () => [] } });
    expect(moving('10.0.0.5')).toBe(true);
    addresses = ['10.0.0.6'];
    expect(moving('10.0.0.5')).toBe(false);
    expect(moving('10.0.0.6')).toBe(true);
  });
});

/** A GET over a real connection to 127.0.0.1 with the Host given (fetch cannot set Host). */
function get(port: number, url: string, host: string) {
  return new Promise<{ status: number; headers: Record<string, unknown>; body: string }>(
    (resolve, reject) => {
      const sent = httpRequest(
        { host: '127.0.0.1', port, path: url, headers: { host, accept: 'text/html' } },
        (response) => {
          let body = '';
          response.setEncoding('utf8');
          response.on('data', (chunk: string) => (body += chunk));
          response.on('end', () => {
            resolve({ status: response.statusCode ?? 0, headers: response.headers, body });
          });
        },
      );
      sent.on('error', reject);
      sent.end();
    },
  );
}

/** The first non-loopback IPv4 address of this machine, as a tablet on the network uses. */
function networkAddress(): string | undefined {
  return Object.values(networkInterfaces())
    .flat()
    .find((i) => i?.family === 'IPv4' && !i.internal)?.address;
}

describe('a Host that is not the store’s, PUBLIC_URL unset', () => {
  let t: TestDatabase;
  let app: FastifyInstance;
  let dir: string;
  let port = 0;
  let own = '';

  beforeAll(async () => {
    t = await pglite!.open();
    // A built app whose renderer puts the address it is given in the canonical link.
    dir = await tempDir();
    await mkdir(path.join(dir, '.server'), { recursive: true });
    await writeFile(
      path.join(dir, 'index.html'),
      '<!doctype html><html lang="en"><head><title>Store</title></head><body><div id="root"></div></body></html>',
    );
    await writeFile(path.join(dir, '.server', 'package.json'), '{"type":"module"}');
    await writeFile(
      path.join(dir, '.server', 'entry-server.js'),
      `export const rendersOnServer = () => true;
       export const createRenderer = () => async (request, origin) => ({
         kind: 'page', status: 200, lang: 'en-gb',
         head: '<link rel="canonical" href="' + origin + new URL(request.url).pathname + '"/>',
         body: '', data: '{}', messages: '{}',
       });`,
    );
    const warmUp = await buildTestApp(t.database, { publicUrl: undefined });
    await warmUp.close();
    const identity = await startIdentity(t.database.db, loadConfig({}).identity, undefined, {
      configured: ['store.example.co.uk'],
    });
    app = await buildTestApp(t.database, { publicUrl: undefined, identity, staticDir: dir });
    await app.listen({ port: 0, host: '0.0.0.0' });
    const address = app.server.address();
    if (address === null || typeof address === 'string') throw new Error('no port');
    port = address.port;
    own = `http://127.0.0.1:${String(port)}`;
  });

  afterAll(async () => {
    await app.close();
    await t.dispose();
    await rm(dir, { recursive: true, force: true });
  });

  const issuerOf = (body: string) =>
    (JSON.parse(body) as { config: { identity: { issuer: string } } }).config.identity.issuer;

  it('gives the sign-in, the issuer and the discovery document the connection’s address', async () => {
    for (const host of ['evil.example', `evil.example:${String(port)}`, '203.0.113.66']) {
      const bootstrap = await get(port, '/api/bootstrap?locale=en-gb', host);
      expect(issuerOf(bootstrap.body), host).toBe(`${own}/oidc`);
      // Sign-in starts again at the store's own address, and goes on there.
      const login = await get(port, '/auth/login?locale=en-gb&returnTo=%2Fen-gb%2F', host);
      expect(login.status).toBe(303);
      expect(login.headers.location, host).toBe(
        `${own}/auth/login?locale=en-gb&returnTo=%2Fen-gb%2F`,
      );
      expect(login.headers['set-cookie']).toBeUndefined();
      const start = await get(port, '/auth/login?locale=en-gb&returnTo=%2Fen-gb%2F', own.slice(7));
      const location = new URL(String(start.headers.location));
      expect(location.origin).toBe(own);
      expect(location.searchParams.get('redirect_uri')).toBe(`${own}/auth/session/callback`);
      const discovery = await get(port, '/oidc/.well-known/openid-configuration', host);
      expect(discovery.status).toBe(200);
      expect(discovery.body).not.toContain('evil.example');
      expect(JSON.parse(discovery.body)).toMatchObject({ issuer: `${own}/oidc` });
    }
  });

  it('keeps the store’s own hosts: configured, loopback and the machine’s address', async () => {
    const lan = networkAddress();
    const hosts = [
      'store.example.co.uk',
      `localhost:${String(port)}`,
      ...(lan ? [`${lan}:${String(port)}`] : []),
    ];
    for (const host of hosts) {
      const bootstrap = await get(port, '/api/bootstrap?locale=en-gb', host);
      expect(issuerOf(bootstrap.body), host).toBe(`http://${host}/oidc`);
    }
  });

  it('never lets a shared cache keep an answer that names the address', async () => {
    const discovery = await get(port, '/oidc/.well-known/openid-configuration', 'localhost');
    expect(discovery.headers['cache-control']).toBe('private, max-age=300');
    expect(String(discovery.headers.vary)).toMatch(/\bHost\b/);
    // The key set names no address: any cache may keep it.
    const keys = await get(port, '/oidc/jwks', 'localhost');
    expect(keys.headers['cache-control']).toBe('public, max-age=300');
    const page = await get(port, '/en-gb/', 'localhost');
    expect(page.headers['cache-control']).toBe('private, no-cache');
    expect(String(page.headers.vary)).toMatch(/\bHost\b/);
  });

  it('links a page to the store’s address, never to the Host sent', async () => {
    const poisoned = await get(port, '/en-gb/', 'evil.example');
    expect(poisoned.status).toBe(200);
    expect(poisoned.body).not.toContain('evil.example');
    expect(poisoned.body).toContain(`<link rel="canonical" href="${own}/en-gb/"/>`);
    const local = await get(port, '/en-gb/', 'localhost');
    expect(local.body).toContain('<link rel="canonical" href="http://localhost/en-gb/"/>');
  });

  it('takes a page’s own requests from the Host it was loaded from (same-origin check)', async () => {
    // An installed app opened at a name the store was not configured for keeps working.
    const answer = await app.inject({
      method: 'POST',
      url: '/api/carts/6f1c2a7e-93b4-4f55-9a1e-0c6d8b2f4e11/commands?locale=en-gb',
      headers: {
        host: 'store.clinic.lan:8080',
        origin: 'http://store.clinic.lan:8080',
        cookie: 'store_visitor=x',
      },
    });
    expect(answer.statusCode).not.toBe(403);
    const forged = await app.inject({
      method: 'POST',
      url: '/api/carts/6f1c2a7e-93b4-4f55-9a1e-0c6d8b2f4e11/commands?locale=en-gb',
      headers: {
        host: 'store.clinic.lan:8080',
        origin: 'http://evil.example',
        cookie: 'store_visitor=x',
      },
    });
    expect(forged.statusCode).toBe(403);
  });

  it('answers in-process requests (no connection) at localhost', async () => {
    const answer = await app.inject({
      url: '/api/bootstrap?locale=en-gb',
      headers: { host: 'evil.example' },
    });
    expect(issuerOf(answer.body)).toBe('http://localhost/oidc');
    expect(connectionOrigin({ raw: { socket: undefined } } as never)).toBe('http://localhost');
  });
});

describe('a Host that is not the store’s, with PUBLIC_URL', () => {
  let t: TestDatabase;
  let app: FastifyInstance;
  const publicUrl = 'https://store.example.com';

  beforeAll(async () => {
    t = await pglite!.open();
    const warmUp = await buildTestApp(t.database, { publicUrl });
    await warmUp.close();
    const identity = await startIdentity(t.database.db, loadConfig({}).identity, publicUrl);
    app = await buildTestApp(t.database, { publicUrl, identity });
  });

  afterAll(async () => {
    await app.close();
    await t.dispose();
  });

  it('lets any cache keep the discovery document: it names PUBLIC_URL only', async () => {
    const discovery = await app.inject({
      url: '/oidc/.well-known/openid-configuration',
      headers: { host: 'evil.example' },
    });
    expect(discovery.headers['cache-control']).toBe('public, max-age=300');
    expect(discovery.json<{ issuer: string }>().issuer).toBe(`${publicUrl}/oidc`);
  });
});
