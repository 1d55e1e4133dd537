/**
 * Once per integration run: a freshly initialised, empty PGlite directory that the tests
 * copy instead of initialising their own (about 0.7 s against 3 s here). Removed at the end.
 */
import { rm } from 'node:fs/promises';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../server/src/db/database';
import { tempDir } from './temp-dir';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const parent = await tempDir('store-template-');
  const dir = path.join(parent, 'pglite');
  const database = await openDatabase({ kind: 'pglite', dataDir: dir });
  await database.close();
  project.provide('pgliteTemplate', dir);
  return async () => {
    await rm(parent, { recursive: true, force: true });
  };
}
