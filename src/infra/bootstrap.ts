/**
 * The server's start-up answer (GET /api/bootstrap): the visitor's country, flag values and
 * public configuration. The last answer is kept in localStorage so the store starts offline
 * with the flags it last knew. Both the answer and the kept copy are checked with the domain's
 * schema, which is loaded with the first of them to check, not with the page (decision 041):
 * until then `bootstrap$` is null, as it is on the server.
 */
import { ValueSubject } from './value-subject';
import type { Bootstrap } from '../../domain/shared/bootstrap';
import type { Locale } from '../../domain/storefront/storefronts';
import { readItem, writeItem } from './browser-storage';
import { withServerValue } from './use-observable';

const KEY = 'bootstrap:v1';

export const bootstrap$ = withServerValue(new ValueSubject<Bootstrap | null>(null), null);

async function parseBootstrap(value: unknown): Promise<Bootstrap> {
  const { bootstrapSchema } = await import('../../domain/shared/bootstrap');
  return bootstrapSchema.parse(value);
}

let restoring: Promise<Bootstrap | null> | undefined;

/** The answer kept on this device, checked; published unless a fresh one came first. */
function restoreBootstrap(): Promise<Bootstrap | null> {
  restoring ??= (async () => {
    const text = typeof window === 'undefined' ? null : readItem('local', KEY);
    if (text === null) return null;
    try {
      const kept = await parseBootstrap(JSON.parse(text));
      if (!bootstrap$.getValue()) bootstrap$.next(kept);
      return kept;
    } catch {
      return null;
    }
  })();
  return restoring;
}

/** What this page knows without asking: its last answer, else the one kept on this device. */
export async function knownBootstrap(): Promise<Bootstrap | null> {
  return bootstrap$.getValue() ?? (await restoreBootstrap());
}

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
      const value = await parseBootstrap(await response.json());
      writeItem('local', KEY, JSON.stringify(value));
      bootstrap$.next(value);
      return value;
    } catch (error) {
      // Offline or the server is away: the cached answer (or the defaults) stays.
      console.warn('Start-up settings not loaded; using the last known ones.', error);
      return knownBootstrap();
    }
  })();
  return inFlight;
}
