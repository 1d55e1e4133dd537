/**
 * The real store (server.ts's `startServer`, operator channel included) in the test's own
 * process, on a fresh embedded database in its own DATA_DIR or on a fresh schema of the
 * PostgreSQL of DATABASE_URL; and the operator's tools (`scripts/*.ts`) run beside it as
 * separate processes, as an operator runs them.
 */
import { spawn } from 'node:child_process';
import { cp, rm } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import { loadConfig, ROOT_DIR } from '../../server/src/config';
import type { DatabaseKind } from '../../server/src/db/database';
import { startServer, type RunningServer } from '../../server/src/server';
import { postgresUrl } from './databases';
import { toolBundle, type Tool } from './server-bundle';
import { tempDir } from './temp-dir';

export interface TestStore {
  readonly kind: DatabaseKind;
  readonly server: RunningServer;
  readonly dataDir: string;
  /** What a tool's environment needs to find this store's database. */
  readonly env: Readonly<Record<string, string>>;
  /** Stops the store (again: nothing); its database stays for the tools. */
  stop(): Promise<void>;
  /** Stops the store and removes its directory and schema. */
  dispose(): Promise<void>;
}

/** The database kinds the int suite runs on: PGlite, and PostgreSQL with DATABASE_URL. */
export function testStoreKinds(): DatabaseKind[] {
  return postgresUrl() ? ['pglite', 'postgres'] : ['pglite'];
}

export async function startTestStore(
  kind: DatabaseKind,
  settings: Readonly<Record<string, string>> = {},
): Promise<TestStore> {
  const dataDir = await tempDir('store-ops-');
  let env: Record<string, string> = { DATA_DIR: dataDir };
  let dropSchema: () => Promise<void> = () => Promise.resolve();
  if (kind === 'pglite') {
    // A copy of the empty database made once per run (int-global-setup.ts).
    await cp(inject('pgliteTemplate'), path.join(dataDir, 'pglite'), { recursive: true });
  } else {
    const url = postgresUrl() ?? '';
    const schema = `ops_${String(process.pid)}_${Math.random().toString(36).slice(2, 8)}`;
    env = { ...env, DATABASE_URL: url, DATABASE_SCHEMA: schema };
    dropSchema = async () => {
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      try {
        await admin.query(`drop schema if exists "${schema}" cascade`);
      } finally {
        await admin.end();
      }
    };
  }
  const server = await startServer(
    loadConfig({
      ...env,
      ...settings,
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      STATIC_DIR: path.join(dataDir, 'no-build'),
    }),
  );
  let stopping: Promise<void> | undefined;
  const stop = () => (stopping ??= server.close());
  return {
    kind,
    server,
    dataDir,
    env,
    stop,
    dispose: async () => {
      await stop();
      await dropSchema();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

export interface ToolRun {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/**
 * oidc-provider's warning on Node 20 (it asks for 22; package.json allows 20.19), printed when
 * a tool loads the store's modules: not the tool's output.
 */
const RUNTIME_WARNING = /^oidc-provider WARNING: Unsupported runtime\..*\n/m;

/**
 * `npm run <tool> -- <args>` in a process of its own, with this environment (no DATABASE_URL
 * nor SMTP_URL unless it says so). The tool's own code, bundled once with the server
 * (tests/support/server-bundle.ts): tsx would transpile some hundred modules on every run.
 */
export async function runTool(
  tool: Tool,
  args: readonly string[],
  env: Readonly<Record<string, string>>,
): Promise<ToolRun> {
  const entry = await toolBundle(tool);
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--enable-source-maps', entry, ...args], {
      cwd: ROOT_DIR,
      env: {
        ...process.env,
        DATABASE_URL: '',
        DATABASE_SCHEMA: '',
        SMTP_URL: '',
        LOG_LEVEL: 'warn',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) =>
      resolve({ code, stdout, stderr: stderr.replace(RUNTIME_WARNING, '') }),
    );
  });
}
