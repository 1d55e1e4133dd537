/**
 * A store process that is surely the one answering at its address. A store takes a free port
 * when it starts and listens on it only once it has migrated and seeded, which on a loaded
 * host takes tens of seconds; another store started meanwhile (by this run or another one on
 * the machine) can be given the same port, answer the first one's health check, and leave the
 * first one to fail on it. Its tests would then talk to the other store, while the buyers they
 * make through its operator channel (decision 067) are in its own database, or nowhere.
 *
 * So a store counts as started once the store answering at its address signs with a key from
 * its own database (its JWKS against its operator channel's `keys-list`); a store that lost
 * its port is stopped and another one started, in a data directory of its own.
 */
import { rm } from 'node:fs/promises';
import { NoOperatorChannel } from '../../../server/src/ops/client';
import { operatorCall } from '../../support/operator';
import {
  launchStoreProcess,
  type StoreProcess,
  type StoreProcessOptions,
} from '../../support/server-process';

/** Whether the store answering at `store.url` is `store`: 'yes', 'no', or 'not yet'. */
async function answersItself(store: StoreProcess): Promise<'yes' | 'no' | 'not yet'> {
  let kids: string[];
  try {
    const keys = await operatorCall(store.dataDir, 'keys-list', {});
    kids = keys.map((key) => key.id.replace(/^[^:]*:/, ''));
  } catch (error) {
    // Its channel opens just before it listens: not yet there while it starts.
    if (error instanceof NoOperatorChannel) return 'not yet';
    throw error;
  }
  const answer = await fetch(`${store.url}/oidc/jwks`).catch(() => undefined);
  if (!answer?.ok) return 'not yet';
  const { keys } = (await answer.json()) as { keys: { kid?: string }[] };
  return keys.some((key) => key.kid !== undefined && kids.includes(key.kid)) ? 'yes' : 'no';
}

/** Until the store is surely the one at its address, or has lost it (or exited). */
async function confirmed(store: StoreProcess, budgetMs: number): Promise<boolean> {
  const deadline = performance.now() + budgetMs;
  while (performance.now() < deadline) {
    if (store.child.exitCode !== null || store.child.signalCode !== null) return false;
    const answer = await answersItself(store);
    if (answer === 'yes') return true;
    if (answer === 'no') return false;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return false;
}

/** `launchStoreProcess`, in a new data directory each time, until the store is surely ours. */
export async function launchOwnStore(
  newDataDir: () => Promise<string>,
  options: Omit<StoreProcessOptions, 'dataDir'>,
  attempts = 3,
): Promise<StoreProcess> {
  for (let attempt = 1; ; attempt++) {
    const store = await launchStoreProcess({ ...options, dataDir: await newDataDir() });
    if (await confirmed(store, options.readyTimeoutMs ?? 60_000)) return store;
    const output = store.output();
    await store.stop('SIGKILL');
    await rm(store.dataDir, { recursive: true, force: true });
    if (attempt >= attempts) {
      throw new Error(`The store lost its address to another one ${attempts} times:\n${output}`);
    }
  }
}
