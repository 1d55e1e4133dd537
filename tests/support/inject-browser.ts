/**
 * A minimal browser over app.inject: keeps cookies per path and sends every request from
 * one client address (the socket address Fastify sees), so a test can play several clients
 * against one app, and walk the OpenID provider's sign-in step by step.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { INTERACTION_PATH } from '../../server/src/auth/provider';
import { TEST_PUBLIC_URL } from './app';

export interface InjectRequest {
  readonly method?: 'GET' | 'POST';
  readonly headers?: Record<string, string>;
  readonly body?: unknown;
  /** A form body (application/x-www-form-urlencoded). */
  readonly form?: Record<string, string>;
}

export class InjectBrowser {
  private readonly cookies = new Map<string, { value: string; path: string }>();

  constructor(
    private readonly app: FastifyInstance,
    /** The client's socket address. */
    readonly remoteAddress = '203.0.113.10',
  ) {}

  /** The Cookie header this browser sends to a path. */
  cookieHeaderFor(pathname: string): string {
    return [...this.cookies.entries()]
      .filter(([, c]) => pathname.startsWith(c.path))
      .map(([name, c]) => `${name}=${c.value}`)
      .join('; ');
  }

  async request(url: string, init: InjectRequest = {}): Promise<LightMyRequestResponse> {
    const target = new URL(url, TEST_PUBLIC_URL);
    const headers: Record<string, string> = { ...init.headers };
    const cookie = this.cookieHeaderFor(target.pathname);
    if (cookie) headers.cookie = cookie;
    let payload: string | undefined;
    if (init.form) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      payload = new URLSearchParams(init.form).toString();
    } else if (init.body !== undefined) {
      headers['content-type'] = 'application/json';
      payload = JSON.stringify(init.body);
    }
    const response = await this.app.inject({
      method: init.method ?? (payload === undefined ? 'GET' : 'POST'),
      url: `${target.pathname}${target.search}`,
      headers,
      remoteAddress: this.remoteAddress,
      ...(payload === undefined ? {} : { payload }),
    });
    for (const c of response.cookies as {
      name: string;
      value: string;
      path?: string;
      maxAge?: number;
      expires?: Date;
    }[]) {
      const expired =
        c.value === '' ||
        c.maxAge === 0 ||
        (c.expires !== undefined && c.expires.getTime() <= Date.now());
      if (expired) this.cookies.delete(c.name);
      else this.cookies.set(c.name, { value: c.value, path: c.path ?? '/' });
    }
    return response;
  }

  has(name: string): boolean {
    return this.cookies.has(name);
  }

  cookieNames(): string[] {
    return [...this.cookies.keys()];
  }

  /** The same cookies in another client (another address). */
  sameCookiesFrom(remoteAddress: string): InjectBrowser {
    const copy = new InjectBrowser(this.app, remoteAddress);
    for (const [name, cookie] of this.cookies) copy.cookies.set(name, { ...cookie });
    return copy;
  }
}

export interface StartedSignIn {
  readonly uid: string;
  readonly verifier: string;
  readonly state: string;
}

/**
 * Starts an authorization request of the browser app (PKCE) and returns the interaction it
 * leads to; the browser then holds the interaction cookie.
 */
export async function startSignIn(
  browser: InjectBrowser,
  extra: Record<string, string> = {},
): Promise<StartedSignIn> {
  const verifier = randomBytes(32).toString('base64url');
  const state = randomBytes(16).toString('base64url');
  const query = new URLSearchParams({
    client_id: 'storefront',
    response_type: 'code',
    redirect_uri: `${TEST_PUBLIC_URL}/auth/callback`,
    scope: 'openid offline_access',
    code_challenge: createHash('sha256').update(verifier).digest('base64url'),
    code_challenge_method: 'S256',
    state,
    ui_locales: 'en-gb',
    ...extra,
  });
  const response = await browser.request(`/oidc/auth?${query.toString()}`);
  const location = new URL(String(response.headers.location ?? ''), TEST_PUBLIC_URL);
  const prefix = `${INTERACTION_PATH}/`;
  if (!location.pathname.startsWith(prefix)) {
    throw new Error(`No interaction: ${response.statusCode} ${location.href}`);
  }
  return { uid: location.pathname.slice(prefix.length), verifier, state };
}

/** Posts the sign-in form of an interaction. */
export function postLogin(
  browser: InjectBrowser,
  uid: string,
  email: string,
  password: string,
  headers: Record<string, string> = {},
): Promise<LightMyRequestResponse> {
  return browser.request(`${INTERACTION_PATH}/${uid}/login`, {
    method: 'POST',
    body: { email, password },
    headers,
  });
}

/** Follows the provider's redirects after a finished interaction, to the callback's code. */
export async function codeAfter(browser: InjectBrowser, redirectTo: string): Promise<string> {
  let url = new URL(redirectTo, TEST_PUBLIC_URL);
  for (let hops = 0; hops < 10; hops++) {
    if (url.pathname === '/auth/callback') {
      const code = url.searchParams.get('code');
      if (!code) throw new Error(`No code: ${url.search}`);
      return code;
    }
    const response = await browser.request(url.href);
    const location = response.headers.location;
    if (!location) throw new Error(`Stopped at ${url.pathname}: ${response.statusCode}`);
    url = new URL(String(location), url);
  }
  throw new Error('Too many redirects');
}
