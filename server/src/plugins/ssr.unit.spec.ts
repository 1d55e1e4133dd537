import { describe, expect, it } from 'vitest';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { tempDir } from '../../../tests/support/temp-dir';
import { errorDocumentHtml, firstLoadCode, pageHtml } from './ssr';

const TEMPLATE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <title>Assessments Store</title>
    <script type="module" crossorigin src="/assets/main-abc.js"></script>
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>`;

const page = {
  kind: 'page' as const,
  status: 200,
  lang: 'fr',
  head: '<title>Produit | Assessments Store</title><link rel="canonical" href="https://s.example/fr-ca/p/A"/>',
  body: '<div class="app"><h1>Produit $&amp; $1</h1></div>',
  data: '{"loaderData":{"0":{"x":"\\u003c/script>"}}}',
  messages: '{"5lWFkC":["Se connecter"]}',
};

describe('the server-rendered page', () => {
  it('puts the rendered page in #root, its head elements in <head> and its language on <html>', () => {
    const html = pageHtml(TEMPLATE, page);
    expect(html).toContain('<html lang="fr">');
    expect(html).toContain('<link rel="canonical" href="https://s.example/fr-ca/p/A"/></head>');
    expect(html).toContain(`<div id="root">${page.body}</div>`);
    expect(html).toContain(
      `<script type="application/json" id="router-data">${page.data}</script>`,
    );
    expect(html).toContain(
      `<script type="application/json" id="page-messages">${page.messages}</script>`,
    );
  });

  it('keeps one title: the page’s own', () => {
    const html = pageHtml(TEMPLATE, page);
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html).toContain('<title>Produit | Assessments Store</title>');
  });

  it('keeps the app’s title when the page has none (a skeleton)', () => {
    const html = pageHtml(TEMPLATE, { ...page, head: '' });
    expect(html).toContain('<title>Assessments Store</title>');
  });

  it('takes "$&" in a page literally (no replacement patterns)', () => {
    expect(pageHtml(TEMPLATE, page)).toContain('<h1>Produit $&amp; $1</h1>');
  });

  it('never lets a language tag break out of its attribute', () => {
    const html = pageHtml(TEMPLATE, { ...page, lang: 'en"><script>x</script>' });
    expect(html).toContain('<html lang="enscriptxscript">');
  });
});

describe('the scripts every page loads first', () => {
  it('are the page’s module and its preloads, not its stylesheet or other files', async () => {
    const dir = await tempDir();
    try {
      await mkdir(path.join(dir, 'assets'));
      await writeFile(path.join(dir, 'assets', 'main-abc.js'), 'a(`5lWFkC`)');
      await writeFile(path.join(dir, 'assets', 'framework-x.js'), 'b("uJ+Ve2")');
      await writeFile(path.join(dir, 'assets', 'lazy-y.js'), 'c("vjjlr1")');
      const template = TEMPLATE.replace(
        '</head>',
        '<link rel="modulepreload" crossorigin href="/assets/framework-x.js">' +
          '<link rel="stylesheet" href="/assets/style-z.css"></head>',
      );
      const code = firstLoadCode(dir, template);
      expect(code).toContain('5lWFkC');
      expect(code).toContain('uJ+Ve2');
      expect(code).not.toContain('vjjlr1');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('an error page sent at another page’s address (decision 069)', () => {
  it('keeps the frame, head and language, and drops the app’s scripts and #root', () => {
    const template = TEMPLATE.replace(
      '</head>',
      '<link rel="modulepreload" crossorigin href="/assets/chunk-abc.js">\n</head>',
    ).replace('</body>', '<noscript>The store needs JavaScript.</noscript></body>');
    const html = errorDocumentHtml(template, { ...page, status: 503 });
    expect(html).toContain('<html lang="fr">');
    expect(html).toContain('<title>Produit | Assessments Store</title>');
    expect(html).not.toContain('<title>Assessments Store</title>');
    expect(html).toContain(
      '<div class="error-document"><div class="app"><h1>Produit $&amp; $1</h1>',
    );
    for (const gone of ['<script', 'modulepreload', 'id="root"', 'router-data', '<noscript>']) {
      expect(html).not.toContain(gone);
    }
  });
});
