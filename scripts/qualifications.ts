/**
 * `npm run qualifications -- <command>`: the store's staff review the qualifications users
 * submit (decision 057), on the database the store uses (DATABASE_URL, else the embedded one
 * in DATA_DIR), while the store runs or not, as `npm run invoices` does: a store running on
 * the embedded database is sent the command through its operator channel (decision 037);
 * otherwise this opens the database and does the same. A review is an event on the user's
 * qualifications with the operator as actor; an approval raises the level checkout uses.
 *
 *   list [--status pending|approved|rejected|all] [--limit <n>]
 *   review <id> --approve <A|B|C>
 *   review <id> --reject --reason <text>
 */
import { userInfo } from 'node:os';
import { parseArgs } from 'node:util';
import {
  QUALIFICATION_LIST_LIMIT_MAX,
  qualificationIdSchema,
  qualificationListLimitSchema,
  qualificationListStatusSchema,
  reviewLevelSchema,
  reviewReasonSchema,
} from '../domain/qualification/operator';
import type { ServerConfig } from '../server/src/config';
import type { OperatorArgs } from '../server/src/ops/contract';
import { operatorCommand, runOperatorTool } from './operator-command';
import { fail } from './store-database';

const USAGE = `Usage: npm run qualifications -- <command>

  list [--status <status>] [--limit <n>]   the qualifications of a status (pending by default)
  review <id> --approve <A|B|C>            approves it with the level it grants
  review <id> --reject --reason <text>     rejects it, saying why

  <id>: the qualification's id (list shows it).  <status>: pending, approved, rejected, all.
  --by <name>: the operator (default: you).
`;

function parse() {
  try {
    return parseArgs({
      allowPositionals: true,
      options: {
        status: { type: 'string' },
        limit: { type: 'string' },
        approve: { type: 'string' },
        reject: { type: 'boolean', default: false },
        reason: { type: 'string' },
        by: { type: 'string' },
        help: { type: 'boolean', short: 'h', default: false },
      },
      strict: true,
    });
  } catch (error) {
    return fail(`${(error as Error).message}\n\n${USAGE}`);
  }
}

type Args = ReturnType<typeof parse>;

function listArgs(args: Args): OperatorArgs<'qualifications-list'> {
  const status = qualificationListStatusSchema.safeParse(args.values.status ?? 'pending');
  if (!status.success) {
    fail(`"${args.values.status ?? ''}" is not a status: pending, approved, rejected, all.`);
  }
  const limit = qualificationListLimitSchema.safeParse(
    args.values.limit === undefined ? 50 : Number(args.values.limit),
  );
  if (!limit.success) {
    fail(`--limit takes a whole number from 1 to ${String(QUALIFICATION_LIST_LIMIT_MAX)}.`);
  }
  return { status: status.data, limit: limit.data };
}

function reviewArgs(args: Args): OperatorArgs<'qualifications-review'> {
  const id = qualificationIdSchema.safeParse(args.positionals[1] ?? '');
  if (!id.success) fail(`review needs a qualification's id (list shows them).\n\n${USAGE}`);
  const by = args.values.by ?? userInfo().username;
  const { approve, reject, reason } = args.values;
  if ((approve !== undefined) === reject) {
    fail(`review needs either --approve <A|B|C> or --reject --reason <text>.\n\n${USAGE}`);
  }
  if (approve !== undefined) {
    const level = reviewLevelSchema.safeParse(approve.trim().toUpperCase());
    if (!level.success) fail(`"${approve}" is not a level: A, B or C.`);
    return { id: id.data, level: level.data, by };
  }
  const why = reviewReasonSchema.safeParse(reason ?? '');
  if (!why.success) fail('--reject needs --reason <text> (at most 500 characters).');
  return { id: id.data, reason: why.data, by };
}

async function run(config: ServerConfig, command: 'list' | 'review', args: Args): Promise<string> {
  const options = { tool: `npm run qualifications -- ${command}`, migrate: true };
  if (command === 'list') {
    return (await operatorCommand(config, 'qualifications-list', listArgs(args), options)).report;
  }
  const review = reviewArgs(args);
  const done = await operatorCommand(config, 'qualifications-review', review, options);
  const granted = done.grantedLevel ? ` with level ${done.grantedLevel}` : '';
  const level = done.userLevel ? `level ${done.userLevel}` : 'no level';
  return `Qualification ${done.id} of ${done.email} is ${done.status}${granted}; the user has ${level} now.\n`;
}

async function main(): Promise<void> {
  const args = parse();
  const [command] = args.positionals;
  if (args.values.help || !command) {
    process.stdout.write(USAGE);
    return;
  }
  if (command !== 'list' && command !== 'review') fail(`Unknown command "${command}".\n\n${USAGE}`);
  await runOperatorTool('npm run qualifications', (config) => run(config, command, args));
}

await main();
