/**
 * `npm run mail`: what waits in the mail outbox (decision 027), on the database the store
 * uses (DATABASE_URL, else the embedded one in DATA_DIR). `npm run mail -- --show <id>`
 * prints one mail's plain-text part (`--html` its HTML part).
 *
 * The embedded database may be opened by one process at a time: while the store runs on it,
 * this says so and stops (stop the store first). On PostgreSQL it reads alongside the store.
 */
import { parseArgs } from 'node:util';
import { loadConfig, type ServerConfig } from '../server/src/config';
import { mailConfigFrom } from '../server/src/mail/config';
import { hasMailOutbox } from '../server/src/mail/outbox';
import { mailPart, outboxReport } from '../server/src/mail/report';
import { loadMailTranslations } from '../server/src/mail/translations';
import { fail, openStoreDatabase } from './store-database';

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
  let smtpUrl: string | undefined;
  try {
    config = loadConfig();
    smtpUrl = mailConfigFrom(process.env).smtpUrl;
  } catch (error) {
    fail((error as Error).message);
  }
  const { database, close } = await openStoreDatabase(config, 'npm run mail');
  try {
    if (!(await hasMailOutbox(database.db))) {
      process.stdout.write('Mail outbox: none in this database yet (start the store once).\n');
      return;
    }
    const translations = loadMailTranslations();
    if (args.values.show !== undefined) {
      const part = await mailPart(
        database.db,
        args.values.show,
        args.values.html ? 'html' : 'text',
        translations,
      );
      if (part === undefined) {
        process.exitCode = 1;
        console.error(`No mail ${args.values.show} in the outbox.`);
        return;
      }
      process.stdout.write(part);
      return;
    }
    process.stdout.write(await outboxReport(database.db, { smtpUrl, translations }));
  } finally {
    await close();
  }
}

await main();
