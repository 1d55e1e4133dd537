/** Messages for failures that are not any one feature's (SPEC 8). */
import type { MessageDescriptor } from './message';

export const GENERAL_ERRORS = {
  /** SPEC 8: the generic interface message. */
  generic: /*i18n*/ { id: 'error.generic', message: 'An error occurred.' },
  /** SPEC 8: a technical error asking to retry later. */
  technical: /*i18n*/ {
    id: 'error.technical',
    message: 'Something went wrong on our side. Please try again later.',
  },
} as const satisfies Record<string, MessageDescriptor>;
