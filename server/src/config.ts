/**
 * Server configuration, read once from the environment and validated.
 * Secrets and addresses come only from here, never from code.
 */
import { WEB_PLATFORM_KEY } from '../../domain/commerce/commerce-api';
import { isIP } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as z from 'zod';
import type { HostLocales } from '../../domain/storefront/resolve-locale';
import { isLocale, type Locale } from '../../domain/storefront/storefronts';
import { paymentConfigFrom, type PaymentConfig } from './payments/create-gateway';
import { challengeConfigFrom, type ChallengeConfig } from './challenge/create-verifier';
import { mailConfigFrom, type MailConfig } from './mail/config';
import { rateLimitsFrom, type RateLimits } from './plugins/rate-limit-settings';
import { housekeepingSettingsFrom, type HousekeepingSettings } from './housekeeping/settings';

export const ROOT_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

const optionalString = z
  .string()
  .trim()
  .optional()
  .transform((value) => (value === '' ? undefined : value));

/** `http(s)://host[:port]`, nothing else (a trailing slash is allowed). */
function isOriginUrl(value: string): boolean {
  if (!/^https?:\/\/[^/?#@\s]+\/?$/i.test(value)) return false;
  try {
    return new URL(value).host !== '';
  } catch {
    return false;
  }
}

const EnvSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  /** Seconds between the automatic steps of an order's fulfilment (decision 029). */
  FULFILMENT_STEP_SECONDS: z.coerce.number().min(0.05).max(604_800).default(120),
  HOST: z.string().min(1).default('0.0.0.0'),
  /** Seconds a request's headers and body have to arrive (decision 045). */
  REQUEST_TIMEOUT_SECONDS: z.coerce.number().min(1).max(3_600).default(30),
  DATA_DIR: z.string().min(1).default('./data'),
  /** `own`: the embedded database on a worker thread of its own (decision 049). */
  EMBEDDED_DATABASE_THREAD: z.enum(['caller', 'own']).default('caller'),
  DATABASE_URL: z
    .string()
    .trim()
    .optional()
    .transform((value) => (value === '' ? undefined : value))
    .refine((value) => value === undefined || /^postgres(ql)?:\/\//.test(value), {
      message: 'DATABASE_URL must start with postgres:// or postgresql://',
    }),
  DATABASE_SCHEMA: z
    .string()
    .trim()
    .optional()
    .transform((value) => (value === '' ? undefined : value))
    .refine((value) => value === undefined || /^[a-z_][a-z0-9_]{0,62}$/.test(value), {
      message: 'DATABASE_SCHEMA must be a lower-case SQL identifier',
    }),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  STATIC_DIR: z.string().min(1).default('dist'),
  CONTENT_DIR: z.string().min(1).default('server/content'),
  FLAGS_FILE: z.string().min(1).default('server/flags/flags.json'),
  LAUNCHDARKLY_SDK_KEY: optionalString,
  LAUNCHDARKLY_CLIENT_SIDE_ID: optionalString,
  GTM_CONTAINER_ID: optionalString.refine(
    (v) => v === undefined || /^GTM-[A-Z0-9]{4,12}$/.test(v),
    {
      message: 'GTM_CONTAINER_ID must look like GTM-XXXXXXX',
    },
  ),
  STOREFRONT_HOSTS: optionalString,
  PUBLIC_URL: optionalString.refine((v) => v === undefined || isOriginUrl(v), {
    message: 'PUBLIC_URL must be an origin such as https://store.example.com (no path)',
  }),
  TRUST_PROXY: optionalString,
  OIDC_ISSUER: optionalString,
  OIDC_CLIENT_ID: z.string().trim().min(1).default('storefront'),
  OIDC_SERVER_CLIENT_ID: z.string().trim().min(1).default('storefront-server'),
  OIDC_SERVER_CLIENT_SECRET: optionalString,
  OIDC_API_AUDIENCE: z.string().trim().min(1).default('urn:assessments-store:api'),
  OIDC_JWKS: optionalString,
  OIDC_COOKIE_KEYS: optionalString,
  DEMO_USERS: z.enum(['on', 'off']).default('on'),
  COMMERCE_PLATFORM_KEYS: optionalString,
  COUNTRY_HEADER: z
    .string()
    .trim()
    .toLowerCase()
    .regex(/^[a-z0-9-]+$/)
    .default('x-country-code'),
});

export interface ServerConfig {
  readonly port: number;
  readonly host: string;
  /** The time a request's headers and body have to arrive (REQUEST_TIMEOUT_SECONDS). */
  readonly requestTimeoutMs: number;
  /** Absolute path of the directory that holds the embedded database and the process lock. */
  readonly dataDir: string;
  /** The thread the embedded database runs on (EMBEDDED_DATABASE_THREAD, decision 049). */
  readonly embeddedDatabaseThread: 'caller' | 'own';
  /** A PostgreSQL server to use instead of the embedded database. */
  readonly databaseUrl: string | undefined;
  /** Schema for the store's tables in that server (default: the server's search_path). */
  readonly databaseSchema: string | undefined;
  readonly logLevel: z.infer<typeof EnvSchema>['LOG_LEVEL'];
  /** Absolute path of the built PWA. */
  readonly staticDir: string;
  /** Regional content (navigation, footer, pages, checkout copy), editable without a rebuild. */
  readonly contentDir: string;
  /** The LaunchDarkly flag file used when no SDK key is configured. */
  readonly flagsFile: string;
  readonly launchDarklySdkKey: string | undefined;
  readonly launchDarklyClientSideId: string | undefined;
  readonly gtmContainerId: string | undefined;
  /** Hosts configured for a storefront, so their paths may drop the locale (SPEC 2.2). */
  readonly storefrontHosts: HostLocales;
  /** Request header a proxy or CDN sets to the visitor's country (ISO code). */
  readonly countryHeader: string;
  /**
   * The address people reach the store at (the embedded provider's issuer is below it).
   * Unset: each request's own address is used (decision 020).
   */
  readonly publicUrl: string | undefined;
  /** Which proxies' X-Forwarded-* headers are believed (Fastify's trustProxy). */
  readonly trustProxy: TrustProxy;
  readonly identity: IdentityConfig;
  /** Seed the demo users into an empty database. */
  readonly demoUsers: boolean;
  /** Platform keys the commerce API accepts (SPEC 7.2 headers). */
  readonly commercePlatformKeys: readonly string[];
  /** The payment gateway and its keys (PAYMENT_GATEWAY; decision 026). */
  readonly payments: PaymentConfig;
  /** The checkout challenge (CHECKOUT_CHALLENGE, CHALLENGE_SANDBOX_SECRET; decision 061). */
  readonly challenge: ChallengeConfig;
  /** Where the mail outbox is sent (SMTP_URL, MAIL_FROM; decision 027). */
  readonly mail: MailConfig;
  /** The pace of orders' fulfilment (FULFILMENT_STEP_SECONDS; decision 029). */
  readonly fulfilment: { readonly stepMs: number };
  /** Requests a minute per caller for each limited group (RATE_LIMIT_*; decision 033). */
  readonly rateLimits: RateLimits;
  /** How often housekeeping runs and how long finished rows are kept (decision 044). */
  readonly housekeeping: HousekeepingSettings;
}

export interface IdentityConfig {
  /** Another OpenID provider to use instead of the embedded one. */
  readonly externalIssuer: string | undefined;
  readonly browserClientId: string;
  readonly serverClientId: string;
  readonly serverClientSecret: string | undefined;
  readonly apiAudience: string;
  readonly jwks: string | undefined;
  readonly cookieKeys: string | undefined;
}

/**
 * `false`: no proxy; `true`: any; a number: that many proxies in front of the store (the
 * client is the address that many hops back in X-Forwarded-For); or the proxies'
 * addresses, CIDR ranges or proxy-addr names.
 */
export type TrustProxy = boolean | number | readonly string[];

export class ConfigError extends Error {
  override readonly name = 'ConfigError';
}

/** `store.example.co.uk=en-gb,store.example.ca=en-ca` */
export function parseStorefrontHosts(value: string | undefined): HostLocales {
  const hosts: Record<string, Locale> = {};
  for (const pair of (value ?? '')
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean)) {
    const [host, locale] = pair.split('=').map((p) => p.trim().toLowerCase());
    if (!host || !locale || !isLocale(locale)) {
      throw new ConfigError(
        `STOREFRONT_HOSTS: "${pair}" is not host=locale with one of the ten locales`,
      );
    }
    hosts[host] = locale;
  }
  return hosts;
}

const PROXY_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isProxyAddress(value: string): boolean {
  if (PROXY_NAMES.has(value)) return true;
  const [address = '', bits, ...rest] = value.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (bits === undefined) return true;
  return /^[0-9]{1,3}$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128);
}

/**
 * `TRUST_PROXY`: unset or `off` (the default: X-Forwarded-* headers are ignored), `on`, a hop
 * count (`1`: one proxy in front of the store), or a comma-separated list of the proxies'
 * addresses and CIDR ranges.
 */
export function parseTrustProxy(value: string | undefined): TrustProxy {
  const text = value?.trim().toLowerCase() ?? '';
  if (text === '' || text === 'off' || text === '0') return false;
  if (text === 'on') return true;
  if (/^[0-9]{1,2}$/.test(text)) return Number(text);
  const entries = text
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  const wrong = entries.find((entry) => !isProxyAddress(entry));
  if (wrong !== undefined || entries.length === 0) {
    throw new ConfigError(
      `TRUST_PROXY: "${wrong ?? value}" is not on, off, a hop count, or a list of addresses or CIDR ranges`,
    );
  }
  return entries;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  let payments: PaymentConfig;
  let challenge: ChallengeConfig;
  try {
    payments = paymentConfigFrom(env);
    challenge = challengeConfigFrom(env);
  } catch (error) {
    throw new ConfigError((error as Error).message);
  }
  const mail = mailConfigFrom(env);
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues
      .map((issue) => `${issue.path.join('.')}: ${issue.message}`)
      .join('; ');
    throw new ConfigError(`Invalid environment: ${problems}`);
  }
  const e = parsed.data;
  return {
    port: e.PORT,
    host: e.HOST,
    requestTimeoutMs: Math.round(e.REQUEST_TIMEOUT_SECONDS * 1000),
    dataDir: path.resolve(e.DATA_DIR),
    embeddedDatabaseThread: e.EMBEDDED_DATABASE_THREAD,
    databaseUrl: e.DATABASE_URL,
    databaseSchema: e.DATABASE_SCHEMA,
    logLevel: e.LOG_LEVEL,
    staticDir: path.resolve(ROOT_DIR, e.STATIC_DIR),
    contentDir: path.resolve(ROOT_DIR, e.CONTENT_DIR),
    flagsFile: path.resolve(ROOT_DIR, e.FLAGS_FILE),
    launchDarklySdkKey: e.LAUNCHDARKLY_SDK_KEY,
    launchDarklyClientSideId: e.LAUNCHDARKLY_CLIENT_SIDE_ID,
    gtmContainerId: e.GTM_CONTAINER_ID,
    storefrontHosts: parseStorefrontHosts(e.STOREFRONT_HOSTS),
    countryHeader: e.COUNTRY_HEADER,
    publicUrl: e.PUBLIC_URL === undefined ? undefined : new URL(e.PUBLIC_URL).origin,
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    identity: {
      externalIssuer: e.OIDC_ISSUER?.replace(/\/$/, ''),
      browserClientId: e.OIDC_CLIENT_ID,
      serverClientId: e.OIDC_SERVER_CLIENT_ID,
      serverClientSecret: e.OIDC_SERVER_CLIENT_SECRET,
      apiAudience: e.OIDC_API_AUDIENCE,
      jwks: e.OIDC_JWKS,
      cookieKeys: e.OIDC_COOKIE_KEYS,
    },
    demoUsers: e.DEMO_USERS === 'on',
    commercePlatformKeys: e.COMMERCE_PLATFORM_KEYS?.split(',')
      .map((k) => k.trim())
      .filter((k) => k !== '') ?? [WEB_PLATFORM_KEY],
    payments,
    challenge,
    mail,
    fulfilment: { stepMs: Math.round(e.FULFILMENT_STEP_SECONDS * 1000) },
    rateLimits: rateLimitsFrom(env),
    housekeeping: housekeepingSettingsFrom(env),
  };
}
