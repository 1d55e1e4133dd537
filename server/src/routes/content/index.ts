/**
 * The regional content service (SPEC 7.1): navigation and footer per locale at
 * /content/{locale}/..., marketing pages and error pages (SPEC 2.2, 8) at
 * /content/{locale}/{page}.html, and the checkout copy at
 * /graphql/execute.json/USAssessments/{locale}-checkout answering data.checkout.item.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import * as z from 'zod';
import { CONTENT_FILES } from '../../../../domain/content/paths';
import { isErrorStatus } from '../../../../domain/storefront/addresses';
import {
  isLocale,
  type Locale,
  type StoreLanguage,
} from '../../../../domain/storefront/storefronts';
import type { ContentFile, ContentFiles } from '../../content/content-files';
import { errorBody } from '../../plugins/errors';

const CONTENT_TYPES: Readonly<Record<string, string>> = {
  '.json': 'application/json; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
};

const contentFileNames = new Set<string>(Object.values(CONTENT_FILES));
const CHECKOUT_LOCALES = new Set(['en-us', 'zh-sg', 'en-gb', 'en-au']);

function send(request: FastifyRequest, reply: FastifyReply, file: ContentFile, type: string) {
  reply.header('cache-control', 'no-cache').header('etag', file.etag).type(type);
  if (request.headers['if-none-match'] === file.etag) return reply.code(304).send();
  return reply.send(file.body);
}

function notFound(reply: FastifyReply) {
  return reply.code(404).send(errorBody('not_found', 'Not found.'));
}

function escapeHtml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;');
}

/** Fills {{name}} in a template; values are escaped unless named in `raw`. */
function fill(template: string, values: Record<string, string>, raw: readonly string[] = []) {
  return template.replace(/\{\{(\w+)\}\}/g, (whole, name: string) => {
    const value = values[name];
    if (value === undefined) return whole;
    return raw.includes(name) ? value : escapeHtml(value);
  });
}

export function registerContentRoutes(app: FastifyInstance, files: ContentFiles): void {
  /**
   * A page in the layout. `language` is the one the fragment is written in (pages are written
   * per content language, SPEC 2.2, with English where there is no translation): the page's
   * `lang`; the words around it say their own where they differ (`frameLang`).
   */
  async function renderPage(
    locale: Locale,
    fragment: { readonly body: string; readonly language: StoreLanguage },
    status: number,
    reply: FastifyReply,
  ) {
    const layout = await files.pageLayout();
    const { language: frameLang, strings } = await files.pageStrings(locale);
    const title = /<h1[^>]*>([^<]*)<\/h1>/i.exec(fragment.body)?.[1]?.trim() ?? '';
    const html = fill(
      layout?.body.toString('utf8') ??
        '<!doctype html><html lang="{{lang}}"><title>{{title}}</title>{{body}}</html>',
      {
        lang: fragment.language,
        frameLang,
        title,
        body: fragment.body,
        home: `/${locale}/`,
        homeLabel: strings.home ?? 'Back to the store',
        storeName: strings.storeName ?? 'Assessments Store',
      },
      ['body'],
    );
    return reply
      .code(status)
      .header('cache-control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(html);
  }

  app.get('/content/site.css', async (request, reply) => {
    const css = await files.stylesheet();
    return css ? send(request, reply, css, CONTENT_TYPES['.css'] ?? '') : notFound(reply);
  });

  const params = z.object({ locale: z.string(), name: z.string() });

  app.get('/content/:locale/:name', async (request, reply) => {
    const { locale, name } = params.parse(request.params);
    if (!isLocale(locale)) return notFound(reply);

    if (contentFileNames.has(name)) {
      const file = await files.localeFile(locale, name);
      const type = CONTENT_TYPES[name.slice(name.lastIndexOf('.'))] ?? 'application/octet-stream';
      return file ? send(request, reply, file, type) : notFound(reply);
    }

    const errorPage = /^error\.(\d{3})\.html$/.exec(name);
    if (errorPage) {
      const code = Number(errorPage[1]);
      const status = isErrorStatus(code) ? code : 500;
      const template = await files.page(locale, 'error');
      const body = (template?.body.toString('utf8') ?? '<h1>Error {{code}}</h1>').replaceAll(
        '{{code}}',
        String(status),
      );
      return renderPage(locale, { body, language: template?.language ?? 'en' }, status, reply);
    }

    const page = /^([a-z0-9-]+)\.html$/.exec(name);
    if (page?.[1] && page[1] !== 'error') {
      const fragment = await files.page(locale, page[1]);
      if (fragment) {
        const body = fragment.body.toString('utf8');
        return renderPage(locale, { body, language: fragment.language }, 200, reply);
      }
    }
    return notFound(reply);
  });

  app.get('/graphql/execute.json/USAssessments/:query', async (request, reply) => {
    const { query } = z.object({ query: z.string() }).parse(request.params);
    const contentLocale = /^([a-z]{2}-[a-z]{2})-checkout$/.exec(query)?.[1];
    if (!contentLocale || !CHECKOUT_LOCALES.has(contentLocale)) return notFound(reply);
    const file = await files.checkoutCopy(contentLocale);
    if (!file) return notFound(reply);
    const item = JSON.parse(file.body.toString('utf8')) as unknown;
    reply.header('cache-control', 'no-cache');
    return { data: { checkout: { item } } };
  });
}
