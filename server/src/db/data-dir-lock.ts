/**
 * The embedded database may be opened by one process only: two would corrupt it. The lock is
 * a pid file in the data directory; a file left by a process that no longer runs is taken over.
 */
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

export class DataDirInUseError extends Error {
  override readonly name = 'DataDirInUseError';
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export async function lockDataDir(dataDir: string): Promise<() => Promise<void>> {
  await mkdir(dataDir, { recursive: true });
  const file = path.join(dataDir, 'store.pid');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      await writeFile(file, `${process.pid}\n`, { flag: 'wx' });
      return async () => {
        await rm(file, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const pid = Number.parseInt(await readFile(file, 'utf8').catch(() => ''), 10);
      if (Number.isInteger(pid) && pid !== process.pid && isRunning(pid)) {
        throw new DataDirInUseError(
          `Another store process (pid ${pid}) is using ${dataDir}; stop it or set DATA_DIR to another directory`,
        );
      }
      await rm(file, { force: true });
    }
  }
  throw new DataDirInUseError(`Could not lock ${dataDir}`);
}
