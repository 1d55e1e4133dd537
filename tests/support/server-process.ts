/**
 * Runs the real store as a separate process, the way `npm start` runs it, for tests that
 * need signals, restarts or a browser: the same server, built as one module
 * (server-bundle.ts), so that each start does not transpile the sources again.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { ROOT_DIR } from '../../server/src/config';
import { RATE_LIMIT_ENV } from '../../server/src/plugins/rate-limit-settings';
import { freePort } from './free-port';
import { serverBundle } from './server-bundle';

export interface StoreProcess {
  readonly url: string;
  /** Its DATA_DIR: where its embedded database and its operator channel are (ops/contract.ts). */
  readonly dataDir: string;
  readonly child: ChildProcess;
  /** Everything the process wrote so far, stdout and stderr together. */
  output(): string;
  /** Sends the signal and resolves with the exit code and how long the exit took. */
  stop(signal?: NodeJS.Signals): Promise<{ code: number | null; ms: number }>;
  /** Resolves when the process exits by itself. */
  exited(): Promise<number | null>;
}

export interface StoreProcessOptions {
  readonly dataDir: string;
  /**
   * Leave PUBLIC_URL unset, as a newcomer's `npm start` does: the store then uses the address
   * each request reached (decision 020). Otherwise PUBLIC_URL is the address tests use.
   */
  readonly withoutPublicUrl?: boolean;
  readonly env?: Record<string, string | undefined>;
  /** How long to wait for /api/health to answer 200. */
  readonly readyTimeoutMs?: number;
}

export async function launchStoreProcess(options: StoreProcessOptions): Promise<StoreProcess> {
  const port = await freePort();
  const env: Record<string, string | undefined> = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    // The address tests use, so the embedded OpenID provider's issuer matches it.
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    DATA_DIR: options.dataDir,
    DATABASE_URL: '',
    LOG_LEVEL: 'warn',
    // The store's default rate limits, whatever the shell says: sized far above what the
    // browser tests send from 127.0.0.1 (decision 033).
    ...Object.fromEntries(Object.values(RATE_LIMIT_ENV).map((name) => [name, undefined])),
    ...options.env,
  };
  if (options.withoutPublicUrl) delete env.PUBLIC_URL;
  const entry = await serverBundle();
  const child = spawn(process.execPath, ['--enable-source-maps', entry], {
    cwd: ROOT_DIR,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exit = new Promise<number | null>((resolve) => {
    child.once('exit', (code) => {
      resolve(code);
    });
  });
  const url = `http://127.0.0.1:${port}`;

  const store: StoreProcess = {
    url,
    dataDir: options.dataDir,
    child,
    output: () => output,
    exited: () => exit,
    stop: async (signal = 'SIGTERM') => {
      if (child.exitCode !== null || child.signalCode !== null) {
        return { code: child.exitCode, ms: 0 };
      }
      const started = performance.now();
      child.kill(signal);
      const code = await exit;
      return { code, ms: performance.now() - started };
    },
  };

  const deadline = performance.now() + (options.readyTimeoutMs ?? 60_000);
  let exitedEarly = false;
  void exit.then(() => (exitedEarly = true));
  while (performance.now() < deadline) {
    if (exitedEarly) {
      throw new Error(`The store exited before it was ready:\n${output}`);
    }
    try {
      const response = await fetch(`${url}/api/health`);
      if (response.ok) return store;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await store.stop('SIGKILL');
  throw new Error(`The store was not ready in time:\n${output}`);
}
