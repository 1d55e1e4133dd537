/**
 * `npm run orders -- <command>`: the store's staff at work on orders (decision 029), on the
 * database the store uses (DATABASE_URL, else the embedded one in DATA_DIR), while the store
 * runs or not. A store running on the embedded database, which only it may open, is sent the
 * command through its operator channel (decision 037); otherwise this opens the database and
 * does the same. Each change is an event on the order with the operator as actor.
 *
 *   list [--status <status>] [--limit <n>]   the newest orders, a line each
 *   show <order>                             one order and its history
 *   cancel <order> [--note <text>]           cancels it (Cancel Pending once it is at work)
 *   return <order> [--note <text>]           a completed order is coming back; then, it is back
 *   move <order> <status> [--note <text>]    any step the rules allow (payment received, ...)
 *   step <order>                             its next fulfilment step, now rather than later
 *
 * <order> is its id, its Web reference # or its Order #. --by names the operator (default:
 * the system user's name). `step` takes the step the store would take when the step's time
 * (FULFILMENT_STEP_SECONDS) has passed; an order that waits for something else (its hold's
 * end, a payment, training participants, a pre-ordered product) is left as it is, and the
 * tool says what it waits for.
 */
import { userInfo } from 'node:os';
import { parseArgs } from 'node:util';
import type { ServerConfig } from '../server/src/config';
import { OperatorError, parseStatus } from '../server/src/orders/operator';
import type { OperatorResult } from '../server/src/ops/contract';
import { isRefusal, operatorCommand, runOperatorTool } from './operator-command';
import { fail } from './store-database';

const USAGE = `Usage: npm run orders -- <command>

  list [--status <status>] [--limit <n>]   the newest orders, a line each
  show <order>                             one order and its history
  cancel <order> [--note <text>]           cancels it (Cancel Pending once it is at work)
  return <order> [--note <text>]           a completed order is coming back; then, it is back
  move <order> <status> [--note <text>]    any step the rules allow
  step <order>                             its next fulfilment step, now rather than later

  <order>: its id, Web reference # or Order #.  --by <name>: the operator (default: you).
`;

const COMMANDS = ['list', 'show', 'cancel', 'return', 'move', 'step'] as const;
type Command = (typeof COMMANDS)[number];

const MAX_LIMIT = 10_000;

function parse() {
  try {
    return parseArgs({
      allowPositionals: true,
      options: {
        status: { type: 'string' },
        limit: { type: 'string' },
        note: { type: 'string' },
        by: { type: 'string' },
        help: { type: 'boolean', short: 'h', default: false },
      },
      strict: true,
    });
  } catch (error) {
    return fail(`${(error as Error).message}\n\n${USAGE}`);
  }
}

function isCommand(value: string): value is Command {
  return (COMMANDS as readonly string[]).includes(value);
}

type Args = ReturnType<typeof parse>;

function stepped(result: OperatorResult<'orders-step'>): string {
  if (result.stepped) return `${result.webReference} is ${result.status} now.\n`;
  const waiting = result.waiting ?? 'The fulfilment has no step for it now.';
  return `No step to take now: ${result.webReference} is ${result.status}.\n${waiting}\n`;
}

/** What the command prints, from the running store or from this process. */
async function run(config: ServerConfig, command: Command, args: Args): Promise<string> {
  const options = { tool: `npm run orders -- ${command}`, migrate: true };
  const reference = args.positionals[1] ?? '';
  const by = args.values.by ?? userInfo().username;
  switch (command) {
    case 'list': {
      const limit = args.values.limit === undefined ? 50 : Number(args.values.limit);
      if (!Number.isInteger(limit) || limit < 1 || limit > MAX_LIMIT) {
        fail(`--limit takes a whole number from 1 to ${String(MAX_LIMIT)}.`);
      }
      const status =
        args.values.status === undefined ? {} : { status: parseStatus(args.values.status) };
      return (await operatorCommand(config, 'orders-list', { limit, ...status }, options)).report;
    }
    case 'show':
      return (await operatorCommand(config, 'orders-show', { reference }, options)).report;
    case 'step':
      return stepped(await operatorCommand(config, 'orders-step', { reference, by }, options));
    default: {
      const to = command === 'move' ? parseStatus(moveTarget(args)) : undefined;
      const note = args.values.note ? { note: args.values.note } : {};
      const order = await operatorCommand(
        config,
        'orders-change',
        { reference, action: command, ...(to ? { to } : {}), ...note, by },
        options,
      );
      return `${order.webReference} is ${order.status} now.\n`;
    }
  }
}

function moveTarget(args: Args): string {
  const to = args.positionals[2];
  if (!to) fail(`move needs the status to move to.\n\n${USAGE}`);
  return to;
}

async function main(): Promise<void> {
  const args = parse();
  const [command, reference] = args.positionals;
  if (args.values.help || !command) {
    process.stdout.write(USAGE);
    return;
  }
  if (!isCommand(command)) fail(`Unknown command "${command}".\n\n${USAGE}`);
  if (command !== 'list' && !reference) fail(`${command} needs an order.\n\n${USAGE}`);
  await runOperatorTool(
    'npm run orders',
    (config) => run(config, command, args),
    (error): error is Error => error instanceof OperatorError || isRefusal(error),
  );
}

await main();
