/**
 * How queued commands reach the server and how a stream's events come back, for every
 * stream kind: the URLs come from the kind's address (decision 018), the requests go through
 * a fetch function (the shared API helper in the page: cookies, bearer token in token mode;
 * the server's `inject` in tests). Nothing here names a kind.
 */
import type {
  PushBatchRequest,
  PushBatchResponse,
  StoredEvent,
} from '../../../domain/sync/protocol';
import { parseStreamId, type AnyStreamKind } from '../../../domain/sync/stream-kind';
import { apiFetch, ApiError } from '../api';

export interface PullAnswer {
  readonly version: number;
  readonly events: StoredEvent<unknown>[];
}

/**
 * Whose stream a push is for: a visitor's (the server keeps it the visitor's even if
 * someone is signed in), or a user's (the server refuses it with 401 unless the session is
 * that user's, so it is never written as anyone else).
 */
export type PushOwner =
  { readonly visitor: true } | { readonly visitor: false; readonly userId?: string };

export interface SyncTransport {
  push(
    kind: AnyStreamKind,
    streamId: string,
    locale: string,
    request: PushBatchRequest<unknown>,
    options?: PushOwner,
  ): Promise<PushBatchResponse<unknown>>;
  /** null: the server has never seen the stream (made offline, nothing sent yet). */
  pull(
    kind: AnyStreamKind,
    streamId: string,
    after: number,
    /** A user's stream: read only as that user. */
    userId?: string,
  ): Promise<PullAnswer | null>;
}

/** A failed request: its HTTP status, or null when no answer came at all. */
export function statusOf(error: unknown): number | null {
  return error instanceof ApiError ? error.status : null;
}

function addressOf(kind: AnyStreamKind) {
  if (!kind.address) throw new Error(`The ${kind.name} stream is not reached over HTTP`);
  return kind.address;
}

export function pushUrl(
  kind: AnyStreamKind,
  streamId: string,
  locale: string,
  owner: PushOwner,
): string {
  const address = addressOf(kind);
  const query = new URLSearchParams();
  if (kind.perStore) query.set('locale', locale);
  if (owner.visitor && address.per === 'stream') query.set('as', 'visitor');
  if (!owner.visitor && owner.userId) query.set('user', owner.userId);
  const search = query.size > 0 ? `?${query.toString()}` : '';
  return address.per === 'user'
    ? `${address.path}/commands${search}`
    : `${address.path}/${encodeURIComponent(parseStreamId(streamId).id)}/commands${search}`;
}

export function pullUrl(
  kind: AnyStreamKind,
  streamId: string,
  after: number,
  userId?: string,
): string {
  const address = addressOf(kind);
  const query = `?after=${String(after)}${userId ? `&user=${encodeURIComponent(userId)}` : ''}`;
  return address.per === 'user'
    ? `${address.path}${query}`
    : `${address.path}/${encodeURIComponent(parseStreamId(streamId).id)}${query}`;
}

/** The transport over a fetch that throws ApiError for an answer that is not ok. */
export function transportOver(
  fetcher: (path: string, init?: RequestInit) => Promise<Response>,
): SyncTransport {
  return {
    async push(kind, streamId, locale, request, options) {
      const response = await fetcher(
        pushUrl(kind, streamId, locale, options ?? { visitor: false }),
        {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(request),
        },
      );
      return (await response.json()) as PushBatchResponse<unknown>;
    },
    async pull(kind, streamId, after, userId) {
      try {
        const response = await fetcher(pullUrl(kind, streamId, after, userId));
        return (await response.json()) as PullAnswer;
      } catch (error) {
        if (statusOf(error) === 404) return null;
        throw error;
      }
    },
  };
}

export const httpTransport: SyncTransport = transportOver(apiFetch);
