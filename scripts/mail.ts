/**
 * `npm run mail`: what waits in the mail outbox (decision 027), on the database the store
 * uses (DATABASE_URL, else the embedded one in DATA_DIR), while the store runs or not.
 * `npm run mail -- --show <id>` prints one mail's plain-text part (`--html` its HTML part).
 *
 * A store running on the embedded database, which only it may open, is asked through its
 * operator channel (decision 037), and says whether it sends mail (its SMTP_URL); otherwise
 * this opens the database and reads it, with this environment's SMTP_URL.
 */
import { parseArgs } from 'node:util';
import { operatorCommand, runOperatorTool } from './operator-command';
import { fail } from './store-database';

const USAGE = `Usage: npm run mail [-- --show <id> [--html]]

  (no option)    lists the mails not sent yet
  --show <id>    prints that mail's plain-text part
  --html         with --show: its HTML part instead
`;

function parse() {
  try {
    return parseArgs({
      options: {
        show: { type: 'string' },
        html: { type: 'boolean', default: false },
        help: { type: 'boolean', short: 'h', default: false },
      },
      strict: true,
    });
  } catch (error) {
    return fail(`${(error as Error).message}\n\n${USAGE}`);
  }
}

async function main(): Promise<void> {
  const args = parse();
  if (args.values.help) {
    process.stdout.write(USAGE);
    return;
  }
  // Reading needs no migration: a database the store never ran on says so.
  const options = { tool: 'npm run mail', migrate: false };
  const { show, html } = args.values;
  // No such mail: said (a refusal), not thrown.
  await runOperatorTool('npm run mail', async (config) =>
    show === undefined
      ? (await operatorCommand(config, 'mail-list', {}, options)).report
      : (await operatorCommand(config, 'mail-show', { id: show, html }, options)).text,
  );
}

await main();
