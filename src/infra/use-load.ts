/** Loads data for a key and reloads when the key changes; stale answers are dropped. */
import { useCallback, useEffect, useState } from 'react';

export type LoadState<T> =
  | { readonly status: 'loading'; readonly previous?: T }
  | { readonly status: 'done'; readonly value: T }
  | { readonly status: 'failed'; readonly error: unknown };

type Settled<T> =
  | { readonly key: string; readonly status: 'done'; readonly value: T }
  | { readonly key: string; readonly status: 'failed'; readonly error: unknown };

export function useLoad<T>(key: string, load: () => Promise<T>): [LoadState<T>, () => void] {
  const [attempt, setAttempt] = useState(0);
  const [settled, setSettled] = useState<Settled<T>>();
  const current = `${String(attempt)}|${key}`;
  useEffect(() => {
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
  }, [current]);
  const retry = useCallback(() => {
    setAttempt((n) => n + 1);
  }, []);
  if (settled?.key === current) return [settled, retry];
  // While the next answer is on its way, the last one stays on screen.
  return [
    settled?.status === 'done'
      ? { status: 'loading', previous: settled.value }
      : { status: 'loading' },
    retry,
  ];
}
