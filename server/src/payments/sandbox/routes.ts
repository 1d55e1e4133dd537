/**
 * The sandbox gateway's own routes, outside the store's API (decision 026): the hosted card
 * fields (a page, its script and style, under their own strict CSP) and the token endpoint
 * they post the card to. The card number and security code reach this endpoint and nothing
 * else of the store; it keeps a token with the brand, last four digits, expiry and the test
 * card's behaviour, and forgets the rest. No answer, error or log line repeats what was
 * sent: the routes have their own body parser and error handler for that.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import * as z from 'zod';
import { checkCard } from '../../../../domain/payment/card';
import { ROOT_DIR } from '../../config';
import type { Db } from '../../db/database';
import { jsonDeeperThan } from '../../plugins/json-body';
import { earliestMonth } from './sandbox-cards';
import { createSandboxToken, SANDBOX_FIELDS_PATH, SANDBOX_PATH_PREFIX } from './sandbox-gateway';

/**
 * The fields' own policy: their script, style and token endpoint, nothing else; framed by
 * the store's pages only; no form may be sent anywhere.
 */
export const SANDBOX_FIELDS_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "connect-src 'self'",
  "frame-ancestors 'self'",
  "form-action 'none'",
  "base-uri 'none'",
].join('; ');

/** A card is a few dozen bytes; anything much bigger is not a card. */
const TOKEN_BODY_LIMIT = 2048;

const cardRequestSchema = z.strictObject({
  number: z.string().max(40),
  expMonth: z.string().max(4),
  expYear: z.string().max(6),
  securityCode: z.string().max(8),
});

export interface SandboxRouteOptions {
  /** The clock (tests move it). */
  readonly now?: () => Date;
}

/** Fixed texts only: an answer never carries what was sent. */
const BAD_REQUESTS: Readonly<Record<string, string>> = {
  FST_ERR_CTP_BODY_TOO_LARGE: 'body_too_large',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'unsupported_media_type',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'invalid_request',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'invalid_json',
};

function badRequest(reply: FastifyReply, code: string, fields?: Record<string, string>) {
  return reply
    .code(400)
    .header('cache-control', 'no-store')
    .send({
      error: {
        code,
        message: 'The card details could not be read.',
        ...(fields ? { fields } : {}),
      },
    });
}

class InvalidJsonError extends Error {
  readonly statusCode = 400;
  readonly code = 'SANDBOX_INVALID_JSON';
}

/** The fields' files, found from the project's root whether the server runs from its sources or built. */
const FRAME_DIR = path.join(ROOT_DIR, 'server', 'src', 'payments', 'sandbox', 'frame');

/** The files of the fields, read once. */
async function fieldFiles() {
  const read = (name: string) => readFile(path.join(FRAME_DIR, name), 'utf8');
  const [html, script, checks, style] = await Promise.all([
    read('fields.html'),
    read('fields.js'),
    read('card-checks.js'),
    read('fields.css'),
  ]);
  return { html, script, checks, style };
}

/**
 * Registers the sandbox's routes under /payment-sandbox/: GET fields, fields.js,
 * card-checks.js and fields.css, and POST tokens.
 */
export async function registerPaymentSandboxRoutes(
  app: FastifyInstance,
  db: Db,
  options: SandboxRouteOptions = {},
): Promise<void> {
  const now = options.now ?? (() => new Date());
  const files = await fieldFiles();

  await app.register((scope, _options, done) => {
    // Parsed here so that a malformed body's text never reaches an error message.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser(
      'application/json',
      { parseAs: 'string', bodyLimit: TOKEN_BODY_LIMIT },
      (_request, body, done) => {
        try {
          if (jsonDeeperThan(body as string)) throw new InvalidJsonError('The body is too deep');
          done(null, JSON.parse(body as string));
        } catch {
          done(new InvalidJsonError('The body is not JSON'), undefined);
        }
      },
    );

    scope.setErrorHandler((error: FastifyError, request, reply) => {
      const status = error.statusCode ?? 500;
      if (status < 500) {
        return badRequest(
          reply,
          error instanceof InvalidJsonError
            ? 'invalid_json'
            : (BAD_REQUESTS[error.code] ?? 'invalid_request'),
        );
      }
      // Only what the error is: its message could hold a piece of the request.
      request.log.error(
        { errorName: error.name, errorCode: error.code },
        'payment sandbox request failed',
      );
      return reply
        .code(500)
        .header('cache-control', 'no-store')
        .send({ error: { code: 'internal_error', message: 'The payment sandbox failed.' } });
    });

    const asset = (path: string, type: string, body: string, cache: string) => {
      scope.get(path, async (_request, reply) =>
        reply
          .header('content-security-policy', SANDBOX_FIELDS_CSP)
          .header('cache-control', cache)
          .type(type)
          .send(body),
      );
    };
    // The page is never kept: no copy of a form that held a card.
    asset(SANDBOX_FIELDS_PATH, 'text/html; charset=utf-8', files.html, 'no-store');
    asset(
      `${SANDBOX_PATH_PREFIX}fields.js`,
      'text/javascript; charset=utf-8',
      files.script,
      'no-cache',
    );
    asset(
      `${SANDBOX_PATH_PREFIX}card-checks.js`,
      'text/javascript; charset=utf-8',
      files.checks,
      'no-cache',
    );
    asset(`${SANDBOX_PATH_PREFIX}fields.css`, 'text/css; charset=utf-8', files.style, 'no-cache');

    scope.post(`${SANDBOX_PATH_PREFIX}tokens`, async (request, reply) => {
      const parsed = cardRequestSchema.safeParse(request.body);
      if (!parsed.success) return badRequest(reply, 'invalid_request');
      const checked = checkCard(parsed.data, earliestMonth(now()));
      if (!checked.ok) return badRequest(reply, 'invalid_card', checked.errors);
      const card = await createSandboxToken(db, checked.card, now());
      return reply.header('cache-control', 'no-store').send(card);
    });
    done();
  });
}
