/**
 * The push envelope, checked at the server's edge for every stream kind: one command (the
 * single shape) or a batch of one stream's commands. Each command's own shape is the kind's
 * `commandSchema`, checked after this.
 */
import * as z from 'zod';
import { boundedInt, boundedIntParam } from '../validation/fields';
import { INT32_MAX } from '../validation/storable';
import { idSchema } from './schemas';

/** Commands one request may carry (the outbox sends at most OUTBOX_POLICY.maxBatch). */
export const MAX_COMMANDS_PER_PUSH = 100;

const seq = boundedInt(1, Number.MAX_SAFE_INTEGER);
const version = boundedInt(0, INT32_MAX);

const queued = z.object({ seq, commandId: idSchema, command: z.unknown() });

export const pushBatchSchema = z.object({
  clientId: idSchema,
  expectedVersion: version,
  commands: z.array(queued).min(1).max(MAX_COMMANDS_PER_PUSH),
});

export const pushSingleSchema = queued.extend({ clientId: idSchema, expectedVersion: version });

/** Either shape; `batch` says which one the answer takes. */
export function parsePush(
  body: unknown,
):
  | { readonly batch: true; readonly request: z.infer<typeof pushBatchSchema> }
  | { readonly batch: false; readonly request: z.infer<typeof pushSingleSchema> } {
  if (body !== null && typeof body === 'object' && 'commands' in body) {
    return { batch: true, request: pushBatchSchema.parse(body) };
  }
  return { batch: false, request: pushSingleSchema.parse(body) };
}

export const pullQuerySchema = z.object({
  after: boundedIntParam(0, INT32_MAX).default(0),
  /** A user's stream: read only as that user (401 otherwise). */
  user: idSchema.optional(),
});
