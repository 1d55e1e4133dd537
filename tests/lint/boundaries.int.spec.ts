/**
 * The lint is the guard of the architecture (STYLE.md, ARCHITECTURE.md §1): deliberate
 * violations, linted as if they were in the repository, must each be reported.
 */
import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { ROOT_DIR } from '../../server/src/config';

const eslint = new ESLint({ cwd: ROOT_DIR });

async function rulesBroken(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(ROOT_DIR, file) });
  return (result?.messages ?? []).map((m) => m.ruleId ?? m.message);
}

const DOMAIN_FILE = 'domain/storefront/storefronts.ts';

describe('lint boundaries', () => {
  it.each([
    ["import 'react';", 'no-restricted-imports'],
    ["import { liveQuery } from 'dexie';\nexport { liveQuery };", 'no-restricted-imports'],
    ["import { readFileSync } from 'node:fs';\nexport { readFileSync };", 'no-restricted-imports'],
    ["import { readFileSync } from 'fs';\nexport { readFileSync };", 'no-restricted-imports'],
    [
      "import { i18n } from '../../src/infra/i18n';\nexport { i18n };",
      'import-x/no-restricted-paths',
    ],
    ['export const now = Date.now();', 'no-restricted-properties'],
    ['export const r = Math.random();', 'no-restricted-properties'],
    ['export const d = new Date();', 'no-restricted-syntax'],
    ['export const t = setTimeout(() => undefined, 1);', 'no-restricted-globals'],
    ["export const f = fetch('/api');", 'no-restricted-globals'],
    ['export const w = window.location.href;', 'no-restricted-globals'],
    ["export const el = document.createElement('div');", 'no-restricted-globals'],
  ])('rejects in domain/: %s', async (code, rule) => {
    expect(await rulesBroken(DOMAIN_FILE, code)).toContain(rule);
  });

  it('accepts pure code in domain/', async () => {
    const code =
      "import * as z from 'zod';\nexport const at = (iso: string) => new Date(iso);\nexport const S = z.string();\n";
    expect(await rulesBroken(DOMAIN_FILE, code)).toEqual([]);
  });

  it('keeps the shell from importing a feature', async () => {
    const code =
      "import { HomePage } from '../features/home/components/HomePage';\nexport { HomePage };";
    expect(await rulesBroken('src/shell/Header.tsx', code)).toContain(
      'import-x/no-restricted-paths',
    );
  });

  it('keeps src/infra from importing the shell', async () => {
    const code = "import { Header } from '../shell/Header';\nexport { Header };";
    expect(await rulesBroken('src/infra/i18n.ts', code)).toContain('import-x/no-restricted-paths');
  });

  it('keeps the server from importing browser code', async () => {
    const code = "import { i18n } from '../../src/infra/i18n';\nexport { i18n };";
    expect(await rulesBroken('server/src/app.ts', code)).toContain('import-x/no-restricted-paths');
  });

  it("rejects `import { z } from 'zod'` in browser code", async () => {
    const code = "import { z } from 'zod';\nexport const S = z.string();";
    expect(await rulesBroken('src/infra/i18n.ts', code)).toContain('no-restricted-syntax');
    const allowed = "import * as z from 'zod';\nexport const S = z.string();";
    expect(await rulesBroken('src/infra/i18n.ts', allowed)).toEqual([]);
  });
});
