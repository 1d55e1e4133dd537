/**
 * A backup of the embedded database on disk (decision 037): the tar of PGlite's data
 * directory that `dumpDataDir` makes, gzipped, written only for the operator's user (it holds
 * buyers' personal data and password hashes), and never half-written (a partial file is
 * renamed into place once complete).
 */
import { mkdir, open, readFile, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { gunzip, gzip } from 'node:zlib';

const gzipAsync = promisify(gzip);
const gunzipAsync = promisify(gunzip);

/** `backups/store-2026-11-24T12-30-05Z.tar.gz` (or `.dump`), below the working directory. */
export function defaultBackupPath(extension: 'tar.gz' | 'dump', now = new Date()): string {
  const stamp = now
    .toISOString()
    .replace(/\.\d{3}Z$/, 'Z')
    .replaceAll(':', '-');
  return path.resolve('backups', `store-${stamp}.${extension}`);
}

/** A file that must not exist yet; its parent directory is made. */
export async function claimBackupPath(file: string): Promise<string> {
  const target = path.resolve(file);
  await mkdir(path.dirname(target), { recursive: true });
  const handle = await open(target, 'wx', 0o600).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'EEXIST') {
      throw new Error(`${target} exists already; give another file name.`);
    }
    throw error;
  });
  await handle.close();
  return target;
}

export async function writeBackupFile(target: string, image: Uint8Array): Promise<number> {
  const compressed = await gzipAsync(image);
  const partial = `${target}.partial`;
  try {
    const handle = await open(partial, 'w', 0o600);
    try {
      await handle.writeFile(compressed);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(partial, target);
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  }
  return compressed.byteLength;
}

export class NotABackupError extends Error {
  override readonly name = 'NotABackupError';
}

/** The names of a tar's entries (ustar headers), refusing any that climbs out of its root. */
export function tarEntryNames(tar: Uint8Array): string[] {
  const names: string[] = [];
  const text = (from: number, length: number) => {
    const bytes = tar.subarray(from, from + length);
    const end = bytes.indexOf(0);
    return Buffer.from(end < 0 ? bytes : bytes.subarray(0, end)).toString('utf8');
  };
  let offset = 0;
  while (offset + 512 <= tar.byteLength) {
    if (tar.subarray(offset, offset + 512).every((b) => b === 0)) break;
    const prefix = text(offset + 345, 155);
    const name = prefix ? `${prefix}/${text(offset, 100)}` : text(offset, 100);
    const size = Number.parseInt(text(offset + 124, 12).trim() || '0', 8);
    if (!Number.isInteger(size) || size < 0) throw new NotABackupError('The tar is damaged.');
    if (name.split('/').includes('..')) {
      throw new NotABackupError(`The tar names a file outside its directory: ${name}`);
    }
    names.push(name.replace(/^\.?\//, ''));
    offset += 512 + Math.ceil(size / 512) * 512;
  }
  return names;
}

/** The data directory's tar from a backup file, checked to be one. */
export async function readBackupImage(file: string): Promise<Uint8Array> {
  const raw = await readFile(file);
  let tar: Uint8Array;
  try {
    tar = raw[0] === 0x1f && raw[1] === 0x8b ? await gunzipAsync(raw) : raw;
  } catch {
    throw new NotABackupError(`${file} is not a backup of the store (it does not unzip).`);
  }
  let names: string[];
  try {
    names = tarEntryNames(tar);
  } catch (error) {
    throw new NotABackupError(`${file} is not a backup of the store: ${(error as Error).message}`);
  }
  if (!names.includes('PG_VERSION') || !names.some((n) => n.startsWith('base/'))) {
    throw new NotABackupError(
      `${file} is not a backup of the store's embedded database (no PG_VERSION or base/ in it).`,
    );
  }
  return tar;
}

export function describeFacts(facts: {
  readonly streams: Readonly<Record<string, number>>;
  readonly events: number;
}): string {
  const kinds = Object.entries(facts.streams)
    .map(([kind, n]) => `${kind} ${n}`)
    .join(', ');
  return `${facts.events} events; streams: ${kinds || 'none'}`;
}
