/**
 * Once per integration run: a freshly initialised PGlite directory that the tests copy instead
 * of initialising their own (about 0.7 s against 3 s here), empty and with every migration
 * applied (another 2 s a database saved). Removed at the end.
 */
import { cp, rm } from 'node:fs/promises';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../server/src/db/database';
import { migrate, readMigrations } from '../../server/src/db/migrate';
import { tempDir } from './temp-dir';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
    pgliteMigratedTemplate: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const parent = await tempDir('store-template-');
  const dir = path.join(parent, 'pglite');
  const database = await openDatabase({ kind: 'pglite', dataDir: dir });
  await database.close();
  project.provide('pgliteTemplate', dir);
  const migratedDir = path.join(parent, 'pglite-migrated');
  await cp(dir, migratedDir, { recursive: true });
  const migrated = await openDatabase({ kind: 'pglite', dataDir: migratedDir });
  await migrate(migrated, await readMigrations());
  await migrated.close();
  project.provide('pgliteMigratedTemplate', migratedDir);
  return async () => {
    await rm(parent, { recursive: true, force: true });
  };
}
