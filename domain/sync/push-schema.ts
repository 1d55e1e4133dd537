/**
 * The push envelope, checked at the server's edge for every stream kind: one command (the
 * single shape) or a batch of one stream's commands, each command and the batch within the
 * kind's size limits (decision 045). Each command's own shape is the kind's `commandSchema`,
 * checked after this.
 */
import * as z from 'zod';
import { boundedInt, boundedIntParam } from '../validation/fields';
import { V } from '../validation/messages';
import { INT32_MAX } from '../validation/storable';
import { jsonBytes, type CommandLimits } from './command-size';
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

type Push =
  | { readonly batch: true; readonly request: z.infer<typeof pushBatchSchema> }
  | { readonly batch: false; readonly request: z.infer<typeof pushSingleSchema> };

const tooLarge = (path: (string | number)[], max: number): z.core.$ZodIssue => ({
  code: 'custom',
  path,
  message: V.commandTooLarge.id,
  params: { values: { max } },
  input: undefined,
});

/** Each command over the kind's limit, and the batch when the commands together are. */
function sizeIssues(push: Push, limits: CommandLimits): z.core.$ZodIssue[] {
  const commands = push.batch ? push.request.commands : [push.request];
  const issues: z.core.$ZodIssue[] = [];
  let total = 0;
  commands.forEach((queued, i) => {
    const bytes = jsonBytes(queued.command);
    total += bytes;
    if (bytes > limits.commandBytes) {
      issues.push(
        tooLarge(push.batch ? ['commands', i, 'command'] : ['command'], limits.commandBytes),
      );
    }
  });
  if (issues.length === 0 && total > limits.pushBytes) {
    issues.push(tooLarge(['commands'], limits.pushBytes));
  }
  return issues;
}

/**
 * What a request turns into one command of a kind (not pushed: training participants for an
 * order), within the kind's command limit: a ZodError otherwise.
 */
export function checkCommandSize(value: unknown, kind: { readonly limits: CommandLimits }): void {
  const max = kind.limits.commandBytes;
  if (jsonBytes(value) > max) throw new z.ZodError([tooLarge([], max)]);
}

/**
 * Either shape, within the kind's size limits (a ZodError, answered 400, otherwise); `batch`
 * says which shape the answer takes.
 */
export function parsePush(body: unknown, kind: { readonly limits: CommandLimits }): Push {
  const push: Push =
    body !== null && typeof body === 'object' && 'commands' in body
      ? { batch: true, request: pushBatchSchema.parse(body) }
      : { batch: false, request: pushSingleSchema.parse(body) };
  const issues = sizeIssues(push, kind.limits);
  if (issues.length > 0) throw new z.ZodError(issues);
  return push;
}

export const pullQuerySchema = z.object({
  after: boundedIntParam(0, INT32_MAX).default(0),
  /** A user's stream: read only as that user (401 otherwise). */
  user: idSchema.optional(),
});
