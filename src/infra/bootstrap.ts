/**
 * The server's start-up answer (GET /api/bootstrap): the visitor's country, flag values and
 * public configuration. The last answer is kept in localStorage so the store starts offline
 * with the flags it last knew.
 */
import { BehaviorSubject } from 'rxjs';
import { bootstrapSchema, type Bootstrap } from '../../domain/shared/bootstrap';
import type { Locale } from '../../domain/storefront/storefronts';
import { readJson, writeItem } from './browser-storage';
import { withServerValue } from './use-observable';

const KEY = 'bootstrap:v1';

export const bootstrap$ = withServerValue(
  new BehaviorSubject<Bootstrap | null>(
    typeof window === 'undefined' ? null : readJson('local', KEY, (v) => bootstrapSchema.parse(v)),
  ),
  null,
);

let inFlight: Promise<Bootstrap | null> | undefined;
let loadedFor: Locale | undefined;

/** Fetches the bootstrap for a storefront once per page (again when the storefront changes). */
export function loadBootstrap(locale: Locale): Promise<Bootstrap | null> {
  if (inFlight && loadedFor === locale) return inFlight;
  loadedFor = locale;
  inFlight = (async () => {
    try {
      const response = await fetch(`/api/bootstrap?locale=${locale}`, {
        headers: { accept: 'application/json' },
        signal: AbortSignal.timeout(8_000),
      });
      if (!response.ok) throw new Error(`bootstrap answered ${response.status}`);
      const value = bootstrapSchema.parse(await response.json());
      writeItem('local', KEY, JSON.stringify(value));
      bootstrap$.next(value);
      return value;
    } catch (error) {
      // Offline or the server is away: the cached answer (or the defaults) stays.
      console.warn('Start-up settings not loaded; using the last known ones.', error);
      return bootstrap$.getValue();
    }
  })();
  return inFlight;
}
