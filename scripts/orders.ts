/**
 * `npm run orders -- <command>`: the store's staff at work on orders (decision 029), on the
 * database the store uses (DATABASE_URL, else the embedded one in DATA_DIR; that one while
 * the store is stopped). Each change is an event on the order with the operator as actor.
 *
 *   list [--status <status>] [--limit <n>]   the newest orders, a line each
 *   show <order>                             one order and its history
 *   cancel <order> [--note <text>]           cancels it (Cancel Pending once it is at work)
 *   return <order> [--note <text>]           a completed order is coming back; then, it is back
 *   move <order> <status> [--note <text>]    any step the rules allow (payment received, ...)
 *
 * <order> is its id, its Web reference # or its Order #. --by names the operator (default:
 * the system user's name).
 */
import { userInfo } from 'node:os';
import { parseArgs } from 'node:util';
import { STREAM_REGISTRY } from '../domain/registry';
import { loadConfig, type ServerConfig } from '../server/src/config';
import { migrate, readMigrations } from '../server/src/db/migrate';
import { CommandHandler } from '../server/src/commands/execute';
import { EventStore } from '../server/src/event-store/event-store';
import { rebuildStaleReadModels } from '../server/src/event-store/read-models';
import {
  changeOrder,
  findOrder,
  OperatorError,
  orderReport,
  ordersReport,
  parseStatus,
  type OperatorAction,
} from '../server/src/orders/operator';
import { fail, openStoreDatabase } from './store-database';

const USAGE = `Usage: npm run orders -- <command>

  list [--status <status>] [--limit <n>]   the newest orders, a line each
  show <order>                             one order and its history
  cancel <order> [--note <text>]           cancels it (Cancel Pending once it is at work)
  return <order> [--note <text>]           a completed order is coming back; then, it is back
  move <order> <status> [--note <text>]    any step the rules allow

  <order>: its id, Web reference # or Order #.  --by <name>: the operator (default: you).
`;

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

function actionOf(command: string, positionals: readonly string[]): OperatorAction {
  if (command === 'cancel') return { kind: 'cancel' };
  if (command === 'return') return { kind: 'return' };
  const to = positionals[2];
  if (!to) fail(`move needs the status to move to.\n\n${USAGE}`);
  return { kind: 'move', to: parseStatus(to) };
}

async function main(): Promise<void> {
  const args = parse();
  const [command, reference] = args.positionals;
  if (args.values.help || !command) {
    process.stdout.write(USAGE);
    return;
  }
  if (!['list', 'show', 'cancel', 'return', 'move'].includes(command)) {
    fail(`Unknown command "${command}".\n\n${USAGE}`);
  }
  if (command !== 'list' && !reference) fail(`${command} needs an order.\n\n${USAGE}`);
  let config: ServerConfig;
  try {
    config = loadConfig();
  } catch (error) {
    fail((error as Error).message);
  }
  const { database, close } = await openStoreDatabase(config, 'npm run orders');
  try {
    await migrate(database, await readMigrations());
    const store = new EventStore(database.db, { registry: STREAM_REGISTRY });
    await rebuildStaleReadModels(database.db, store, STREAM_REGISTRY);
    if (command === 'list') {
      const limit = args.values.limit === undefined ? 50 : Number(args.values.limit);
      if (!Number.isInteger(limit) || limit < 1) fail('--limit takes a whole number above 0.');
      process.stdout.write(
        await ordersReport(database.db, {
          limit,
          ...(args.values.status ? { status: parseStatus(args.values.status) } : {}),
        }),
      );
      return;
    }
    const ref = reference ?? '';
    if (command === 'show') {
      const found = await findOrder(database.db, ref);
      if (!found) fail(`No order ${ref}.`);
      process.stdout.write(orderReport(found.order));
      return;
    }
    const order = await changeOrder(database.db, new CommandHandler(store), {
      reference: ref,
      action: actionOf(command, args.positionals),
      operator: args.values.by ?? userInfo().username,
      ...(args.values.note ? { note: args.values.note } : {}),
    });
    process.stdout.write(`${order.webReference} is ${order.status} now.\n`);
  } catch (error) {
    if (error instanceof OperatorError) {
      process.exitCode = 1;
      console.error(error.message);
      return;
    }
    throw error;
  } finally {
    await close();
  }
}

await main();
