import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { footerContentSchema, navContentSchema } from '../../../../domain/content/schemas';
import { LOCALES } from '../../../../domain/storefront/storefronts';
import { buildTestApp, REPO_CONTENT_DIR } from '../../../../tests/support/app';
import { testDatabaseTargets, useTestDatabase } from '../../../../tests/support/databases';

const [pglite] = testDatabaseTargets();

describe('the content in the repository', () => {
  it.each(LOCALES)('%s has a valid navigation and footer', async (locale) => {
    const dir = path.join(REPO_CONTENT_DIR, locale);
    const nav: unknown = JSON.parse(
      await readFile(path.join(dir, 'first-level-nav-content.json'), 'utf8'),
    );
    const footer: unknown = JSON.parse(
      await readFile(path.join(dir, 'footer-content.json'), 'utf8'),
    );
    expect(navContentSchema.safeParse(nav).success).toBe(true);
    expect(footerContentSchema.safeParse(footer).success).toBe(true);
  });

  it('has a page for every marketing link of every storefront', async () => {
    const pages = new Set(
      (await readdir(path.join(REPO_CONTENT_DIR, 'pages', 'en'))).map((f) =>
        f.replace(/\.html$/, ''),
      ),
    );
    for (const locale of LOCALES) {
      const dir = path.join(REPO_CONTENT_DIR, locale);
      const text =
        (await readFile(path.join(dir, 'first-level-nav-content.json'), 'utf8')) +
        (await readFile(path.join(dir, 'footer-content.json'), 'utf8'));
      for (const [, slug] of text.matchAll(/"\/content\/[a-z-]+\/([a-z0-9-]+)\.html"/g)) {
        expect(pages.has(slug ?? ''), `${locale}: ${slug}`).toBe(true);
      }
    }
  });
});

describe('content service (SPEC 7.1)', () => {
  const database = useTestDatabase(pglite!);

  it('serves each storefront’s navigation and footer, revalidated with an etag', async () => {
    const app = await buildTestApp(database());
    const response = await app.inject({ method: 'GET', url: '/content/fr-ca/footer-content.json' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('application/json');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.json<{ copyright: string }>().copyright).toContain('Boutique d’évaluations');
    const again = await app.inject({
      method: 'GET',
      url: '/content/fr-ca/footer-content.json',
      headers: { 'if-none-match': String(response.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
    await app.close();
  });

  it('answers unknown storefronts and files with 404', async () => {
    const app = await buildTestApp(database());
    for (const url of [
      '/content/de-de/footer-content.json',
      '/content/en-gb/secrets.json',
      '/content/en-gb/..%2Fflags.json',
    ]) {
      expect((await app.inject({ method: 'GET', url })).statusCode, url).toBe(404);
    }
    await app.close();
  });

  it('serves marketing pages in the storefront language, English where there is no translation', async () => {
    const app = await buildTestApp(database());
    const french = await app.inject({ method: 'GET', url: '/content/fr-ca/contact-us.html' });
    expect(french.statusCode).toBe(200);
    expect(french.body).toContain('<html lang="fr">');
    expect(french.body).toContain('<h1>Nous joindre</h1>');
    expect(french.body).toContain('Retour à la boutique');
    const fallback = await app.inject({ method: 'GET', url: '/content/fr-ca/our-story.html' });
    expect(fallback.body).toContain('<h1>Our story</h1>');
    // The page in English, the way back to the store in French, each saying so.
    expect(fallback.body).toContain('<html lang="en">');
    expect(fallback.body).toContain('<footer class="site" lang="fr">');
    // ja-jp's pages are the English ones (SPEC 2.2: its content language is en).
    const japan = await app.inject({ method: 'GET', url: '/content/ja-jp/contact-us.html' });
    expect(japan.body).toContain('<html lang="en">');
    expect(japan.body).not.toContain('lang="ja');
    expect((await app.inject({ method: 'GET', url: '/content/en-us/nope.html' })).statusCode).toBe(
      404,
    );
    await app.close();
  });

  it('serves error pages per locale with their status, 500 for anything else (SPEC 2.2, 8)', async () => {
    const app = await buildTestApp(database());
    const notFound = await app.inject({ method: 'GET', url: '/content/nl-nl/error.404.html' });
    expect(notFound.statusCode).toBe(404);
    expect(notFound.body).toContain('Er ging iets mis (fout 404)');
    const other = await app.inject({ method: 'GET', url: '/content/es-es/error.418.html' });
    expect(other.statusCode).toBe(500);
    expect(other.body).toContain('Algo ha fallado (error 500)');
    await app.close();
  });

  it('answers the checkout copy at data.checkout.item for the content locales', async () => {
    const app = await buildTestApp(database());
    const response = await app.inject({
      method: 'GET',
      url: '/graphql/execute.json/USAssessments/en-gb-checkout',
    });
    expect(response.statusCode).toBe(200);
    expect(
      response.json<{ data: { checkout: { item: Record<string, string> } } }>().data.checkout.item
        .shippingAddress,
    ).toBe('Delivery address');
    expect(
      (
        await app.inject({
          method: 'GET',
          url: '/graphql/execute.json/USAssessments/fr-ca-checkout',
        })
      ).statusCode,
    ).toBe(404);
    await app.close();
  });
});
