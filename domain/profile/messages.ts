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
  sameEmail: /*i18n*/ {
    id: 'profile.same-email',
    message: 'This is already your email address.',
  },
  emailLinkExpired: /*i18n*/ {
    id: 'profile.email-link-expired',
    message:
      'This link has expired. Ask for a new one on Profile & Password; your email address has not changed.',
  },
  emailLinkUsed: /*i18n*/ {
    id: 'profile.email-link-used',
    message: 'This link was already used: your email address was changed with it.',
  },
  emailLinkInvalid: /*i18n*/ {
    id: 'profile.email-link-invalid',
    message:
      'This link is not valid for your account. Use the latest link we sent you, signed in as the user who asked for it.',
  },
} as const satisfies Record<string, MessageDescriptor>;
