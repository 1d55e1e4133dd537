/**
 * The real store as a separate process that a crash test kills with SIGKILL and starts again
 * on the same database. The next processes (two) are spawned ahead and load their modules
 * while the current one serves (tests/crash/warm-store.ts), so a restart costs only what a
 * restart after a crash costs the store: opening the database (crash recovery), migrations,
 * seeding checks and building the app.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { ROOT_DIR } from '../../server/src/config';
import { freePort } from '../support/free-port';

const ENTRY = path.join(ROOT_DIR, 'tests', 'crash', 'warm-store.ts');
/** What is kept of each process's output (for a failure's message). */
const OUTPUT_KEPT = 20_000;

interface Spawned {
  readonly child: ChildProcess;
  readonly url: string;
  readonly warm: Promise<void>;
  readonly exit: Promise<number | null>;
  output(): string;
}

export interface RunningStore {
  readonly url: string;
  /** Counts the processes started: a request made to an older one is stale. */
  readonly generation: number;
  output(): string;
}

/** Processes kept loading ahead: loading takes longer than a short life between kills. */
const AHEAD = 2;

export class StoreRunner {
  private readonly ahead: Spawned[] = [];
  private current: (Spawned & { generation: number }) | undefined;
  private generation = 0;
  private closed = false;

  constructor(private readonly env: Record<string, string | undefined>) {}

  private async spawnOne(): Promise<Spawned> {
    const port = await freePort();
    const url = `http://127.0.0.1:${String(port)}`;
    const child = spawn(process.execPath, ['--import', 'tsx', ENTRY], {
      cwd: ROOT_DIR,
      env: {
        ...process.env,
        HOST: '127.0.0.1',
        LOG_LEVEL: 'warn',
        ...this.env,
        PORT: String(port),
        PUBLIC_URL: url,
      },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let output = '';
    const keep = (chunk: Buffer) => {
      output = (output + chunk.toString()).slice(-OUTPUT_KEPT);
    };
    child.stderr?.on('data', keep);
    const exit = new Promise<number | null>((resolve) => {
      child.once('exit', (code) => {
        resolve(code);
      });
    });
    const warm = new Promise<void>((resolve, reject) => {
      child.stdout?.on('data', (chunk: Buffer) => {
        keep(chunk);
        if (output.includes('warm\n')) resolve();
      });
      void exit.then(() => {
        reject(new Error(`The store process exited before it was warm:\n${output}`));
      });
    });
    warm.catch(() => undefined);
    return { child, url, warm, exit, output: () => output };
  }

  /** Starts the next process; resolves when its health answers 200, with the time taken. */
  async start(timeoutMs = 60_000): Promise<{ store: RunningStore; ms: number }> {
    if (this.current) throw new Error('The store is running already');
    const spawned = this.ahead.shift() ?? (await this.spawnOne());
    await spawned.warm;
    const started = performance.now();
    spawned.child.stdin?.write('go\n');
    const deadline = started + timeoutMs;
    let exited = false;
    void spawned.exit.then(() => (exited = true));
    while (performance.now() < deadline) {
      if (exited) throw new Error(`The store exited before it was ready:\n${spawned.output()}`);
      try {
        const response = await fetch(`${spawned.url}/api/health`);
        if (response.ok) {
          const ms = performance.now() - started;
          this.generation += 1;
          this.current = { ...spawned, generation: this.generation };
          // The next processes load their modules while this one serves.
          while (!this.closed && this.ahead.length < AHEAD) this.ahead.push(await this.spawnOne());
          return {
            store: {
              url: spawned.url,
              generation: this.generation,
              output: () => spawned.output(),
            },
            ms,
          };
        }
      } catch {
        // Not listening yet.
      }
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    spawned.child.kill('SIGKILL');
    throw new Error(`The store was not ready in ${String(timeoutMs)} ms:\n${spawned.output()}`);
  }

  /** Kills the running process with this signal and waits until it is gone. */
  async stop(signal: NodeJS.Signals = 'SIGKILL'): Promise<number | null> {
    const current = this.current;
    this.current = undefined;
    if (!current) return null;
    if (current.child.exitCode === null && current.child.signalCode === null) {
      current.child.kill(signal);
    }
    return current.exit;
  }

  /** Kills everything it started (the warm next process included). */
  async close(): Promise<void> {
    this.closed = true;
    await this.stop('SIGKILL');
    for (const next of this.ahead.splice(0)) {
      next.child.kill('SIGKILL');
      await next.exit;
    }
  }
}
