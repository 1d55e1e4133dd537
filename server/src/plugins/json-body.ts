/**
 * JSON bodies nested at most MAX_JSON_DEPTH deep (issue 26). V8 parses any depth, but
 * everything after the parser that walks a value by recursion does not: `JSON.stringify` (the
 * idempotency key's hash, the event store's statements, logs), zod, PostgreSQL's jsonb. A
 * body of 1 MiB holds half a million nested arrays, which overflowed the stack there and was
 * answered 500. The depth is counted on the text before it is parsed, in one pass, so such a
 * body is a 400 in the store's error shape and nothing else ever sees it. The deepest body
 * the store takes (a checkout command in a push batch) is nested about ten deep.
 */
import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';

export const MAX_JSON_DEPTH = 32;

/** The error of a body nested too deep; errors.ts answers it as invalid JSON (400). */
export class JsonTooDeepError extends Error implements Partial<FastifyError> {
  override readonly name = 'JsonTooDeepError';
  readonly code = 'STORE_JSON_TOO_DEEP';
  readonly statusCode = 400;
  constructor() {
    super(`The JSON body is nested more than ${String(MAX_JSON_DEPTH)} deep.`);
  }
}

const OPEN_OBJECT = 0x7b;
const OPEN_ARRAY = 0x5b;
const CLOSE_OBJECT = 0x7d;
const CLOSE_ARRAY = 0x5d;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;

/**
 * Whether JSON text opens more than `max` objects or arrays inside one another. Brackets in
 * strings do not count. Text that is not JSON at all is left to the parser to refuse.
 */
export function jsonDeeperThan(text: string, max: number = MAX_JSON_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i += 1) {
    const unit = text.charCodeAt(i);
    if (inString) {
      if (unit === BACKSLASH) i += 1;
      else if (unit === QUOTE) inString = false;
    } else if (unit === QUOTE) {
      inString = true;
    } else if (unit === OPEN_OBJECT || unit === OPEN_ARRAY) {
      depth += 1;
      if (depth > max) return true;
    } else if (unit === CLOSE_OBJECT || unit === CLOSE_ARRAY) {
      depth -= 1;
    }
  }
  return false;
}

/**
 * The app's JSON parser: Fastify's own (which refuses `__proto__` and `constructor`
 * poisoning), after the depth check.
 */
export function registerJsonBodies(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'string' },
    (request: FastifyRequest, body: string | Buffer, done) => {
      const text = typeof body === 'string' ? body : body.toString('utf8');
      if (jsonDeeperThan(text)) {
        done(new JsonTooDeepError(), undefined);
        return;
      }
      void parse(request, text, done);
    },
  );
}
