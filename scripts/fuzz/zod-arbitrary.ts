/**
 * Arbitraries of fast-check made from zod schemas: mostly values of the schema's shape (its
 * lengths, bounds, patterns, formats, enums and literals), and at every node, now and then,
 * a hostile value instead (hostile.ts). The schema's own refinements are not followed: a
 * value they refuse is fuzzing too.
 */
import fc from 'fast-check';
import type * as z from 'zod';
import { CLIENT_ID } from '../../domain/sync/schemas';
import { STORABLE_TEXT } from '../../domain/validation/storable-check';
import { BOUNDARY_NUMBERS, hostile, nastyString } from './hostile';

export interface ArbitraryOptions {
  /** Weight of a hostile value at each node against 10 of a value of the shape. */
  readonly hostileWeight: number;
  /** Ids worth trying where the schema takes an id (another buyer's, one's own). */
  readonly ids: () => readonly string[];
  /** A value for `z.unknown()` nodes (a field checked elsewhere, like an address). */
  readonly unknown: fc.Arbitrary<unknown>;
}

interface Def {
  readonly type: string;
  readonly [key: string]: unknown;
}

interface CheckDef {
  readonly check: string;
  readonly minimum?: number;
  readonly maximum?: number;
  readonly value?: number | bigint;
  readonly inclusive?: boolean;
  readonly format?: string;
  readonly pattern?: RegExp;
}

const defOf = (schema: unknown): Def => (schema as { _zod: { def: Def } })._zod.def;
const checksOf = (def: Def): CheckDef[] =>
  ((def.checks as { _zod: { def: CheckDef } }[] | undefined) ?? []).map((c) => c._zod.def);

function stringOf(def: Def, options: ArbitraryOptions): fc.Arbitrary<string> {
  const checks = checksOf(def);
  let min = 0;
  let max = 60;
  const choices: fc.Arbitrary<string>[] = [];
  /** The buyers' real ids, where the text may be one: as likely as all the rest together. */
  let knownIds: fc.Arbitrary<string> | undefined;
  for (const check of checks) {
    if (check.check === 'min_length' && check.minimum !== undefined) min = check.minimum;
    if (check.check === 'max_length' && check.maximum !== undefined) max = check.maximum;
    if (check.check === 'length_equals' && typeof check.value === 'number') {
      min = max = check.value;
    }
    if (check.check !== 'string_format') continue;
    const pattern = check.pattern;
    if (check.format === 'datetime') {
      choices.push(
        fc
          .date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true })
          .map((d) => d.toISOString()),
      );
    } else if (check.format === 'date') {
      choices.push(
        fc
          .date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true })
          .map((d) => d.toISOString().slice(0, 10)),
      );
    } else if (check.format === 'email') {
      choices.push(fc.emailAddress());
    } else if (check.format === 'uuid' || check.format === 'guid') {
      choices.push(fc.uuid());
    } else if (pattern && pattern.source === CLIENT_ID.source) {
      const known = options.ids();
      choices.push(fc.uuid());
      if (known.length > 0) knownIds = fc.constantFrom(...known);
    } else if (pattern && pattern.source !== STORABLE_TEXT.source) {
      try {
        choices.push(fc.stringMatching(pattern).filter((s) => s.length <= Math.max(max, 1) * 4));
      } catch {
        // A pattern fast-check cannot invert: plain text below.
      }
    }
  }
  // Ids where any text goes too (`/api/me/addresses/:id` takes any short text).
  const ids = options.ids();
  if (ids.length > 0 && choices.length === 0) knownIds = fc.constantFrom(...ids);
  const top = Math.max(min, Math.min(max, 80));
  choices.push(fc.string({ minLength: min, maxLength: top }));
  choices.push(fc.string({ minLength: min, maxLength: top, unit: 'grapheme' }));
  if (max < 1e6) choices.push(fc.constant('x'.repeat(max)), fc.constant('x'.repeat(max + 1)));
  const any = fc.oneof(...choices);
  return knownIds ? fc.oneof(knownIds, any) : any;
}

function numberOf(def: Def): fc.Arbitrary<number> {
  let min = -Number.MAX_SAFE_INTEGER;
  let max = Number.MAX_SAFE_INTEGER;
  let integer = false;
  for (const check of checksOf(def)) {
    if (check.check === 'greater_than' && check.value !== undefined) min = Number(check.value);
    if (check.check === 'less_than' && check.value !== undefined) max = Number(check.value);
    if (check.check === 'number_format') integer = true;
  }
  const edges = [min, max, min - 1, max + 1].filter((n) => Number.isFinite(n));
  return fc.oneof(
    integer || min > -1e15
      ? fc.integer({ min: Math.max(min, -1e9), max: Math.min(max, 1e9) })
      : fc.integer(),
    fc.integer({ min: -5, max: 20 }),
    fc.constantFrom(...edges, ...BOUNDARY_NUMBERS),
    fc.double({ noNaN: true, noDefaultInfinity: true }),
  );
}

/** An arbitrary of the schema's inputs, hostile now and then. */
export function arbitraryOf(schema: unknown, options: ArbitraryOptions): fc.Arbitrary<unknown> {
  const cache = new Map<unknown, fc.Arbitrary<unknown>>();
  const of = (s: unknown, depth: number): fc.Arbitrary<unknown> => {
    const known = cache.get(s);
    if (known) return known;
    const shaped = depth > 12 ? fc.constant(null) : shapeOf(s, depth);
    const arbitrary =
      options.hostileWeight > 0
        ? fc.oneof(
            { arbitrary: shaped, weight: 10 },
            { arbitrary: hostile, weight: options.hostileWeight },
          )
        : shaped;
    cache.set(s, arbitrary);
    return arbitrary;
  };

  const shapeOf = (s: unknown, depth: number): fc.Arbitrary<unknown> => {
    const def = defOf(s);
    const inner = (key: string) => of(def[key], depth + 1);
    switch (def.type) {
      case 'string':
        return stringOf(def, options);
      case 'number':
        return numberOf(def);
      case 'int':
        return numberOf(def);
      case 'boolean':
        return fc.boolean();
      case 'bigint':
        return fc.constantFrom(0, -1, Number.MAX_SAFE_INTEGER);
      case 'null':
        return fc.constant(null);
      case 'undefined':
      case 'void':
        return fc.constant(undefined);
      case 'literal':
        return fc.constantFrom(...(def.values as unknown[]));
      case 'enum':
        return fc.constantFrom(...Object.values(def.entries as Record<string, unknown>));
      case 'object': {
        const shape = def.shape as Record<string, unknown>;
        const model: Record<string, fc.Arbitrary<unknown>> = {};
        const required: string[] = [];
        for (const [key, value] of Object.entries(shape)) {
          model[key] = of(value, depth + 1);
          const optional = ['optional', 'default', 'prefault'].includes(defOf(value).type);
          if (!optional) required.push(key);
        }
        const record = fc.record(model, { requiredKeys: required });
        // Now and then every key, and a key nobody asked for.
        return fc.oneof(
          { arbitrary: record, weight: 8 },
          { arbitrary: fc.record(model), weight: 1 },
          {
            arbitrary: fc
              .tuple(record, fc.string({ maxLength: 8 }), hostile)
              .map(([r, key, value]) => ({ ...(r as object), [key]: value })),
            weight: 1,
          },
        );
      }
      case 'optional':
        return fc.option(inner('innerType'), { nil: undefined, freq: 4 });
      case 'nullable':
        return fc.option(inner('innerType'), { nil: null, freq: 4 });
      case 'default':
      case 'prefault':
        return fc.option(inner('innerType'), { nil: undefined, freq: 3 });
      case 'nonoptional':
      case 'readonly':
      case 'catch':
      case 'success':
        return inner('innerType');
      case 'pipe':
        return defOf(def.in).type === 'transform' ? of(def.out, depth + 1) : inner('in');
      case 'transform':
        return fc.oneof(fc.string({ maxLength: 20 }), fc.integer());
      case 'lazy':
        return of((def.getter as () => unknown)(), depth + 1);
      case 'array': {
        let min = 0;
        let max = 4;
        for (const check of checksOf(def)) {
          if (check.check === 'min_length' && check.minimum !== undefined) min = check.minimum;
          if (check.check === 'max_length' && check.maximum !== undefined) {
            max = Math.min(check.maximum, Math.max(min, 4));
          }
        }
        return fc.array(inner('element'), { minLength: min, maxLength: Math.max(min, max) });
      }
      case 'tuple':
        return fc.tuple(...(def.items as unknown[]).map((item) => of(item, depth + 1)));
      case 'record':
        return fc.dictionary(fc.string({ maxLength: 10 }), of(def.valueType, depth + 1), {
          maxKeys: 4,
        });
      case 'union':
        return fc.oneof(...(def.options as unknown[]).map((option) => of(option, depth + 1)));
      case 'intersection':
        return fc
          .tuple(inner('left'), inner('right'))
          .map(([left, right]) =>
            typeof left === 'object' && typeof right === 'object' && left && right
              ? { ...left, ...right }
              : left,
          );
      case 'unknown':
      case 'any':
        return options.unknown;
      case 'never':
        return hostile;
      default:
        return fc.oneof(nastyString, fc.constant(null));
    }
  };

  return of(schema, 0);
}

/** Query and path values are text: a value as the URL carries it. */
export function asText(value: unknown): string | undefined {
  if (value === undefined) return undefined;
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

export type ZodLike = z.ZodType | { readonly _zod: unknown };
