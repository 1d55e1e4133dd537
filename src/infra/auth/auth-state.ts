/**
 * Where sign-in stands (SPEC 4.1): processing at first, then signed in (with the user) or
 * signed out; the idle warning's time left; and a promise that settles once the first answer
 * is known, for pages that need to know before they open.
 */
import { ValueSubject } from '../value-subject';
import { withServerValue } from '../use-observable';

export type AuthStatus = 'processing' | 'signed-in' | 'signed-out';

export const authStatus$ = withServerValue(
  new ValueSubject<AuthStatus>('processing'),
  'processing',
);

/** Milliseconds left before the inactivity timeout, while the warning shows. */
export const idleWarning$ = withServerValue(new ValueSubject<number | null>(null), null);

let settle: (() => void) | undefined;
const ready = new Promise<void>((resolve) => {
  settle = resolve;
});

export function markAuthSettled(): void {
  settle?.();
}

/** Resolves when sign-in has an answer, or after `limitMs` at the latest. */
export function authSettled(limitMs: number): Promise<void> {
  return Promise.race([ready, new Promise<void>((resolve) => setTimeout(resolve, limitMs))]);
}
