/**
 * The store's end of the operator channel (decision 037): a Unix domain socket at
 * DATA_DIR/operator/store.sock, in a directory of mode 0700 and itself of mode 0600, so only
 * the store's OS user reaches it; no network port. One request a connection: a line of JSON
 * `{ command, args }`, answered by a line of JSON (contract.ts) and, for some commands, the
 * bytes it announces.
 */
import { chmod, lstat, mkdir, rm } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import {
  MAX_REQUEST_BYTES,
  MAX_SOCKET_PATH_BYTES,
  OPERATOR_COMMANDS,
  operatorRequestSchema,
  operatorSocketPath,
  type OperatorAnswer,
  type OperatorCommandName,
} from './contract';
import { serializeError } from '../plugins/redact';
import { OperatorCommandError, runOperatorCommand, type OperatorContext } from './handlers';

/** A connection that says nothing for this long is closed. */
const IDLE_MS = 30_000;

export interface OperatorChannel {
  readonly path: string;
  close(): Promise<void>;
}

export interface OperatorLog {
  info(message: string): void;
  warn(message: string): void;
  error(message: string): void;
}

function isCommand(name: string): name is OperatorCommandName {
  return Object.hasOwn(OPERATOR_COMMANDS, name);
}

async function dispatch(line: string, context: OperatorContext, log: OperatorLog) {
  let json: unknown;
  try {
    json = JSON.parse(line);
  } catch {
    return refusal('bad_request', 'The request is not JSON.');
  }
  const request = operatorRequestSchema.safeParse(json);
  if (!request.success) return refusal('bad_request', 'The request is not { command, args }.');
  const { command } = request.data;
  if (!isCommand(command)) {
    return refusal(
      'unknown_command',
      `Unknown command "${command}"; the store knows: ${Object.keys(OPERATOR_COMMANDS).join(', ')}.`,
    );
  }
  const args = OPERATOR_COMMANDS[command].args.safeParse(request.data.args ?? {});
  if (!args.success) {
    return refusal('invalid_args', `Invalid arguments for ${command}: ${args.error.message}`);
  }
  try {
    const started = performance.now();
    // The arguments were parsed by this command's own schema just above.
    const handled = await runOperatorCommand(command, args.data, context);
    log.info(
      `operator command ${command} answered in ${Math.round(performance.now() - started)} ms`,
    );
    return handled;
  } catch (error) {
    if (error instanceof OperatorCommandError) return refusal(error.code, error.message);
    // A database error's message quotes its parameters (key material, for keys-rotate): only
    // its SQLSTATE and statement name are told (decision 030).
    const { message } = serializeError(error);
    log.error(`operator command ${command} failed: ${message}`);
    return refusal('failed', `${command} failed: ${message}`);
  }
}

function refusal(
  code: Extract<OperatorAnswer, { ok: false }>['error']['code'],
  message: string,
): OperatorAnswer {
  return { ok: false, error: { code, message } };
}

function serve(socket: net.Socket, context: OperatorContext, log: OperatorLog): void {
  let buffered = '';
  let taken = false;
  socket.setEncoding('utf8');
  socket.setTimeout(IDLE_MS, () => socket.destroy());
  socket.on('error', () => socket.destroy());
  socket.on('data', (chunk: string) => {
    if (taken) return;
    buffered += chunk;
    const end = buffered.indexOf('\n');
    if (end < 0 && buffered.length <= MAX_REQUEST_BYTES) return;
    taken = true;
    const answer =
      end < 0 || end > MAX_REQUEST_BYTES
        ? Promise.resolve(refusal('bad_request', 'The request is too long.'))
        : dispatch(buffered.slice(0, end), context, log);
    void answer.then((reply) => {
      if (socket.destroyed) return;
      if ('ok' in reply) {
        socket.end(`${JSON.stringify(reply)}\n`);
        return;
      }
      const head: OperatorAnswer = {
        ok: true,
        result: reply.result,
        ...(reply.attachment ? { attachment: reply.attachment.byteLength } : {}),
      };
      socket.write(`${JSON.stringify(head)}\n`);
      if (reply.attachment) socket.end(reply.attachment);
      else socket.end();
    });
  });
}

/**
 * Opens the channel of a store on the embedded database, whose directory it holds locked.
 * The store runs without it (and says so) when the socket cannot be made.
 */
export async function openOperatorChannel(options: {
  readonly dataDir: string;
  readonly context: OperatorContext;
  readonly log: OperatorLog;
}): Promise<OperatorChannel | undefined> {
  const socketPath = operatorSocketPath(options.dataDir);
  if (Buffer.byteLength(socketPath) > MAX_SOCKET_PATH_BYTES) {
    options.log.warn(
      `No operator channel (npm run backup, keys, housekeeping, orders and mail then work only while the store is stopped): ${socketPath} is longer than a socket path may be; use a shorter DATA_DIR.`,
    );
    return undefined;
  }
  const dir = path.dirname(socketPath);
  try {
    await mkdir(dir, { recursive: true, mode: 0o700 });
    const stats = await lstat(dir);
    if (!stats.isDirectory() || (process.getuid && stats.uid !== process.getuid())) {
      throw new Error(`${dir} is not a directory of this user`);
    }
    await chmod(dir, 0o700);
    // A socket left by a store that was killed: this process holds the directory's lock.
    await rm(socketPath, { force: true });
  } catch (error) {
    options.log.warn(`No operator channel: ${(error as Error).message}`);
    return undefined;
  }
  const connections = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    connections.add(socket);
    socket.on('close', () => connections.delete(socket));
    serve(socket, options.context, options.log);
  });
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(socketPath, () => {
        server.off('error', reject);
        resolve();
      });
    });
    await chmod(socketPath, 0o600);
  } catch (error) {
    server.close();
    options.log.warn(`No operator channel: ${(error as Error).message}`);
    return undefined;
  }
  server.on('error', (error) => {
    options.log.error(`Operator channel: ${error.message}`);
  });
  let closing: Promise<void> | undefined;
  return {
    path: socketPath,
    close: () => {
      closing ??= (async () => {
        await new Promise<void>((resolve) => {
          server.close(() => resolve());
          for (const socket of connections) socket.destroy();
        });
        await rm(socketPath, { force: true });
      })();
      return closing;
    },
  };
}
