/**
 * How queued commands reach the server and how a stream's events come back: the sync
 * endpoints over HTTP, with the shared fetch helper (cookies, bearer token in token mode).
 * Tests pass another transport.
 */
import type { PushRequest, PushResponse, StoredEvent } from '../../../domain/sync/protocol';
import { apiFetch, ApiError } from '../api';
import type { StreamKindName } from './local-db';

export interface SyncTransport {
  push(
    kind: StreamKindName,
    streamId: string,
    locale: string,
    request: PushRequest<unknown>,
    /** A visitor's stream: the server keeps it the visitor's even if someone is signed in. */
    options?: { readonly visitor: boolean },
  ): Promise<PushResponse<unknown>>;
  pull(
    kind: StreamKindName,
    streamId: string,
    after: number,
  ): Promise<{ version: number; events: StoredEvent<unknown>[] } | null>;
}

/** Why a push failed: try again later, or never (the command is reported and dropped). */
export type PushFailure = 'retry' | 'drop';

export function failureKind(error: unknown): PushFailure {
  if (!(error instanceof ApiError)) return 'retry';
  // 400: the server cannot read it; 404: not this person's cart. Neither improves with time.
  if (
    error.status === 400 ||
    error.status === 404 ||
    error.status === 409 ||
    error.status === 422
  ) {
    return 'drop';
  }
  return 'retry';
}

function idOf(streamId: string): string {
  return streamId.slice(streamId.indexOf(':') + 1);
}

export const httpTransport: SyncTransport = {
  async push(kind, streamId, locale, request, options) {
    const visitor = options?.visitor ? '&as=visitor' : '';
    const path =
      kind === 'cart'
        ? `/api/carts/${encodeURIComponent(idOf(streamId))}/commands?locale=${encodeURIComponent(locale)}${visitor}`
        : '/api/saved-carts/commands';
    const response = await apiFetch(path, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(request),
    });
    return (await response.json()) as PushResponse<unknown>;
  },
  async pull(kind, streamId, after) {
    const path =
      kind === 'cart'
        ? `/api/carts/${encodeURIComponent(idOf(streamId))}?after=${String(after)}`
        : `/api/saved-carts?after=${String(after)}`;
    try {
      const response = await apiFetch(path);
      return (await response.json()) as { version: number; events: StoredEvent<unknown>[] };
    } catch (error) {
      // A cart the server has never seen (made offline, nothing sent yet).
      if (error instanceof ApiError && error.status === 404) return null;
      throw error;
    }
  },
};
