/**
 * Feature flags evaluated by the LaunchDarkly server SDK (ARCHITECTURE §4): from LaunchDarkly
 * when an SDK key is configured, otherwise from the flag file in the repository, watched so
 * that a change applies on the next page load without a rebuild or restart.
 */
import * as ld from '@launchdarkly/node-server-sdk';
import type { FlagContext } from '../../../domain/flags/context';

/** What the browser SDK takes as its bootstrap: flag values plus `$flagsState` and `$valid`. */
export type FlagBootstrap = Readonly<Record<string, unknown>>;

export interface FlagService {
  readonly source: 'launchdarkly' | 'file';
  /** Client-side flags for a context; on failure the SDK's own defaults (empty, `$valid` false). */
  bootstrap(context: FlagContext): Promise<FlagBootstrap>;
  close(): void;
}

export interface FlagServiceOptions {
  readonly sdkKey: string | undefined;
  readonly flagsFile: string;
  readonly logger?: ld.LDLogger;
  /** Seconds to wait for the first flag data. */
  readonly initTimeoutSeconds?: number;
}

export async function startFlagService(options: FlagServiceOptions): Promise<FlagService> {
  const common: ld.LDOptions = {
    logger: options.logger ?? ld.basicLogger({ level: 'warn' }),
    diagnosticOptOut: true,
  };
  const client = options.sdkKey
    ? ld.init(options.sdkKey, common)
    : ld.init('file-data-source', {
        ...common,
        sendEvents: false,
        updateProcessor: new ld.integrations.FileDataSourceFactory({
          paths: [options.flagsFile],
          autoUpdate: true,
        }).getFactory(),
      });
  try {
    await client.waitForInitialization({ timeout: options.initTimeoutSeconds ?? 10 });
  } catch (error) {
    // Keep serving: every flag then takes its default (SPEC 9) until the data arrives.
    common.logger?.warn(`Feature flags not ready: ${(error as Error).message}`);
  }
  return {
    source: options.sdkKey ? 'launchdarkly' : 'file',
    bootstrap: async (context) =>
      (await client.allFlagsState(context, { clientSideOnly: true })).toJSON() as FlagBootstrap,
    close: () => {
      client.close();
    },
  };
}
