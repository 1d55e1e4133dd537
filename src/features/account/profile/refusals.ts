/**
 * The store's refusal of a profile form, field by field in the page's language: each field
 * the store names gets its message (SPEC 5's words, translated); anything else is the general
 * words of SPEC 8, so no refusal goes without a message.
 */
import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { GENERAL_ERRORS } from '../../../../domain/shared/errors';
import { ApiError } from '../../../infra/api';
import { translate } from '../../../infra/forms';
import { descriptorFor } from '../../../infra/messages';

export interface FieldRefusal {
  readonly path: string;
  readonly message: string;
}

export function refusalsOf(
  error: unknown,
  i18n: I18n,
  labels: Readonly<Record<string, string>>,
): { readonly fields: FieldRefusal[]; readonly general: string | null } {
  const online = typeof navigator === 'undefined' || navigator.onLine;
  if (!(error instanceof ApiError)) {
    return {
      fields: [],
      general: online
        ? i18n._(GENERAL_ERRORS.technical)
        : i18n._(msg`You are offline. Changes need the connection.`),
    };
  }
  const fields: FieldRefusal[] = [];
  for (const field of error.body?.error.fields ?? []) {
    const descriptor = descriptorFor(field.code);
    if (!descriptor || !(field.path in labels)) continue;
    fields.push({
      path: field.path,
      message: translate(
        i18n,
        { ...descriptor, ...(field.values ? { values: field.values } : {}) },
        labels,
        field.path,
      ),
    });
  }
  return {
    fields,
    general: fields.length > 0 ? null : i18n._(GENERAL_ERRORS.generic),
  };
}
