/** GET /api/bootstrap?locale=: the visitor's country, flags for their context, public config. */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Bootstrap } from '../../../../../domain/shared/bootstrap';
import { bootstrapQuerySchema } from '../../../../../domain/shared/bootstrap';
import { flagContextFor } from '../../../../../domain/flags/context';
import { storeCountryOfLanguages } from '../../../../../domain/storefront/country-locale';
import { acceptedLanguages } from '../../../../../domain/storefront/entry-locale';
import type { HostLocales } from '../../../../../domain/storefront/resolve-locale';
import { storefrontFor } from '../../../../../domain/storefront/storefronts';
import { ensureVisitorCookie } from '../../../acting/plugin';
import type { FlagService } from '../../../flags/flag-service';

export interface PublicConfig {
  readonly launchDarklyClientSideId: string | undefined;
  readonly gtmContainerId: string | undefined;
  readonly storefrontHosts: HostLocales;
  /** Request header a proxy sets to the visitor's country. */
  readonly countryHeader: string;
}

export interface BrowserIdentityConfig {
  readonly issuer: string;
  readonly clientId: string;
  readonly apiResource: string;
}

/** The visitor's country as a proxy in front named it, or null when unknown. */
export function visitorCountry(request: FastifyRequest, countryHeader: string): string | null {
  const header = request.headers[countryHeader];
  const raw = (Array.isArray(header) ? header[0] : header)?.trim().toUpperCase() ?? '';
  // 'XX' and 'T1' are what CDNs send for unknown and Tor visitors.
  return /^[A-Z]{2}$/.test(raw) && raw !== 'XX' ? raw : null;
}

export function registerBootstrapRoutes(
  app: FastifyInstance,
  flags: FlagService,
  config: PublicConfig,
  /** The sign-in settings at the address the request reached (decision 020). */
  identity: (request: FastifyRequest) => BrowserIdentityConfig,
  /** Visitor cookies are Secure (an https PUBLIC_URL). */
  secureCookies = false,
): void {
  app.get(
    '/api/bootstrap',
    { config: { access: 'public' } },
    async (request, reply): Promise<Bootstrap> => {
      const { locale } = bootstrapQuerySchema.parse(request.query);
      const signIn = identity(request);
      const country = visitorCountry(request, config.countryHeader);
      // The bootstrap is the visitor's (it may be cached on the device and shared by the
      // service worker): a signed-in user's own flags come from GET /api/flags.
      const context = flagContextFor(null, storefrontFor(locale), country);
      reply.header('cache-control', 'no-store');
      ensureVisitorCookie(request, reply, secureCookies);
      // Without the proxy's word, the region of the browser's language may name the country.
      const languages = acceptedLanguages(request.headers['accept-language']);
      return {
        country,
        countryUnknown: country === null && storeCountryOfLanguages(languages) === null,
        flags: await flags.bootstrap(context),
        config: {
          launchDarklyClientSideId: config.launchDarklyClientSideId ?? null,
          gtmContainerId: config.gtmContainerId ?? null,
          storefrontHosts: { ...config.storefrontHosts },
          identity: { ...signIn },
        },
      };
    },
  );
}
