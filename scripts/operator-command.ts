/**
 * An operator command for a tool (`npm run orders`, `npm run mail`; decision 037): sent to the
 * store running on the embedded database through its operator channel, as `npm run keys`
 * does; when no store answers there, or with DATABASE_URL (the server serves the store and the
 * tool alike), this process opens the database and runs the same handler on it.
 */
import { STREAM_REGISTRY } from '../domain/registry';
import { loadConfig, type ServerConfig } from '../server/src/config';
import { migrate, readMigrations } from '../server/src/db/migrate';
import { rebuildStaleReadModels } from '../server/src/event-store/read-models';
import { NoOperatorChannel, OperatorRefusal, callOperator } from '../server/src/ops/client';
import {
  OPERATOR_COMMANDS,
  operatorSocketPath,
  type OperatorArgs,
  type OperatorCommandName,
  type OperatorResult,
} from '../server/src/ops/contract';
import { OperatorCommandError, runOperatorCommand } from '../server/src/ops/handlers';
import { standaloneOperatorContext } from '../server/src/ops/standalone';
import { serializeError } from '../server/src/plugins/redact';
import { fail, openStoreDatabase } from './store-database';

/** The store (or the rules) refused what was asked; the message says why. */
export function isRefusal(error: unknown): error is Error {
  return error instanceof OperatorRefusal || error instanceof OperatorCommandError;
}

export interface CommandOptions {
  /** The tool as the operator typed it, for the messages of `openStoreDatabase`. */
  readonly tool: string;
  /** Bring a database this process opens up to date first (migrations, read models). */
  readonly migrate: boolean;
}

/**
 * The command's answer, from the running store or from this process. A refusal is thrown
 * (`isRefusal`), after the database this process opened is closed.
 */
export async function operatorCommand<N extends OperatorCommandName>(
  config: ServerConfig,
  command: N,
  args: OperatorArgs<N>,
  options: CommandOptions,
): Promise<OperatorResult<N>> {
  if (config.databaseUrl === undefined) {
    try {
      return (await callOperator(operatorSocketPath(config.dataDir), command, args)).result;
    } catch (error) {
      if (!(error instanceof NoOperatorChannel)) throw error;
    }
  }
  const parsed = OPERATOR_COMMANDS[command].args.safeParse(args);
  if (!parsed.success) {
    throw new OperatorCommandError('refused', `Invalid arguments: ${parsed.error.message}`);
  }
  const { database, close } = await openStoreDatabase(config, options.tool);
  try {
    const { context, eventStore } = standaloneOperatorContext(database, config);
    if (options.migrate) {
      await migrate(database, await readMigrations());
      await rebuildStaleReadModels(database.db, eventStore, STREAM_REGISTRY);
    }
    return (await runOperatorCommand(command, parsed.data as OperatorArgs<N>, context)).result;
  } finally {
    await close();
  }
}

/**
 * An operator tool's run once its arguments are read: the store's configuration, the tool's
 * work, and what it reports printed. A refusal (`isRefusal`, or the tool's own `refused`) is
 * said on stderr with exit status 1; any other error ends the tool with its message, never
 * with a database error's parameters (`serializeError` keeps only its code and statement).
 */
export async function runOperatorTool(
  tool: string,
  work: (config: ServerConfig) => Promise<string>,
  refused: (error: unknown) => error is Error = isRefusal,
): Promise<void> {
  let config: ServerConfig;
  try {
    config = loadConfig();
  } catch (error) {
    fail((error as Error).message);
  }
  try {
    process.stdout.write(await work(config));
  } catch (error) {
    if (refused(error)) {
      process.exitCode = 1;
      console.error(error.message);
      return;
    }
    fail(`${tool} failed: ${serializeError(error).message}`);
  }
}
