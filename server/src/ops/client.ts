/**
 * The operator's end of the channel (channel.ts): sends one command to the running store
 * and reads its answer, validated against the command's contract.
 */
import net from 'node:net';
import {
  OPERATOR_COMMANDS,
  operatorAnswerSchema,
  type OperatorArgs,
  type OperatorCommandName,
  type OperatorResult,
} from './contract';

/** The store answered with a refusal (its code and message). */
export class OperatorRefusal extends Error {
  override readonly name = 'OperatorRefusal';
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/** Nothing listens on the socket: no store runs there (or one without a channel). */
export class NoOperatorChannel extends Error {
  override readonly name = 'NoOperatorChannel';
}

export interface OperatorReply<N extends OperatorCommandName> {
  readonly result: OperatorResult<N>;
  readonly attachment: Buffer | undefined;
}

export async function callOperator<N extends OperatorCommandName>(
  socketPath: string,
  command: N,
  args: OperatorArgs<N>,
  { timeoutMs = 120_000 }: { readonly timeoutMs?: number } = {},
): Promise<OperatorReply<N>> {
  const received = await new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    const socket = net.connect(socketPath);
    socket.setTimeout(timeoutMs, () => {
      socket.destroy(new Error(`The store did not answer ${command} within ${timeoutMs} ms`));
    });
    socket.on('connect', () => {
      socket.write(`${JSON.stringify({ command, args })}\n`);
    });
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('end', () => resolve(Buffer.concat(chunks)));
    socket.on('error', (error: NodeJS.ErrnoException) => {
      reject(
        error.code === 'ENOENT' || error.code === 'ECONNREFUSED'
          ? new NoOperatorChannel(`No store answers at ${socketPath}`)
          : error,
      );
    });
  });
  const end = received.indexOf(10);
  if (end < 0) throw new Error(`The store's answer to ${command} was cut short`);
  const answer = operatorAnswerSchema.parse(JSON.parse(received.subarray(0, end).toString('utf8')));
  if (!answer.ok) throw new OperatorRefusal(answer.error.code, answer.error.message);
  const result = OPERATOR_COMMANDS[command].result.parse(answer.result) as OperatorResult<N>;
  const body = received.subarray(end + 1);
  if (answer.attachment === undefined) return { result, attachment: undefined };
  if (body.byteLength !== answer.attachment) {
    throw new Error(
      `The store announced ${answer.attachment} bytes after its answer to ${command} and sent ${body.byteLength}`,
    );
  }
  return { result, attachment: body };
}
