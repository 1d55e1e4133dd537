/**
 * The store's server as one module (and its database thread as another), for the tests,
 * benchmarks and audits that start the store as a process many times (decision 050).
 * Starting from the TypeScript sources, tsx transpiles and resolves several hundred modules
 * through a loader thread on every start; the bundle is built once per content of the
 * sources, in `.bundle/<hash>/`, and starts in a fraction of the time. The packages stay in
 * node_modules, resolved as `npm start` resolves them.
 *
 * Safe to call from several processes at once: each builds into a directory of its own and
 * renames it into place; the first rename wins and the others use it.
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import { mkdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { build } from 'esbuild';
import { ROOT_DIR } from '../../server/src/config';
import { hashOfFiles } from '../../scripts/build-stamp';

const BUNDLE_ROOT = path.join(ROOT_DIR, '.bundle');
const INPUT_DIRS = ['server/src', 'domain', 'scripts'];
/** The operators' tools (`npm run orders`, …) the tests run as processes, bundled beside it. */
const TOOLS = [
  'orders',
  'invoices',
  'qualifications',
  'backup',
  'restore',
  'housekeeping',
  'mail',
] as const;
export type Tool = (typeof TOOLS)[number];
const INPUT_FILES = ['package-lock.json', 'tsconfig.base.json'];
/** Bundles of other sources are removed once this old (a running store may still use one). */
const STALE_MS = 60 * 60 * 1000;

/** A hash of every file the server is built from (the sources and the package versions). */
function serverSourceHash(): string {
  return hashOfFiles(ROOT_DIR, INPUT_DIRS, INPUT_FILES).slice(0, 16);
}

async function removeStale(keep: string): Promise<void> {
  const now = Date.now();
  for (const name of readdirSync(BUNDLE_ROOT)) {
    if (name === keep) continue;
    const full = path.join(BUNDLE_ROOT, name);
    if (now - statSync(full).mtimeMs > STALE_MS) await rm(full, { recursive: true, force: true });
  }
}

/** The path of the bundled server entry for the sources as they are, built if missing. */
export async function serverBundle(): Promise<string> {
  const hash = serverSourceHash();
  const dir = path.join(BUNDLE_ROOT, hash);
  const entry = path.join(dir, 'server.mjs');
  if (existsSync(entry)) return entry;
  await mkdir(BUNDLE_ROOT, { recursive: true });
  const building = path.join(BUNDLE_ROOT, `${hash}.${String(process.pid)}.${String(Date.now())}`);
  await build({
    entryPoints: {
      server: path.join(ROOT_DIR, 'server/src/server.ts'),
      'pglite-thread': path.join(ROOT_DIR, 'server/src/db/pglite-thread.ts'),
      // Beside the server, two levels below the root, as ROOT_DIR (server/src/config.ts) wants.
      ...Object.fromEntries(
        TOOLS.map((tool) => [`tool-${tool}`, path.join(ROOT_DIR, 'scripts', `${tool}.ts`)]),
      ),
    },
    outdir: building,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    packages: 'external',
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: 'linked',
    logLevel: 'warning',
  });
  try {
    await rename(building, dir);
  } catch (error) {
    // Another process renamed its build first: the same sources, the same bundle.
    if (!existsSync(entry)) throw error;
    await rm(building, { recursive: true, force: true });
  }
  await removeStale(hash).catch(() => undefined);
  return entry;
}

/** The path of an operator's tool, bundled with the server (built if missing). */
export async function toolBundle(tool: Tool): Promise<string> {
  return path.join(path.dirname(await serverBundle()), `tool-${tool}.mjs`);
}
