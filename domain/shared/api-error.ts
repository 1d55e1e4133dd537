/**
 * The one shape of every error the API answers with (ARCHITECTURE 4): a stable machine code,
 * the English message (the spec's words where the spec has them) and, for bad input, the
 * fields at fault with their message ids and values. The browser maps codes to Lingui
 * messages. Read by hand, without zod: every page that calls the API on its first load reads
 * errors with this, and zod stays out of the first load (decision 041).
 */
import { GENERAL_ERRORS } from './errors';

export interface ApiFieldError {
  readonly path: string;
  readonly code: string;
  readonly message: string;
  readonly values?: Readonly<Record<string, string | number>> | undefined;
}

export interface ApiErrorBody {
  readonly error: {
    readonly code: string;
    readonly message: string;
    readonly fields?: readonly ApiFieldError[] | undefined;
  };
}

function record(value: unknown): Record<string, unknown> | null {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : null;
}

function fieldError(value: unknown): ApiFieldError | null {
  const field = record(value);
  if (!field) return null;
  const { path, code, message, values } = field;
  if (typeof path !== 'string' || typeof code !== 'string' || typeof message !== 'string') {
    return null;
  }
  if (values === undefined) return { path, code, message };
  const given = record(values);
  if (!given) return null;
  const kept: Record<string, string | number> = {};
  for (const [key, v] of Object.entries(given)) {
    if (typeof v !== 'string' && typeof v !== 'number') return null;
    kept[key] = v;
  }
  return { path, code, message, values: kept };
}

/**
 * The API's error body, or null when the answer is not one (a proxy's page, a malformed
 * body): the caller then speaks of the status alone.
 */
export function parseApiErrorBody(value: unknown): ApiErrorBody | null {
  const error = record(record(value)?.error);
  if (!error) return null;
  const { code, message, fields } = error;
  if (typeof code !== 'string' || code === '' || typeof message !== 'string') return null;
  if (fields === undefined) return { error: { code, message } };
  if (!Array.isArray(fields)) return null;
  const read: ApiFieldError[] = [];
  for (const field of fields) {
    const one = fieldError(field);
    if (!one) return null;
    read.push(one);
  }
  return { error: { code, message, fields: read } };
}

/** SPEC 8: the generic interface message. */
export const GENERIC_ERROR_MESSAGE = GENERAL_ERRORS.generic.message;
