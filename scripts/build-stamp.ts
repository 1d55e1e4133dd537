/**
 * Decides whether the built PWA in dist/ matches the sources: a hash of every input file's
 * path and content, written to dist/.build-stamp by the build. Content, not mtimes, so a
 * fresh clone (where every file is new) still rebuilds only when something differs.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { ROOT_DIR } from '../server/src/config';

const INPUT_DIRS = ['src', 'sw', 'domain', 'locales', 'public'];
const INPUT_FILES = [
  'index.html',
  'vite.config.ts',
  'lingui.config.ts',
  'package-lock.json',
  'tsconfig.base.json',
];
const IGNORED = /\.(unit|int|e2e)\.spec\.tsx?$/;

export const DIST_DIR = path.join(ROOT_DIR, 'dist');
export const STAMP_FILE = path.join(DIST_DIR, '.build-stamp');

function walk(dir: string, into: string[]): void {
  if (!existsSync(dir)) return;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) walk(full, into);
    else if (entry.isFile() && !IGNORED.test(entry.name)) into.push(full);
  }
}

/** A hash of every file in `dirs` (specs left out) and of `files`, by path and content. */
export function hashOfFiles(
  root: string,
  dirs: readonly string[],
  files: readonly string[],
): string {
  const found: string[] = files.map((f) => path.join(root, f)).filter((f) => existsSync(f));
  for (const dir of dirs) walk(path.join(root, dir), found);
  const hash = createHash('sha256');
  for (const file of found.sort()) {
    hash.update(path.relative(root, file).split(path.sep).join('/'));
    hash.update('\0');
    hash.update(readFileSync(file));
    hash.update('\0');
  }
  return hash.digest('hex');
}

export function sourceHash(root: string = ROOT_DIR): string {
  return hashOfFiles(root, INPUT_DIRS, INPUT_FILES);
}

export function buildIsFresh(): boolean {
  if (!existsSync(path.join(DIST_DIR, 'index.html')) || !existsSync(STAMP_FILE)) return false;
  return statSync(STAMP_FILE).isFile() && readFileSync(STAMP_FILE, 'utf8').trim() === sourceHash();
}
