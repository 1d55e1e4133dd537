/**
 * `npm run agents -- <command>`: operators add and remove the store's customer service agents
 * (decision 063), on the database the store uses (DATABASE_URL, else the embedded one in
 * DATA_DIR), while the store runs or not, as `npm run qualifications` does: a store running on
 * the embedded database is sent the command through its operator channel (decision 037).
 * An agent is a user of the identity provider (they register, or are a store user already).
 *
 *   list
 *   add <email> --regions US,CA,EU,AP|all
 *   remove <email>
 */
import { parseArgs } from 'node:util';
import { parseRegions } from '../domain/support/support';
import type { ServerConfig } from '../server/src/config';
import { operatorCommand, runOperatorTool } from './operator-command';
import { fail } from './store-database';

const USAGE = `Usage: npm run agents -- <command>

  list                                   the agents and the regions they serve
  add <email> --regions <regions>        makes the user with this email an agent
  remove <email>                         the agent is one no more; their sign-ins end

  <regions>: site regions separated by commas (US, CA, EU, AP), or all.
`;

function parse() {
  try {
    return parseArgs({
      allowPositionals: true,
      options: {
        regions: { type: 'string' },
        help: { type: 'boolean', short: 'h', default: false },
      },
      strict: true,
    });
  } catch (error) {
    return fail(`${(error as Error).message}\n\n${USAGE}`);
  }
}

type Args = ReturnType<typeof parse>;

function emailOf(args: Args, command: string): string {
  const email = args.positionals[1]?.trim() ?? '';
  if (!email.includes('@')) fail(`${command} needs the agent's email address.\n\n${USAGE}`);
  return email;
}

async function run(config: ServerConfig, command: 'list' | 'add' | 'remove', args: Args) {
  const options = { tool: `npm run agents -- ${command}`, migrate: true };
  if (command === 'list') {
    return (await operatorCommand(config, 'agents-list', {}, options)).report;
  }
  const email = emailOf(args, command);
  if (command === 'remove') {
    return (await operatorCommand(config, 'agents-remove', { email }, options)).report;
  }
  const regions = parseRegions(args.values.regions ?? '');
  if (!regions) fail(`add needs --regions: US, CA, EU, AP separated by commas, or all.`);
  return (await operatorCommand(config, 'agents-add', { email, regions }, options)).report;
}

async function main(): Promise<void> {
  const args = parse();
  const [command] = args.positionals;
  if (args.values.help || !command) {
    process.stdout.write(USAGE);
    return;
  }
  if (command !== 'list' && command !== 'add' && command !== 'remove') {
    fail(`Unknown command "${command}".\n\n${USAGE}`);
  }
  await runOperatorTool('npm run agents', (config) => run(config, command, args));
}

await main();
