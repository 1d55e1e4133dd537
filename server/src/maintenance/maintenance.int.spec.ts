/**
 * Maintenance mode (decision 069): started and ended by an operator command, it turns every
 * storefront page into its storefront's 503 page, in place, with a Retry-After, and refuses
 * API writes with a 503 in words; reads and the health check go on.
 */
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../tests/support/app';
import { testDatabaseTargets, type TestDatabase } from '../../../tests/support/databases';
import { tempDir } from '../../../tests/support/temp-dir';
import { loadConfig } from '../config';
import { runOperatorCommand, type OperatorContext } from '../ops/handlers';
import { standaloneOperatorContext } from '../ops/standalone';

const [pglite] = testDatabaseTargets();

const TEMPLATE =
  '<!doctype html><html lang="en"><head><title>Store</title>' +
  '<link rel="modulepreload" crossorigin href="/assets/chunk-abc.js">' +
  '<script type="module" crossorigin src="/assets/index-abc.js"></script></head>' +
  '<body><div id="root"></div><noscript>The store needs JavaScript.</noscript></body></html>';

/** A renderer that names the page it rendered, with an error page's own status. */
const RENDERER = `export const rendersOnServer = (pathname) => /^\\/[a-z]{2}-[a-z]{2}\\//.test(pathname);
export const createRenderer = () => async (request) => {
  const pathname = new URL(request.url).pathname;
  const code = /error\\.(\\d{3})\\.html$/.exec(pathname)?.[1];
  return {
    kind: 'page', status: code ? Number(code) : 200, lang: pathname.slice(1, 3),
    head: '<title>' + pathname + '</title>', body: '<main>rendered ' + pathname + '</main>',
    data: '{}', messages: '{}',
  };
};`;

async function builtApp(dir: string, renderer: boolean): Promise<void> {
  await mkdir(path.join(dir, '.server'), { recursive: true });
  await writeFile(path.join(dir, 'index.html'), TEMPLATE);
  if (!renderer) return;
  await writeFile(path.join(dir, '.server', 'package.json'), '{"type":"module"}');
  await writeFile(path.join(dir, '.server', 'entry-server.js'), RENDERER);
}

const page = (app: FastifyInstance, url: string) =>
  app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });

describe('maintenance mode', () => {
  let t: TestDatabase;
  let rendered: FastifyInstance;
  let plain: FastifyInstance;
  let dirs: string[];
  let context: OperatorContext;

  beforeAll(async () => {
    if (!pglite) throw new Error('PGlite is always a test target');
    t = await pglite.open();
    dirs = [await tempDir(), await tempDir()];
    await builtApp(dirs[0] ?? '', true);
    await builtApp(dirs[1] ?? '', false);
    rendered = await buildTestApp(t.database, { staticDir: dirs[0] });
    plain = await buildTestApp(t.database, { staticDir: dirs[1] });
    context = {
      ...standaloneOperatorContext(t.database, loadConfig({})).context,
      // The instance the command runs in follows at once (the other within its check time).
      maintenanceChanged: () => {
        rendered.maintenance.forget();
        plain.maintenance.forget();
      },
    };
  });

  afterAll(async () => {
    await rendered.close();
    await plain.close();
    await t.dispose();
    await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
  });

  it('answers pages and writes with 503 while it runs, and lets reads and the health check through', async () => {
    const started = await runOperatorCommand(
      'maintenance-start',
      { retryAfterSeconds: 120, note: 'database upgrade', by: 'ops' },
      context,
    );
    expect(started.result.maintenance).toMatchObject({ by: 'ops', retryAfterSeconds: 120 });
    expect(started.result.report).toContain('down for maintenance');

    // The storefront's 503 page, at the address asked for, as a page of its own.
    const cart = await page(rendered, '/fr-ca/cart?x=1');
    expect(cart.statusCode).toBe(503);
    expect(cart.headers['retry-after']).toBe('120');
    expect(cart.headers['cache-control']).toBe('no-store');
    expect(cart.body).toContain('rendered /fr-ca/error.503.html');
    expect(cart.body).toContain('<html lang="fr">');
    expect(cart.body).not.toContain('<script');
    expect(cart.body).not.toContain('modulepreload');
    expect(cart.body).not.toContain('id="root"');
    const store = await page(rendered, '/store/nlassessments/nl/p/ABC');
    expect(store.statusCode).toBe(503);
    expect(store.body).toContain('rendered /nl-nl/error.503.html');

    // Without a renderer: the same words as plain HTML, in the storefront's language.
    const bare = await page(plain, '/es-es/');
    expect(bare.statusCode).toBe(503);
    expect(bare.headers['retry-after']).toBe('120');
    expect(bare.body).toContain('<html lang="es">');
    expect(bare.body).toContain('<h1>La tienda está cerrada por mantenimiento</h1>');
    expect(bare.body).toContain('href="/es-es/search.html"');

    // API writes: refused in words, with the same Retry-After.
    const write = await rendered.inject({
      method: 'POST',
      url: '/api/carts/00000000-0000-4000-8000-000000000000/commands',
      payload: {},
    });
    expect(write.statusCode).toBe(503);
    expect(write.headers['retry-after']).toBe('120');
    expect(write.json()).toEqual({
      error: {
        code: 'maintenance',
        message: 'The store is closed for maintenance. Please try again in a few minutes.',
      },
    });

    // Reads and the health check go on.
    expect((await rendered.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    const search = await rendered.inject({
      method: 'GET',
      url: '/api/catalog/search?locale=en-us&q=distress',
    });
    expect(search.statusCode).toBe(200);

    const shown = await runOperatorCommand('maintenance-show', {}, context);
    expect(shown.result.maintenance?.note).toBe('database upgrade');

    const ended = await runOperatorCommand('maintenance-end', { by: 'ops' }, context);
    expect(ended.result.maintenance).toBeNull();
    expect(ended.result.report).toContain('was ended by ops');
    const open = await page(rendered, '/fr-ca/cart');
    expect(open.statusCode).toBe(200);
    expect(open.body).toContain('rendered /fr-ca/cart');
    expect(open.headers['retry-after']).toBeUndefined();
    const again = await runOperatorCommand('maintenance-end', { by: 'ops' }, context);
    expect(again.result.report).toContain('No maintenance was running.');
  });

  it('serves each error page with its own status, and no page is a 503 when the store is open', async () => {
    const unavailable = await page(rendered, '/en-us/error.503.html');
    expect(unavailable.statusCode).toBe(503);
    expect(unavailable.headers['retry-after']).toBeUndefined();
    expect(unavailable.body).toContain('<script');
    expect((await page(rendered, '/en-gb/error.404.html')).statusCode).toBe(404);
  });
});
