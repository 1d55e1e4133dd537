/**
 * The store runs from its sources (`npm start`) and, in tests, from a bundle in
 * `.bundle/<hash>/` (decision 050): server code that found a file from its own module's
 * address would find it in one place and not the other. Only the modules that know both
 * places may use `import.meta.url`.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT_DIR } from '../../server/src/config';

/** Each knows where it is built to: the root two levels up, itself, the thread beside it. */
const ALLOWED = new Set([
  'server/src/config.ts',
  'server/src/server.ts',
  'server/src/db/pglite-remote.ts',
]);

function sources(dir: string, into: string[] = []): string[] {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) sources(full, into);
    else if (/\.tsx?$/.test(entry.name) && !/\.spec\.tsx?$/.test(entry.name)) into.push(full);
  }
  return into;
}

describe('server code and its own address', () => {
  it('finds files from ROOT_DIR, not from import.meta.url, outside the modules that know both places', () => {
    const using = [
      ...sources(path.join(ROOT_DIR, 'server/src')),
      ...sources(path.join(ROOT_DIR, 'domain')),
    ]
      .filter((file) => readFileSync(file, 'utf8').includes('import.meta.url'))
      .map((file) => path.relative(ROOT_DIR, file).split(path.sep).join('/'))
      .filter((file) => !ALLOWED.has(file));
    expect(using).toEqual([]);
  });
});
