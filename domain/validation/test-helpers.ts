/** For the validation tests: a result as `path: English message` lines. */
import type * as z from 'zod';
import { describeIssues, validate } from './issues';

export function errorsOf(schema: z.ZodType, input: unknown): string[] {
  const result = validate(schema, input);
  return result.ok ? [] : describeIssues(result.issues).map((i) => `${i.path}: ${i.message}`);
}
