/**
 * Every failure leaves the API as an ApiErrorBody: bad input is a 400 naming the fields,
 * an unknown route a 404, anything unexpected a 500 with the spec's generic message.
 * Never a stack trace.
 */
import type { FastifyError, FastifyInstance } from 'fastify';
import { $ZodError } from 'zod/v4/core';
import { GENERIC_ERROR_MESSAGE, type ApiErrorBody } from '../../../domain/shared/api-error';
import { describeIssues, toValidationIssues } from '../../../domain/validation/issues';

export function errorBody(code: string, message: string): ApiErrorBody {
  return { error: { code, message } };
}

const FASTIFY_CLIENT_ERRORS: Readonly<Record<string, string>> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'invalid_json',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'invalid_json',
  FST_ERR_CTP_BODY_TOO_LARGE: 'body_too_large',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'unsupported_media_type',
};

function clientErrorCode(error: FastifyError): string {
  return FASTIFY_CLIENT_ERRORS[error.code] ?? 'bad_request';
}

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | $ZodError, request, reply) => {
    // zod and zod/mini both throw a $ZodError.
    if (error instanceof $ZodError) {
      const body: ApiErrorBody = {
        error: {
          code: 'invalid_input',
          message: 'The request is not valid.',
          // Each field's message id (the catalog id clients translate) and its English text.
          fields: describeIssues(toValidationIssues(error)),
        },
      };
      return reply.code(400).send(body);
    }
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      return reply.code(status).send(errorBody('internal_error', GENERIC_ERROR_MESSAGE));
    }
    // Fastify's own client errors (malformed JSON, body too large, ...).
    return reply.code(status).send(errorBody(clientErrorCode(error), error.message));
  });
}
