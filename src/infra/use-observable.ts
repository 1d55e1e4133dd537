/** Subscribes a component to an RxJS observable that always holds a current value. */
import { useSyncExternalStore } from 'react';
import type { BehaviorSubject } from 'rxjs';

export function useObservableValue<T>(subject: BehaviorSubject<T>): T {
  return useSyncExternalStore(
    (onChange) => {
      const subscription = subject.subscribe(onChange);
      return () => {
        subscription.unsubscribe();
      };
    },
    () => subject.getValue(),
  );
}
