import { mkdir, rename, rm, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { tempDir } from '../tests/support/temp-dir';
import { sourceHash } from './build-stamp';

describe('sourceHash (is the build stale?)', () => {
  let root: string;
  beforeEach(async () => {
    root = await tempDir('store-stamp-');
    await mkdir(path.join(root, 'src', 'shell'), { recursive: true });
    await writeFile(path.join(root, 'index.html'), '<!doctype html>');
    await writeFile(path.join(root, 'src', 'shell', 'Header.tsx'), 'export {}');
  });
  afterEach(async () => {
    await rm(root, { recursive: true, force: true });
  });

  it('stays the same when only modification times change (a fresh clone)', async () => {
    const before = sourceHash(root);
    const later = new Date(Date.now() + 60_000);
    await utimes(path.join(root, 'index.html'), later, later);
    expect(sourceHash(root)).toBe(before);
  });

  it('changes when a source file changes, appears or moves', async () => {
    const first = sourceHash(root);
    await writeFile(path.join(root, 'src', 'shell', 'Header.tsx'), 'export const x = 1;');
    const second = sourceHash(root);
    expect(second).not.toBe(first);
    await writeFile(path.join(root, 'src', 'shell', 'Footer.tsx'), 'export {}');
    const third = sourceHash(root);
    expect(third).not.toBe(second);
    await rename(
      path.join(root, 'src', 'shell', 'Footer.tsx'),
      path.join(root, 'src', 'shell', 'Foot.tsx'),
    );
    expect(sourceHash(root)).not.toBe(third);
  });

  it('ignores test files, which are not part of the build', async () => {
    const before = sourceHash(root);
    await writeFile(path.join(root, 'src', 'shell', 'Header.unit.spec.tsx'), 'test');
    expect(sourceHash(root)).toBe(before);
  });
});
