/** What the profile pages and requests say (decision 055); no imports, for the first page. */
import type { MessageDescriptor } from '../shared/message';

export const PROFILE_MESSAGES = {
  refused: /*i18n*/ { id: 'profile.refused', message: 'Your profile could not be saved.' },
  wrongPassword: /*i18n*/ {
    id: 'profile.wrong-password',
    message: 'The current password is not correct.',
  },
  samePassword: /*i18n*/ {
    id: 'profile.same-password',
    message: 'The new password must differ from the current one.',
  },
} as const satisfies Record<string, MessageDescriptor>;
