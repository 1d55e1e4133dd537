/**
 * Feature flags in the browser (SPEC 9): the server's evaluation for this visitor, through
 * the LaunchDarkly browser SDK when a client-side id is configured (then it also streams
 * changes), otherwise straight from the bootstrap. With no answer at all, every flag has
 * its default.
 */
import { ValueSubject } from './value-subject';
import type { FlagContext } from '../../domain/flags/context';
import { FLAG_KEYS, resolveFlags, type FlagValues } from '../../domain/flags/flags';
import type { Bootstrap } from '../../domain/shared/bootstrap';
import { bootstrap$ } from './bootstrap';
import { withServerValue } from './use-observable';

export const flags$ = withServerValue(
  new ValueSubject<FlagValues>(resolveFlags(bootstrap$.getValue()?.flags ?? {})),
  resolveFlags({}),
);

bootstrap$.subscribe((bootstrap) => {
  if (bootstrap) flags$.next(resolveFlags(bootstrap.flags));
});

let liveClientFor: string | undefined;

/**
 * Connects the LaunchDarkly browser SDK, when configured, starting from the bootstrap so the
 * first values are there at once and survive going offline.
 */
export async function connectLiveFlags(bootstrap: Bootstrap, context: FlagContext): Promise<void> {
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
  await client.start({ bootstrap: bootstrap.flags });
  publish();
}
