import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

/** A new empty directory under the system's temporary directory. */
export async function tempDir(prefix = 'store-test-'): Promise<string> {
  return mkdtemp(path.join(os.tmpdir(), prefix));
}
