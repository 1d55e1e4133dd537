/**
 * Server rendering of a first visit (decision 038). The build puts the store's renderer in
 * dist/.server/entry-server.js (src/entry-server.tsx): the same routes and loaders as the
 * browser. A page request for a storefront's page is answered with the app's page
 * (dist/index.html) with that page already rendered in it, and the routes' data for the
 * browser to hydrate with. The loaders' calls go to the store's own API in-process, on
 * behalf of the visitor's address (so rate limits count them as the visitor's) and with no
 * cookie: a server-rendered page holds only public data. Whatever goes wrong, the visitor
 * gets the app's page and the browser renders it, as without server rendering.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { RenderedPage } from '../../../domain/shared/rendered-page';
import { errorPagePath } from '../../../domain/storefront/error-pages';
import { ADDRESS_VARY } from '../auth/public-origin';

type Rendered = RenderedPage;

interface RendererModule {
  createRenderer(
    fetchImpl: typeof fetch,
    origin: string,
    firstLoadCode: string,
  ): (request: Request, origin: string) => Promise<Rendered>;
  rendersOnServer(pathname: string): boolean;
}

export interface PageRenderer {
  /** Sends the rendered page; false when this page is the browser's to render. */
  send(request: FastifyRequest, reply: FastifyReply): Promise<boolean>;
  /**
   * Sends, in place of the page asked for, its storefront's error page for this status, as a
   * page of its own (errorDocumentHtml), with that status; false when it could not be rendered.
   */
  sendErrorPage(request: FastifyRequest, reply: FastifyReply, status: number): Promise<boolean>;
}

const ROOT_ELEMENT = '<div id="root"></div>';
const HTML_ELEMENT = /<html lang="[^"]*">/;
const TITLE_ELEMENT = /<title>[\s\S]*?<\/title>/;
/** Answers with no body: a Response cannot carry one. */
const NO_BODY = new Set([101, 204, 205, 304]);

interface Caller {
  readonly ip: string;
  /** The visitor's country as the proxy in front said it (COUNTRY_HEADER), for their flags. */
  readonly country: string | undefined;
}

export interface PageRendererOptions {
  readonly publicUrl: string | undefined;
  /**
   * The address the request reached the store at (PUBLIC_URL, or the request's own when it
   * is one of the store's hosts; decisions 020, 045), or undefined for a Host that is no
   * address at all: such a page is left to the browser.
   */
  readonly originOf: (request: FastifyRequest) => string | undefined;
  /** The request header a proxy sets to the visitor's country. */
  readonly countryHeader: string | undefined;
}

/** The page: the app's HTML with the rendered page, its head elements and its data. */
export function pageHtml(template: string, rendered: Extract<Rendered, { kind: 'page' }>): string {
  let html = template.replace(
    HTML_ELEMENT,
    `<html lang="${rendered.lang.replace(/[^A-Za-z0-9-]/g, '')}">`,
  );
  if (rendered.head.includes('<title>')) html = html.replace(TITLE_ELEMENT, '');
  return html
    .replace('</head>', () => `${rendered.head}</head>`)
    .replace(
      ROOT_ELEMENT,
      () =>
        `<div id="root">${rendered.body}</div>` +
        `<script type="application/json" id="router-data">${rendered.data}</script>` +
        `<script type="application/json" id="page-messages">${rendered.messages}</script>`,
    );
}

const SCRIPTS = /<script\b[^>]*>[\s\S]*?<\/script>\s*/g;
const MODULE_PRELOADS = /<link\b[^>]*\brel="modulepreload"[^>]*>\s*/g;
const NO_SCRIPT = /<noscript>[\s\S]*?<\/noscript>\s*/g;

/**
 * An error page sent at another page's address (decision 069): the rendered page in the
 * app's frame and styles, without the app's scripts. The browser's app would render the
 * address's own page over it, and while the store is down it could only fail; its links are
 * plain links, and a reload asks the store again. It has no #root: nothing hydrates here.
 */
export function errorDocumentHtml(
  template: string,
  rendered: Extract<Rendered, { kind: 'page' }>,
): string {
  let html = template
    .replace(SCRIPTS, '')
    .replace(MODULE_PRELOADS, '')
    .replace(NO_SCRIPT, '')
    .replace(HTML_ELEMENT, `<html lang="${rendered.lang.replace(/[^A-Za-z0-9-]/g, '')}">`);
  if (rendered.head.includes('<title>')) html = html.replace(TITLE_ELEMENT, '');
  return html
    .replace('</head>', () => `${rendered.head}</head>`)
    .replace(ROOT_ELEMENT, () => `<div class="error-document">${rendered.body}</div>`);
}

const SCRIPT_FILES = /<(?:script|link)\b[^>]*?(?:src|href)="\/(assets\/[^"]+\.js)"/g;

/** The text of the scripts the app's page loads before it hydrates: its module and preloads. */
export function firstLoadCode(staticDir: string, template: string): string {
  return Array.from(template.matchAll(SCRIPT_FILES), ([, file = '']) => {
    const full = path.join(staticDir, file);
    return existsSync(full) ? readFileSync(full, 'utf8') : '';
  }).join('\n');
}

export async function createPageRenderer(
  app: FastifyInstance,
  staticDir: string,
  { publicUrl, countryHeader, originOf }: PageRendererOptions,
): Promise<PageRenderer | null> {
  const entry = path.join(staticDir, '.server', 'entry-server.js');
  if (!existsSync(entry)) return null;
  const template = readFileSync(path.join(staticDir, 'index.html'), 'utf8');
  if (!template.includes(ROOT_ELEMENT) || !HTML_ELEMENT.test(template)) {
    app.log.warn('the app page has no empty #root: pages are rendered in the browser only');
    return null;
  }
  let module: RendererModule;
  try {
    module = (await import(pathToFileURL(entry).href)) as RendererModule;
  } catch (error) {
    app.log.warn(
      { err: error },
      'the server renderer did not load: pages are rendered in the browser only',
    );
    return null;
  }
  const caller = new AsyncLocalStorage<Caller>();

  /** The loaders' network: the store's own API, in-process, for the visitor's address. */
  const fetchImpl = async (input: string | URL | Request, init?: RequestInit) => {
    const url = new URL(input instanceof Request ? input.url : String(input), 'http://store.local');
    const headers = new Headers(init?.headers);
    const visitor = caller.getStore();
    const answer = await app.inject({
      method: 'GET',
      url: `${url.pathname}${url.search}`,
      headers: {
        accept: headers.get('accept') ?? 'application/json',
        ...(countryHeader && visitor?.country ? { [countryHeader]: visitor.country } : {}),
      },
      remoteAddress: visitor?.ip ?? '127.0.0.1',
    });
    const responseHeaders = new Headers();
    const type = answer.headers['content-type'];
    if (typeof type === 'string') responseHeaders.set('content-type', type);
    return new Response(NO_BODY.has(answer.statusCode) ? null : new Uint8Array(answer.rawPayload), {
      status: answer.statusCode,
      headers: responseHeaders,
    });
  };
  const render = module.createRenderer(
    fetchImpl,
    publicUrl ?? 'http://localhost',
    firstLoadCode(staticDir, template),
  );

  /** The page at `url` for the visitor of `request`; undefined when it did not render. */
  async function renderFor(
    request: FastifyRequest,
    url: string,
    origin: string,
  ): Promise<Rendered | undefined> {
    try {
      const country = countryHeader ? request.headers[countryHeader] : undefined;
      const visitor = {
        ip: request.ip,
        country: typeof country === 'string' ? country : undefined,
      };
      return await caller.run(visitor, () =>
        render(new Request(new URL(url, origin), { headers: { accept: 'text/html' } }), origin),
      );
    } catch (error) {
      request.log.warn({ err: error }, 'server rendering failed: the browser renders the page');
      return undefined;
    }
  }

  function cacheHeaders(reply: FastifyReply): void {
    if (publicUrl === undefined) {
      // Its canonical and alternate links name the request's address: no shared cache.
      reply.header('cache-control', 'private, no-cache').header('vary', ADDRESS_VARY);
    } else {
      reply.header('cache-control', 'no-cache');
    }
  }

  return {
    async send(request, reply) {
      const pathname = request.url.split('?')[0] ?? '/';
      if (!module.rendersOnServer(pathname)) return false;
      const origin = originOf(request);
      if (!origin) return false;
      const rendered = await renderFor(request, request.url, origin);
      if (!rendered || rendered.kind === 'browser') return false;
      cacheHeaders(reply);
      if (rendered.kind === 'redirect') {
        await reply.redirect(rendered.location, rendered.status);
        return true;
      }
      await reply
        .code(rendered.status)
        .type('text/html; charset=utf-8')
        .send(pageHtml(template, rendered));
      return true;
    },

    async sendErrorPage(request, reply, status) {
      const origin = originOf(request) ?? publicUrl;
      if (!origin) return false;
      const pathname = request.url.split('?')[0] ?? '/';
      const rendered = await renderFor(request, errorPagePath(pathname, status), origin);
      if (rendered?.kind !== 'page') return false;
      await reply
        .code(status)
        .type('text/html; charset=utf-8')
        .send(errorDocumentHtml(template, rendered));
      return true;
    },
  };
}
