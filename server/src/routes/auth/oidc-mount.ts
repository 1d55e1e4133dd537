/**
 * Mounts the embedded OpenID provider (a Koa application) at /oidc inside Fastify: the
 * request is handed over untouched (no body parsing), with the /oidc prefix removed, to the
 * provider instance for the address the request reached (decision 020). The provider builds
 * its own addresses from the request, so it is given that address, and nothing else, in the
 * Host and X-Forwarded-Proto headers, and the client address Fastify settled on.
 *
 * The discovery document and the key set may be kept by caches for five minutes (decision
 * 032): by any cache when the address is PUBLIC_URL; without it, the discovery document
 * names the request's address, so only the browser's own cache keeps it (decision 045). The provider's failures are logged through the store's logger: a server_error with
 * its route and the error's name and code (never its parameters), a refusal with its OAuth
 * error code.
 */
import type { IncomingMessage } from 'node:http';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type Provider from 'oidc-provider';
import type { KoaContextWithOIDC } from 'oidc-provider';
import type { Identity } from '../../auth/identity';
import { ADDRESS_VARY } from '../../auth/public-origin';

/** Short public caching: a new signing key is published five minutes before it signs. */
export const DISCOVERY_CACHE_CONTROL = 'public, max-age=300';
/** The same for an answer that names the request's address (no PUBLIC_URL). */
export const ADDRESS_DISCOVERY_CACHE_CONTROL = 'private, max-age=300';
/** The answers that name the provider's address (the key set names none). */
const DISCOVERY_PATHS = new Set([
  '/.well-known/openid-configuration',
  '/.well-known/oauth-authorization-server',
]);
const KEYS_PATH = '/jwks';

/** The provider's events for a request it refused (an OAuth error, not a failure). */
const REFUSAL_EVENTS = [
  'authorization.error',
  'grant.error',
  'userinfo.error',
  'revocation.error',
  'introspection.error',
  'end_session.error',
  'end_session_confirm.error',
  'end_session_success.error',
  'jwks.error',
  'discovery.error',
] as const;

/** The logger of the Fastify request each raw request belongs to. */
const requestLogs = new WeakMap<IncomingMessage, FastifyBaseLogger>();
const callbacks = new WeakMap<Provider, ReturnType<Provider['callback']>>();

/** What may be logged of an error: no message past its first line, no parameters. */
function describeFailure(error: unknown): Record<string, unknown> {
  if (!(error instanceof Error)) return { name: typeof error };
  const cause = error.cause instanceof Error ? error.cause : undefined;
  const code =
    (error as { code?: unknown }).code ?? (cause as { code?: unknown } | undefined)?.code;
  return {
    name: error.name,
    ...(typeof code === 'string' ? { code } : {}),
    message: error.message.split('\n')[0]?.slice(0, 200),
    ...(cause ? { cause: cause.name } : {}),
  };
}

function prepare(provider: Provider, log: FastifyBaseLogger, fixedAddress: boolean): void {
  const logOf = (ctx: KoaContextWithOIDC) => requestLogs.get(ctx.req) ?? log;
  provider.on('server_error', (ctx, error) => {
    logOf(ctx).error(
      { event: 'oidc.server_error', route: ctx.oidc?.route, error: describeFailure(error) },
      'the sign-in provider failed',
    );
  });
  const on = provider.on.bind(provider) as (
    event: (typeof REFUSAL_EVENTS)[number],
    listener: (ctx: KoaContextWithOIDC, error: Error) => void,
  ) => unknown;
  for (const event of REFUSAL_EVENTS) {
    on(event, (ctx, error) => {
      const { error: code, status } = error as Error & { error?: unknown; status?: unknown };
      logOf(ctx).info(
        { event: `oidc.${event}`, error: typeof code === 'string' ? code : error.name, status },
        'the sign-in provider refused a request',
      );
    });
  }
  provider.use(async (ctx, next) => {
    await next();
    if (ctx.method !== 'GET' || ctx.status !== 200) return;
    if (ctx.path === KEYS_PATH || (fixedAddress && DISCOVERY_PATHS.has(ctx.path))) {
      ctx.set('cache-control', DISCOVERY_CACHE_CONTROL);
    } else if (DISCOVERY_PATHS.has(ctx.path)) {
      ctx.set('cache-control', ADDRESS_DISCOVERY_CACHE_CONTROL);
      ctx.set('vary', ADDRESS_VARY);
    }
  });
}

function callbackOf(
  provider: Provider,
  log: FastifyBaseLogger,
  fixedAddress: boolean,
): ReturnType<Provider['callback']> {
  let callback = callbacks.get(provider);
  if (!callback) {
    prepare(provider, log, fixedAddress);
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
      // The provider routes by path: `/oidc?x` is its `/?x`, never `?x`.
      const rest = (raw.url ?? '/').replace(/^\/oidc/, '');
      raw.url = rest.startsWith('/') ? rest : `/${rest}`;
      reply.raw.setHeader('x-content-type-options', 'nosniff');
      reply.raw.setHeader('referrer-policy', 'strict-origin-when-cross-origin');
      reply.raw.setHeader(
        'content-security-policy',
        "default-src 'self'; script-src 'self'; style-src 'self'; frame-ancestors 'self'; form-action 'self'; base-uri 'self'; object-src 'none'",
      );
      requestLogs.set(raw, request.log);
      void callbackOf(provider, app.log, identity.publicUrl !== undefined)(raw, reply.raw);
      return reply;
    };
    scope.all('/oidc', handle);
    scope.all('/oidc/*', handle);
  });
}
