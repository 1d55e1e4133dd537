/**
 * Calls to the store's API: same-origin with cookies, the bearer token in token mode, JSON
 * in and out. A non-ok answer throws an ApiError carrying the status and the error body
 * (SPEC 7.2: "a shared fetch helper throws on a non-ok response, attaching the JSON body
 * and status").
 */
import { AGENT_SESSION_HEADER } from '../../domain/support/acting-agent';
import { actingAgent$ } from './acting-agent';
import { parseApiErrorBody, type ApiErrorBody } from '../../domain/shared/api-error';
import { httpFetch } from './http';

export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    readonly status: number,
    readonly body: ApiErrorBody | null,
  ) {
    super(body?.error.message ?? `The server answered ${status}`);
  }
}

let accessTokenSource: (() => string | null) | undefined;

/** Token mode sets where the current access token comes from. */
export function setAccessTokenSource(source: (() => string | null) | undefined): void {
  accessTokenSource = source;
}

export async function apiFetch(path: string, init: RequestInit = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  if (!headers.has('accept')) headers.set('accept', 'application/json');
  const token = accessTokenSource?.();
  if (token && !headers.has('authorization')) headers.set('authorization', `Bearer ${token}`);
  // Customer service acting for the buyer shown: the session this tab believes in (decision 063).
  const acting = actingAgent$.getValue();
  if (acting) headers.set(AGENT_SESSION_HEADER, acting.sessionId);
  const response = await httpFetch(path, { credentials: 'same-origin', ...init, headers });
  if (!response.ok) {
    throw new ApiError(response.status, parseApiErrorBody(await response.json().catch(() => null)));
  }
  return response;
}

export async function apiJson<T>(path: string, init: RequestInit = {}): Promise<T> {
  return (await apiFetch(path, init)).json() as Promise<T>;
}

export function postJson<T>(path: string, body: unknown): Promise<T> {
  return apiJson<T>(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}
