/**
 * Mounts the embedded OpenID provider (a Koa application) at /oidc inside Fastify: the
 * request is handed over untouched (no body parsing), with the /oidc prefix removed, to the
 * provider instance for the address the request reached (decision 020). The provider builds
 * its own addresses from the request, so it is given that address, and nothing else, in the
 * Host and X-Forwarded-Proto headers, and the client address Fastify settled on.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type Provider from 'oidc-provider';
import type { Identity } from '../../auth/identity';

const callbacks = new WeakMap<Provider, ReturnType<Provider['callback']>>();

function callbackOf(provider: Provider): ReturnType<Provider['callback']> {
  let callback = callbacks.get(provider);
  if (!callback) {
    callback = provider.callback();
    callbacks.set(provider, callback);
  }
  return callback;
}

export async function mountOidcProvider(app: FastifyInstance, identity: Identity): Promise<void> {
  // eslint-disable-next-line @typescript-eslint/require-await -- Fastify plugins are async.
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, _payload, done) => {
      done(null);
    });
    const handle = (request: FastifyRequest, reply: FastifyReply) => {
      const address = identity.addressOf(request);
      const provider = identity.providerFor(address);
      if (!provider) throw new Error('No embedded provider');
      reply.hijack();
      const raw = request.raw as typeof request.raw & { originalUrl?: string };
      const url = new URL(address);
      raw.headers.host = url.host;
      raw.headers['x-forwarded-proto'] = url.protocol.slice(0, -1);
      raw.headers['x-forwarded-for'] = request.ip;
      delete raw.headers['x-forwarded-host'];
      // The provider finds its mount path by comparing originalUrl with the url it is given.
      raw.originalUrl = raw.url;
      raw.url = (raw.url ?? '/').replace(/^\/oidc/, '') || '/';
      reply.raw.setHeader('x-content-type-options', 'nosniff');
      reply.raw.setHeader('referrer-policy', 'strict-origin-when-cross-origin');
      reply.raw.setHeader(
        'content-security-policy',
        "default-src 'self'; script-src 'self'; style-src 'self'; frame-ancestors 'self'; form-action 'self'; base-uri 'self'; object-src 'none'",
      );
      void callbackOf(provider)(raw, reply.raw);
      return reply;
    };
    scope.all('/oidc', handle);
    scope.all('/oidc/*', handle);
  });
}
