/**
 * Compression of the store's answers (issue 17, decision 039): the API's JSON and pages sent
 * as a string in brotli, gzip or as they are, as the client accepts; never an event stream, a
 * small answer, a HEAD, a 304, an answer already encoded, a precompressed static file a
 * second time, or the embedded OpenID provider's own answers; the security headers and the
 * rate limits still apply, and the static files keep their cache headers.
 */
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance, type LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../tests/support/app';
import { testDatabaseTargets, type TestDatabase } from '../../../tests/support/databases';
import { tempDir } from '../../../tests/support/temp-dir';
import { seedIfEmpty } from '../db/seed';
import { COMPRESSION, registerCompression } from './compression';

const [pglite] = testDatabaseTargets();

/** A search answer of several KB (a category's first page with its facets). */
const SEARCH = '/api/catalog/search?locale=en-us&category=cognition-neuro';
/** Text of a few KB that compresses well, as pages and event streams do. */
const LONG_TEXT = Array.from({ length: 200 }, (_, i) => `line ${i} of a long answer`).join('\n');

/** The body as sent, decoded by its Content-Encoding. */
function decoded(response: LightMyRequestResponse): string {
  const raw = response.rawPayload;
  switch (response.headers['content-encoding']) {
    case 'br':
      return brotliDecompressSync(raw).toString('utf8');
    case 'gzip':
      return gunzipSync(raw).toString('utf8');
    case undefined:
      return raw.toString('utf8');
    default:
      throw new Error(`unexpected encoding ${String(response.headers['content-encoding'])}`);
  }
}

describe('compression of answers', () => {
  let t: TestDatabase;
  let dir: string;
  let app: FastifyInstance;
  const files: Record<string, Buffer> = {};

  beforeAll(async () => {
    if (!pglite) throw new Error('PGlite is always a test target');
    dir = await tempDir();
    await mkdir(path.join(dir, 'assets'));
    const page = `<!doctype html><title>Store</title><main>${LONG_TEXT}</main>`;
    const script = `console.log(${JSON.stringify(LONG_TEXT)});`;
    await writeFile(path.join(dir, 'index.html'), page);
    await writeFile(path.join(dir, 'index.html.br'), brotliCompressSync(page));
    await writeFile(path.join(dir, 'index.html.gz'), gzipSync(page));
    await writeFile(path.join(dir, 'assets', 'index-abc123.js'), script);
    await writeFile(path.join(dir, 'assets', 'index-abc123.js.br'), brotliCompressSync(script));
    await writeFile(path.join(dir, 'assets', 'index-abc123.js.gz'), gzipSync(script));
    // A file the build left without copies.
    await writeFile(path.join(dir, 'assets', 'plain-def456.js'), script);
    await writeFile(path.join(dir, 'sw.js'), script);
    await writeFile(path.join(dir, 'sw.js.br'), brotliCompressSync(script));
    await writeFile(path.join(dir, 'manifest.webmanifest'), '{"name":"Store"}');
    for (const name of ['index.html.br', 'assets/index-abc123.js.br', 'index.html.gz']) {
      files[name] = await readFile(path.join(dir, name));
    }
    t = await pglite.open();
    app = await buildTestApp(t.database, { staticDir: dir, processManagers: false });
    await seedIfEmpty(t.database.db);
    app.get('/test-compression/events', (_request, reply) =>
      reply.type('text/event-stream').send(`data: ${LONG_TEXT.replaceAll('\n', ' ')}\n\n`),
    );
    app.get('/test-compression/event-stream', (_request, reply) =>
      reply
        .type('text/event-stream')
        .send(Readable.from([`data: ${'x'.repeat(2000)}\n\n`, `data: ${'y'.repeat(2000)}\n\n`])),
    );
    app.get('/test-compression/page', (_request, reply) =>
      reply.type('text/html; charset=utf-8').send(`<!doctype html><main>${LONG_TEXT}</main>`),
    );
    app.get('/test-compression/encoded', (_request, reply) =>
      reply.type('application/json').header('content-encoding', 'gzip').send(gzipSync(LONG_TEXT)),
    );
    app.get('/test-compression/no-transform', (_request, reply) =>
      reply.header('cache-control', 'no-transform').send({ text: LONG_TEXT }),
    );
    app.get('/test-compression/vary', (_request, reply) =>
      reply.header('vary', 'Origin').send({ text: LONG_TEXT }),
    );
    app.get('/test-compression/nothing', (_request, reply) => reply.code(204).send());
  });

  afterAll(async () => {
    await app.close();
    await t.dispose();
    await rm(dir, { recursive: true, force: true });
  });

  const get = (url: string, acceptEncoding?: string, headers: Record<string, string> = {}) =>
    app.inject({
      method: 'GET',
      url,
      headers:
        acceptEncoding === undefined ? headers : { ...headers, 'accept-encoding': acceptEncoding },
    });

  it('answers the API in brotli when the client takes it, else gzip, else as it is', async () => {
    const plain = await get(SEARCH);
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(COMPRESSION.thresholdBytes);
    const json: unknown = plain.json();

    const cases = [
      ['br, gzip', 'br'],
      ['gzip, deflate, br, zstd', 'br'],
      ['gzip', 'gzip'],
      ['gzip;q=1, br;q=0.5', 'gzip'],
      ['br;q=0, gzip', 'gzip'],
      ['*', 'br'],
      ['deflate', undefined],
      ['identity', undefined],
    ] as const;
    for (const [accepted, expected] of cases) {
      const response = await get(SEARCH, accepted);
      expect(response.statusCode, accepted).toBe(200);
      expect(response.headers['content-encoding'], accepted).toBe(expected);
      expect(response.headers.vary, accepted).toBe('Accept-Encoding');
      expect(Number(response.headers['content-length']), accepted).toBe(response.rawPayload.length);
      if (expected) expect(response.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
      expect(JSON.parse(decoded(response)), accepted).toEqual(json);
      expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    }
  });

  it('compresses a page a handler sends as a string', async () => {
    const response = await get('/test-compression/page', 'gzip, deflate, br');
    expect(response.headers['content-encoding']).toBe('br');
    expect(decoded(response)).toBe(`<!doctype html><main>${LONG_TEXT}</main>`);
  });

  it('compresses what the not-found handler renders (the page of every client-side route)', async () => {
    const bare = Fastify();
    registerCompression(bare);
    bare.setNotFoundHandler((_request, reply) =>
      reply.type('text/html; charset=utf-8').send(`<main>${LONG_TEXT}</main>`),
    );
    try {
      const response = await bare.inject({
        method: 'GET',
        url: '/en-us/products/ABC',
        headers: { 'accept-encoding': 'gzip' },
      });
      expect(response.headers['content-encoding']).toBe('gzip');
      expect(decoded(response)).toBe(`<main>${LONG_TEXT}</main>`);
    } finally {
      await bare.close();
    }
  });

  it('leaves answers under the threshold as they are', async () => {
    const health = await get('/api/health', 'br, gzip');
    expect(health.statusCode).toBe(200);
    expect(health.rawPayload.length).toBeLessThan(COMPRESSION.thresholdBytes);
    expect(health.headers['content-encoding']).toBeUndefined();
    expect(health.json()).toMatchObject({ status: 'ok' });
    const refused = await get('/api/catalog/search?locale=xx-yy', 'br, gzip');
    expect(refused.statusCode).toBe(400);
    expect(refused.headers['content-encoding']).toBeUndefined();
    expect(refused.json()).toHaveProperty('error.code');
  });

  it('never compresses or holds back an event stream', async () => {
    const events = await get('/test-compression/events', 'br, gzip');
    expect(events.headers['content-type']).toContain('text/event-stream');
    expect(events.rawPayload.length).toBeGreaterThan(COMPRESSION.thresholdBytes);
    expect(events.headers['content-encoding']).toBeUndefined();
    expect(events.body.startsWith('data: line 0')).toBe(true);
    const streamed = await get('/test-compression/event-stream', 'br, gzip');
    expect(streamed.headers['content-encoding']).toBeUndefined();
    expect(streamed.body).toBe(`data: ${'x'.repeat(2000)}\n\ndata: ${'y'.repeat(2000)}\n\n`);
  });

  it('leaves HEAD, 204, 304, answers already encoded and no-transform answers alone', async () => {
    const head = await app.inject({
      method: 'HEAD',
      url: SEARCH,
      headers: { 'accept-encoding': 'br' },
    });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-encoding']).toBeUndefined();

    const none = await get('/test-compression/nothing', 'br');
    expect(none.statusCode).toBe(204);
    expect(none.headers['content-encoding']).toBeUndefined();

    const nav = '/content/en-us/first-level-nav-content.json';
    const first = await get(nav, 'br');
    expect(first.headers['content-encoding']).toBe('br');
    const etag = first.headers.etag;
    expect(etag).toBeDefined();
    const again = await get(nav, 'br', { 'if-none-match': String(etag) });
    expect(again.statusCode).toBe(304);
    expect(again.headers['content-encoding']).toBeUndefined();
    expect(again.rawPayload.length).toBe(0);

    const encoded = await get('/test-compression/encoded', 'br');
    expect(encoded.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(encoded.rawPayload).toString('utf8')).toBe(LONG_TEXT);

    const noTransform = await get('/test-compression/no-transform', 'br');
    expect(noTransform.headers['content-encoding']).toBeUndefined();
  });

  it('adds Accept-Encoding to a Vary a route set', async () => {
    const response = await get('/test-compression/vary', 'br');
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers.vary).toBe('Origin, Accept-Encoding');
  });

  it('sends precompressed static files as they are, with their cache headers', async () => {
    const asset = await get('/assets/index-abc123.js', 'br, gzip');
    expect(asset.headers['content-encoding']).toBe('br');
    expect(asset.rawPayload.equals(files['assets/index-abc123.js.br']!)).toBe(true);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(asset.headers.vary).toContain('accept-encoding');

    // No copy: the file goes out as it is (the build writes copies of every text file).
    const plain = await get('/assets/plain-def456.js', 'br, gzip');
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');

    const page = await get('/en-us/products/ABC', 'gzip', { accept: 'text/html' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-encoding']).toBe('gzip');
    expect(page.rawPayload.equals(files['index.html.gz']!)).toBe(true);
    expect(page.headers['cache-control']).toBe('no-cache');
    const home = await get('/fr-ca/', 'br', { accept: 'text/html' });
    expect(home.rawPayload.equals(files['index.html.br']!)).toBe(true);
    expect(home.headers['cache-control']).toBe('no-cache');
    // The root is sent to a storefront first (decision 042).
    const root = await get('/', 'br', { accept: 'text/html' });
    expect(root.statusCode).toBe(302);
    expect(root.headers.location).toBe('/en-us/');

    for (const url of ['/sw.js', '/manifest.webmanifest']) {
      const response = await get(url, 'br, gzip');
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['cache-control'], url).toBe('no-cache');
    }
  });

  it("leaves the embedded OpenID provider's answers to it", async () => {
    const response = await get('/oidc/.well-known/openid-configuration', 'br, gzip');
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.length).toBeGreaterThan(COMPRESSION.thresholdBytes);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.json()).toHaveProperty('issuer');
  });

  it('keeps the security headers and the rate limits on compressed answers', async () => {
    const limited = await buildTestApp(t.database, {
      processManagers: false,
      rateLimits: { search: 1 },
    });
    try {
      const first = await limited.inject({ url: SEARCH, headers: { 'accept-encoding': 'br' } });
      expect(first.headers['content-encoding']).toBe('br');
      expect(first.headers['x-content-type-options']).toBe('nosniff');
      expect(first.headers['content-security-policy']).toContain("default-src 'self'");
      const second = await limited.inject({ url: SEARCH, headers: { 'accept-encoding': 'br' } });
      expect(second.statusCode).toBe(429);
      expect(second.headers['retry-after']).toBeDefined();
      expect(second.headers['x-content-type-options']).toBe('nosniff');
      expect(JSON.parse(decoded(second))).toHaveProperty('error.code', 'too_many_requests');
    } finally {
      await limited.close();
    }
  });
});
