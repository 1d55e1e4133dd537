/**
 * The API's error body as a zod schema, for the server's own checks of what it answers (its
 * tests hold every error to it). The browser reads errors with `parseApiErrorBody`.
 */
import * as z from 'zod/mini';
import type { ApiErrorBody } from './api-error';

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

// The schema's answer is the browser's ApiErrorBody.
true satisfies z.output<typeof ApiErrorBodySchema> extends ApiErrorBody ? true : never;
