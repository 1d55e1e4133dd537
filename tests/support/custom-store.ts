/**
 * A store process with its own copy of the content folder and flag file, for tests that
 * edit content or flip flags while the store runs.
 */
import { cp, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { REPO_CONTENT_DIR, REPO_FLAGS_FILE } from './app';
import { launchStoreProcess, type StoreProcess } from './server-process';
import { tempDir } from './temp-dir';

export interface CustomStore extends StoreProcess {
  readonly contentDir: string;
  readonly flagsFile: string;
  setFlag(key: string, on: boolean): Promise<void>;
  writeContent(relativePath: string, text: string): Promise<void>;
  dispose(): Promise<void>;
}

export async function launchCustomStore(
  options: { readonly withoutPublicUrl?: boolean } = {},
): Promise<CustomStore> {
  const dir = await tempDir('store-custom-');
  const contentDir = path.join(dir, 'content');
  const flagsFile = path.join(dir, 'flags.json');
  await cp(REPO_CONTENT_DIR, contentDir, { recursive: true });
  await cp(REPO_FLAGS_FILE, flagsFile);
  const store = await launchStoreProcess({
    dataDir: path.join(dir, 'data'),
    env: { CONTENT_DIR: contentDir, FLAGS_FILE: flagsFile },
    readyTimeoutMs: 170_000,
    ...(options.withoutPublicUrl ? { withoutPublicUrl: true } : {}),
  });
  return {
    ...store,
    contentDir,
    flagsFile,
    setFlag: async (key, on) => {
      const file = JSON.parse(await readFile(flagsFile, 'utf8')) as {
        flags: Record<string, { on: boolean }>;
      };
      const flag = file.flags[key];
      if (!flag) throw new Error(`No flag ${key}`);
      flag.on = on;
      await writeFile(flagsFile, JSON.stringify(file, null, 2));
    },
    writeContent: (relativePath, text) => writeFile(path.join(contentDir, relativePath), text),
    dispose: async () => {
      await store.stop('SIGTERM');
      await rm(dir, { recursive: true, force: true });
    },
  };
}
