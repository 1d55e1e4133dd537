/**
 * `npm run mail`: what waits in the mail outbox (decision 027), on the database the store
 * uses (DATABASE_URL, else the embedded one in DATA_DIR). `npm run mail -- --show <id>`
 * prints one mail's plain-text part (`--html` its HTML part).
 *
 * The embedded database may be opened by one process at a time: while the store runs on it,
 * this says so and stops (stop the store first). On PostgreSQL it reads alongside the store.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig, type ServerConfig } from '../server/src/config';
import { DataDirInUseError, lockDataDir } from '../server/src/db/data-dir-lock';
import { openDatabase, type Database } from '../server/src/db/database';
import { mailConfigFrom } from '../server/src/mail/config';
import { hasMailOutbox } from '../server/src/mail/outbox';
import { mailPart, outboxReport } from '../server/src/mail/report';
import { loadMailTranslations } from '../server/src/mail/translations';

const USAGE = `Usage: npm run mail [-- --show <id> [--html]]

  (no option)    lists the mails not sent yet
  --show <id>    prints that mail's plain-text part
  --html         with --show: its HTML part instead
`;

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

interface Opened {
  readonly database: Database;
  readonly close: () => Promise<void>;
}

async function open(config: ServerConfig): Promise<Opened> {
  if (config.databaseUrl !== undefined) {
    const database = await openDatabase({
      kind: 'postgres',
      url: config.databaseUrl,
      maxConnections: 1,
      ...(config.databaseSchema ? { schema: config.databaseSchema } : {}),
    });
    return { database, close: () => database.close() };
  }
  const dir = path.join(config.dataDir, 'pglite');
  if (!existsSync(dir)) {
    fail(`No store database in ${config.dataDir} yet: start the store once (npm start).`);
  }
  let release: () => Promise<void>;
  try {
    release = await lockDataDir(config.dataDir);
  } catch (error) {
    if (!(error instanceof DataDirInUseError)) throw error;
    fail(
      `${error.message}.\nThe embedded database can be opened by one process at a time: stop the store, then run npm run mail again (on PostgreSQL, with DATABASE_URL, it works while the store runs).`,
    );
  }
  const database = await openDatabase({ kind: 'pglite', dataDir: dir }).catch(
    async (error: unknown) => {
      await release();
      throw error;
    },
  );
  return {
    database,
    close: async () => {
      await database.close();
      await release();
    },
  };
}

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
  const { database, close } = await open(config);
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
