/**
 * `npm run audit -- --agent <email> | --customer <email> [--since <date>]`: customer service
 * sessions (decision 063), newest first: who acted for whom and for which account, when the
 * session started and ended, whether the customer agreed to pay with a saved card, and every
 * action made in it (time, event, stream). Works while the store runs or not, as
 * `npm run qualifications` does (decision 037).
 */
import { parseArgs } from 'node:util';
import type { ServerConfig } from '../server/src/config';
import { operatorCommand, runOperatorTool } from './operator-command';
import { fail } from './store-database';

const USAGE = `Usage: npm run audit -- --agent <email> | --customer <email> [--since <date>]

  --agent <email>      the sessions of this customer service agent
  --customer <email>   the sessions acted for this customer
  --since <date>       only sessions started since then (2026-11-01, or a date and time)
`;

function parse() {
  try {
    return parseArgs({
      options: {
        agent: { type: 'string' },
        customer: { type: 'string' },
        since: { type: 'string' },
        help: { type: 'boolean', short: 'h', default: false },
      },
      strict: true,
    });
  } catch (error) {
    return fail(`${(error as Error).message}\n\n${USAGE}`);
  }
}

/** A date (midnight UTC) or a date and time, as ISO 8601. */
export function sinceOf(text: string): string | undefined {
  const value = /^\d{4}-\d{2}-\d{2}$/.test(text) ? `${text}T00:00:00Z` : text;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}

async function run(config: ServerConfig, args: ReturnType<typeof parse>): Promise<string> {
  const { agent, customer, since } = args.values;
  const sinceIso = since === undefined ? undefined : sinceOf(since);
  if (since !== undefined && sinceIso === undefined) {
    fail(`--since takes a date such as 2026-11-01, not "${since}".`);
  }
  const result = await operatorCommand(
    config,
    'audit',
    {
      ...(agent ? { agent } : {}),
      ...(customer ? { customer } : {}),
      ...(sinceIso ? { since: sinceIso } : {}),
    },
    { tool: 'npm run audit', migrate: true },
  );
  return result.report;
}

async function main(): Promise<void> {
  const args = parse();
  if (args.values.help) {
    process.stdout.write(USAGE);
    return;
  }
  if (args.values.agent === undefined && args.values.customer === undefined) {
    fail(`Give --agent or --customer.\n\n${USAGE}`);
  }
  await runOperatorTool('npm run audit', (config) => run(config, args));
}

await main();
