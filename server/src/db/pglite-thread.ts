/**
 * The embedded database on a thread of its own (decision 049): PGlite runs its queries
 * synchronously, in WebAssembly, on whichever thread holds it; here that is this worker, so
 * the store's main thread goes on parsing requests and deciding commands while a statement
 * runs. The main thread's side is `pglite-remote.ts`; the messages are `ThreadRequest` and
 * `ThreadReply`.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, types, type Transaction } from '@electric-sql/pglite';
import {
  serializeError,
  type ThreadReply,
  type ThreadRequest,
  type ThreadStart,
} from './pglite-protocol';

/** As Drizzle asks: dates, times and intervals as the text PostgreSQL sends. */
const RAW_TYPES = {
  [types.TIMESTAMP]: (value: string) => value,
  [types.TIMESTAMPTZ]: (value: string) => value,
  [types.INTERVAL]: (value: string) => value,
  [types.DATE]: (value: string) => value,
  1231: (value: string) => value,
  1115: (value: string) => value,
  1185: (value: string) => value,
  1187: (value: string) => value,
  1182: (value: string) => value,
};

const port = parentPort;
if (!port) throw new Error('pglite-thread.ts runs as a worker thread');
const { dataDir } = workerData as ThreadStart;

function reply(message: ThreadReply, transfer?: ArrayBuffer[]): void {
  port?.postMessage(message, transfer);
}

/** Transactions under way, by id: the PGlite transaction and how to end it. */
const open = new Map<number, { tx: Transaction; end: (commit: boolean) => void }>();
let nextTx = 1;

async function start(): Promise<PGlite> {
  try {
    const client = await PGlite.create(dataDir);
    reply({ id: 0, ok: true, result: 'ready' });
    return client;
  } catch (error) {
    reply({ id: 0, ok: false, error: serializeError(error) });
    throw error;
  }
}

const opening = start();
// Its failure is told to the main thread by the reply above. Left unhandled, the rejection
// would also end the thread with Node's generic message, racing that reply (which of the two
// the main thread heard first depended on the host's load).
opening.catch(() => undefined);

async function handle(client: PGlite, request: ThreadRequest): Promise<void> {
  switch (request.op) {
    case 'query': {
      const target = request.tx === undefined ? client : open.get(request.tx)?.tx;
      if (!target) throw new Error(`No transaction ${String(request.tx)}`);
      const result = await target.query(request.text, request.params, {
        rowMode: request.rowMode,
        ...(request.rawTypes ? { parsers: RAW_TYPES } : {}),
      });
      reply({
        id: request.id,
        ok: true,
        result: { rows: result.rows, fields: result.fields, affectedRows: result.affectedRows },
      });
      return;
    }
    case 'exec': {
      const target = request.tx === undefined ? client : open.get(request.tx)?.tx;
      if (!target) throw new Error(`No transaction ${String(request.tx)}`);
      await target.exec(request.text);
      reply({ id: request.id, ok: true, result: null });
      return;
    }
    case 'begin': {
      const txId = nextTx++;
      // Answered once inside the transaction; the transaction ends when `end` arrives.
      const finished = client.transaction(async (tx) => {
        const commit = await new Promise<boolean>((resolve) => {
          open.set(txId, { tx, end: resolve });
          reply({ id: request.id, ok: true, result: txId });
        });
        if (!commit) await tx.rollback();
      });
      finished.then(
        () => open.delete(txId),
        (error: unknown) => {
          open.delete(txId);
          if (!ended.has(txId)) transactions.delete(txId);
          // A transaction that could not begin answers its `begin`; one that failed to
          // commit answers its `end` (below).
          if (!ended.has(txId)) reply({ id: request.id, ok: false, error: serializeError(error) });
        },
      );
      transactions.set(txId, finished);
      return;
    }
    case 'end': {
      const tx = open.get(request.tx);
      const finished = transactions.get(request.tx);
      if (!tx || !finished) throw new Error(`No transaction ${String(request.tx)}`);
      ended.add(request.tx);
      tx.end(request.commit);
      try {
        await finished;
      } finally {
        transactions.delete(request.tx);
        ended.delete(request.tx);
      }
      reply({ id: request.id, ok: true, result: null });
      return;
    }
    case 'dump': {
      const file = await client.dumpDataDir('none');
      const bytes = await file.arrayBuffer();
      reply({ id: request.id, ok: true, result: bytes }, [bytes]);
      return;
    }
    case 'close': {
      if (!client.closed) await client.close();
      reply({ id: request.id, ok: true, result: null });
      port?.close();
      return;
    }
  }
}

const transactions = new Map<number, Promise<void>>();
const ended = new Set<number>();

port.on('message', (request: ThreadRequest) => {
  opening
    .then((client) => handle(client, request))
    .catch((error: unknown) => {
      reply({ id: request.id, ok: false, error: serializeError(error) });
    });
});
