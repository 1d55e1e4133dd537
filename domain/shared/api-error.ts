/**
 * The one shape of every error the API answers with (ARCHITECTURE 4): a stable machine code,
 * the English message (the spec's words where the spec has them) and, for bad input, the
 * fields at fault with their message ids and values. The browser maps codes to Lingui
 * messages. (zod/mini: the browser loads this with the first page.)
 */
import * as z from 'zod/mini';
import { GENERAL_ERRORS } from './errors';

export const ApiErrorBodySchema = z.object({
  error: z.object({
    code: z.string().check(z.minLength(1)),
    message: z.string(),
    fields: z.optional(
      z.array(
        z.object({
          path: z.string(),
          code: z.string(),
          message: z.string(),
          values: z.optional(z.record(z.string(), z.union([z.string(), z.number()]))),
        }),
      ),
    ),
  }),
});

export type ApiErrorBody = z.output<typeof ApiErrorBodySchema>;

/** SPEC 8: the generic interface message. */
export const GENERIC_ERROR_MESSAGE = GENERAL_ERRORS.generic.message;
