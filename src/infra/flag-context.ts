/**
 * Whose flags are on the page (decision 058) and the live LaunchDarkly client: loaded after
 * the first paint (decision 041), so the first load carries only the values (flags.ts).
 */
import { flagContextFor, type FlagContext } from '../../domain/flags/context';
import { FLAG_KEYS, resolveFlags } from '../../domain/flags/flags';
import type { Bootstrap } from '../../domain/shared/bootstrap';
import type { Storefront } from '../../domain/storefront/storefronts';
import { readItem, writeItem } from './browser-storage';
import { flagContext$, flags$ } from './flags';
import type { SignedInUser } from './session';

const KEY = 'flag-context:v1';

interface KeptFlags {
  readonly context: FlagContext;
  readonly flags: Readonly<Record<string, unknown>>;
}

async function parseKept(value: unknown): Promise<KeptFlags | null> {
  if (typeof value !== 'object' || value === null) return null;
  const { flagContextSchema } = await import('../../domain/flags/context-schema');
  const context = flagContextSchema.safeParse((value as { context?: unknown }).context);
  const flags = (value as { flags?: unknown }).flags;
  if (!context.success || typeof flags !== 'object' || flags === null) return null;
  return { context: context.data, flags: flags as Record<string, unknown> };
}

interface LiveClient {
  identify(
    context: FlagContext,
    options: { bootstrap: Readonly<Record<string, unknown>> },
  ): Promise<unknown>;
}

let liveClient: LiveClient | undefined;
let liveClientFor: string | undefined;

/**
 * Connects the LaunchDarkly browser SDK, when configured, starting from the bootstrap so the
 * first values are there at once and survive going offline.
 */
export async function connectLiveFlags(
  bootstrap: Bootstrap,
  storefront: Storefront,
): Promise<void> {
  const context = flagContextFor(null, storefront, bootstrap.country);
  const clientSideId = bootstrap.config.launchDarklyClientSideId;
  if (!clientSideId || liveClientFor === clientSideId) return;
  liveClientFor = clientSideId;
  const { createClient } = await import('@launchdarkly/js-client-sdk');
  const client = createClient(clientSideId, context, { fetchGoals: false });
  const publish = () => {
    const values: Record<string, unknown> = {};
    for (const key of FLAG_KEYS) values[key] = client.variation(key, undefined);
    flags$.next(resolveFlags(values));
  };
  client.on('change', publish);
  await client.start({ bootstrap: settled?.flags ?? bootstrap.flags });
  liveClient = client;
  // Someone signed in while the client was starting: it follows them.
  if (settled && settled.context.key !== context.key) {
    await client.identify(settled.context, { bootstrap: settled.flags });
  }
  publish();
}

let applied = 0;
let settled: KeptFlags | undefined;

/**
 * The flags of whoever is on the page now: the signed-in user's as the server evaluates them
 * for the session it knows, or the visitor's from the bootstrap. Called when the storefront,
 * the bootstrap or the user changes; a later call wins over an earlier one still answering.
 */
export async function settleFlagContext(
  storefront: Storefront,
  bootstrap: Bootstrap,
  user: Pick<SignedInUser, 'id' | 'registrationCountryIso'> | null,
): Promise<void> {
  const mine = ++applied;
  const wanted = flagContextFor(
    user ? { id: user.id, registrationCountry: user.registrationCountryIso } : null,
    storefront,
    bootstrap.country,
  );
  let answer: KeptFlags = { context: wanted, flags: bootstrap.flags };
  if (user) {
    try {
      // The API client (and its schemas) load only for a signed-in buyer, not on first load.
      const { apiJson } = await import('./api');
      const fetched = await parseKept(
        await apiJson<unknown>(`/api/flags?locale=${storefront.locale}`),
      );
      if (!fetched) throw new Error('the flags answer was not understood');
      answer = fetched;
    } catch (error) {
      // Offline or the server is away: this user's last flags on this device, if any.
      console.warn('The signed-in flags are not loaded; using the last known ones.', error);
      const text = readItem('local', KEY);
      const kept = text === null ? null : await parseKept(JSON.parse(text)).catch(() => null);
      if (kept?.context.key === wanted.key && kept.context.locale === wanted.locale) answer = kept;
      else return;
    }
  }
  if (mine !== applied) return;
  settled = answer;
  writeItem('local', KEY, JSON.stringify(answer));
  flagContext$.next(answer.context);
  flags$.next(resolveFlags(answer.flags));
  await liveClient?.identify(answer.context, { bootstrap: answer.flags });
}
