/**
 * Every domain message by id, so that an error code from the server is shown in the page
 * language (with its values) rather than in the server's English.
 */
import { PROFILE_MESSAGES } from '../../domain/profile/messages';
import type { MessageDescriptor } from '../../domain/shared/message';
import { GENERAL_ERRORS } from '../../domain/shared/errors';
import { SIGN_IN_ERRORS } from '../../domain/session/sign-in-errors';
import { IDENTITY_MESSAGES } from '../../domain/validation/identity';
import { V } from '../../domain/validation/messages';

const tables: readonly Readonly<Record<string, MessageDescriptor>>[] = [
  GENERAL_ERRORS,
  SIGN_IN_ERRORS,
  IDENTITY_MESSAGES,
  PROFILE_MESSAGES,
  V,
];

const byId = new Map<string, MessageDescriptor>(
  tables.flatMap((table) => Object.values(table)).map((descriptor) => [descriptor.id, descriptor]),
);

export function descriptorFor(id: string): MessageDescriptor | undefined {
  return byId.get(id);
}
