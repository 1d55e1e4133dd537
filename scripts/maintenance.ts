/**
 * `npm run maintenance -- start [--retry-after <seconds>] [--note <text>] | end | show`:
 * maintenance mode (decision 069). While it runs, every storefront page answers 503 with its
 * storefront's error.503.html and a Retry-After, and API writes are refused with a 503;
 * reads, the health check and the operator commands go on. Works while the store runs (its
 * operator channel, decision 037) or not, and with DATABASE_URL for every instance at once
 * (each reads the state within a few seconds).
 */
import os from 'node:os';
import { parseArgs } from 'node:util';
import { DEFAULT_RETRY_AFTER_SECONDS } from '../domain/storefront/error-pages';
import type { ServerConfig } from '../server/src/config';
import { operatorCommand, runOperatorTool } from './operator-command';
import { fail } from './store-database';

const USAGE = `Usage: npm run maintenance -- start [--retry-after <seconds>] [--note <text>] | end | show

  start            storefront pages answer 503 (their error.503.html page), API writes are refused
    --retry-after  seconds the answers ask browsers to wait (Retry-After; default ${String(DEFAULT_RETRY_AFTER_SECONDS)})
    --note         a word for the other operators (shown by \`show\`, never to buyers)
  end              the store is open again
  show             whether the store is down for maintenance, since when and by whom
  --by <name>      who acts (default: your user name)
`;

function parse() {
  try {
    return parseArgs({
      allowPositionals: true,
      options: {
        'retry-after': { type: 'string' },
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

/** Whole seconds from 1 to a day, as Retry-After takes them. */
export function retryAfterOf(text: string | undefined): number | undefined {
  if (text === undefined) return DEFAULT_RETRY_AFTER_SECONDS;
  if (!/^\d{1,5}$/.test(text)) return undefined;
  const seconds = Number(text);
  return seconds >= 1 && seconds <= 86_400 ? seconds : undefined;
}

async function run(config: ServerConfig, args: ReturnType<typeof parse>): Promise<string> {
  const [action, ...rest] = args.positionals;
  if (rest.length > 0) fail(`One of start, end or show.\n\n${USAGE}`);
  const by = args.values.by ?? (os.userInfo().username || 'operator');
  const options = { tool: 'npm run maintenance', migrate: true };
  switch (action) {
    case 'start': {
      const retryAfterSeconds = retryAfterOf(args.values['retry-after']);
      if (retryAfterSeconds === undefined) {
        fail(
          `--retry-after takes whole seconds from 1 to 86400, not "${args.values['retry-after'] ?? ''}".`,
        );
      }
      const note = args.values.note?.trim();
      const result = await operatorCommand(
        config,
        'maintenance-start',
        { retryAfterSeconds, by, ...(note ? { note } : {}) },
        options,
      );
      return result.report;
    }
    case 'end':
      return (await operatorCommand(config, 'maintenance-end', { by }, options)).report;
    case 'show':
      return (await operatorCommand(config, 'maintenance-show', {}, options)).report;
    default:
      return fail(`One of start, end or show.\n\n${USAGE}`);
  }
}

async function main(): Promise<void> {
  const args = parse();
  if (args.values.help) {
    process.stdout.write(USAGE);
    return;
  }
  await runOperatorTool('npm run maintenance', (config) => run(config, args));
}

await main();
