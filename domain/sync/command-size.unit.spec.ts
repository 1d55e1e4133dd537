/**
 * Command size limits (decision 045): sizes counted as the server receives them, the largest
 * command a buyer can make of each kind fitting its kind's limit at least twice over, and
 * `parsePush` refusing a command or a batch over the limit in the domain's words.
 */
import * as z from 'zod';
import { describe, expect, it } from 'vitest';
import { cartStreamKind } from '../cart/stream';
import { cartFingerprint } from '../checkout/cart-snapshot';
import { checkoutStreamKind } from '../checkout/stream';
import { orderStreamKind } from '../order/order';
import { STREAM_REGISTRY } from '../registry';
import { savedCartsStreamKind } from '../saved-cart/stream';
import { FIELD_LIMITS } from '../validation/fields';
import { jsonBytes, KIB, utf8Bytes } from './command-size';
import { checkCommandSize, parsePush } from './push-schema';
import { MAX_ITEMS_PER_COMMAND } from './schemas';
import { defineStreamKind, type AnyStreamKind } from './stream-kind';

const metadata = { commandId: 'c0ffee00-1111-4222-8333-444455556666', now: '2026-11-23T10:00:00Z' };
const text = (length: number, unit = 'x') => unit.repeat(length);
/** Codes as long as the catalog's longest (`WRI3-FORMS-25`), each a different one. */
const code = (i: number) => `CODE${String(i).padStart(4, '0')}-FORMS`;

function expectFitsTwice(kind: AnyStreamKind, command: unknown) {
  // It is a command the kind takes at all...
  expect(() => kind.commandSchema.parse(command)).not.toThrow();
  // ...and twice its size still fits.
  expect(jsonBytes(command) * 2).toBeLessThanOrEqual(kind.limits.commandBytes);
}

describe('the size of a command', () => {
  it('is its JSON in UTF-8 bytes, as the server receives it', () => {
    // Byte counts of each value's JSON as Node's Buffer.byteLength gives them.
    const cases: [unknown, number][] = [
      ['', 2],
      ['abc', 5],
      ['é', 4],
      ['€', 5],
      ['😀', 6],
      // JSON.stringify escapes a lone surrogate: \ud800, six ASCII characters.
      ['a\uD800b', 10],
      [{ name: 'Zoë 😀', n: [1, 2] }, 30],
    ];
    for (const [value, bytes] of cases) expect(jsonBytes(value), JSON.stringify(value)).toBe(bytes);
    expect(utf8Bytes('😀😀')).toBe(8);
    const deep = JSON.parse('['.repeat(100_000) + ']'.repeat(100_000)) as unknown;
    expect(jsonBytes(deep)).toBe(Infinity);
  });

  it('is bounded for every stream kind, a push holding at least one of its largest', () => {
    for (const kind of STREAM_REGISTRY.kinds) {
      expect(kind.limits.commandBytes, kind.name).toBeGreaterThan(0);
      expect(kind.limits.pushBytes, kind.name).toBeGreaterThanOrEqual(kind.limits.commandBytes);
    }
    const base = { ...orderStreamKind, name: 'quote' };
    expect(() =>
      defineStreamKind({ ...base, limits: { commandBytes: 2, pushBytes: 1 } }),
    ).toThrow();
    expect(defineStreamKind({ ...base, limits: undefined }).limits.commandBytes).toBe(16 * KIB);
  });
});

describe('the largest command a buyer can make fits its kind twice over', () => {
  it('a cart: a quick order of 25 rows, a merge of the largest cart', () => {
    const items = (n: number) =>
      Array.from({ length: n }, (_, i) => ({ code: code(i), quantity: 9_999 }));
    expectFitsTwice(cartStreamKind, {
      type: 'AddItems',
      data: { items: items(25), source: 'quick-order' },
      metadata,
    });
    expectFitsTwice(cartStreamKind, {
      type: 'MergeCart',
      data: {
        fromCartId: metadata.commandId,
        items: items(MAX_ITEMS_PER_COMMAND),
        promotionCodes: Array.from({ length: 20 }, (_, i) => `PROMOTION-${String(i)}`),
      },
      metadata,
    });
  });

  it('a saved cart of the most lines, with names longer than the catalog’s', () => {
    expectFitsTwice(savedCartsStreamKind, {
      type: 'SaveCart',
      data: {
        savedCartId: metadata.commandId,
        name: text(40),
        description: text(250),
        lines: Array.from({ length: MAX_ITEMS_PER_COMMAND }, (_, i) => ({
          code: code(i),
          name: text(90),
          programName: text(60),
          quantity: 9_999,
        })),
      },
      metadata,
    });
  });

  it('a checkout: addresses and a purchase order at the spec’s longest, the largest cart, 200 participants', () => {
    const address = {
      firstName: text(FIELD_LIMITS.name, 'é'),
      lastName: text(FIELD_LIMITS.name, 'é'),
      organization: text(100),
      line1: text(FIELD_LIMITS.street),
      line2: text(FIELD_LIMITS.street),
      line3: text(FIELD_LIMITS.street),
      town: text(FIELD_LIMITS.city),
      region: 'CA',
      postalCode: '94103',
      country: 'US',
      phone: '+14155550100',
    };
    expectFitsTwice(checkoutStreamKind, {
      type: 'ChooseShippingAddress',
      data: { address, saveToAddressBook: true },
      metadata,
    });
    expectFitsTwice(checkoutStreamKind, {
      type: 'ChoosePayment',
      data: {
        method: 'purchase-order',
        poNumber: text(FIELD_LIMITS.poNumber),
        invoiceContact: {
          firstName: text(FIELD_LIMITS.name),
          lastName: text(FIELD_LIMITS.name),
          email: `${text(50)}@example.org`,
          phone: { countryIso: 'GB', phoneCode: '44', e164: '+441134960123' },
        },
      },
      metadata,
    });
    const lines = Array.from({ length: MAX_ITEMS_PER_COMMAND }, (_, i) => ({
      code: code(i),
      quantity: 9_999,
    }));
    const promotions = [{ code: 'SCHOOL10' }];
    expectFitsTwice(checkoutStreamKind, {
      type: 'StartCheckout',
      data: {
        cart: {
          cartId: metadata.commandId,
          version: 400,
          fingerprint: cartFingerprint({
            lines: lines as never,
            promotions: promotions as never,
          }),
        },
      },
      metadata,
    });
    const participant = {
      firstName: text(FIELD_LIMITS.name),
      lastName: text(FIELD_LIMITS.name),
      email: `${text(FIELD_LIMITS.trainingEmail - 12)}@example.org`,
      firstPreferredDate: '2027-01-04',
      secondPreferredDate: '2027-01-11',
    };
    expectFitsTwice(checkoutStreamKind, {
      type: 'GiveTrainingParticipants',
      data: { code: 'TRN-ONLINE', participants: Array.from({ length: 200 }, () => participant) },
      metadata,
    });
  });
});

describe('a push over its kind’s limits', () => {
  const queued = (command: unknown, seq = 1) => ({ seq, commandId: metadata.commandId, command });
  const dismiss = { type: 'DismissNotices', data: {}, metadata };
  const big = { type: 'StartCheckout', data: { fingerprint: text(20_000) }, metadata };

  function issuesOf(run: () => unknown) {
    try {
      run();
    } catch (error) {
      if (error instanceof z.ZodError) {
        return error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
      }
      throw error;
    }
    return [];
  }

  it('is refused, naming the command, or the batch when only the whole is too large', () => {
    const single = { clientId: 'client-0001', expectedVersion: 0, ...queued(big) };
    const kind = { limits: { commandBytes: 10 * KIB, pushBytes: 50 * KIB } };
    expect(issuesOf(() => parsePush(single, kind))).toEqual([
      { path: 'command', message: 'validation.command.too-large' },
    ]);
    const batch = (commands: unknown[]) => ({
      clientId: 'client-0001',
      expectedVersion: 0,
      commands: commands.map((c, i) => queued(c, i + 1)),
    });
    expect(issuesOf(() => parsePush(batch([dismiss, big, dismiss]), kind))).toEqual([
      { path: 'commands.1.command', message: 'validation.command.too-large' },
    ]);
    const forty = Array.from({ length: 40 }, () => ({ ...big, data: { f: text(5_000) } }));
    expect(issuesOf(() => parsePush(batch(forty), kind))).toEqual([
      { path: 'commands', message: 'validation.command.too-large' },
    ]);
    expect(parsePush(batch(forty.slice(0, 9)), kind).batch).toBe(true);
    expect(issuesOf(() => checkCommandSize({ participants: text(20_000) }, kind))).toEqual([
      { path: '', message: 'validation.command.too-large' },
    ]);
  });

  it('gives the limit with the message, for the buyer’s words', () => {
    const kind = { limits: { commandBytes: 1_000, pushBytes: 1_000 } };
    try {
      parsePush({ clientId: 'client-0001', expectedVersion: 0, ...queued(big) }, kind);
      expect.unreachable();
    } catch (error) {
      const [issue] = (error as z.ZodError).issues;
      expect(issue).toMatchObject({ code: 'custom', params: { values: { max: 1_000 } } });
    }
  });
});
