import { mkdirSync, openSync, closeSync, statSync, unlinkSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * Ports handed out on this machine, one file each: a store takes its port only once it has
 * migrated and seeded (tens of seconds on a loaded host), so two stores starting at once
 * (two test workers, two runs) could otherwise be given the same one.
 */
const CLAIMS_DIR = path.join(tmpdir(), 'store-test-ports');
/** A claim older than this is from a run long over: its port may be handed out again. */
const CLAIM_LIFETIME_MS = 6 * 60 * 60 * 1000;

/**
 * Ports below Linux's ephemeral range (32768-60999): the system gives ports of that range to
 * every outgoing connection (the browser's, the store's own), one of which could take a
 * store's port before it listens.
 */
const PORT_RANGE = { from: 20_000, to: 32_000 } as const;

/** Whether the port can be listened on at this moment. */
function isFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.unref();
    server.once('error', () => {
      resolve(false);
    });
    server.listen(port, '127.0.0.1', () => {
      server.close(() => {
        resolve(true);
      });
    });
  });
}

/** Claims the port for this caller; false when another claimed it (and recently). */
function claim(port: number): boolean {
  const file = path.join(CLAIMS_DIR, String(port));
  try {
    closeSync(openSync(file, 'wx'));
    return true;
  } catch {
    try {
      if (Date.now() - statSync(file).mtimeMs < CLAIM_LIFETIME_MS) return false;
      unlinkSync(file);
      closeSync(openSync(file, 'wx'));
      return true;
    } catch {
      return false;
    }
  }
}

/**
 * A TCP port that was free a moment ago on 127.0.0.1, outside the range the system gives
 * outgoing connections, and that no other caller on this machine was given in the last hours.
 */
export async function freePort(): Promise<number> {
  mkdirSync(CLAIMS_DIR, { recursive: true });
  for (let attempt = 0; attempt < 500; attempt++) {
    const port = PORT_RANGE.from + Math.floor(Math.random() * (PORT_RANGE.to - PORT_RANGE.from));
    if (claim(port) && (await isFree(port))) return port;
  }
  throw new Error(`No free port left unclaimed (see ${CLAIMS_DIR})`);
}
