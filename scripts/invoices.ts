/**
 * `npm run invoices -- <command>`: the store's staff at work on invoices (decision 053), on the
 * database the store uses (DATABASE_URL, else the embedded one in DATA_DIR), while the store
 * runs or not, as `npm run orders` does: a store running on the embedded database is sent the
 * command through its operator channel (decision 037); otherwise this opens the database and
 * does the same. Each change is an event on the invoice with the operator as actor.
 *
 *   list [--status <status>] [--account <id>] [--limit <n>]   the newest invoices, a line each
 *   show <invoice>                                  every field, payments, credit note, history
 *   issue <order>                                   the invoice of an order that shipped, if none
 *   credit <invoice> --reason <text> [--note <text>]   its credit note
 *
 * <invoice> is its id or its number (INV…); <order> its id, Web reference # or Order #. --by
 * names the operator (default: the system user's name).
 */
import { userInfo } from 'node:os';
import { parseArgs } from 'node:util';
import { INVOICE_STATUSES } from '../domain/invoice/invoice';
import {
  creditNoteRemarkSchema,
  creditReasonSchema,
  INVOICE_LIST_LIMIT_MAX,
  invoiceAccountSchema,
  invoiceListLimitSchema,
  invoiceStatusSchema,
} from '../domain/invoice/operator';
import type { ServerConfig } from '../server/src/config';
import { amountText } from '../server/src/invoices/operator';
import type { OperatorArgs, OperatorResult } from '../server/src/ops/contract';
import { operatorCommand, runOperatorTool } from './operator-command';
import { fail } from './store-database';

const USAGE = `Usage: npm run invoices -- <command>

  list [--status <status>] [--account <id>] [--limit <n>]   the newest invoices, a line each
  show <invoice>                                      every field, payments, credit note, history
  issue <order>                                       issues the invoice of an order that shipped
  credit <invoice> --reason <text> [--note <text>]    credits it in full with a credit note

  <invoice>: its id or number (INV…).  <order>: its id, Web reference # or Order #.
  <status>: ${INVOICE_STATUSES.join(', ')}.  --by <name>: the operator (default: you).
`;

const COMMANDS = ['list', 'show', 'issue', 'credit'] as const;
type Command = (typeof COMMANDS)[number];

function parse() {
  try {
    return parseArgs({
      allowPositionals: true,
      options: {
        status: { type: 'string' },
        account: { type: 'string' },
        limit: { type: 'string' },
        reason: { type: 'string' },
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

function summary(invoice: OperatorResult<'invoices-issue'>): string {
  const balance = amountText(invoice.balanceMinor, invoice.currency);
  return `${invoice.number} (order ${invoice.webReference}) is ${invoice.status} now; balance ${balance}.`;
}

function listOptions(args: Args): OperatorArgs<'invoices-list'> {
  const limit = invoiceListLimitSchema.safeParse(
    args.values.limit === undefined ? 50 : Number(args.values.limit),
  );
  if (!limit.success) {
    fail(`--limit takes a whole number from 1 to ${String(INVOICE_LIST_LIMIT_MAX)}.`);
  }
  let status: OperatorArgs<'invoices-list'>['status'];
  if (args.values.status !== undefined) {
    const parsed = invoiceStatusSchema.safeParse(args.values.status);
    if (!parsed.success) {
      fail(`"${args.values.status}" is not a status: ${INVOICE_STATUSES.join(', ')}.`);
    }
    status = parsed.data;
  }
  let account: string | undefined;
  if (args.values.account !== undefined) {
    const parsed = invoiceAccountSchema.safeParse(args.values.account);
    if (!parsed.success) fail('--account takes an account id (or number).');
    account = parsed.data;
  }
  return {
    limit: limit.data,
    ...(status ? { status } : {}),
    ...(account ? { account } : {}),
  };
}

function creditText(args: Args): { reason: string; note?: string } {
  const reason = creditReasonSchema.safeParse(args.values.reason ?? '');
  if (!reason.success) fail(`credit needs --reason <text> (at most 500 characters).\n\n${USAGE}`);
  if (args.values.note === undefined) return { reason: reason.data };
  const note = creditNoteRemarkSchema.safeParse(args.values.note);
  if (!note.success) fail('--note takes at most 2000 characters.');
  return { reason: reason.data, ...(note.data ? { note: note.data } : {}) };
}

/** What the command prints, from the running store or from this process. */
async function run(config: ServerConfig, command: Command, args: Args): Promise<string> {
  const options = { tool: `npm run invoices -- ${command}`, migrate: true };
  const reference = args.positionals[1] ?? '';
  const by = args.values.by ?? userInfo().username;
  switch (command) {
    case 'list':
      return (await operatorCommand(config, 'invoices-list', listOptions(args), options)).report;
    case 'show':
      return (await operatorCommand(config, 'invoices-show', { reference }, options)).report;
    case 'issue': {
      const invoice = await operatorCommand(config, 'invoices-issue', { reference, by }, options);
      return `Issued ${summary(invoice)}\n`;
    }
    case 'credit': {
      const text = creditText(args);
      const invoice = await operatorCommand(
        config,
        'invoices-credit',
        { reference, ...text, by },
        options,
      );
      return `Credit note ${invoice.creditNote ?? '-'}: ${summary(invoice)}\n`;
    }
  }
}

async function main(): Promise<void> {
  const args = parse();
  const [command, reference] = args.positionals;
  if (args.values.help || !command) {
    process.stdout.write(USAGE);
    return;
  }
  if (!isCommand(command)) fail(`Unknown command "${command}".\n\n${USAGE}`);
  if (command !== 'list' && !reference?.trim()) {
    fail(`${command} needs ${command === 'issue' ? 'an order' : 'an invoice'}.\n\n${USAGE}`);
  }
  await runOperatorTool('npm run invoices', (config) => run(config, command, args));
}

await main();
