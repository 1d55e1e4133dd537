/**
 * A store of a spec's own, for a spec that changes the demo buyers' data: started before the
 * spec's first test, stopped (and its data removed) after its last. The returned function
 * gives the running store to the tests.
 */
import { rm } from 'node:fs/promises';
import { test } from '../fixtures';
import { launchCustomStore, type CustomStore } from '../../support/custom-store';
import type { StoreProcess } from '../../support/server-process';
import { launchOwnStore } from './own-store';
import { tempDir } from '../../support/temp-dir';

function running<S>(store: S | undefined): S {
  if (!store) throw new Error('The store of this spec did not start.');
  return store;
}

/** A store with an empty data directory of its own. */
export function storeOfThisSpec(name: string): () => StoreProcess {
  let store: StoreProcess | undefined;
  test.beforeAll(async () => {
    // The worker's store's budget (fixtures.ts): a store on a loaded host.
    test.setTimeout(180_000);
    store = await launchOwnStore(() => tempDir(`store-e2e-${name}-`), {
      readyTimeoutMs: 170_000,
    });
  });
  test.afterAll(async () => {
    if (!store) return;
    await store.stop('SIGTERM');
    await rm(store.dataDir, { recursive: true, force: true });
  });
  return () => running(store);
}

/** A store with its own content and flag file, these flags turned on. */
export function customStoreOfThisSpec(flagsOn: readonly string[]): () => CustomStore {
  let store: CustomStore | undefined;
  test.beforeAll(async () => {
    test.setTimeout(180_000);
    store = await launchCustomStore();
    for (const flag of flagsOn) await store.setFlag(flag, true);
  });
  test.afterAll(async () => {
    await store?.dispose();
  });
  return () => running(store);
}
