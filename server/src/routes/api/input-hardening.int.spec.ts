/**
 * Input the database would refuse never reaches it (issue 12, section 4; decision 021): on
 * PGlite and PostgreSQL, every sync and customer-record route answers U+0000, unpaired
 * surrogates and out-of-range numbers with 400 and a message key, never 500. The tables
 * below name each route and each field they cover. Should such input get past a schema
 * anyway, the database's own refusal is a 400 too.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMMERCE_HEADERS, WEB_PLATFORM_KEY } from '../../../../domain/commerce/commerce-api';
import { ApiErrorBodySchema } from '../../../../domain/shared/api-error-schema';
import { validationMessage } from '../../../../domain/validation/messages';
import { buildTestApp } from '../../../../tests/support/app';
import { testDatabaseTargets, type TestDatabase } from '../../../../tests/support/databases';
import { seedDemoUsers } from '../../auth/demo-users';
import { findUserWithPassword } from '../../auth/users';
import { createWebSession, SESSION_COOKIE } from '../../auth/web-sessions';
import { seedIfEmpty } from '../../db/seed';

/** Text PostgreSQL cannot store (U+0000) or that is not Unicode at all (lone surrogates). */
const BAD_TEXT = {
  'U+0000': 'WRI3\u0000KIT',
  'a lone high surrogate': 'WRI3\uD800KIT',
  'a lone low surrogate': '\uDC00WRI3',
} as const;

/**
 * Percent-encodes text for a URL; a lone surrogate as the bytes it would have if it were a
 * character (encodeURIComponent refuses it, and a browser sends U+FFFD instead).
 */
function inUrl(text: string): string {
  let out = '';
  for (const char of text) {
    const unit = char.charCodeAt(0);
    if (char.length === 1 && unit >= 0xd800 && unit <= 0xdfff) {
      const bytes = [0xe0 | (unit >> 12), 0x80 | ((unit >> 6) & 0x3f), 0x80 | (unit & 0x3f)];
      out += bytes.map((b) => `%${b.toString(16).toUpperCase()}`).join('');
    } else {
      out += encodeURIComponent(char);
    }
  }
  return out;
}

interface Context {
  readonly userId: string;
}

type Request<V> = (value: V, context: Context) => InjectOptions;

/** A route, who calls it (a visitor or a signed-in user), and what to send for each field. */
interface RouteTable<F> {
  readonly signedIn: boolean;
  readonly fields: Readonly<Record<string, F>>;
}

/** The values tried in a number field, and the request that carries one. */
interface NumberField {
  readonly values: readonly unknown[];
  readonly request: Request<unknown>;
}

const NOW = '2026-01-01T00:00:00.000Z';
const uuid = () => randomUUID();
const command = (type: string, data: unknown, commandId: string = uuid()) => ({
  type,
  data,
  metadata: { commandId, now: NOW },
});
const dismiss = () => command('DismissNotices', {});

function push(url: string, cmd: unknown, envelope: Record<string, unknown> = {}): InjectOptions {
  const payload = { clientId: 'client-0001', seq: 1, commandId: uuid(), expectedVersion: 0 };
  return { method: 'POST', url, payload: { ...payload, command: cmd, ...envelope } };
}

/** A batch of two commands, the second one's fields (or the envelope's) replaced. */
function pushBatch(queued: Record<string, unknown>, envelope = {}): InjectOptions {
  const commands = [
    { seq: 1, commandId: uuid(), command: dismiss() },
    { seq: 2, commandId: uuid(), command: dismiss(), ...queued },
  ];
  return {
    method: 'POST',
    url: cartPushUrl(),
    payload: { clientId: 'client-0001', expectedVersion: 0, commands, ...envelope },
  };
}

const cartPushUrl = () => `/api/carts/${uuid()}/commands?locale=en-us`;
const cartPush = (cmd: unknown, envelope: Record<string, unknown> = {}) =>
  push(cartPushUrl(), cmd, envelope);
const savedPush = (cmd: unknown, envelope: Record<string, unknown> = {}) =>
  push('/api/saved-carts/commands', cmd, envelope);
const item = (code: unknown, quantity: unknown = 1) => ({ code, quantity });
const merge = (data: Record<string, unknown>) =>
  command('MergeCart', { fromCartId: uuid(), items: [], promotionCodes: [], ...data });
const line = (overrides: Record<string, unknown> = {}) => ({
  code: 'WRI3-KIT',
  name: 'Kit',
  programName: 'Westbrook',
  quantity: 1,
  ...overrides,
});
const saveCart = (data: Record<string, unknown>) =>
  command('SaveCart', { savedCartId: uuid(), name: 'Spring', lines: [line()], ...data });

/** A new address book entry with one field (`firstName`, `address.town`, ...) replaced. */
function addressWith(path: string, value: string): InjectOptions {
  const entry: Record<string, Record<string, unknown> | string> = {
    firstName: 'Dana',
    lastName: 'Reyes',
    organization: 'Lakeshore Clinic',
    phone: { country: 'US', number: '(608) 262-1234' },
    address: {
      country: 'US',
      region: 'WI',
      town: 'Madison',
      line1: '500 Lincoln Drive',
      line2: 'Suite 4',
      postalCode: '53706',
    },
  };
  const [head = '', tail] = path.split('.');
  const part = entry[head];
  if (tail !== undefined && typeof part === 'object') part[tail] = value;
  else entry[head] = value;
  return { method: 'POST', url: '/api/me/addresses', payload: entry };
}

const commerce = (url: string): InjectOptions => ({
  url,
  headers: {
    [COMMERCE_HEADERS.siteId]: 'usassessments',
    [COMMERCE_HEADERS.platformKey]: WEB_PLATFORM_KEY,
    [COMMERCE_HEADERS.requestId]: 'req-0001-abcd',
    [COMMERCE_HEADERS.routingRegion]: 'US',
  },
});
const autosuggest = (userId: string, cartId: string, term: string) =>
  commerce(
    `/api/commerce/users/${userId}/carts/${cartId}/search/address/autosuggest?addressType=shipping&term=${term}&lang=en`,
  );

/** Every text field of the sync and customer-record routes, and of the catalog search. */
const TEXT_FIELDS: Readonly<Record<string, RouteTable<Request<string>>>> = {
  'POST /api/carts/:id/commands': {
    signedIn: false,
    fields: {
      ':id': (v) => push(`/api/carts/${inUrl(v)}/commands?locale=en-us`, dismiss()),
      '?locale': (v) => push(`/api/carts/${uuid()}/commands?locale=${inUrl(v)}`, dismiss()),
      clientId: (v) => cartPush(dismiss(), { clientId: `client-${v}` }),
      commandId: (v) => cartPush(dismiss(), { commandId: `command-${v}` }),
      'command.type': (v) => cartPush(command(`AddItem${v}`, item('WRI3-KIT'))),
      'command.metadata.commandId': (v) => cartPush(command('DismissNotices', {}, `cmd-${v}`)),
      'AddItem code': (v) => cartPush(command('AddItem', item(v))),
      'AddItems items[].code': (v) =>
        cartPush(command('AddItems', { items: [item(v)], source: 'quick-order' })),
      'ChangeQuantity code': (v) => cartPush(command('ChangeQuantity', item(v, 2))),
      'RemoveItem code': (v) => cartPush(command('RemoveItem', { code: v })),
      'ApplyPromotion code': (v) => cartPush(command('ApplyPromotion', { code: v })),
      'ApplyPromotion productCode': (v) =>
        cartPush(command('ApplyPromotion', { code: 'SCHOOL10', productCode: v })),
      'RemovePromotion code': (v) => cartPush(command('RemovePromotion', { code: v })),
      'ChooseAccount accountId': (v) =>
        cartPush(command('ChooseAccount', { accountId: `account-${v}` })),
      'MergeCart fromCartId': (v) => cartPush(merge({ fromCartId: `cart-${v}` })),
      'MergeCart items[].code': (v) => cartPush(merge({ items: [item(v)] })),
      'MergeCart promotionCodes[]': (v) => cartPush(merge({ promotionCodes: [v] })),
      'ClearCart orderId': (v) =>
        cartPush(command('ClearCart', { reason: 'checkout', orderId: v })),
      'batch commands[].commandId': (v) => pushBatch({ commandId: `command-${v}` }),
      'batch commands[].command': (v) => pushBatch({ command: command('AddItem', item(v)) }),
      'batch clientId': (v) => pushBatch({}, { clientId: `client-${v}` }),
    },
  },
  'GET /api/carts/:id': {
    signedIn: false,
    fields: { ':id': (v) => ({ url: `/api/carts/${inUrl(v)}` }) },
  },
  'GET /api/carts/current': {
    signedIn: true,
    fields: { '?locale': (v) => ({ url: `/api/carts/current?locale=${inUrl(v)}` }) },
  },
  'POST /api/saved-carts/commands': {
    signedIn: true,
    fields: {
      clientId: (v) => savedPush(saveCart({}), { clientId: `client-${v}` }),
      commandId: (v) => savedPush(saveCart({}), { commandId: `command-${v}` }),
      'SaveCart savedCartId': (v) => savedPush(saveCart({ savedCartId: `saved-${v}` })),
      'SaveCart name': (v) => savedPush(saveCart({ name: v })),
      'SaveCart description': (v) => savedPush(saveCart({ description: v })),
      'SaveCart lines[].code': (v) => savedPush(saveCart({ lines: [line({ code: v })] })),
      'SaveCart lines[].name': (v) => savedPush(saveCart({ lines: [line({ name: v })] })),
      'SaveCart lines[].programName': (v) =>
        savedPush(saveCart({ lines: [line({ programName: v })] })),
      'RestoreSavedCart intoCartId': (v) =>
        savedPush(command('RestoreSavedCart', { savedCartId: uuid(), intoCartId: `cart-${v}` })),
      'DeleteSavedCart savedCartId': (v) =>
        savedPush(command('DeleteSavedCart', { savedCartId: `saved-${v}` })),
    },
  },
  'POST /api/me/addresses': {
    signedIn: true,
    fields: Object.fromEntries(
      [
        'firstName',
        'lastName',
        'organization',
        'phone.number',
        'phone.country',
        'address.line1',
        'address.line2',
        'address.town',
        'address.region',
        'address.postalCode',
        'address.country',
      ].map((path): [string, Request<string>] => [path, (v) => addressWith(path, v)]),
    ),
  },
  'GET /api/me/addresses/:id': {
    signedIn: true,
    fields: { ':id': (v) => ({ url: `/api/me/addresses/${inUrl(v)}` }) },
  },
  'DELETE /api/me/addresses/:id': {
    signedIn: true,
    fields: { ':id': (v) => ({ method: 'DELETE', url: `/api/me/addresses/${inUrl(v)}` }) },
  },
  'GET /api/me/payment-methods/:id': {
    signedIn: true,
    fields: { ':id': (v) => ({ url: `/api/me/payment-methods/${inUrl(v)}` }) },
  },
  'DELETE /api/me/payment-methods/:id': {
    signedIn: true,
    fields: { ':id': (v) => ({ method: 'DELETE', url: `/api/me/payment-methods/${inUrl(v)}` }) },
  },
  'GET /api/me/accounts/:id': {
    signedIn: true,
    fields: { ':id': (v) => ({ url: `/api/me/accounts/${inUrl(v)}` }) },
  },
  'GET /api/me/accounts/:id/members': {
    signedIn: true,
    fields: { ':id': (v) => ({ url: `/api/me/accounts/${inUrl(v)}/members` }) },
  },
  'GET /api/assessments/checkout/identityProfiles': {
    signedIn: true,
    fields: {
      '?userId': (v) => ({ url: `/api/assessments/checkout/identityProfiles?userId=${inUrl(v)}` }),
    },
  },
  'GET /api/commerce/users/:userId': {
    signedIn: true,
    fields: { ':userId': (v) => commerce(`/api/commerce/users/${inUrl(v)}?locale=en-us`) },
  },
  'GET /api/commerce/users/:userId/carts/:cartId/search/address/autosuggest': {
    signedIn: true,
    fields: {
      ':userId': (v) => autosuggest(inUrl(v), 'current', 'lake'),
      ':cartId': (v, { userId }) => autosuggest(userId, inUrl(v), 'lake'),
      '?term': (v, { userId }) => autosuggest(userId, 'current', inUrl(`lake ${v}`)),
    },
  },
  'GET /api/catalog/search': {
    signedIn: false,
    fields: { '?q': (v) => ({ url: `/api/catalog/search?locale=en-us&q=${inUrl(v)}` }) },
  },
  'GET /api/catalog/products/:code': {
    signedIn: false,
    fields: { ':code': (v) => ({ url: `/api/catalog/products/${inUrl(v)}?locale=en-us` }) },
  },
};

/** Beyond an integer column, beyond a safe integer, below the range, a fraction, no number. */
const INT32_OVER = 2 ** 31;
const AFTER = ['2147483648', '1e30', '-1', '1.5', 'abc', '', '9007199254740993', 'Infinity'];

/** Every number of the sync routes (and the catalog's page), with the values tried. */
const NUMBER_FIELDS: Readonly<Record<string, RouteTable<NumberField>>> = {
  'GET /api/carts/:id': {
    signedIn: false,
    fields: {
      '?after': {
        values: AFTER,
        request: (v) => ({ url: `/api/carts/${uuid()}?after=${String(v)}` }),
      },
    },
  },
  'GET /api/saved-carts': {
    signedIn: true,
    fields: {
      '?after': { values: AFTER, request: (v) => ({ url: `/api/saved-carts?after=${String(v)}` }) },
    },
  },
  'POST /api/carts/:id/commands': {
    signedIn: false,
    fields: {
      seq: {
        values: [0, -1, 2 ** 53, 1e30, 1.5, '1'],
        request: (v) => cartPush(dismiss(), { seq: v }),
      },
      expectedVersion: {
        values: [INT32_OVER, 1e30, -1, 0.5, '0'],
        request: (v) => cartPush(dismiss(), { expectedVersion: v }),
      },
      'batch commands[].seq': { values: [0, 2 ** 53, 1e30], request: (v) => pushBatch({ seq: v }) },
      'batch expectedVersion': {
        values: [INT32_OVER, -1],
        request: (v) => pushBatch({}, { expectedVersion: v }),
      },
      'AddItem quantity': {
        values: [INT32_OVER, 1e30, -1e30, -INT32_OVER - 1, '1'],
        request: (v) => cartPush(command('AddItem', item('WRI3-KIT', v))),
      },
      'ChangeQuantity quantity': {
        values: [INT32_OVER, 1e30],
        request: (v) => cartPush(command('ChangeQuantity', item('WRI3-KIT', v))),
      },
      'AddItems items[].quantity': {
        values: [INT32_OVER, 1e30],
        request: (v) =>
          cartPush(command('AddItems', { items: [item('WRI3-KIT', v)], source: 'quick-order' })),
      },
      'MergeCart items[].quantity': {
        values: [INT32_OVER, 1e30],
        request: (v) => cartPush(merge({ items: [item('WRI3-KIT', v)] })),
      },
    },
  },
  'POST /api/saved-carts/commands': {
    signedIn: true,
    fields: {
      seq: { values: [0, 2 ** 53], request: (v) => savedPush(saveCart({}), { seq: v }) },
      expectedVersion: {
        values: [INT32_OVER, -1],
        request: (v) => savedPush(saveCart({}), { expectedVersion: v }),
      },
      'SaveCart lines[].quantity': {
        values: [INT32_OVER, 1e30, 0, -1, 1.5],
        request: (v) => savedPush(saveCart({ lines: [line({ quantity: v })] })),
      },
    },
  },
  'GET /api/catalog/search': {
    signedIn: false,
    fields: {
      '?page': {
        values: ['2147483648', '1e30', '-1', '0', 'abc'],
        request: (v) => ({ url: `/api/catalog/search?locale=en-us&page=${String(v)}` }),
      },
    },
  },
};

/** What the database itself says when input gets past the schemas: a type and a value. */
const REFUSALS: readonly { what: string; type: string; value: string; key: string }[] = [
  {
    what: 'U+0000 in text',
    type: 'text',
    value: 'a\u0000b',
    key: 'validation.characters.not-allowed',
  },
  {
    what: 'U+0000 in json',
    type: 'jsonb',
    value: '{"a":"\\u0000"}',
    key: 'validation.characters.not-allowed',
  },
  {
    what: 'an integer beyond int4',
    type: 'int',
    value: '2147483648',
    key: 'validation.number.invalid',
  },
  {
    what: 'a smallint beyond its range',
    type: 'smallint',
    value: '-40000',
    key: 'validation.number.invalid',
  },
  { what: 'text that is no uuid', type: 'uuid', value: 'not-a-uuid', key: 'validation.invalid' },
  {
    what: 'text that is no timestamp',
    type: 'timestamptz',
    value: 'soon',
    key: 'validation.invalid',
  },
];

/** A table as test rows: `[route, field, { signedIn, field's entry }]`. */
function rows<F>(tables: Readonly<Record<string, RouteTable<F>>>) {
  return Object.entries(tables).flatMap(([route, table]) =>
    Object.entries(table.fields).map(
      ([field, entry]) => [route, field, { signedIn: table.signedIn, entry }] as const,
    ),
  );
}

describe.each(testDatabaseTargets())('input the database would refuse, on $kind', (target) => {
  let t: TestDatabase;
  let app: FastifyInstance;
  let cookie = '';
  let userId = '';

  beforeAll(async () => {
    t = await target.open();
    app = await buildTestApp(t.database);
    // Routes that send a value to the database unchecked, as a schema that forgot a rule would.
    const { database } = t;
    app.post('/api/test-refusal/drizzle', { config: { access: 'public' } }, async (request) => {
      const { type, value } = request.body as { type: string; value: string };
      await database.db.execute(sql`select ${value}::${sql.raw(type)} as v`);
      return { stored: true };
    });
    app.post('/api/test-refusal/session', { config: { access: 'public' } }, async (request) => {
      const { type, value } = request.body as { type: string; value: string };
      return { rows: await database.transaction((s) => s.rows(`select $1::${type}`, [value])) };
    });
    app.get('/api/test-refusal/server-fault', { config: { access: 'public' } }, async () => {
      await database.db.execute(sql`select * from no_such_table`);
      return {};
    });
    await seedIfEmpty(database.db);
    await seedDemoUsers(database.db);
    const user = await findUserWithPassword(database.db, 'dana.reyes@demo.example');
    if (!user) throw new Error('dana was not seeded');
    userId = user.id;
    const session = await createWebSession(database.db, user.id, null, new Date());
    cookie = `${SESSION_COOKIE}=${session.id}`;
  });

  afterAll(async () => {
    await app.close();
    await t.dispose();
  });

  function send(signedIn: boolean, options: InjectOptions) {
    const headers = { ...(options.headers ?? {}), ...(signedIn ? { cookie } : {}) };
    return app.inject({ ...options, headers });
  }

  function expectRefusedWithKey(response: LightMyRequestResponse, what: string) {
    expect(response.statusCode, `${what}: ${response.body}`).toBe(400);
    const body = ApiErrorBodySchema.parse(response.json());
    const keys = (body.error.fields ?? []).map((f) => f.code);
    expect(keys.length, `${what}: a message key`).toBeGreaterThan(0);
    for (const key of keys) expect(validationMessage(key), `${what}: ${key}`).toBeDefined();
  }

  describe.each(Object.entries(BAD_TEXT))('text with %s', (_name, bad) => {
    it.each(rows(TEXT_FIELDS))('%s %s answers 400', async (route, field, row) => {
      const response = await send(row.signedIn, row.entry(bad, { userId }));
      expectRefusedWithKey(response, `${route} ${field}`);
    });
  });

  it.each(rows(NUMBER_FIELDS))('%s %s out of range answers 400', async (route, field, row) => {
    for (const value of row.entry.values) {
      const response = await send(row.signedIn, row.entry.request(value, { userId }));
      expectRefusedWithKey(response, `${route} ${field} = ${JSON.stringify(value)}`);
    }
  });

  describe('should input get past the schemas', () => {
    it.each(
      REFUSALS.flatMap((r) =>
        (['drizzle', 'session'] as const).map((via) => [r.what, via, r] as const),
      ),
    )('%s (through %s) answers 400 with a message key', async (what, via, refusal) => {
      const response = await app.inject({
        method: 'POST',
        url: `/api/test-refusal/${via}`,
        payload: { type: refusal.type, value: refusal.value },
      });
      expectRefusedWithKey(response, what);
      expect(response.json()).toMatchObject({
        error: { code: 'invalid_input', fields: [{ path: '', code: refusal.key }] },
      });
    });

    it('still answers a fault of the server itself with 500', async () => {
      const response = await app.inject({ url: '/api/test-refusal/server-fault' });
      expect(response.statusCode).toBe(500);
      expect(response.json()).toEqual({
        error: { code: 'internal_error', message: 'An error occurred.' },
      });
    });
  });
});
