/**
 * Every failure leaves the API as an ApiErrorBody: bad input is a 400 naming the fields,
 * an unknown route a 404, anything unexpected a 500 with the spec's generic message.
 * Never a stack trace.
 *
 * Input the database refuses is bad input too (decision 021): the schemas of domain/ keep
 * it out, and should one get past them, PostgreSQL's refusal (an invalid byte sequence, a
 * number out of range, text that is no valid value of its type) is a 400 with a message
 * key, not a 500 that a browser would send again and again.
 */
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { $ZodError } from 'zod/v4/core';
import { GENERIC_ERROR_MESSAGE, type ApiErrorBody } from '../../../domain/shared/api-error';
import type { MessageDescriptor } from '../../../domain/shared/message';
import { describeIssues, toValidationIssues } from '../../../domain/validation/issues';
import { V } from '../../../domain/validation/messages';

export function errorBody(code: string, message: string): ApiErrorBody {
  return { error: { code, message } };
}

const INVALID_INPUT = { code: 'invalid_input', message: 'The request is not valid.' } as const;

/** A 400 for the request as a whole, with the message id clients translate. */
function invalidInputBody(message: MessageDescriptor): ApiErrorBody {
  return {
    error: { ...INVALID_INPUT, fields: describeIssues([{ path: '', message }]) },
  };
}

const FASTIFY_CLIENT_ERRORS: Readonly<Record<string, string>> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'invalid_json',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'invalid_json',
  FST_ERR_CTP_BODY_TOO_LARGE: 'body_too_large',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'unsupported_media_type',
  // json-body.ts: nested deeper than anything the store takes.
  STORE_JSON_TOO_DEEP: 'invalid_json',
};

function clientErrorCode(error: FastifyError): string {
  return FASTIFY_CLIENT_ERRORS[error.code] ?? 'bad_request';
}

/**
 * SQLSTATEs (PostgreSQL, appendix A) that say the values sent were wrong, whatever the
 * server does: class 22 (data exception), a NOT NULL or CHECK constraint, a value too big
 * for an index. Unique and foreign-key violations are not here: they may come of a race,
 * which a later try can win.
 */
function refusedInputMessage(sqlState: string): MessageDescriptor | undefined {
  switch (sqlState) {
    case '22021': // character_not_in_repertoire: U+0000 or invalid UTF-8 in text
    case '22P05': // untranslatable_character: U+0000 in json
      return V.charactersNotAllowed;
    case '22003': // numeric_value_out_of_range
    case '22008': // datetime_field_overflow
      return V.numberInvalid;
    case '23502': // not_null_violation
    case '23514': // check_violation
    case '54000': // program_limit_exceeded (a value too long for an index)
      return V.invalid;
    default:
      return sqlState.startsWith('22') ? V.invalid : undefined;
  }
}

const SQLSTATE = /^[0-9A-Z]{5}$/;

/** The message of a database refusal of the input, looking through wrapping errors. */
export function databaseRefusal(error: unknown): MessageDescriptor | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current instanceof Error; depth += 1) {
    // node-postgres and PGlite both raise a DatabaseError with `code` and `severity`.
    const { code } = current as { code?: unknown };
    if ('severity' in current && typeof code === 'string' && SQLSTATE.test(code)) {
      return refusedInputMessage(code);
    }
    current = current.cause;
  }
  return undefined;
}

function sendError(error: FastifyError | $ZodError, request: FastifyRequest, reply: FastifyReply) {
  // zod and zod/mini both throw a $ZodError.
  if (error instanceof $ZodError) {
    const body: ApiErrorBody = {
      error: {
        ...INVALID_INPUT,
        // Each field's message id (the catalog id clients translate) and its English text.
        fields: describeIssues(toValidationIssues(error)),
      },
    };
    return reply.code(400).send(body);
  }
  const refused = databaseRefusal(error);
  if (refused) {
    // Logged: a schema of domain/ should have kept this input out.
    request.log.warn({ err: error }, 'the database refused the input');
    return reply.code(400).send(invalidInputBody(refused));
  }
  if (error.code === 'FST_ERR_BAD_URL') {
    // Percent-escapes that are not UTF-8, such as a lone surrogate encoded as if it were one.
    return reply.code(400).send(invalidInputBody(V.charactersNotAllowed));
  }
  const status = error.statusCode ?? 500;
  if (status >= 500) {
    request.log.error({ err: error }, 'request failed');
    return reply.code(status).send(errorBody('internal_error', GENERIC_ERROR_MESSAGE));
  }
  // Fastify's own client errors (malformed JSON, body too large, ...).
  return reply.code(status).send(errorBody(clientErrorCode(error), error.message));
}

const ESCAPE_RUNS = /(?:%[0-9A-Fa-f]{2})+/g;
const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * Whether percent-escapes of a query string are bytes that are not UTF-8 (such as a lone
 * surrogate encoded as if it were a character). Fastify refuses them in a path but keeps
 * them as literal text in a query; a browser never sends them.
 */
export function hasInvalidUtf8Escapes(query: string): boolean {
  for (const [run] of query.matchAll(ESCAPE_RUNS)) {
    const bytes = Uint8Array.from(run.slice(1).split('%'), (hex) => Number.parseInt(hex, 16));
    try {
      strictUtf8.decode(bytes);
    } catch {
      return true;
    }
  }
  return false;
}

/**
 * Fastify's `frameworkErrors` option: failures before any route is found (a URL that is not
 * valid UTF-8, a path parameter too long) answered in the same shape.
 */
export function frameworkErrors(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
): void {
  // No route, so no onSend hook: the answer's type is still never sniffed.
  reply.header('x-content-type-options', 'nosniff');
  void sendError(error, request, reply);
}

/**
 * Fastify's `clientErrorHandler` option: requests Node's HTTP parser refuses before Fastify
 * sees them (a malformed request line or header, headers too large, a request too slow)
 * answered in the same shape as every other error, then the connection is closed.
 */
export function clientErrorHandler(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, reason, body] =
    error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? [408, 'Request Timeout', errorBody('request_timeout', 'The request took too long.')]
      : error.code === 'HPE_HEADER_OVERFLOW'
        ? [
            431,
            'Request Header Fields Too Large',
            errorBody('headers_too_large', 'The request headers are too large.'),
          ]
        : [400, 'Bad Request', errorBody(INVALID_INPUT.code, INVALID_INPUT.message)];
  const text = JSON.stringify(body);
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${reason}\r\nContent-Length: ${Buffer.byteLength(text)}\r\nContent-Type: application/json; charset=utf-8\r\nX-Content-Type-Options: nosniff\r\nConnection: close\r\n\r\n${text}`,
    );
  }
  socket.destroy(error);
}

export function registerErrorHandling(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    const start = request.url.indexOf('?');
    if (start >= 0 && hasInvalidUtf8Escapes(request.url.slice(start + 1))) {
      return reply.code(400).send(invalidInputBody(V.charactersNotAllowed));
    }
  });
  app.setErrorHandler((error: FastifyError | $ZodError, request, reply) =>
    sendError(error, request, reply),
  );
}
