/**
 * Response headers that every page and API answer carries. The content security policy
 * allows only this origin, plus the tag manager and LaunchDarkly when they are configured:
 * the app has no inline script, and other third parties are reached through the server.
 * A route that sets its own policy keeps it (the payment gateway's card fields have a
 * stricter one of their own, decision 026). Over HTTPS (PUBLIC_URL https, or a request that
 * came over https), Strict-Transport-Security tells browsers to use nothing else for a year;
 * it is set before any route runs, so the embedded OpenID provider's answers carry it too.
 */
import type { FastifyInstance } from 'fastify';

export interface ThirdParties {
  readonly tagManager: boolean;
  readonly launchDarkly: boolean;
}

/** One year; not for subdomains, which may be other services of the organisation. */
export const STRICT_TRANSPORT_SECURITY = 'max-age=31536000';

export function contentSecurityPolicy(thirdParties: ThirdParties): string {
  const script = ["'self'"];
  const connect = ["'self'"];
  const img = ["'self'", 'data:'];
  if (thirdParties.tagManager) {
    script.push('https://www.googletagmanager.com');
    connect.push('https://www.googletagmanager.com', 'https://*.google-analytics.com');
    img.push('https://www.googletagmanager.com', 'https://*.google-analytics.com');
  }
  if (thirdParties.launchDarkly) {
    connect.push(
      'https://clientsdk.launchdarkly.com',
      'https://clientstream.launchdarkly.com',
      'https://events.launchdarkly.com',
    );
  }
  return [
    "default-src 'self'",
    `script-src ${script.join(' ')}`,
    "style-src 'self'",
    `img-src ${img.join(' ')}`,
    "font-src 'self'",
    `connect-src ${connect.join(' ')}`,
    "manifest-src 'self'",
    "worker-src 'self'",
    "frame-src 'self'",
    "frame-ancestors 'self'",
    "form-action 'self'",
    "base-uri 'self'",
    "object-src 'none'",
  ].join('; ');
}

export function registerSecurityHeaders(
  app: FastifyInstance,
  thirdParties: ThirdParties = { tagManager: false, launchDarkly: false },
  transport: { readonly httpsOnly: boolean } = { httpsOnly: false },
): void {
  const policy = contentSecurityPolicy(thirdParties);
  app.addHook('onRequest', async (request, reply) => {
    // On the raw answer, so that routes which take it over (the OpenID provider) send it too.
    if (transport.httpsOnly || request.protocol === 'https') {
      reply.raw.setHeader('strict-transport-security', STRICT_TRANSPORT_SECURITY);
    }
  });
  app.addHook('onSend', async (_request, reply) => {
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'strict-origin-when-cross-origin');
    reply.header('x-frame-options', 'SAMEORIGIN');
    reply.header('cross-origin-opener-policy', 'same-origin');
    reply.header('permissions-policy', 'camera=(), microphone=(), geolocation=()');
    if (!reply.hasHeader('content-security-policy')) {
      reply.header('content-security-policy', policy);
    }
  });
}
