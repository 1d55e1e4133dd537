/**
 * Requests of the fuzzer: an arbitrary per route (who sends it, its path parameters, query,
 * body, headers and how the body is encoded), and the HTTP request it becomes.
 */
import fc from 'fast-check';
import { DEEP_NESTING, DEEP_NESTING_DEPTH, hostile, nastyString, XSS_PAYLOADS } from './hostile';
import type { RouteSpec } from './routes';
import { arbitraryOf, asText, type ArbitraryOptions } from './zod-arbitrary';

export type Actor = 'visitor' | 'a' | 'b';
export const ACTORS: readonly Actor[] = ['visitor', 'a', 'b'];

type Encoding = 'json' | 'malformed-json' | 'text-plain' | 'form' | 'none' | 'json-string';

export interface FuzzCase {
  readonly route: RouteSpec;
  readonly actor: Actor;
  readonly params: unknown;
  readonly query: unknown;
  readonly body: unknown;
  readonly headers: unknown;
  readonly encoding: Encoding;
  /** The `*` of a wildcard route. */
  readonly rest: string;
}

export interface HttpRequest {
  readonly method: string;
  /** Path and query, encoded. */
  readonly url: string;
  readonly headers: Record<string, string>;
  readonly body?: string;
}

/** Percent-encoding that also sends lone surrogates, as the bytes a hostile client would. */
export function encodeComponent(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    let out = '';
    for (let i = 0; i < text.length; i++) {
      const unit = text.charCodeAt(i);
      const next = text.charCodeAt(i + 1);
      if (unit >= 0xd800 && unit <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) {
        out += encodeURIComponent(text.slice(i, i + 2));
        i++;
      } else if (unit >= 0xd800 && unit <= 0xdfff) {
        out += [0xe0 | (unit >> 12), 0x80 | ((unit >> 6) & 0x3f), 0x80 | (unit & 0x3f)]
          .map((b) => `%${b.toString(16).toUpperCase()}`)
          .join('');
      } else {
        out += encodeURIComponent(text[i] ?? '');
      }
    }
    return out;
  }
}

/** A header value as bytes HTTP can carry (what fetch refuses is sent as its UTF-8 bytes). */
function headerValue(value: unknown): string | undefined {
  const text = asText(value);
  if (text === undefined) return undefined;
  const bytes = Buffer.from(text, 'utf8')
    .toString('latin1')
    // eslint-disable-next-line no-control-regex -- control characters are what fetch refuses.
    .replace(/[\u0000-\u0008\u000a-\u001f\u007f]/g, ' ');
  return bytes.length > 8_000 ? bytes.slice(0, 8_000) : bytes;
}

const ENCODINGS = fc.oneof(
  { arbitrary: fc.constant<Encoding>('json'), weight: 20 },
  { arbitrary: fc.constant<Encoding>('malformed-json'), weight: 1 },
  { arbitrary: fc.constant<Encoding>('text-plain'), weight: 1 },
  { arbitrary: fc.constant<Encoding>('form'), weight: 1 },
  { arbitrary: fc.constant<Encoding>('none'), weight: 1 },
  { arbitrary: fc.constant<Encoding>('json-string'), weight: 1 },
);

/** Requests of one route. */
export function caseArbitrary(route: RouteSpec, options: ArbitraryOptions): fc.Arbitrary<FuzzCase> {
  const of = (schema: unknown) =>
    schema === undefined ? fc.constant(undefined) : arbitraryOf(schema, options);
  return fc.record({
    route: fc.constant(route),
    actor: fc.constantFrom(...ACTORS),
    params: of(route.params),
    query: of(route.query),
    body: of(route.body ?? route.form),
    headers: of(route.headers),
    encoding: route.form ? fc.constant<Encoding>('form') : ENCODINGS,
    rest: route.wildcard
      ? fc.oneof(
          { arbitrary: fc.constantFrom(...route.wildcard), weight: 8 },
          { arbitrary: nastyString, weight: 1 },
        )
      : fc.constant(''),
  });
}

function queryString(query: unknown): string {
  if (query === undefined) return '';
  if (query === null || typeof query !== 'object' || Array.isArray(query)) {
    return `?${encodeComponent(asText(query) ?? '')}`;
  }
  const parts: string[] = [];
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined) continue;
    const values = Array.isArray(value) ? value : [value];
    for (const v of values)
      parts.push(`${encodeComponent(key)}=${encodeComponent(asText(v) ?? '')}`);
  }
  return parts.length > 0 ? `?${parts.join('&')}` : '';
}

function formOf(value: unknown): string {
  return queryString(value).replace(/^\?/, '');
}

/** The path with its parameters and `*` filled in. */
function pathOf(fuzz: FuzzCase): string {
  const params =
    fuzz.params !== null && typeof fuzz.params === 'object'
      ? (fuzz.params as Record<string, unknown>)
      : {};
  return fuzz.route.path
    .replace(/:(\w+)/g, (_whole, name: string) =>
      encodeComponent(asText(params[name]) ?? asText(fuzz.params) ?? ''),
    )
    .replace(/\*$/, () => fuzz.rest.split('/').map(encodeComponent).join('/'));
}

export function httpRequestOf(fuzz: FuzzCase, origin: string): HttpRequest {
  const { method } = fuzz.route;
  const headers: Record<string, string> = {};
  if (fuzz.headers !== null && typeof fuzz.headers === 'object') {
    for (const [name, value] of Object.entries(fuzz.headers)) {
      const v = headerValue(value);
      if (v !== undefined && /^[a-z0-9-]+$/i.test(name)) headers[name.toLowerCase()] = v;
    }
  }
  // The store's own origin on every state-changing request, as its pages send.
  if (method !== 'GET') headers.origin = origin;
  const url = pathOf(fuzz) + queryString(fuzz.query);
  const hasBody = method !== 'GET' && fuzz.encoding !== 'none';
  if (!hasBody) return { method, url, headers };
  let body: string;
  switch (fuzz.encoding) {
    case 'form':
      headers['content-type'] = 'application/x-www-form-urlencoded';
      body = formOf(fuzz.body);
      break;
    case 'text-plain':
      headers['content-type'] = 'text/plain';
      body = JSON.stringify(fuzz.body ?? null);
      break;
    case 'malformed-json':
      headers['content-type'] = 'application/json';
      body = (JSON.stringify(fuzz.body ?? {}) ?? '{').slice(0, -1) + '\u0000,}';
      break;
    case 'json-string':
      headers['content-type'] = 'application/json; charset=utf-8';
      body = JSON.stringify(asText(fuzz.body) ?? '');
      break;
    default:
      headers['content-type'] = 'application/json';
      body = JSON.stringify(fuzz.body === undefined ? {} : fuzz.body).replaceAll(
        JSON.stringify(DEEP_NESTING),
        '['.repeat(DEEP_NESTING_DEPTH) + ']'.repeat(DEEP_NESTING_DEPTH),
      );
  }
  return { method, url, headers, body };
}

/** A value to put where a route takes anything (`z.unknown()`). */
export function unknownArbitrary(samples: readonly unknown[]): fc.Arbitrary<unknown> {
  return fc.oneof(
    { arbitrary: fc.constantFrom(...samples), weight: 4 },
    { arbitrary: fc.constantFrom(...samples).chain((s) => mutate(s)), weight: 4 },
    { arbitrary: hostile, weight: 1 },
    { arbitrary: fc.constantFrom(...XSS_PAYLOADS), weight: 1 },
  );
}

/** The sample with one of its fields given a hostile value. */
function mutate(sample: unknown): fc.Arbitrary<unknown> {
  if (sample === null || typeof sample !== 'object') return hostile;
  const keys = Object.keys(sample);
  if (keys.length === 0) return hostile;
  return fc
    .tuple(fc.constantFrom(...keys), hostile)
    .map(([key, value]) => ({ ...sample, [key]: value }));
}
