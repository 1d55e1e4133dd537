/**
 * The fuzzer's run (decision 035): a real store process on a fresh database, a visitor and
 * two buyers with marked records, then requests to every route of the app made from its
 * schemas; then markup stored through every route that keeps text and fetched back through
 * every page and call that shows it. Every answer is checked:
 *
 * - a 5xx (or the process gone, or no answer in time) is a failure;
 * - a buyer's marker, id, email or phone in an answer to anyone else is a leak, unless the
 *   request itself carried it;
 * - markup served raw in HTML, or JSON not served as application/json with nosniff, is a
 *   failure.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import pg from 'pg';
import { LOCALES } from '../../domain/storefront/storefronts';
import { launchStoreProcess, type StoreProcess } from '../../tests/support/server-process';
import { HttpSession } from '../../tests/support/http-session';
import { Api, prepareBuyer, signIn, startCheckout, type Buyer } from './buyers';
import { XSS_PAYLOADS } from './hostile';
import {
  ACTORS,
  caseArbitrary,
  httpRequestOf,
  unknownArbitrary,
  type Actor,
  type FuzzCase,
  type HttpRequest,
} from './requests';
import { ROUTES, specFor, STRAY_PATHS, type AppRoute } from './routes';

export interface FuzzOptions {
  readonly requests: number;
  readonly seed: number;
  /** PostgreSQL to run the store on (a fresh schema in it); PGlite otherwise. */
  readonly databaseUrl?: string;
  /** Requests in flight at once. */
  readonly concurrency?: number;
  readonly progress?: (line: string) => void;
}

export type FailureKind = '5xx' | 'leak' | 'unescaped' | 'content-type' | 'timeout' | 'crash';

export interface Failure {
  readonly kind: FailureKind;
  readonly route: string;
  readonly actor: Actor;
  readonly status: number | null;
  readonly detail: string;
  /** The request to send again (cookies of `actor`). */
  readonly request: { method: string; url: string; headers: Record<string, string>; body?: string };
  /** The store's error log lines of the moment. */
  readonly serverLog?: string;
}

export interface FuzzReport {
  readonly seed: number;
  readonly requests: number;
  readonly database: 'pglite' | 'postgres';
  readonly durationMs: number;
  /** Every answer, fuzzed or not, by status ('error' when none came). */
  readonly byStatus: Record<string, number>;
  readonly byRoute: Record<string, Record<string, number>>;
  readonly routes: {
    readonly listed: number;
    /** Routes of the app with no schema known here: fuzzed with generic values. */
    readonly generic: string[];
    /** Routes known here that the app did not list. */
    readonly missing: string[];
  };
  readonly xss: { readonly stored: string[]; readonly refused: string[]; readonly views: number };
  /** Buyers whose session ended during the run (the checks after it saw them as visitors). */
  readonly sessionsLost: Actor[];
  /** Every failure found, by kind (`failures` keeps the first 200 of them). */
  readonly failuresByKind: Partial<Record<FailureKind, number>>;
  readonly failures: Failure[];
}

const RATE_LIMITS_OFF = {
  RATE_LIMIT_CART: '0',
  RATE_LIMIT_REGISTER: '0',
  RATE_LIMIT_SESSION: '0',
  RATE_LIMIT_SIGN_IN: '0',
  RATE_LIMIT_ORDER_STATUS: '0',
  RATE_LIMIT_PLACE_ORDER: '0',
  RATE_LIMIT_SEARCH: '0',
};

const TIMEOUT_MS = 30_000;
const MAX_FAILURES_KEPT = 200;
const routeKey = (r: { method: string; path: string }) => `${r.method} ${r.path}`;

const ROUTE_RECORDER = new URL('./route-recorder.js', import.meta.url);

/** A file of the built PWA (fastify-static makes a route for each), not a route of the table. */
function isStaticFile(route: AppRoute): boolean {
  return (
    route.method === 'GET' &&
    !route.path.includes(':') &&
    /\.[a-z0-9]+$/i.test(route.path) &&
    !ROUTES.some((known) => known.path === route.path)
  );
}

/** The routes the store's app registered, as its onRoute hook wrote them (route-recorder.js). */
async function recordedRoutes(file: string): Promise<AppRoute[]> {
  const routes = new Map<string, AppRoute>();
  for (const line of (await readFile(file, 'utf8')).split('\n')) {
    if (!line.trim()) continue;
    const { methods, path } = JSON.parse(line) as { methods: string[]; path: string };
    for (const method of methods) {
      if (method !== 'HEAD') routes.set(`${method} ${path}`, { method, path });
    }
  }
  return [...routes.values()];
}

interface Target {
  readonly store: StoreProcess;
  readonly routes: AppRoute[];
  dispose(): Promise<void>;
}

async function startStore(databaseUrl: string | undefined): Promise<Target> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'fuzz-store-'));
  const schema = `fuzz_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
  const routesFile = path.join(dir, 'routes.jsonl');
  const store = await launchStoreProcess({
    dataDir: path.join(dir, 'data'),
    readyTimeoutMs: 120_000,
    env: {
      ...RATE_LIMITS_OFF,
      LOG_LEVEL: 'error',
      FUZZ_ROUTES_FILE: routesFile,
      NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --import=${ROUTE_RECORDER.href}`.trim(),
      ...(databaseUrl ? { DATABASE_URL: databaseUrl, DATABASE_SCHEMA: schema } : {}),
    },
  });
  return {
    store,
    routes: await recordedRoutes(routesFile),
    dispose: async () => {
      await store.stop('SIGTERM');
      await rm(dir, { recursive: true, force: true });
      if (databaseUrl) {
        const admin = new pg.Client({ connectionString: databaseUrl });
        await admin.connect();
        try {
          await admin.query(`drop schema if exists "${schema}" cascade`);
        } finally {
          await admin.end();
        }
      }
    },
  };
}

export interface Answer {
  readonly status: number | 'error' | 'timeout';
  readonly type: string;
  readonly nosniff: boolean;
  readonly text: string;
}

/** The checks of one answer; the failures found. */
export function check(
  answer: Answer,
  request: HttpRequest,
  actor: Actor,
  buyers: Record<'a' | 'b', Pick<Buyer, 'secrets'>>,
  stored: readonly string[],
): { kind: FailureKind; detail: string }[] {
  const found: { kind: FailureKind; detail: string }[] = [];
  if (answer.status === 'timeout') {
    found.push({ kind: 'timeout', detail: `no answer in ${String(TIMEOUT_MS / 1000)} s` });
  }
  if (typeof answer.status === 'number' && answer.status >= 500) {
    found.push({ kind: '5xx', detail: answer.text.slice(0, 500) });
  }
  const asked = `${request.url}\n${JSON.stringify(request.headers)}\n${request.body ?? ''}`;
  let askedDecoded = asked;
  try {
    askedDecoded += decodeURIComponent(request.url);
  } catch {
    // A URL with broken escapes: as it is.
  }
  for (const owner of ['a', 'b'] as const) {
    if (owner === actor) continue;
    for (const secret of buyers[owner].secrets) {
      if (answer.text.includes(secret) && !askedDecoded.includes(secret)) {
        found.push({
          kind: 'leak',
          detail: `buyer ${owner}'s ${JSON.stringify(secret)} in the answer to ${actor}: ${excerpt(answer.text, secret)}`,
        });
      }
    }
  }
  const html = /html|xml/i.test(answer.type) || answer.type === '';
  if (html && answer.text.length > 0) {
    for (const markup of [...XSS_PAYLOADS, ...stored]) {
      if (answer.text.includes(markup)) {
        found.push({
          kind: 'unescaped',
          detail: `markup served raw as ${answer.type || 'no type'}: ${excerpt(answer.text, markup)}`,
        });
        break;
      }
    }
  }
  const looksJson = /^\s*[[{]/.test(answer.text) && parses(answer.text);
  const carriesStored = stored.some((s) => answer.text.includes(s));
  if ((looksJson || carriesStored) && !html) {
    if (!/^application\/(.+\+)?json\b/i.test(answer.type) && !/javascript|css/.test(answer.type)) {
      found.push({ kind: 'content-type', detail: `JSON served as ${answer.type || 'no type'}` });
    } else if (!answer.nosniff) {
      found.push({ kind: 'content-type', detail: 'JSON served without nosniff' });
    }
  }
  return found;
}

function parses(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

function excerpt(text: string, around: string): string {
  const at = text.indexOf(around);
  return text.slice(Math.max(0, at - 120), at + around.length + 120);
}

function truncated(request: HttpRequest): Failure['request'] {
  return {
    method: request.method,
    url: request.url.length > 2_000 ? `${request.url.slice(0, 2_000)}…` : request.url,
    headers: request.headers,
    ...(request.body !== undefined
      ? {
          body:
            request.body.length > 4_000
              ? `${request.body.slice(0, 4_000)}… (${String(request.body.length)} characters)`
              : request.body,
        }
      : {}),
  };
}

export async function runFuzz(options: FuzzOptions): Promise<FuzzReport> {
  const started = performance.now();
  const progress = options.progress ?? (() => undefined);
  const concurrency = options.concurrency ?? 6;
  const target = await startStore(options.databaseUrl);
  const { store, routes: appRoutes } = target;
  const origin = store.url;
  const seconds = () => ((performance.now() - started) / 1000).toFixed(1);
  progress(`store at ${origin}; ${String(appRoutes.length)} routes listed (${seconds()} s)`);
  const byStatus: Record<string, number> = {};
  const byRoute: Record<string, Record<string, number>> = {};
  const failures: Failure[] = [];
  let failureCount = 0;
  let crashed = false;
  const gone = () => store.child.exitCode !== null || store.child.signalCode !== null;
  const failuresByKind: Partial<Record<FailureKind, number>> = {};

  try {
    const buyers = {
      a: await prepareBuyer(origin, 'a', options.seed),
      b: await prepareBuyer(origin, 'b', options.seed),
    };
    const visitor = new HttpSession(origin);
    const sessions: Record<Actor, HttpSession> = {
      visitor,
      a: buyers.a.session,
      b: buyers.b.session,
    };
    progress(`buyers ready: a=${buyers.a.marker} b=${buyers.b.marker} (${seconds()} s)`);
    const stored: string[] = [];

    /** Sends one request and checks its answer. */
    async function send(
      request: HttpRequest,
      actor: Actor,
      route: string,
      session: HttpSession = sessions[actor],
    ): Promise<Answer> {
      const logBefore = store.output().length;
      let answer: Answer;
      try {
        const response = await session.request(request.url, {
          method: request.method,
          headers: request.headers,
          ...(request.body !== undefined ? { body: request.body } : {}),
          signal: AbortSignal.timeout(TIMEOUT_MS),
        });
        answer = {
          status: response.status,
          type: response.headers.get('content-type') ?? '',
          nosniff: response.headers.get('x-content-type-options') === 'nosniff',
          text: await response.text(),
        };
      } catch (error) {
        const timeout = error instanceof Error && error.name === 'TimeoutError';
        answer = { status: timeout ? 'timeout' : 'error', type: '', nosniff: false, text: '' };
      }
      const status = String(answer.status);
      byStatus[status] = (byStatus[status] ?? 0) + 1;
      const counts = (byRoute[route] ??= {});
      counts[status] = (counts[status] ?? 0) + 1;
      const found = check(answer, request, actor, buyers, stored);
      if (answer.status === 'error' && gone() && !crashed) {
        crashed = true;
        found.push({
          kind: 'crash',
          detail: `the store exited (${String(store.child.exitCode ?? store.child.signalCode)})`,
        });
      }
      for (const failure of found) {
        failureCount++;
        failuresByKind[failure.kind] = (failuresByKind[failure.kind] ?? 0) + 1;
        if (failures.length >= MAX_FAILURES_KEPT) continue;
        // The store's last words when it went; otherwise what it logged during the request.
        const log =
          failure.kind === 'crash' ? store.output().slice(-8_000) : store.output().slice(logBefore);
        failures.push({
          ...failure,
          route,
          actor,
          status: typeof answer.status === 'number' ? answer.status : null,
          request: truncated(request),
          ...(log ? { serverLog: log.slice(0, 8_000) } : {}),
        });
      }
      return answer;
    }

    // Every route the app has, with its schemas where they are known.
    // fetch cannot send TRACE or CONNECT.
    const sendable = appRoutes.filter((r) => !['TRACE', 'CONNECT'].includes(r.method));
    // The PWA's files (a route each): one route's share of the requests between them.
    const files = sendable.filter((r) => isStaticFile(r));
    const specs = sendable.filter((r) => !isStaticFile(r)).map(specFor);
    const generic = sendable
      .filter((r) => !isStaticFile(r))
      .filter((r) => !ROUTES.some((k) => k.method === r.method && k.path === r.path))
      .map(routeKey);
    const missing = ROUTES.filter(
      (k) => !appRoutes.some((r) => r.method === k.method && k.path === r.path),
    ).map(routeKey);

    const ids = [
      ...buyers.a.ids,
      buyers.a.userId,
      ...buyers.b.ids,
      buyers.b.userId,
      ...(buyers.a.orderNumber ? [buyers.a.orderNumber] : []),
    ];
    const unknown = unknownArbitrary([
      {
        country: 'GB',
        region: 'LDS',
        town: 'Leeds',
        line1: '22 Riverside Walk',
        postalCode: 'LS1 4AP',
      },
      {
        country: 'US',
        region: 'WI',
        town: 'Madison',
        line1: '500 Lincoln Drive',
        postalCode: '53706',
      },
      { code: 'MCS5-KIT', quantity: 1 },
      buyers.a.orderNumber ?? 'W0000000013',
    ]);
    const arbitraryOptions = { hostileWeight: 1, ids: () => ids, unknown };
    const strays = [...STRAY_PATHS, ...files.map((f) => f.path)].map((p) => ({
      method: 'GET' as const,
      path: p,
    }));
    const cases = fc.oneof(
      ...specs.map((spec) => ({ arbitrary: caseArbitrary(spec, arbitraryOptions), weight: 10 })),
      {
        arbitrary: fc
          .tuple(
            fc.constantFrom(...strays),
            fc.constantFrom(...ACTORS),
            fc.constantFrom('GET', 'POST', 'DELETE', 'PUT'),
          )
          .map(([stray, actor, method]): FuzzCase => ({
            route: { method: method, path: stray.path },
            actor,
            params: undefined,
            query: undefined,
            body: undefined,
            headers: undefined,
            encoding: 'json',
            rest: '',
          })),
        weight: 5,
      },
    );

    /** A request as it is sent: the session-ending ones never end a buyer's session. */
    function prepared(fuzz: FuzzCase): { request: HttpRequest; actor: Actor } {
      const actor = fuzz.route.endsSession ? 'visitor' : fuzz.actor;
      let request = httpRequestOf(fuzz, origin);
      if (fuzz.route.method === 'DELETE' && actor !== 'visitor') {
        // A buyer keeps the records that carry their marker.
        for (const own of buyers[actor].ids) {
          request = { ...request, url: request.url.replaceAll(own, randomUUID()) };
        }
      }
      return { request, actor };
    }

    // The requests, in chunks of one seed each (reproducible, and never all in memory).
    const CHUNK = 250;
    let sent = 0;
    let lastActivity = performance.now();
    const sessionsLost = new Set<Actor>();
    for (let chunk = 0; sent < options.requests; chunk++) {
      const count = Math.min(CHUNK, options.requests - sent);
      const batch = fc.sample(cases, { seed: options.seed + chunk, numRuns: count });
      let next = 0;
      await Promise.all(
        Array.from({ length: concurrency }, async () => {
          while (next < batch.length) {
            const fuzz = batch[next++];
            if (!fuzz) break;
            const { request, actor } = prepared(fuzz);
            await send(request, actor, routeKey(fuzz.route));
          }
        }),
      );
      sent += count;
      if (performance.now() - lastActivity > 60_000) {
        // The buyers' activity, as their pages report it, so that their sessions never idle out.
        lastActivity = performance.now();
        for (const actor of ['a', 'b'] as const) {
          const check = await send(
            {
              method: 'GET',
              url: '/store/customer/current',
              headers: { 'x-session-activity': '0' },
            },
            actor,
            'GET /store/customer/current',
          );
          if (check.status === 401) sessionsLost.add(actor);
        }
      }
      if (chunk % 4 === 3 || sent === options.requests) {
        progress(`${String(sent)} requests, ${String(failureCount)} failures (${seconds()} s)`);
      }
      if (gone()) break;
    }

    const finish = (xss: FuzzReport['xss']): FuzzReport => ({
      seed: options.seed,
      requests: sent,
      database: options.databaseUrl ? 'postgres' : 'pglite',
      durationMs: Math.round(performance.now() - started),
      byStatus,
      byRoute,
      routes: { listed: appRoutes.length, generic, missing },
      xss,
      sessionsLost: [...sessionsLost],
      failuresByKind,
      failures,
    });
    if (gone()) {
      if (!crashed) {
        failuresByKind.crash = (failuresByKind.crash ?? 0) + 1;
        failures.push({
          kind: 'crash',
          route: '(between requests)',
          actor: 'visitor',
          status: null,
          detail: `the store exited (${String(store.child.exitCode ?? store.child.signalCode)})`,
          request: { method: '', url: '', headers: {} },
          serverLog: store.output().slice(-8_000),
        });
      }
      progress('the store is gone: no markup phase');
      return finish({ stored: [], refused: [], views: 0 });
    }
    for (const actor of ['a', 'b'] as const) {
      const still = await sessions[actor].request('/store/customer/current');
      if (still.status !== 200) sessionsLost.add(actor);
    }
    if (sessionsLost.size > 0)
      progress(`signed out during the run: ${[...sessionsLost].join(', ')}`);
    return finish(await storeAndShowMarkup(origin, buyers, send, stored));
  } finally {
    await target.dispose();
  }
}

type Send = (
  request: HttpRequest,
  actor: Actor,
  route: string,
  session?: HttpSession,
) => Promise<Answer>;

/**
 * Markup through every route that keeps text (the address book, saved carts, carts,
 * checkouts, registration), then every call and page that shows it, as its owner and as the
 * others. Each payload carries its own token, so that it is found wherever it appears.
 */
async function storeAndShowMarkup(
  origin: string,
  buyers: Record<'a' | 'b', Buyer>,
  send: Send,
  stored: string[],
): Promise<FuzzReport['xss']> {
  const payloads = XSS_PAYLOADS.map((p, i) => p.replace(/XSS|xxs|1\)/, `x${String(i)}z`));
  const refused: string[] = [];
  const kept: string[] = [];
  const json = (method: string, url: string, body: unknown): HttpRequest => ({
    method,
    url,
    headers: { 'content-type': 'application/json', origin },
    body: JSON.stringify(body),
  });
  const command = (type: string, data: unknown, expectedVersion = 0) => {
    const commandId = randomUUID();
    return {
      clientId: `fuzz-${commandId}`,
      seq: 1,
      commandId,
      expectedVersion,
      command: { type, data, metadata: { commandId, now: new Date().toISOString() } },
    };
  };
  const cartId = randomUUID();
  const api = new Api(buyers.a.session, origin);
  const checkouts: string[] = [];
  /** Sends as buyer a; the payload counts as stored when the answer took it. */
  async function keep(where: string, payload: string, request: HttpRequest) {
    const answer = await send(request, 'a', `XSS ${where}`);
    const took =
      typeof answer.status === 'number' &&
      answer.status < 300 &&
      !/"status":"rejected"|"status":"refused"/.test(answer.text);
    const why = took ? '' : answer.text.slice(0, 300);
    (took ? kept : refused).push(`${where}: ${payload} (${String(answer.status)} ${why})`);
    if (took) stored.push(payload);
  }
  const entry = (field: string, payload: string) => {
    const address: Record<string, string> = {
      country: 'GB',
      region: 'LDS',
      town: 'Leeds',
      line1: '1 Park Row',
      postalCode: 'LS1 5AB',
    };
    const body: Record<string, unknown> = {
      firstName: 'Mara',
      lastName: 'Lind',
      phone: { country: 'GB', number: '0113 496 0111' },
      address,
    };
    if (field.startsWith('address.')) address[field.slice(8)] = payload.slice(0, 60);
    else body[field] = payload.slice(0, 100);
    return json('POST', '/api/me/addresses', body);
  };
  const saveCart = (field: 'name' | 'description' | 'line', payload: string) =>
    json(
      'POST',
      '/api/saved-carts/commands',
      command('SaveCart', {
        savedCartId: randomUUID(),
        name: field === 'name' ? payload.slice(0, 60) : 'Spring order',
        ...(field === 'description' ? { description: payload } : {}),
        lines: [
          {
            code: 'MCS5-KIT',
            name: field === 'line' ? payload.slice(0, 60) : 'Kit',
            programName: 'Program',
            quantity: 1,
          },
        ],
      }),
    );
  const cartCommand = (type: string, payload: string) =>
    json(
      'POST',
      `/api/carts/${cartId}/commands?locale=en-gb`,
      command(
        type,
        type === 'AddItem'
          ? { code: payload.slice(0, 40), quantity: 1 }
          : { code: payload.slice(0, 40) },
      ),
    );
  const checkoutAddress = async (field: string, payload: string) => {
    const checkout = await startCheckout(api, 'en-gb', 'MCS5-KIT');
    checkouts.push(checkout.checkoutId);
    const address: Record<string, string> = {
      firstName: 'Mara',
      lastName: 'Lind',
      line1: '1 Park Row',
      town: 'Leeds',
      region: 'LDS',
      postalCode: 'LS1 5AB',
      country: 'GB',
      phone: '+441134960111',
      [field]: payload.slice(0, 60),
    };
    return json(
      'POST',
      `/api/checkouts/${checkout.checkoutId}/commands?locale=en-gb`,
      command('ChooseShippingAddress', { address, saveToAddressBook: true }, checkout.version),
    );
  };
  const ways: [string, (payload: string) => HttpRequest | Promise<HttpRequest>][] = [
    ['address book organization', (p) => entry('organization', p)],
    ['address book first name', (p) => entry('firstName', p)],
    ['address book line 2', (p) => entry('address.line2', p)],
    ['address book town', (p) => entry('address.town', p)],
    ['saved cart name', (p) => saveCart('name', p)],
    ['saved cart description', (p) => saveCart('description', p)],
    ['saved cart line name', (p) => saveCart('line', p)],
    ['cart item code', (p) => cartCommand('AddItem', p)],
    ['cart promotion code', (p) => cartCommand('ApplyPromotion', p)],
    ['checkout address organization', (p) => checkoutAddress('organization', p)],
    ['checkout address line 2', (p) => checkoutAddress('line2', p)],
  ];
  for (const [i, payload] of payloads.entries()) {
    // Each payload through a few of the ways, every way with several payloads.
    for (const [j, [where, request]] of ways.entries()) {
      if ((i + j) % 3 !== 0) continue;
      await keep(where, payload, await request(payload));
    }
  }
  // Registration with markup for names: a new user, who then reads their own records.
  const visitorSession = new HttpSession(origin);
  const registered = await registerWith(visitorSession, origin, payloads[0] ?? '<b>', send);
  if (registered) {
    stored.push(payloads[0] ?? '');
    kept.push(`registration names: ${payloads[0] ?? ''}`);
  } else refused.push(`registration names: ${payloads[0] ?? ''}`);

  const views: string[] = [
    '/api/me/addresses',
    '/api/saved-carts',
    `/api/carts/${cartId}`,
    ...checkouts.slice(0, 3).map((id) => `/api/checkouts/${id}`),
    '/api/carts/current?locale=en-gb',
    '/api/checkout/facts?locale=en-gb',
    '/store/customer/current',
    '/api/orders?locale=en-gb',
    `/api/commerce/users/${buyers.a.userId}/carts/current/search/address/autosuggest?addressType=SHIPPING&term=Leeds&lang=en`,
    ...LOCALES.slice(0, 4).flatMap((l) => [
      `/${l}/`,
      `/${l}/my-account/address-book`,
      `/${l}/cart`,
    ]),
    '/',
    '/content/en-gb/footer-content.html',
    '/content/en-gb/first-level-nav-react-content.html',
    '/payment-sandbox/fields',
  ];
  let count = 0;
  for (const actor of ACTORS) {
    for (const url of views) {
      const commerce: Record<string, string> = url.startsWith('/api/commerce')
        ? {
            'x-site-id': 'ukassessments',
            'x-platform-key': 'assessments-web',
            'x-request-id': 'fuzz-view-0001',
            'x-routing-region': 'EU',
          }
        : {};
      await send(
        { method: 'GET', url, headers: { ...commerce } },
        actor,
        `XSS view GET ${url.split('?')[0] ?? url}`,
      );
      count++;
    }
  }
  if (registered) {
    for (const url of ['/store/customer/current', '/api/me/addresses', '/en-gb/']) {
      await send(
        { method: 'GET', url, headers: {} },
        'visitor',
        `XSS view as the new user GET ${url}`,
        registered,
      );
      count++;
    }
  }
  return { stored: kept, refused, views: count };
}

/** Registers a user whose names are the markup, through a real sign-up; their session. */
async function registerWith(
  session: HttpSession,
  origin: string,
  markup: string,
  send: Send,
): Promise<HttpSession | null> {
  const { url } = await session.follow('/auth/login?locale=en-gb&screen_hint=signup', (u) =>
    /\/(login|register)$/.test(u.pathname),
  );
  const uid = url.searchParams.get('interaction') ?? '';
  const request: HttpRequest = {
    method: 'POST',
    url: `/oidc-interaction/${uid}/register`,
    headers: { 'content-type': 'application/json', origin },
    body: JSON.stringify({
      firstName: markup.slice(0, 50),
      lastName: markup.slice(0, 50),
      email: `fuzz-${randomUUID().slice(0, 8)}@example.com`,
      password: 'Fuzz-Password-2026!',
      country: 'GB',
    }),
  };
  const answer = await send(request, 'visitor', 'XSS registration', session);
  if (answer.status !== 200) return null;
  // The visitor's session made the interaction; follow it through as the new user.
  try {
    const { redirectTo } = JSON.parse(answer.text) as { redirectTo: string };
    await session.follow(redirectTo, (u) => u.pathname === '/en-gb/');
    return session;
  } catch {
    return null;
  }
}

export { signIn };
