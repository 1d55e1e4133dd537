/**
 * The part of RxJS's subjects the shell's own state uses (who is signed in, sign-in's status,
 * the connection, the bootstrap and flags, the cart's count and notices, an update waiting):
 * a current value to read, a new one to set, and listeners told of each (decision 041). RxJS
 * itself (4.3 KB gzip) then loads only with what streams (the cart store, sync, checkout),
 * not with every first page. The semantics are BehaviorSubject's and Subject's: a listener
 * gets the current value at once on subscribing (ValueSubject only), listeners run in the
 * order they subscribed, one that unsubscribes meanwhile is not called again, and one that
 * throws does not stop the others (its error is reported, as RxJS reports it, afterwards).
 */

export interface Unsubscribable {
  unsubscribe(): void;
}

/** What a component can follow: RxJS's BehaviorSubject and ValueSubject both are one. */
export interface ObservedValue<T> {
  getValue(): T;
  subscribe(listener: (value: T) => void): Unsubscribable;
}

function reportLater(error: unknown): void {
  setTimeout(() => {
    throw error;
  });
}

/** Events without a current value (RxJS's Subject, as the shell uses it). */
export class EventSubject<T> {
  readonly #listeners = new Set<{ readonly listener: (value: T) => void }>();

  next(value: T): void {
    for (const entry of [...this.#listeners]) {
      if (!this.#listeners.has(entry)) continue;
      try {
        entry.listener(value);
      } catch (error) {
        reportLater(error);
      }
    }
  }

  subscribe(listener: (value: T) => void): Unsubscribable {
    // One entry per subscription: the same function may subscribe twice.
    const entry = { listener };
    this.#listeners.add(entry);
    return {
      unsubscribe: () => {
        this.#listeners.delete(entry);
      },
    };
  }
}

/** A value that changes (RxJS's BehaviorSubject, as the shell uses it). */
export class ValueSubject<T> extends EventSubject<T> implements ObservedValue<T> {
  #value: T;

  constructor(initial: T) {
    super();
    this.#value = initial;
  }

  get value(): T {
    return this.#value;
  }

  getValue(): T {
    return this.#value;
  }

  override next(value: T): void {
    this.#value = value;
    super.next(value);
  }

  override subscribe(listener: (value: T) => void): Unsubscribable {
    const subscription = super.subscribe(listener);
    try {
      listener(this.#value);
    } catch (error) {
      reportLater(error);
    }
    return subscription;
  }
}
