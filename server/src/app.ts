/**
 * Composition of the HTTP application: plugins, routes and the static PWA. Knows nothing of
 * the process (signals, ports); server.ts does. Tests build it with app.inject.
 */
import { WEB_PLATFORM_KEY } from '../../domain/commerce/commerce-api';
import fastifyCookie from '@fastify/cookie';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { Identity } from './auth/identity';
import { ContentFiles } from './content/content-files';
import type { Database } from './db/database';
import type { FlagService } from './flags/flag-service';
import { registerErrorHandling } from './plugins/errors';
import { SAFE_LOGGING } from './plugins/redact';
import { registerSecurityHeaders } from './plugins/security-headers';
import { registerStaticFiles } from './plugins/static-files';
import { registerBootstrapRoutes, type PublicConfig } from './routes/api/bootstrap/index';
import { registerCartRoutes } from './routes/api/carts/index';
import { registerCatalogRoutes } from './routes/api/catalog/index';
import { registerCommerceRoutes } from './routes/api/commerce/index';
import { registerMeRoutes } from './routes/api/me/index';
import { registerHealthRoutes } from './routes/api/health/index';
import { registerInteractionRoutes } from './routes/auth/interaction';
import { mountOidcProvider } from './routes/auth/oidc-mount';
import { registerWebSessionRoutes } from './routes/auth/web-session';
import { registerContentRoutes } from './routes/content/index';
import { registerCustomerRoutes } from './routes/store/customer';

export interface AppOptions {
  readonly database: Database;
  /** Directory of the built PWA; the API works without it. */
  readonly staticDir?: string;
  /** Logger options; secrets are always kept out (plugins/redact.ts). */
  readonly logger?: Exclude<FastifyServerOptions['logger'], boolean>;
  /** The regional content folder. */
  readonly contentDir: string;
  readonly flags: FlagService;
  readonly publicConfig: PublicConfig;
  readonly identity: Identity;
  /** The store's public address (cookies are Secure when it is https). */
  readonly publicUrl: string;
  /** Platform keys the commerce API accepts (default: the store's web app). */
  readonly commercePlatformKeys?: readonly string[];
}

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger ? { ...options.logger, ...SAFE_LOGGING } : false,
    trustProxy: true,
    bodyLimit: 1_048_576,
  });
  await app.register(fastifyCookie, { secret: [...options.identity.cookieKeys] });
  registerErrorHandling(app);
  registerSecurityHeaders(app, {
    tagManager: options.publicConfig.gtmContainerId !== undefined,
    launchDarkly: options.publicConfig.launchDarklyClientSideId !== undefined,
  });
  registerHealthRoutes(app, options.database);
  registerBootstrapRoutes(app, options.flags, options.publicConfig, {
    issuer: options.identity.issuer,
    clientId: options.identity.browserClientId,
    apiResource: options.identity.apiAudience,
  });
  registerContentRoutes(app, new ContentFiles(options.contentDir));
  const { identity } = options;
  if (identity.provider) {
    await mountOidcProvider(app, identity.provider);
    registerInteractionRoutes(app, identity.provider, options.database.db);
  }
  registerWebSessionRoutes(app, {
    db: options.database.db,
    identity,
    provider: identity.provider,
    publicUrl: options.publicUrl,
  });
  registerCustomerRoutes(app, options.database.db, identity.verifyToken);
  registerCatalogRoutes(app, options.database.db);
  registerCartRoutes(app, options.database.db, identity.verifyToken, {
    secureCookies: options.publicUrl.startsWith('https:'),
  });
  registerMeRoutes(app, options.database.db, identity.verifyToken);
  registerCommerceRoutes(app, options.database.db, identity.verifyToken, {
    platformKeys: options.commercePlatformKeys ?? [WEB_PLATFORM_KEY],
  });
  await registerStaticFiles(app, options.staticDir);
  return app;
}
