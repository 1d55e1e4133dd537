/**
 * react-hook-form with the domain's zod schemas: the schema decides, the messages come out
 * in the page language, and {field} in identity messages names the field as the form labels
 * it.
 */
import type { I18n } from '@lingui/core';
import { toNestErrors } from '@hookform/resolvers';
import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import type * as z from 'zod';
import type { Message } from '../../domain/shared/message';
import { validate } from '../../domain/validation/issues';
import { catalogReady } from './i18n';

export function translate(
  i18n: I18n,
  message: Message,
  labels: Readonly<Record<string, string>> = {},
  path = '',
): string {
  const values = { ...message.values };
  if ('field' in values && labels[path]) values.field = labels[path];
  return i18n._({ id: message.id, message: message.message, values });
}

export function domainResolver<S extends z.ZodType<FieldValues, FieldValues>>(
  schema: S,
  i18n: I18n,
  labels: Readonly<Record<string, string>> = {},
): Resolver<z.input<S>, unknown, z.output<S>> {
  return async (values, _context, options) => {
    const result = validate(schema, values);
    if (result.ok) return { values: result.value, errors: {} };
    // The messages are kept as text: a first visit's first submit waits for the catalog.
    await catalogReady();
    const errors: Record<string, { type: string; message: string }> = {};
    for (const issue of result.issues) {
      errors[issue.path] ??= {
        type: issue.message.id,
        message: translate(i18n, issue.message, labels, issue.path),
      };
    }
    // Nested as react-hook-form keeps them ('address.town' under address), so an error
    // clears when its field is corrected.
    return { values: {}, errors: toNestErrors(errors as FieldErrors, options) };
  };
}
