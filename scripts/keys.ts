/**
 * `npm run keys -- <command>`: the sign-in keys (decision 034), on the database the store
 * uses (DATABASE_URL, else the embedded one in DATA_DIR). While a store runs on the embedded
 * database, which only it may open, the command is sent to it through its operator channel
 * (decision 037).
 *
 *   list     each key's id, purpose, state and age (never the key material)
 *   rotate   a new signing key and new cookie keys become current; the old ones still verify
 *            until what they signed has expired, so nobody is signed out
 *
 * A running store reads a rotation within a minute. Keys given in the environment
 * (OIDC_JWKS, OIDC_COOKIE_KEYS) are not the database's: the command leaves them alone.
 */
import { parseArgs } from 'node:util';
import { KEY_PURPOSES, listKeys, rotateKeys, type KeyPurpose } from '../server/src/auth/keys';
import { loadConfig, type ServerConfig } from '../server/src/config';
import { migrate, readMigrations } from '../server/src/db/migrate';
import { serializeError } from '../server/src/plugins/redact';
import { NoOperatorChannel, OperatorRefusal, callOperator } from '../server/src/ops/client';
import { operatorSocketPath } from '../server/src/ops/contract';
import { fail, openStoreDatabase } from './store-database';

const USAGE = `Usage: npm run keys -- <command>

  list     each key's id, purpose, state and age (never the key material)
  rotate   a new signing key and new cookie keys become current; the old ones still verify
           until what they signed has expired (tokens: an hour, cookies: their life)
`;

function parse() {
  try {
    return parseArgs({
      allowPositionals: true,
      options: { help: { type: 'boolean', short: 'h', default: false } },
      strict: true,
    });
  } catch (error) {
    return fail(`${(error as Error).message}\n\n${USAGE}`);
  }
}

/** "3 d 4 h", "25 min", "40 s". */
function age(ms: number): string {
  const s = Math.max(0, Math.floor(ms / 1000));
  if (s < 60) return `${s} s`;
  if (s < 3600) return `${Math.floor(s / 60)} min`;
  if (s < 86400) return `${Math.floor(s / 3600)} h ${Math.floor((s % 3600) / 60)} min`;
  return `${Math.floor(s / 86400)} d ${Math.floor((s % 86400) / 3600)} h`;
}

/** Which purposes the environment gives (and so the database does not), in words. */
function fromEnvironment(config: ServerConfig): { purposes: KeyPurpose[]; notes: string[] } {
  const notes: string[] = [];
  const given = new Set<KeyPurpose>();
  if (config.identity.jwks !== undefined) {
    given.add('signing');
    notes.push('OIDC_JWKS is set: the store signs tokens with those keys, not with the ones here.');
  }
  if (config.identity.cookieKeys !== undefined) {
    given.add('provider-cookies');
    given.add('store-cookies');
    notes.push(
      'OIDC_COOKIE_KEYS is set: the store signs cookies with those keys, not with the ones here.',
    );
  }
  return { purposes: KEY_PURPOSES.filter((p) => !given.has(p)), notes };
}

async function main(): Promise<void> {
  const args = parse();
  const [command] = args.positionals;
  if (args.values.help || !command) {
    process.stdout.write(USAGE);
    return;
  }
  if (command !== 'list' && command !== 'rotate') {
    return fail(`Unknown command "${command}".\n\n${USAGE}`);
  }
  let config: ServerConfig;
  try {
    config = loadConfig();
  } catch (error) {
    fail((error as Error).message);
  }
  const { purposes, notes } = fromEnvironment(config);
  if (command === 'rotate' && purposes.length === 0) {
    fail(
      `${notes.join('\n')}\nKeys from the environment are not rotated by this command: put a new key first in the variable (keep the old ones after it until what they signed has expired) and restart the store.`,
    );
  }
  const now = new Date();
  const answered =
    config.databaseUrl === undefined
      ? await throughRunningStore(config, command, purposes)
      : undefined;
  if (answered) {
    if (answered.rotation) printRotation(answered.rotation);
    if (answered.keys) printKeys(answered.keys, now);
  } else {
    const { database, close } = await openStoreDatabase(config, `npm run keys -- ${command}`);
    try {
      await migrate(database, await readMigrations());
      if (command === 'rotate') printRotation(await rotateKeys(database.db, now, purposes));
      if (command === 'list') printKeys(await listKeys(database.db, now), now);
    } finally {
      await close();
    }
  }
  for (const note of notes) process.stdout.write(`${note}\n`);
}

interface Rotated {
  readonly added: readonly { readonly purpose: string; readonly id: string }[];
  readonly retired: readonly { readonly purpose: string; readonly id: string }[];
  readonly dropped: readonly string[];
}

interface Listed {
  readonly id: string;
  readonly purpose: string;
  readonly createdAt: Date;
  readonly retiredAt: Date | null;
  readonly keptUntil: Date | null;
}

function printRotation(rotation: Rotated): void {
  for (const key of rotation.added) process.stdout.write(`new ${key.purpose} key ${key.id}\n`);
  for (const key of rotation.retired) {
    process.stdout.write(`retired ${key.purpose} key ${key.id} (still verifies)\n`);
  }
  for (const id of rotation.dropped) process.stdout.write(`removed expired key ${id}\n`);
  process.stdout.write('A running store uses the new keys within a minute.\n');
}

function printKeys(keys: readonly Listed[], now: Date): void {
  if (keys.length === 0) process.stdout.write('No keys yet: start the store once.\n');
  for (const key of keys) {
    const state =
      key.keptUntil === null
        ? 'current'
        : `retired ${age(now.getTime() - (key.retiredAt ?? now).getTime())} ago, verifies ${age(key.keptUntil.getTime() - now.getTime())} more`;
    process.stdout.write(
      `${key.purpose.padEnd(17)} ${key.id.padEnd(30)} age ${age(now.getTime() - key.createdAt.getTime()).padEnd(12)} ${state}\n`,
    );
  }
}

/** The command done by the store running on DATA_DIR; undefined when none answers there. */
async function throughRunningStore(
  config: ServerConfig,
  command: 'list' | 'rotate',
  purposes: readonly KeyPurpose[],
): Promise<{ rotation?: Rotated; keys?: Listed[] } | undefined> {
  const socket = operatorSocketPath(config.dataDir);
  try {
    if (command === 'rotate') {
      const { result } = await callOperator(socket, 'keys-rotate', { purposes: [...purposes] });
      process.stdout.write('Rotated by the running store.\n');
      return { rotation: result };
    }
    const { result } = await callOperator(socket, 'keys-list', {});
    return {
      keys: result.map((key) => ({
        id: key.id,
        purpose: key.purpose,
        createdAt: new Date(key.createdAt),
        retiredAt: key.retiredAt === null ? null : new Date(key.retiredAt),
        keptUntil: key.keptUntil === null ? null : new Date(key.keptUntil),
      })),
    };
  } catch (error) {
    if (error instanceof OperatorRefusal) fail(error.message);
    if (error instanceof NoOperatorChannel) return undefined;
    throw error;
  }
}

try {
  await main();
} catch (error) {
  // A database error's message quotes its parameters (the keys themselves): never printed.
  fail(`npm run keys failed: ${serializeError(error).message}`);
}
