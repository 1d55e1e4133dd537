/** Subscribes a component to an RxJS observable that always holds a current value. */
import { useSyncExternalStore } from 'react';
import type { BehaviorSubject } from 'rxjs';

const serverValues = new WeakMap<object, unknown>();

/**
 * The value a subject has when the server renders a page, where nothing of this browser is
 * known (no storage, no session, no flags of its own). A server-rendered page hydrates with
 * it, so the first render matches the server's HTML; the browser's own value follows at once.
 */
export function withServerValue<T>(
  subject: BehaviorSubject<T>,
  value: NoInfer<T>,
): BehaviorSubject<T> {
  serverValues.set(subject, value);
  return subject;
}

export function useObservableValue<T>(subject: BehaviorSubject<T>): T {
  return useSyncExternalStore(
    (onChange) => {
      const subscription = subject.subscribe(onChange);
      return () => {
        subscription.unsubscribe();
      };
    },
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
