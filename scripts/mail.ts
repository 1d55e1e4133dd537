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
import { loadConfig, type ServerConfig } from '../server/src/config';
import { serializeError } from '../server/src/plugins/redact';
import { isRefusal, operatorCommand } from './operator-command';
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
  let config: ServerConfig;
  try {
    config = loadConfig();
  } catch (error) {
    fail((error as Error).message);
  }
  // Reading needs no migration: a database the store never ran on says so.
  const options = { tool: 'npm run mail', migrate: false };
  try {
    if (args.values.show !== undefined) {
      const { text } = await operatorCommand(
        config,
        'mail-show',
        { id: args.values.show, html: args.values.html },
        options,
      );
      process.stdout.write(text);
      return;
    }
    process.stdout.write((await operatorCommand(config, 'mail-list', {}, options)).report);
  } catch (error) {
    // No such mail: said, not thrown.
    if (isRefusal(error)) {
      process.exitCode = 1;
      console.error(error.message);
      return;
    }
    throw error;
  }
}

try {
  await main();
} catch (error) {
  // A database error's message may quote its parameters: only its code and statement.
  fail(`npm run mail failed: ${serializeError(error).message}`);
}
