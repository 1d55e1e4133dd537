/**
 * Loads data for a key and reloads when the key changes; stale answers are dropped. A page
 * whose route loader already loaded the key (on the server, or in the browser before the
 * page was shown) starts from that answer; "try again" always asks anew.
 */
import { useCallback, useEffect, useState } from 'react';
import { ApiError } from './api';
import { isServer } from './http';

export type LoadState<T> =
  | { readonly status: 'loading'; readonly previous?: T }
  | { readonly status: 'done'; readonly value: T }
  | { readonly status: 'failed'; readonly error: unknown };

type Settled<T> =
  | { readonly key: string; readonly status: 'done'; readonly value: T }
  | { readonly key: string; readonly status: 'failed'; readonly error: unknown };

/**
 * What a route loader got for a key, in a form that crosses from server to browser: the
 * value, or how it failed (the HTTP status, or that the network could not be reached).
 */
export type Preloaded<T> =
  | {
      readonly key: string;
      readonly value: T;
      /** Loaded by the server for a first visit (the browser has not fetched it itself). */
      readonly renderedOnServer?: true;
    }
  | { readonly key: string; readonly failure: { readonly status: number | null } };

/** The network could not be reached (fetch rejects), or a proxy answered for it. */
export function isNetworkFailure(error: unknown): boolean {
  return (
    error instanceof TypeError ||
    (error instanceof ApiError &&
      (error.status === 502 || error.status === 503 || error.status === 504) &&
      error.body === null)
  );
}

/** Runs a route's load for a key; never throws, so the page shows its own messages. */
export async function preload<T>(key: string, load: () => Promise<T>): Promise<Preloaded<T>> {
  try {
    const value = await load();
    return isServer ? { key, value, renderedOnServer: true } : { key, value };
  } catch (error) {
    const status = isNetworkFailure(error) ? null : error instanceof ApiError ? error.status : 500;
    return { key, failure: { status } };
  }
}

function settledFrom<T>(preloaded: Preloaded<T>): LoadState<T> {
  if ('value' in preloaded) return { status: 'done', value: preloaded.value };
  const { status } = preloaded.failure;
  return {
    status: 'failed',
    error:
      status === null
        ? new TypeError('The network could not be reached')
        : new ApiError(status, null),
  };
}

export function useLoad<T>(
  key: string,
  load: () => Promise<T>,
  preloaded?: Preloaded<T>,
): [LoadState<T>, () => void] {
  const [attempt, setAttempt] = useState(0);
  const [retried, setRetried] = useState<string>();
  const [settled, setSettled] = useState<Settled<T>>();
  const fromLoader = preloaded?.key === key && retried !== key ? preloaded : undefined;
  const current = `${String(attempt)}|${key}`;
  const loadHere = fromLoader === undefined;
  useEffect(() => {
    if (!loadHere) return;
    let live = true;
    load().then(
      (value) => {
        if (live) setSettled({ key: current, status: 'done', value });
      },
      (error: unknown) => {
        if (live) setSettled({ key: current, status: 'failed', error });
      },
    );
    return () => {
      live = false;
    };
    // `load` is a fresh closure each render; the key says when to load again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [current, loadHere]);
  const retry = useCallback(() => {
    setRetried(key);
    setAttempt((n) => n + 1);
  }, [key]);
  if (fromLoader) return [settledFrom(fromLoader), retry];
  if (settled?.key === current) return [settled, retry];
  // While the next answer is on its way, the last one stays on screen.
  return [
    settled?.status === 'done'
      ? { status: 'loading', previous: settled.value }
      : { status: 'loading' },
    retry,
  ];
}
