/**
 * Serves the built PWA from the same origin as the API. Hashed assets are cached for a year;
 * the page, the service worker and the manifest are revalidated on every load so an update
 * reaches users. Any other GET for a page is a client-side route: it gets the app's page,
 * with a storefront's page already rendered in it on a first visit (plugins/ssr.ts); an address
 * without a storefront is first sent to one (plugins/storefront-entry.ts).
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Translate } from '../../../domain/mail/order-confirmation';
import { errorPageLocale } from '../../../domain/storefront/error-pages';
import type { MaintenanceGate } from '../maintenance/maintenance';
import { plainErrorDocument } from './error-document';
import { errorBody } from './errors';
import { createPageRenderer, type PageRendererOptions } from './ssr';
import {
  redirectToStorefront,
  storefrontEntry,
  type StorefrontEntryOptions,
} from './storefront-entry';

/** Paths that belong to the server, never to the client-side router. */
const SERVER_PREFIXES = ['/api/', '/oidc/', '/content/', '/graphql/', '/payment-sandbox/'];

function isServerPath(url: string): boolean {
  return SERVER_PREFIXES.some((prefix) => url.startsWith(prefix) || `${url}/` === prefix);
}

/** A page of the app: not a server path, not a missing file such as /assets/x.js. */
function isPageRequest(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const pathname = request.url.split('?')[0] ?? '';
  if (isServerPath(pathname)) return false;
  const last = pathname.slice(pathname.lastIndexOf('/') + 1);
  // Pages have no extension, except .html ones such as /search.html (SPEC 2.1).
  if (last.includes('.') && !last.endsWith('.html')) return false;
  const accept = request.headers.accept;
  return accept === undefined || accept.includes('text/html') || accept.includes('*/*');
}

function setCacheHeaders(reply: FastifyReply, filePath: string): void {
  const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
  reply.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
}

/** What the pages need to answer while the store is down for maintenance (decision 069). */
export interface MaintenancePages {
  readonly gate: MaintenanceGate;
  /** A storefront locale's words, for the plain error page when none can be rendered. */
  readonly translate: (locale: string) => Translate;
}

export async function registerStaticFiles(
  app: FastifyInstance,
  staticDir: string | undefined,
  rendering: PageRendererOptions &
    Partial<StorefrontEntryOptions> & { readonly maintenance?: MaintenancePages } = {
    publicUrl: undefined,
    countryHeader: undefined,
    originOf: () => undefined,
  },
): Promise<void> {
  const entry: StorefrontEntryOptions = {
    storefrontHosts: rendering.storefrontHosts ?? {},
    countryHeader: rendering.countryHeader,
  };
  const hasBuild = staticDir !== undefined && existsSync(path.join(staticDir, 'index.html'));
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: staticDir,
      preCompressed: true,
      cacheControl: false,
      setHeaders: setCacheHeaders,
      index: false,
      // Routes for the files that exist; every other path falls to the handler below.
      wildcard: false,
      serveDotFiles: false,
      dotfiles: 'ignore',
    });
  } else if (staticDir !== undefined) {
    app.log.warn({ staticDir }, 'no built PWA found: serving the API only (run npm run build)');
  }

  // First visits to a storefront's pages come rendered (decision 038).
  const renderer = hasBuild ? await createPageRenderer(app, staticDir, rendering) : null;

  app.setNotFoundHandler(async (request, reply) => {
    if (hasBuild && isPageRequest(request)) {
      // An address without a storefront goes to one first, then comes rendered (decision 042).
      const location = storefrontEntry(request, entry);
      if (location) {
        await redirectToStorefront(reply, location, entry.countryHeader);
        return reply;
      }
      // Down for maintenance: the storefront's 503 page, at the address asked for.
      const down = await rendering.maintenance?.gate.current();
      if (down && rendering.maintenance) {
        reply
          .header('retry-after', String(down.retryAfterSeconds))
          .header('cache-control', 'no-store');
        if (renderer && (await renderer.sendErrorPage(request, reply, 503))) return reply;
        const pathname = request.url.split('?')[0] ?? '/';
        const { translate } = rendering.maintenance;
        return reply
          .code(503)
          .type('text/html; charset=utf-8')
          .send(plainErrorDocument(pathname, 503, translate(errorPageLocale(pathname))));
      }
      if (renderer && (await renderer.send(request, reply))) return reply;
      reply.header('cache-control', 'no-cache');
      return reply.type('text/html; charset=utf-8').sendFile('index.html');
    }
    return reply.code(404).send(errorBody('not_found', 'Not found.'));
  });
}
