/**
 * Mounts the embedded OpenID provider (a Koa application) at /oidc inside Fastify: the
 * request is handed over untouched (no body parsing), with the /oidc prefix removed, as the
 * provider builds its own addresses from its issuer.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type Provider from 'oidc-provider';

export async function mountOidcProvider(app: FastifyInstance, provider: Provider): Promise<void> {
  const callback = provider.callback();
  // eslint-disable-next-line @typescript-eslint/require-await -- Fastify plugins are async.
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, _payload, done) => {
      done(null);
    });
    const handle = (request: FastifyRequest, reply: FastifyReply) => {
      reply.hijack();
      // The provider finds its mount path by comparing originalUrl with the url it is given.
      const raw = request.raw as typeof request.raw & { originalUrl?: string };
      raw.originalUrl = raw.url;
      raw.url = (raw.url ?? '/').replace(/^\/oidc/, '') || '/';
      reply.raw.setHeader('x-content-type-options', 'nosniff');
      reply.raw.setHeader('referrer-policy', 'strict-origin-when-cross-origin');
      reply.raw.setHeader(
        'content-security-policy',
        "default-src 'self'; script-src 'self'; style-src 'self'; frame-ancestors 'self'; form-action 'self'; base-uri 'self'; object-src 'none'",
      );
      void callback(raw, reply.raw);
    };
    scope.all('/oidc', handle);
    scope.all('/oidc/*', handle);
  });
}
