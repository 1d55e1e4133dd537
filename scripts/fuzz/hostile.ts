/**
 * The hostile values the fuzzer mixes into every request: wrong types, boundary numbers,
 * huge strings, U+0000, unpaired surrogates, bidirectional overrides, and classic markup of
 * the OWASP XSS filter-evasion cheat sheet (a handful of its payloads, written here).
 */
import fc from 'fast-check';

/** Markup that a page must never serve raw. Each one stands for a family of the list. */
export const XSS_PAYLOADS: readonly string[] = [
  `<script>alert('XSS')</script>`,
  `<IMG SRC="javascript:alert('XSS');">`,
  `<IMG SRC=JaVaScRiPt:alert('XSS')>`,
  `<IMG """><SCRIPT>alert("XSS")</SCRIPT>">`,
  `<<SCRIPT>alert("XSS");//<</SCRIPT>`,
  `<IMG SRC="jav&#x09;ascript:alert('XSS');">`,
  `<svg/onload=alert('XSS')>`,
  `<BODY ONLOAD=alert('XSS')>`,
  `<iframe src="javascript:alert('XSS');"></iframe>`,
  `</TITLE><SCRIPT>alert("XSS");</SCRIPT>`,
  `<IMG SRC=# onmouseover="alert('xxs')">`,
  `\\";alert('XSS');//`,
  `<a href="jav\u0000ascript:alert('XSS')">x</a>`,
  `"><img src=x onerror=alert(1)>`,
];

/** Text that is hard on storage and display. */
export const NASTY_TEXT: readonly string[] = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\uD800',
  'x\uDFFFy',
  '\uDBFF\uDBFF',
  '\u202Egnp.exe',
  '\u202Dabc\u202C\u2066\u2067\u2068\u2069',
  '\u200B\u200D\uFEFF',
  'Z\u0351\u036B\u0343\u036A\u0302\u036B\u033D\u034F\u0334',
  '😀👩‍👩‍👧‍👦',
  "' OR '1'='1",
  "'; drop table users; --",
  '%00',
  '../../../../etc/passwd',
  '${7*7}{{7*7}}',
  '\r\nSet-Cookie: x=1',
  'null',
  'undefined',
  '-1',
  '1e309',
  '__proto__',
  'constructor',
];

export const BOUNDARY_NUMBERS: readonly number[] = [
  0,
  -0,
  1,
  -1,
  0.5,
  -0.5,
  1e-7,
  2 ** 31 - 1,
  2 ** 31,
  -(2 ** 31),
  2 ** 32,
  Number.MAX_SAFE_INTEGER,
  Number.MAX_SAFE_INTEGER + 2,
  Number.MIN_SAFE_INTEGER,
  1e21,
  1.7976931348623157e308,
  -1.7976931348623157e308,
  5e-324,
];

/** A huge string, of a size under and over the store's body limit (1 MiB) and the usual limits. */
export const hugeString = fc
  .constantFrom(1_000, 10_000, 70_000, 300_000)
  .chain((n) =>
    fc
      .constantFrom('a', 'é', '\u202E', '<', '😀', '\u0000')
      .map((unit) => unit.repeat(Math.ceil(n / unit.length))),
  );

export const nastyString: fc.Arbitrary<string> = fc.oneof(
  { arbitrary: fc.constantFrom(...NASTY_TEXT), weight: 6 },
  { arbitrary: fc.constantFrom(...XSS_PAYLOADS), weight: 6 },
  { arbitrary: fc.string({ unit: 'binary', maxLength: 40 }), weight: 3 },
  {
    arbitrary: fc
      .tuple(fc.string({ maxLength: 10 }), fc.constantFrom(...NASTY_TEXT, ...XSS_PAYLOADS))
      .map(([a, b]) => a + b),
    weight: 3,
  },
  { arbitrary: hugeString, weight: 1 },
);

/**
 * Stands for arrays nested DEEP_NESTING_DEPTH deep, deeper than JSON.stringify can write (its
 * stack overflows): the request puts them in the JSON text in its place (requests.ts).
 */
export const DEEP_NESTING = '\u0001nested deep\u0001';
export const DEEP_NESTING_DEPTH = 100_000;

/** A value of the wrong type, or of a shape nobody expects. */
export const wrongType: fc.Arbitrary<unknown> = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  fc.constantFrom(...BOUNDARY_NUMBERS),
  nastyString,
  fc.constant([]),
  fc.constant({}),
  fc.array(fc.constantFrom(...BOUNDARY_NUMBERS), { maxLength: 3 }),
  fc.constant({ __proto__: { admin: true } }),
  fc.constant(JSON.parse('{"__proto__":{"polluted":true},"constructor":{"prototype":{}}}')),
  // Deep nesting.
  fc
    .integer({ min: 50, max: 2_000 })
    .map((depth): unknown => JSON.parse('['.repeat(depth) + ']'.repeat(depth))),
  fc.constant(DEEP_NESTING),
);

export const hostile: fc.Arbitrary<unknown> = fc.oneof(
  { arbitrary: nastyString, weight: 3 },
  { arbitrary: wrongType, weight: 2 },
  { arbitrary: fc.constantFrom(...BOUNDARY_NUMBERS), weight: 1 },
);
