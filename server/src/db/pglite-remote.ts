/**
 * The embedded database held by a worker thread (`pglite-thread.ts`), seen from the main
 * thread as the part of PGlite's client the store uses: `query`, `exec` and `transaction`
 * (what Drizzle's PGlite driver calls), `dumpDataDir` and `close` (decision 049).
 *
 * The thread runs one statement at a time, as PGlite does; a transaction holds it until it
 * ends, and other queries wait, as with PGlite in the same thread.
 */
import { Worker } from 'node:worker_threads';
import {
  deserializeError,
  type ThreadCall,
  type ThreadReply,
  type ThreadStart,
} from './pglite-protocol';

export interface RemoteResults<T> {
  readonly rows: T[];
  readonly fields: { readonly name: string; readonly dataTypeID: number }[];
  readonly affectedRows?: number;
}

interface QueryOptions {
  readonly rowMode?: 'object' | 'array';
  readonly parsers?: Readonly<Record<number, unknown>>;
}

export interface RemoteQueries {
  query<T>(text: string, params?: unknown[], options?: QueryOptions): Promise<RemoteResults<T>>;
  exec(text: string): Promise<void>;
}

export interface RemoteTransaction extends RemoteQueries {
  /** Ends the transaction without its writes (PGlite's `tx.rollback`). */
  rollback(): Promise<void>;
}

const THREAD_SOURCE = new URL('./pglite-thread.ts', import.meta.url).href;

export class PgliteThreadClient implements RemoteQueries {
  #worker: Worker;
  #nextId = 1;
  #pending = new Map<number, { resolve: (value: unknown) => void; reject: (e: Error) => void }>();
  #closed = false;
  #failure: Error | undefined;
  #closing: Promise<void> | undefined;

  private constructor(worker: Worker) {
    this.#worker = worker;
  }

  /** Starts the thread and opens the data directory; rejects if it cannot. */
  static async open(dataDir: string): Promise<PgliteThreadClient> {
    const start: ThreadStart = { dataDir };
    const worker = import.meta.url.endsWith('.mjs')
      ? // The store built as one module (tests/support/server-bundle.ts): the thread's module
        // is built beside it.
        new Worker(new URL('./pglite-thread.mjs', import.meta.url), { workerData: start })
      : // From the sources, the thread runs the TypeScript module through tsx as the store
        // does (a worker's entry cannot name it directly: Node checks the entry's extension
        // before any loader).
        new Worker(
          `import(${JSON.stringify(import.meta.resolve('tsx/esm/api'))}).then(({ tsImport }) =>
             tsImport(${JSON.stringify(THREAD_SOURCE)}, ${JSON.stringify(THREAD_SOURCE)}))`,
          { eval: true, workerData: start },
        );
    const client = new PgliteThreadClient(worker);
    const ready = new Promise<void>((resolve, reject) => {
      client.#pending.set(0, { resolve: () => resolve(), reject });
    });
    worker.on('message', (reply: ThreadReply) => client.#answer(reply));
    worker.on('error', (error) => client.#fail(error));
    worker.on('exit', (code) => {
      client.#fail(
        client.#closing
          ? new Error('The embedded database is closed')
          : new Error(`The embedded database's thread ended (exit code ${String(code)})`),
      );
    });
    try {
      await ready;
    } catch (error) {
      await worker.terminate();
      throw error;
    }
    return client;
  }

  get closed(): boolean {
    return this.#closed || this.#failure !== undefined;
  }

  #answer(reply: ThreadReply): void {
    const waiting = this.#pending.get(reply.id);
    if (!waiting) return;
    this.#pending.delete(reply.id);
    if (reply.ok) waiting.resolve(reply.result);
    else waiting.reject(deserializeError(reply.error));
  }

  /** The thread stopped: every call waiting, and every later one, fails with why. */
  #fail(error: Error): void {
    this.#failure ??= error;
    for (const waiting of this.#pending.values()) waiting.reject(this.#failure);
    this.#pending.clear();
  }

  #call(call: ThreadCall, transfer?: ArrayBuffer[]): Promise<unknown> {
    if (this.#failure) return Promise.reject(this.#failure);
    if (this.#closed) return Promise.reject(new Error('The embedded database is closed'));
    const id = this.#nextId++;
    return new Promise((resolve, reject) => {
      this.#pending.set(id, { resolve, reject });
      try {
        this.#worker.postMessage({ ...call, id }, transfer);
      } catch (error) {
        // A value that cannot be cloned (a function in a parameter): this call fails alone.
        this.#pending.delete(id);
        reject(error instanceof Error ? error : new Error(String(error)));
      }
    });
  }

  #queries(tx: number | undefined): RemoteQueries {
    const inTx = tx === undefined ? {} : { tx };
    return {
      query: async <T>(text: string, params?: unknown[], options?: QueryOptions) =>
        (await this.#call({
          op: 'query',
          ...inTx,
          text,
          ...(params === undefined ? {} : { params }),
          rowMode: options?.rowMode ?? 'object',
          rawTypes: options?.parsers !== undefined,
        })) as RemoteResults<T>,
      exec: async (text: string) => {
        await this.#call({ op: 'exec', ...inTx, text });
      },
    };
  }

  query<T>(text: string, params?: unknown[], options?: QueryOptions): Promise<RemoteResults<T>> {
    return this.#queries(undefined).query<T>(text, params, options);
  }

  exec(text: string): Promise<void> {
    return this.#queries(undefined).exec(text);
  }

  /** Commits what `work` wrote when it resolves; rolls back when it throws or rolls back. */
  async transaction<T>(work: (tx: RemoteTransaction) => Promise<T>): Promise<T> {
    const txId = (await this.#call({ op: 'begin' })) as number;
    let rolledBack = false;
    const tx: RemoteTransaction = {
      ...this.#queries(txId),
      rollback: async () => {
        rolledBack = true;
        await this.#call({ op: 'end', tx: txId, commit: false });
      },
    };
    let result: T;
    try {
      result = await work(tx);
    } catch (error) {
      if (!rolledBack) {
        await this.#call({ op: 'end', tx: txId, commit: false }).catch(() => undefined);
      }
      throw error;
    }
    if (!rolledBack) await this.#call({ op: 'end', tx: txId, commit: true });
    return result;
  }

  /** The data directory as a tar (PGlite's `dumpDataDir('none')`). */
  async dumpDataDir(): Promise<Blob> {
    const bytes = (await this.#call({ op: 'dump' })) as ArrayBuffer;
    return new Blob([bytes], { type: 'application/x-tar' });
  }

  close(): Promise<void> {
    this.#closing ??= (async () => {
      if (!this.#failure && !this.#closed) {
        await this.#call({ op: 'close' }).catch(() => undefined);
      }
      this.#closed = true;
      await this.#worker.terminate();
    })();
    return this.#closing;
  }
}
