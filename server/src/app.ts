/**
 * Composition of the HTTP application: plugins, routes and the static PWA. Knows nothing of
 * the process (signals, ports); server.ts does. Tests build it with app.inject.
 */
import { WEB_PLATFORM_KEY } from '../../domain/commerce/commerce-api';
import { STREAM_REGISTRY } from '../../domain/registry';
import type { StreamRegistry } from '../../domain/sync/stream-kind';
import fastifyCookie from '@fastify/cookie';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { Identity } from './auth/identity';
import { sentOrigin } from './auth/public-origin';
import type { TrustProxy } from './config';
import { ContentFiles } from './content/content-files';
import { cartContextProvider } from './carts/cart-context';
import { checkoutContextProvider } from './checkout/checkout-context';
import type { Database, Db } from './db/database';
import { EventStore, type ContextProvider } from './event-store/event-store';
import { ProcessManagerRunner } from './event-store/process-managers';
import { IdentityCache } from './acting/identity-cache';
import { registerActing } from './acting/plugin';
import { CommandHandler } from './commands/execute';
import { rebuildStaleReadModels } from './event-store/read-models';
import type { FlagService } from './flags/flag-service';
import { registerFlagRoutes } from './routes/api/flags';
import { flagContextFor } from '../../domain/flags/context';
import { resolveFlags } from '../../domain/flags/flags';
import { isLocale, storefrontFor } from '../../domain/storefront/storefronts';
import { httpTimeouts } from './http-timeouts';
import { registerCompression } from './plugins/compression';
import { clientErrorHandler, frameworkErrors, registerErrorHandling } from './plugins/errors';
import { registerJsonBodies } from './plugins/json-body';
import { SAFE_LOGGING } from './plugins/redact';
import { registerRateLimits } from './plugins/rate-limit';
import type { RateLimits } from './plugins/rate-limit-settings';
import { registerSameOriginCheck } from './plugins/same-origin';
import { registerSecurityHeaders } from './plugins/security-headers';
import { registerStaticFiles } from './plugins/static-files';
import { MaintenanceGate } from './maintenance/maintenance';
import { registerMaintenance } from './maintenance/plugin';
import { registerBootstrapRoutes, type PublicConfig } from './routes/api/bootstrap/index';
import { registerCartRoutes } from './routes/api/carts/index';
import { registerCatalogRoutes } from './routes/api/catalog/index';
import { registerCheckoutRoutes } from './routes/api/checkout/index';
import { registerCommerceRoutes } from './routes/api/commerce/index';
import { registerMeRoutes } from './routes/api/me/index';
import { registerQualificationRoutes } from './routes/api/me/qualifications';
import { registerPaymentCardRoutes } from './routes/api/me/payment-cards';
import { registerAccountRoutes } from './routes/api/me/accounts';
import { registerProfileRoutes } from './routes/api/me/profile';
import { registerHealthRoutes } from './routes/api/health/index';
import { registerSupportRoutes } from './routes/api/support/index';
import { registerInteractionRoutes, type SignInOptions } from './routes/auth/interaction';
import { mountOidcProvider } from './routes/auth/oidc-mount';
import { registerWebSessionRoutes } from './routes/auth/web-session';
import { registerContentRoutes } from './routes/content/index';
import { registerCustomerRoutes } from './routes/store/customer';
import { registerStreamRoutes } from './streams/routes';
import { importSavedAddresses } from './customers/address-book-import';
import { isAccountMember } from './customers/customer-repository';
import { registerOrderTrainingRoutes } from './routes/api/orders/training';
import type { PaymentGateway } from './payments/gateway';
import type { MailConfig } from './mail/config';
import { orderFulfilment } from './orders/fulfilment-process';
import { registerOrderRoutes } from './routes/api/orders/index';
import { registerQuoteRoutes } from './routes/api/quotes/index';
import { quoteContextProvider } from './quotes/quote-context';
import { quoteMailAttachments } from './quotes/quote-files';
import { invoicing } from './invoices/invoice-process';
import { registerInvoiceRoutes } from './routes/api/invoices/index';
import { startPriceChanges } from './catalog/price-changes';
import { mailTranslationsOnDemand } from './mail/translations';
import { SANDBOX_DENIED_PARTIES } from './screening/denied-parties';
import {
  startMailWorker,
  wakeMailWorkerOnAppend,
  type MailAttachments,
  type MailWorker,
} from './mail/worker';
import { SandboxGateway } from './payments/sandbox/sandbox-gateway';
import { registerPaymentSandboxRoutes } from './payments/sandbox/routes';
import { SandboxChallenge } from './challenge/sandbox/sandbox-challenge';
import { registerChallengeSandboxRoutes } from './challenge/sandbox/routes';
import type { ChallengeVerifier } from './challenge/verifier';
import { startHousekeeping } from './housekeeping/housekeeper';
import { registerAddressRoutes } from './routes/api/addresses/index';
import { BuiltInVerifier } from './address-verification/built-in-verifier';
import { AddressDoctorVerifier } from './address-verification/address-doctor/address-doctor-verifier';
import { AddressDoctorSandbox } from './address-verification/address-doctor/sandbox';
import type { AddressVerifiers } from './address-verification/verifier';
import type { HousekeepingSettings } from './housekeeping/settings';

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
  /**
   * PUBLIC_URL: the store's only address (cookies are Secure when it is https). Unset: each
   * request's own address (decision 020).
   */
  readonly publicUrl: string | undefined;
  /** Which proxies' X-Forwarded-* headers are believed (default: none). */
  readonly trustProxy?: TrustProxy;
  /** Platform keys the commerce API accepts (default: the store's web app). */
  readonly commercePlatformKeys?: readonly string[];
  /** The stream kinds and process managers (default: the store's registry). */
  readonly registry?: StreamRegistry;
  /** Context providers of kinds beyond the store's own (tests). */
  readonly contexts?: Readonly<Record<string, ContextProvider>>;
  /** Run the process managers in this process (default: yes). */
  readonly processManagers?: boolean;
  /**
   * The payment gateway (PAYMENT_GATEWAY; decision 026). Default: the embedded sandbox,
   * whose hosted card fields this app then serves under /payment-sandbox/.
   */
  readonly payments?: PaymentGateway;
  /**
   * The address verification services (decision 059). Default: the built-in verifier, and
   * the embedded AddressDoctor sandbox for buyers with the `address-doctor` flag on.
   */
  readonly addressVerifiers?: AddressVerifiers;
  /**
   * The checkout challenge of the `checkout-recaptcha` flag (CHECKOUT_CHALLENGE; decision
   * 061). Default: the embedded sandbox, whose token endpoint this app then serves.
   */
  readonly challenge?: ChallengeVerifier;
  /**
   * Send the mail outbox (SMTP_URL, MAIL_FROM; decision 027) from this process. Unset: no
   * worker here (mails wait in the outbox, `npm run mail` lists them).
   */
  readonly mail?: MailConfig;
  /**
   * Move placed orders on (FULFILMENT_STEP_SECONDS; decisions 029, 047): the fulfilment's
   * process manager runs with the others. Unset: no fulfilment (orders stay as placed;
   * `npm run orders` moves them by hand).
   */
  readonly fulfilment?: { readonly stepMs: number };
  /** Requests a minute per caller for each limited group (RATE_LIMIT_*; decision 033). */
  readonly rateLimits?: Partial<RateLimits>;
  /** The sign-in step's clock and wait (tests; default: the real ones). */
  readonly signIn?: SignInOptions;
  /**
   * The clock of the rate limits' windows and of what the identity cache keeps (tests drive
   * it; default: the real one).
   */
  readonly clock?: () => number;
  /** Seconds a session's or a grant's state may be kept before it is read again (decision 048). */
  readonly identityCheckSeconds?: number;
  /**
   * Purge what has outlived its retention from this process, one instance at a time
   * (HOUSEKEEPING_INTERVAL, RETENTION_*; decision 044). Unset: no housekeeping here.
   */
  readonly housekeeping?: HousekeepingSettings;
  /**
   * The time a request's headers and body have to arrive (REQUEST_TIMEOUT_SECONDS;
   * http-timeouts.ts). Default: 30 s.
   */
  readonly requestTimeoutMs?: number;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The event store every stream kind is written through. */
    eventStore: EventStore;
    /** The one way in for every write (decision 047). */
    commands: CommandHandler;
    /** What sessions, grants and users stand for, as this instance keeps them (decision 048). */
    identities: IdentityCache;
  }
}

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger ? { ...options.logger, ...SAFE_LOGGING } : false,
    // Off unless TRUST_PROXY says which proxies to believe (X-Forwarded-For, -Host, -Proto).
    trustProxy: fastifyTrustProxy(options.trustProxy),
    bodyLimit: 1_048_576,
    // A body that trickles in, or never comes, no longer holds its connection (decision 045).
    ...httpTimeouts(options.requestTimeoutMs),
    frameworkErrors,
    clientErrorHandler,
  });
  await app.register(fastifyCookie, { secret: options.identity.cookieSigner });
  registerErrorHandling(app);
  registerJsonBodies(app);
  registerSecurityHeaders(
    app,
    {
      tagManager: options.publicConfig.gtmContainerId !== undefined,
      launchDarkly: options.publicConfig.launchDarklyClientSideId !== undefined,
    },
    { httpsOnly: options.publicUrl?.startsWith('https:') ?? false },
  );
  registerCompression(app);
  // Down for maintenance: writes refused before anything else runs (decision 069).
  const maintenance = new MaintenanceGate(options.database.db);
  registerMaintenance(app, maintenance);
  const identities = new IdentityCache(options.database.db, {
    ...(options.clock ? { clock: options.clock } : {}),
    ...(options.identityCheckSeconds !== undefined
      ? { checkSeconds: options.identityCheckSeconds }
      : {}),
  });
  app.decorate('identities', identities);
  // Before every route: who acts is resolved once, before the limits count it.
  registerActing(app, {
    identity: options.identity,
    cache: identities,
    secureCookies: options.publicUrl?.startsWith('https:') ?? false,
  });
  registerSameOriginCheck(app, {
    // The origin the page was loaded from, whoever's Host it named (decision 045).
    addressOf: (request) => sentOrigin(request, options.publicUrl) ?? '',
    storefrontHosts: Object.keys(options.publicConfig.storefrontHosts),
  });
  registerHealthRoutes(app, options.database);
  await registerRateLimits(app, {
    db: options.database.db,
    ...(options.rateLimits ? { limits: options.rateLimits } : {}),
    ...(options.clock ? { clock: options.clock } : {}),
  });
  registerBootstrapRoutes(
    app,
    options.flags,
    options.publicConfig,
    (request) => ({
      issuer: options.identity.issuerFor(options.identity.addressOf(request)),
      clientId: options.identity.browserClientId,
      apiResource: options.identity.apiAudience,
    }),
    options.publicUrl?.startsWith('https:') ?? false,
  );
  registerFlagRoutes(app, options.flags, options.publicConfig.countryHeader);
  registerContentRoutes(app, new ContentFiles(options.contentDir));
  const { identity } = options;
  if (identity.embedded) {
    await mountOidcProvider(app, identity);
    registerInteractionRoutes(app, identity, options.database.db, {
      usernameSignIn: async (locale) =>
        isLocale(locale) &&
        resolveFlags(
          await options.flags.bootstrap(flagContextFor(null, storefrontFor(locale), null)),
        )['sso-username-field'],
      ...options.signIn,
    });
  }
  registerWebSessionRoutes(app, { db: options.database.db, identity, identities });
  registerCustomerRoutes(app, identities, options.database.db);
  registerSupportRoutes(app, { db: options.database.db, identities });
  registerCatalogRoutes(app, options.database.db);
  const db = options.database.db;
  const registry = options.registry ?? STREAM_REGISTRY;
  const payments = options.payments ?? new SandboxGateway(db);
  const challenge = options.challenge ?? new SandboxChallenge(db);
  // The fulfilment: a process manager, and the order kind's context for its steps.
  const fulfilment = options.fulfilment
    ? orderFulfilment({
        db,
        store: () => eventStore,
        payments,
        stepMs: options.fulfilment.stepMs,
        deniedParties: SANDBOX_DENIED_PARTIES,
      })
    : undefined;
  const eventStore: EventStore = new EventStore(db, {
    registry,
    contexts: {
      cart: cartContextProvider(),
      checkout: checkoutContextProvider(options.flags, () => eventStore),
      quote: quoteContextProvider({ flags: options.flags, store: () => eventStore }),
      ...(fulfilment ? { order: fulfilment.context } : {}),
      ...options.contexts,
    },
  });
  app.decorate('eventStore', eventStore);
  const commands = new CommandHandler(eventStore);
  app.decorate('commands', commands);
  await rebuildStaleReadModels(db, eventStore, registry);
  // Saved addresses not in their books yet go there once (decision 054).
  if (registry.get('address-book')) await importSavedAddresses(db, commands);
  registerStreamRoutes(app, {
    store: eventStore,
    commands,
    secureCookies: options.publicUrl?.startsWith('https:') ?? false,
    isAccountMember: (userId, accountId) => isAccountMember(db, userId, accountId),
  });
  registerCartRoutes(app, db);
  const managers = [
    ...registry.processManagers,
    ...(fulfilment ? [fulfilment.process] : []),
    // Orders issue invoices where the registry has both kinds (tests may register others).
    ...(registry.get('order') && registry.get('invoice')
      ? [invoicing({ db, store: () => eventStore })]
      : []),
  ];
  if (options.processManagers !== false && managers.length > 0) {
    const runner = new ProcessManagerRunner(db, eventStore, managers, {
      onError: (error) => {
        app.log.error({ err: error }, 'a process manager failed; it resumes from its checkpoint');
      },
    });
    app.addHook('onReady', (done) => {
      runner.start();
      done();
    });
    // Before the database closes (the process's own onClose hooks close it).
    app.addHook('preClose', async () => {
      await runner.stop();
    });
  }
  const mailTranslations = mailTranslationsOnDemand();
  if (options.mail) {
    startMailOutbox(
      app,
      db,
      eventStore,
      options.mail,
      quoteMailAttachments({
        flags: options.flags,
        translations: mailTranslations,
      }),
    );
  }
  registerMeRoutes(app, options.database.db, { identities, identity });
  registerAddressRoutes(app, {
    flags: options.flags,
    verifiers: options.addressVerifiers ?? {
      builtIn: new BuiltInVerifier(),
      addressDoctor: new AddressDoctorVerifier(new AddressDoctorSandbox()),
    },
  });
  registerQualificationRoutes(app, { db, commands });
  registerPaymentCardRoutes(app, { db: options.database.db, payments });
  registerAccountRoutes(app, { db: options.database.db, commands, identity });
  registerProfileRoutes(app, {
    db,
    commands,
    identities,
    identity,
    ...(options.clock ? { now: () => new Date(options.clock?.() ?? Date.now()) } : {}),
  });
  if (payments instanceof SandboxGateway) await registerPaymentSandboxRoutes(app, db);
  if (challenge instanceof SandboxChallenge) registerChallengeSandboxRoutes(app, challenge);
  registerCheckoutRoutes(app, db, {
    flags: options.flags,
    store: eventStore,
    commands,
    payments,
    challenge,
  });
  registerOrderTrainingRoutes(app, { store: eventStore, commands });
  registerOrderRoutes(app, db);
  registerInvoiceRoutes(app, {
    db,
    store: () => eventStore,
    commands,
    payments,
    translations: mailTranslations,
    addressOf: (request) => identity.addressOf(request),
  });
  registerQuoteRoutes(app, {
    db,
    flags: options.flags,
    store: () => eventStore,
    translations: mailTranslations,
    commands,
  });
  // Scheduled price changes take effect on their day (quotes' early expiration).
  let stopPriceChanges: (() => void) | undefined;
  app.addHook('onReady', (done) => {
    stopPriceChanges = startPriceChanges(db, (error) => {
      app.log.error({ err: error }, 'scheduled price changes could not be applied; retried hourly');
    });
    done();
  });
  app.addHook('preClose', (done) => {
    stopPriceChanges?.();
    done();
  });
  if (options.housekeeping) startHousekeeping(app, db, options.housekeeping);
  registerCommerceRoutes(app, options.database.db, {
    platformKeys: options.commercePlatformKeys ?? [WEB_PLATFORM_KEY],
  });
  await registerStaticFiles(app, options.staticDir, {
    publicUrl: options.publicUrl,
    originOf: (request) => {
      try {
        return identity.addressOf(request);
      } catch {
        return undefined;
      }
    },
    countryHeader: options.publicConfig.countryHeader,
    storefrontHosts: options.publicConfig.storefrontHosts,
    maintenance: {
      gate: maintenance,
      translate: (locale) => mailTranslations().translate(locale),
    },
  });
  return app;
}

/**
 * TRUST_PROXY as Fastify takes it. A hop count trusts that many proxies nearest the store,
 * whatever their address (Fastify itself refuses a bare number, as a client that reaches the
 * store directly could then claim any address): for a store only the proxies can reach.
 */
function fastifyTrustProxy(
  trustProxy: TrustProxy | undefined,
): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (typeof trustProxy === 'number') return (_address, hop) => hop < trustProxy;
  if (typeof trustProxy === 'object') return [...trustProxy];
  return trustProxy ?? false;
}

/** The mail worker: started when the app is ready, woken by new orders, stopped before the database closes. */
function startMailOutbox(
  app: FastifyInstance,
  db: Db,
  eventStore: EventStore,
  mail: MailConfig,
  attachments: MailAttachments,
): void {
  let worker: MailWorker | undefined;
  let unsubscribe: (() => void) | undefined;
  app.addHook('onReady', (done) => {
    worker = startMailWorker({
      db,
      smtpUrl: mail.smtpUrl,
      from: mail.from,
      attachments,
      logger: {
        info: (details, message) => app.log.info(details, message),
        warn: (details, message) => app.log.warn(details, message),
        error: (details, message) => app.log.error(details, message),
      },
    });
    unsubscribe = wakeMailWorkerOnAppend(eventStore, worker);
    done();
  });
  app.addHook('preClose', async () => {
    unsubscribe?.();
    await worker?.stop();
  });
}
