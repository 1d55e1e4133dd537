/**
 * The catalogs in locales/ hold every message the code uses: extracting again into a
 * scratch folder finds no message the English catalog lacks, and none it no longer needs.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT_DIR } from '../server/src/config';
import { tempDir } from '../tests/support/temp-dir';
import { readPoCatalog } from '../server/src/i18n/po-catalog';

describe('message extraction', () => {
  it('finds the catalogs up to date with the code (run npm run i18n:extract if not)', async () => {
    const scratch = await tempDir('store-i18n-');
    const config = path.join(scratch, 'lingui.config.cjs');
    writeFileSync(
      config,
      `module.exports = ${JSON.stringify({
        rootDir: ROOT_DIR,
        sourceLocale: 'en',
        locales: ['en'],
        catalogs: [
          {
            path: path.join(scratch, '{locale}', 'messages'),
            include: ['<rootDir>/src', '<rootDir>/domain'],
            exclude: ['**/*.spec.ts', '**/*.spec.tsx'],
          },
        ],
        format: 'po',
      })};\n`,
    );
    const cli = path.join(ROOT_DIR, 'node_modules', '@lingui', 'cli', 'dist', 'lingui.js');
    const run = spawnSync(
      process.execPath,
      [cli, 'extract', '--config', config, '--workers', '1'],
      {
        cwd: ROOT_DIR,
        encoding: 'utf8',
      },
    );
    expect(run.status, run.stderr).toBe(0);
    const fresh = readPoCatalog(readFileSync(path.join(scratch, 'en', 'messages.po'), 'utf8'));
    const committed = readPoCatalog(
      readFileSync(path.join(ROOT_DIR, 'locales', 'en', 'messages.po'), 'utf8'),
    );
    await rm(scratch, { recursive: true, force: true });
    expect([...committed.keys()].sort()).toEqual([...fresh.keys()].sort());
  });
});
