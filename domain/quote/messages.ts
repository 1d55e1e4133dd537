/** Quote messages (SPEC 2.5, 8). */
import type { MessageDescriptor } from '../shared/message';

export const QUOTE_MESSAGES = {
  notCompleted: /*i18n*/ {
    id: 'quote.not-completed',
    message: 'We are sorry but your quote could not be completed...',
  },
  submitError: /*i18n*/ { id: 'quote.submit-error', message: 'Error submitting quote.' },
} as const satisfies Record<string, MessageDescriptor>;
