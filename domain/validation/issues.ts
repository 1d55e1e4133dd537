/**
 * Validation results in the domain's terms: each issue names the field (a dotted path) and
 * carries a Message. Schemas put a message id in every zod error; this turns zod's issues
 * into Messages with their values (the limit that was broken, the product code, ...).
 */
import type * as z from 'zod';
import { formatMessage, withValues, type Message, type MessageValues } from '../shared/message';
import { V, validationMessage } from './messages';

export interface ValidationIssue {
  /** Dotted path of the field at fault; '' for the whole input. */
  readonly path: string;
  readonly message: Message;
}

export type ValidationResult<T> =
  | { readonly ok: true; readonly value: T }
  | { readonly ok: false; readonly issues: readonly ValidationIssue[] };

function valuesOf(issue: z.core.$ZodIssue): MessageValues {
  switch (issue.code) {
    case 'too_big':
      return { max: Number(issue.maximum) };
    case 'too_small':
      return { min: Number(issue.minimum) };
    case 'custom':
      return (issue.params?.values as MessageValues | undefined) ?? {};
    default:
      return {};
  }
}

/** A custom issue may carry its own English text (messages defined outside messages.ts). */
function ownText(issue: z.core.$ZodIssue): string | undefined {
  if (issue.code !== 'custom') return undefined;
  const text: unknown = issue.params?.text;
  return typeof text === 'string' ? text : undefined;
}

export function toValidationIssues(error: z.core.$ZodError): ValidationIssue[] {
  return error.issues.map((issue) => {
    const text = ownText(issue);
    const descriptor =
      validationMessage(issue.message) ?? (text ? { id: issue.message, message: text } : V.invalid);
    return {
      path: issue.path.map(String).join('.'),
      message: withValues(descriptor, valuesOf(issue)),
    };
  });
}

export function validate<S extends z.ZodType>(
  schema: S,
  input: unknown,
): ValidationResult<z.output<S>> {
  const result = schema.safeParse(input);
  return result.success
    ? { ok: true, value: result.data }
    : { ok: false, issues: toValidationIssues(result.error) };
}

/** The first issue's message for each field, as forms show them. */
export function firstIssueByField(
  issues: readonly ValidationIssue[],
): Readonly<Record<string, Message>> {
  const byField: Record<string, Message> = {};
  for (const issue of issues) byField[issue.path] ??= issue.message;
  return byField;
}

/** Issues as plain data: the field, the message id and the English text (API error bodies, logs, tests). */
export function describeIssues(
  issues: readonly ValidationIssue[],
): { path: string; code: string; message: string; values?: MessageValues }[] {
  return issues.map((issue) => ({
    path: issue.path,
    code: issue.message.id,
    message: formatMessage(issue.message),
    ...(issue.message.values && Object.keys(issue.message.values).length > 0
      ? { values: issue.message.values }
      : {}),
  }));
}
