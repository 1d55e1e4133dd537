/** Subscribes a component to a value that changes (a ValueSubject or an RxJS BehaviorSubject). */
import { useCallback, useSyncExternalStore } from 'react';
import type { ObservedValue } from './value-subject';

const serverValues = new WeakMap<object, unknown>();

/**
 * The value a subject has when the server renders a page, where nothing of this browser is
 * known (no storage, no session, no flags of its own). A server-rendered page hydrates with
 * it, so the first render matches the server's HTML; the browser's own value follows at once.
 */
export function withServerValue<S extends ObservedValue<unknown>>(
  subject: S,
  value: S extends ObservedValue<infer T> ? T : never,
): S {
  serverValues.set(subject, value);
  return subject;
}

export function useObservableValue<T>(subject: ObservedValue<T>): T {
  // One subscription per subject, not one per render (React subscribes again whenever this
  // function changes, and an RxJS subject answers each subscription with its value).
  const subscribe = useCallback(
    (onChange: () => void) => {
      const subscription = subject.subscribe(onChange);
      return () => {
        subscription.unsubscribe();
      };
    },
    [subject],
  );
  return useSyncExternalStore(
    subscribe,
    () => subject.getValue(),
    () => (serverValues.has(subject) ? (serverValues.get(subject) as T) : subject.getValue()),
  );
}

const noSubscription = () => () => undefined;

/**
 * False while the server renders a page and while the browser hydrates it, true after (and
 * at once in a page the browser renders itself): for what only this browser knows, such as
 * what its session storage holds.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
