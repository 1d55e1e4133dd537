/**
 * The profile as a stream kind (decision 055): one stream per user, written by the store only
 * (the profile and preferences requests), read through the `profiles` read model written with
 * its events. A request for another email address sends its notice to the address in use.
 */
import * as z from 'zod';
import {
  EMAIL_CHANGE_CONFIRMATION_TEMPLATE,
  EMAIL_CHANGE_NOTICE_TEMPLATE,
  type EmailChangeConfirmationData,
  type EmailChangeNoticeData,
} from '../mail/email-change';
import { defineStreamKind, type OutboxMessage } from '../sync/stream-kind';
import {
  profileDecider,
  PROFILE_MESSAGES,
  type ProfileCommand,
  type ProfileEvent,
  type ProfileState,
} from './profile';

export const PROFILES_READ_MODEL = 'profiles';

/**
 * The notice to the address in use that a change to another was asked for (decision 060);
 * written with the request's event. A notice about the account's safety: always sent.
 */
export function emailChangeNoticeMail(event: ProfileEvent): readonly OutboxMessage[] {
  if (event.type !== 'EmailChangeRequested' || event.data.previousEmail === '') return [];
  const d = event.data;
  const data: EmailChangeNoticeData = {
    firstName: d.firstName,
    email: d.email,
    previousEmail: d.previousEmail,
    at: d.at,
    locale: d.locale,
  };
  return [
    {
      id: `${EMAIL_CHANGE_NOTICE_TEMPLATE}:${d.requestId}`,
      template: EMAIL_CHANGE_NOTICE_TEMPLATE,
      to: d.previousEmail,
      locale: d.locale,
      data,
      preference: null,
    },
  ];
}

/**
 * The link to the new address (decision 060). It carries the link's secret, which no event
 * does: the request's use case hands it to `execute`, which writes it with the request's event.
 */
export function emailChangeConfirmationMail(
  requestId: string,
  data: EmailChangeConfirmationData,
): OutboxMessage {
  return {
    id: `${EMAIL_CHANGE_CONFIRMATION_TEMPLATE}:${requestId}`,
    template: EMAIL_CHANGE_CONFIRMATION_TEMPLATE,
    to: data.email,
    locale: data.locale,
    data,
    preference: null,
  };
}

export const profileStreamKind = defineStreamKind<ProfileState, ProfileCommand, ProfileEvent>({
  name: 'profile',
  // Written by the store only: each change is its own online request.
  address: null,
  owners: 'users',
  perStore: false,
  initialState: profileDecider.initialState,
  decide: profileDecider.decide,
  evolve: profileDecider.evolve,
  upcast: (stored) => stored as ProfileEvent,
  commandSchema: z.never(),
  refused: PROFILE_MESSAGES.refused,
  // 2: the email change (a pending address, the links used).
  snapshotShape: 2,
  readModels: [{ name: PROFILES_READ_MODEL, shape: 2, project: (state) => state }],
  outbox: (event) => emailChangeNoticeMail(event),
});
