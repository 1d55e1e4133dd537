import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseTargets, type TestDatabase } from '../../../tests/support/databases';
import { tempDir } from '../../../tests/support/temp-dir';
import { buildTestApp } from '../../../tests/support/app';

const [pglite] = testDatabaseTargets();

describe('serving the PWA', () => {
  let dir: string;
  let t: TestDatabase;
  let app: Awaited<ReturnType<typeof buildTestApp>>;

  beforeAll(async () => {
    dir = await tempDir();
    await mkdir(path.join(dir, 'assets'));
    await writeFile(path.join(dir, 'index.html'), '<!doctype html><title>Store</title>');
    await writeFile(path.join(dir, 'assets', 'index-abc123.js'), 'console.log(1)');
    await writeFile(path.join(dir, 'sw.js'), 'self.x = 1');
    await writeFile(path.join(dir, '.build-stamp'), 'hash');
    if (!pglite) throw new Error('PGlite is always a test target');
    t = await pglite.open();
    app = await buildTestApp(t.database, { staticDir: dir });
  });

  afterAll(async () => {
    await app.close();
    await t.dispose();
    await rm(dir, { recursive: true, force: true });
  });

  it('answers a client-side route with the page', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/en-gb/cart',
      headers: { accept: 'text/html,application/xhtml+xml' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.body).toContain('<title>Store</title>');
  });

  it('answers .html routes with the page, with or without an Accept header', async () => {
    for (const url of ['/en-us/search.html?q=abc', '/fr-ca/']) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).toContain('<title>Store</title>');
    }
    const compressed = await app.inject({
      method: 'GET',
      url: '/fr-ca/',
      headers: { accept: 'text/html', 'accept-encoding': 'gzip, br' },
    });
    expect(compressed.statusCode).toBe(200);
  });

  it('answers a missing asset with 404, not the page', async () => {
    const response = await app.inject({ method: 'GET', url: '/assets/missing-123.js' });
    expect(response.statusCode).toBe(404);
    const dir = await app.inject({
      method: 'GET',
      url: '/assets/',
      headers: { accept: 'text/html' },
    });
    expect(dir.statusCode).toBe(200);
    expect(dir.body).toContain('<title>Store</title>');
  });

  it('caches hashed assets for a year and revalidates the service worker', async () => {
    const asset = await app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const worker = await app.inject({ method: 'GET', url: '/sw.js' });
    expect(worker.headers['cache-control']).toBe('no-cache');
  });

  it('never answers an API path with the page', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/api/unknown',
      headers: { accept: 'text/html' },
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: { code: 'not_found', message: 'Not found.' } });
  });

  it('does not serve dot files', async () => {
    const response = await app.inject({ method: 'GET', url: '/.build-stamp' });
    expect(response.statusCode).toBe(404);
  });

  it('sends a content security policy that allows only this origin', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/en-us/',
      headers: { accept: 'text/html' },
    });
    expect(response.headers['content-security-policy']).toContain("default-src 'self'");
    expect(response.headers['content-security-policy']).toContain("object-src 'none'");
  });
});

describe('addresses without a storefront', () => {
  let dir: string;
  let t: TestDatabase;
  let app: Awaited<ReturnType<typeof buildTestApp>>;

  beforeAll(async () => {
    dir = await tempDir();
    await writeFile(path.join(dir, 'index.html'), '<!doctype html><title>Store</title>');
    if (!pglite) throw new Error('PGlite is always a test target');
    t = await pglite.open();
    app = await buildTestApp(t.database, {
      staticDir: dir,
      publicConfig: {
        launchDarklyClientSideId: undefined,
        gtmContainerId: undefined,
        storefrontHosts: { 'store.example.co.uk': 'en-gb' },
        countryHeader: 'x-country-code',
      },
    });
  });

  afterAll(async () => {
    await app.close();
    await t.dispose();
    await rm(dir, { recursive: true, force: true });
  });

  async function root(headers: Record<string, string>, url = '/') {
    return app.inject({ method: 'GET', url, headers: { accept: 'text/html', ...headers } });
  }

  it('sends the root to the storefront used last, whatever the country', async () => {
    const response = await root({ cookie: 'store_locale=nl-nl', 'x-country-code': 'JP' });
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('/nl-nl/');
    // It depends on who asks: never cached, and said so.
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers.vary).toContain('cookie');
    expect(response.headers.vary).toContain('accept-language');
    expect(response.headers.vary).toContain('x-country-code');
  });

  it('sends a first visit to its host’s storefront, else its country’s, else en-us', async () => {
    expect((await root({ host: 'store.example.co.uk' })).headers.location).toBe('/en-gb/');
    expect((await root({ 'x-country-code': 'jp' })).headers.location).toBe('/ja-jp/');
    expect(
      (await root({ 'x-country-code': 'CA', 'accept-language': 'fr-CA,fr;q=0.9,en;q=0.5' })).headers
        .location,
    ).toBe('/fr-ca/');
    expect((await root({ 'x-country-code': 'CA' })).headers.location).toBe('/en-ca/');
    expect((await root({ 'x-country-code': 'DE' })).headers.location).toBe('/en-us/');
    expect((await root({})).headers.location).toBe('/en-us/');
  });

  it('keeps the query and ignores a cookie that is not a storefront', async () => {
    const response = await root({ cookie: 'store_locale=<script>' }, '/?utm_source=mail');
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('/en-us/?utm_source=mail');
  });

  it('sends any page on a storefront’s host below that storefront', async () => {
    const response = await root({ host: 'store.example.co.uk' }, '/search.html?q=wisc');
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('/en-gb/search.html?q=wisc');
    const tricky = await root({ host: 'store.example.co.uk' }, '//evil.example/x');
    expect(tricky.headers.location).toBe('/en-gb//evil.example/x');
  });

  it('leaves the sign-in return and the languages’ sign-in pages where they are', async () => {
    const store = { host: 'store.example.co.uk' };
    for (const url of [
      '/auth/callback?code=abc&state=xyz',
      '/en/login',
      '/fr/login?returnTo=%2F',
    ]) {
      expect((await root(store, url)).statusCode, url).toBe(200);
    }
    // A page that merely starts like one is a storefront's page.
    expect((await root(store, '/authors')).headers.location).toBe('/en-gb/authors');
  });

  it('leaves pages with a storefront, and other hosts’ pages, to the page', async () => {
    expect((await root({}, '/fr-ca/cart')).statusCode).toBe(200);
    expect((await root({}, '/no-such-page')).statusCode).toBe(200);
    expect((await root({ host: 'store.example.co.uk' }, '/en-us/cart')).statusCode).toBe(200);
  });
});
