/**
 * Card numbers sent where none belongs (issue 26, decision 045), on PGlite and PostgreSQL:
 * a card number in place of the gateway's token, or typed into a free-text field of a
 * checkout, a cart, a saved cart, the address book or a lookup, is refused with 400 in the
 * domain's words. Afterwards the number is in no row of any table (events and commands
 * included), in no answer and in no log line, with the store logging everything it can.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiErrorBodySchema } from '../../../../domain/shared/api-error-schema';
import { V } from '../../../../domain/validation/messages';
import { buildTestApp } from '../../../../tests/support/app';
import {
  BuyerFlow,
  LEEDS_ADDRESS,
  purchaseOrder,
  signInDemoBuyers,
  type SignedIn,
} from '../../../../tests/support/checkout-flow';
import { testDatabaseTargets, type TestDatabase } from '../../../../tests/support/databases';

const DIGITS = '4111111111111111';
const SPACED = '4111 1111 1111 1111';
const HYPHENED = '4111-1111-1111-1111';

/** The card number in any of the forms it was sent in. */
const cardIn = (text: string) => [DIGITS, SPACED, HYPHENED].filter((form) => text.includes(form));

describe.each(testDatabaseTargets())('card numbers where none belongs, on $kind', (target) => {
  let t: TestDatabase;
  let app: FastifyInstance;
  let sam: SignedIn;
  const logLines: string[] = [];
  const answers: string[] = [];

  beforeAll(async () => {
    t = await target.open();
    app = await buildTestApp(t.database, {
      logger: {
        level: 'trace',
        stream: {
          write: (line: string) => {
            logLines.push(line);
          },
        },
      },
    });
    ({ sam } = await signInDemoBuyers(t.database.db, ['sam']));
  }, 120_000);

  afterAll(async () => {
    await app.close();
    await t.dispose();
  });

  async function inject(options: InjectOptions) {
    const response = await app.inject({
      ...options,
      headers: { cookie: sam.cookie, ...options.headers },
    });
    answers.push(response.body);
    return response;
  }

  /** The request is refused, naming the field with the card-number message. */
  async function expectRefused(options: InjectOptions, path: string) {
    const response = await inject(options);
    expect(response.statusCode, response.body).toBe(400);
    const { error } = ApiErrorBodySchema.parse(response.json());
    expect(error.fields).toContainEqual(
      expect.objectContaining({ path, code: V.cardNumberNotAllowed.id }),
    );
  }

  const push = (url: string, command: { type: string; data: unknown }) => {
    const commandId = randomUUID();
    return {
      method: 'POST' as const,
      url,
      payload: {
        clientId: `device-${sam.userId}`,
        seq: Date.now(),
        commandId,
        expectedVersion: 0,
        command: { ...command, metadata: { commandId, now: new Date().toISOString() } },
      },
    };
  };

  it('refuses them at the edge, and keeps them nowhere', async () => {
    // A checkout where any address and payment would be taken: Riverside, Sam as qualified user.
    const flow = new BuyerFlow(app, sam, 'en-gb');
    const { checkoutId } = await flow.checkout([{ code: 'WRI3-KIT' }], (facts) => {
      const account = facts.accounts.find((a) => a.number === '4821');
      const user = account?.qualifiedUsers.find((u) => u.level);
      if (!account || !user) throw new Error('no Riverside');
      return [
        { type: 'ChooseCustomerAccount', data: { accountId: account.id } },
        { type: 'ChooseQualifiedUser', data: { userId: user.userId } },
      ];
    });
    const checkout = `/api/checkouts/${checkoutId}/commands?locale=en-gb`;

    await expectRefused(
      push(checkout, {
        type: 'ChoosePayment',
        data: {
          method: 'card',
          source: 'new',
          token: DIGITS,
          card: { brand: 'visa', last4: '1111', expMonth: 8, expYear: 2033 },
          firstName: 'Sam',
          lastName: 'Okafor',
          saveCard: true,
        },
      }),
      'data.token',
    );
    await expectRefused(
      push(checkout, {
        type: 'ChooseShippingAddress',
        data: { address: { ...LEEDS_ADDRESS, line2: SPACED }, saveToAddressBook: true },
      }),
      'data.address.line2',
    );
    await expectRefused(
      push(checkout, { type: 'ChoosePayment', data: purchaseOrder(`PO ${HYPHENED}`) }),
      'data.poNumber',
    );
    await expectRefused(
      push(`/api/carts/${randomUUID()}/commands?locale=en-gb`, {
        type: 'AddItem',
        data: { code: DIGITS, quantity: 1 },
      }),
      'data.code',
    );
    await expectRefused(
      push('/api/saved-carts/commands', {
        type: 'SaveCart',
        data: { savedCartId: randomUUID(), name: `Card ${SPACED}`, lines: [] },
      }),
      'data.name',
    );
    await expectRefused(
      {
        method: 'POST',
        url: '/api/me/addresses',
        payload: {
          firstName: 'Sam',
          lastName: 'Okafor',
          organization: `Riverside ${SPACED}`,
          address: {
            country: 'GB',
            region: 'LDS',
            town: 'Leeds',
            line1: '22 Riverside Walk',
            postalCode: 'LS1 4AP',
          },
          phone: { country: 'GB', number: '01134960123' },
        },
      },
      'organization',
    );
    await expectRefused(
      { url: `/api/order-status?locale=en-gb&poNumber=${DIGITS}&organizationNumber=4821` },
      'poNumber',
    );
    await expectRefused({ url: `/api/orders?locale=en-gb&q=${DIGITS}` }, 'q');

    // The same requests without the card number are taken: what was refused was the number.
    const taken = await inject(
      push(checkout, {
        type: 'ChooseShippingAddress',
        data: { address: LEEDS_ADDRESS, saveToAddressBook: true },
      }),
    );
    expect(taken.statusCode).toBe(200);
    expect(taken.json<{ status: string }>().status).toBe('confirmed');

    // Every row of every table, as text.
    const tables = await t.database.transaction(async (session) => {
      const names = await session.rows<{ table_name: string }>(
        `select table_name from information_schema.tables
          where table_schema = current_schema() and table_type = 'BASE TABLE'`,
      );
      const out: { table: string; text: string }[] = [];
      for (const { table_name: table } of names) {
        const quoted = `"${table.replaceAll('"', '""')}"`;
        const rows = await session.rows<{ row: string }>(`select t::text as row from ${quoted} t`);
        out.push({ table, text: rows.map((r) => r.row).join('\n') });
      }
      return out;
    });
    const names = tables.map((r) => r.table);
    expect(names).toEqual(expect.arrayContaining(['events', 'commands', 'streams']));
    // The checkout's events are there: the address taken last among them.
    const events = tables.find((r) => r.table === 'events')?.text ?? '';
    expect(events).toContain('22 Riverside Walk');
    for (const { table, text } of tables) expect(cardIn(text), `table ${table}`).toEqual([]);

    for (const answer of answers) expect(cardIn(answer), answer.slice(0, 200)).toEqual([]);
    const log = logLines.join('');
    expect(log).toContain('/api/order-status');
    expect(cardIn(log), 'the log').toEqual([]);
  });
});
