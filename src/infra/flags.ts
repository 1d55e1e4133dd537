/**
 * Feature flags in the browser (SPEC 9): the server's evaluation for this visitor, through
 * the LaunchDarkly browser SDK when a client-side id is configured (then it also streams
 * changes), otherwise straight from the bootstrap. With no answer at all, every flag has
 * its default.
 *
 * After sign-in (or a restored session) the flags are the signed-in user's (decision 058):
 * the server evaluates them for the caller it authenticated (GET /api/flags) and names the
 * context it used, which becomes `flagContext$` and identifies the live client; at sign-out
 * the context is anonymous again, with the bootstrap's values. The last context and its
 * values are kept on the device, so a user's flags hold offline. Settling the context and the
 * live client (flag-context.ts) load after the first paint; the page reads only the values.
 */
import { ValueSubject } from './value-subject';
import type { FlagContext } from '../../domain/flags/context';
import { resolveFlags, type FlagValues } from '../../domain/flags/flags';
import { bootstrap$ } from './bootstrap';
import { withServerValue } from './use-observable';

export const flags$ = withServerValue(
  new ValueSubject<FlagValues>(resolveFlags(bootstrap$.getValue()?.flags ?? {})),
  resolveFlags({}),
);

/** The context the flags on screen were evaluated with; null until the page has settled it. */
export const flagContext$ = withServerValue(new ValueSubject<FlagContext | null>(null), null);

bootstrap$.subscribe((bootstrap) => {
  // The bootstrap is a visitor's: it stands only while nobody is signed in.
  if (bootstrap && (flagContext$.getValue()?.anonymous ?? true)) {
    flags$.next(resolveFlags(bootstrap.flags));
  }
});
