/**
 * Notifications carried to a page in the `notifications` query parameter as encoded JSON
 * (SPEC 3, 4.6). A notification names one of a fixed set of messages, never free text, so a
 * link cannot make the store say what it likes. Decoding is tolerant: a bad value is
 * reported and ignored, never thrown (SPEC 8).
 */
import * as z from 'zod/mini';
import type { MessageDescriptor } from '../shared/message';

export { NOTIFICATIONS_PARAM } from './param';

export const NOTIFICATION_MESSAGES = {
  'account-switched-personal': /*i18n*/ {
    id: 'notification.account-switched-personal',
    message: 'You are now using your personal account.',
  },
  'account-switched-organization': /*i18n*/ {
    id: 'notification.account-switched-organization',
    message: 'You are now using your organization’s account.',
  },
  'accounts-merged': /*i18n*/ {
    id: 'notification.accounts-merged',
    message: 'Your duplicate accounts have been merged into this one.',
  },
  'signed-out': /*i18n*/ { id: 'notification.signed-out', message: 'You have been signed out.' },
  'session-timed-out': /*i18n*/ {
    id: 'notification.session-timed-out',
    message: 'You were signed out after 30 minutes without activity.',
  },
  'currency-switched': /*i18n*/ {
    id: 'notification.currency-switched',
    message: 'We moved you to the store for your country, with its currency.',
  },
} as const satisfies Record<string, MessageDescriptor>;

export type NotificationKind = keyof typeof NOTIFICATION_MESSAGES;

const kinds = Object.keys(NOTIFICATION_MESSAGES) as [NotificationKind, ...NotificationKind[]];

export const notificationSchema = z.object({
  kind: z.enum(kinds),
  level: z._default(z.enum(['info', 'success', 'warning', 'error']), 'info'),
  /** SPEC 3: set, the notification is not shown again in this session once hidden. */
  showOncePerSessionNotificationId: z.optional(z.string().check(z.minLength(1), z.maxLength(100))),
});

export type Notification = z.output<typeof notificationSchema>;
export type NotificationInput = z.input<typeof notificationSchema>;

/** The query parameter value for some notifications (URLSearchParams encodes it). */
export function encodeNotifications(notifications: readonly NotificationInput[]): string {
  return JSON.stringify(notifications.map((n) => notificationSchema.parse(n)));
}

export type DecodedNotifications =
  | { readonly ok: true; readonly notifications: readonly Notification[] }
  | { readonly ok: false; readonly notifications: readonly []; readonly error: string };

/** Reads the parameter's (already URL-decoded) value; never throws. */
export function decodeNotifications(value: string | null | undefined): DecodedNotifications {
  if (value === null || value === undefined || value === '') return { ok: true, notifications: [] };
  let json: unknown;
  try {
    json = JSON.parse(value);
  } catch {
    return { ok: false, notifications: [], error: 'The notifications parameter is not JSON' };
  }
  const parsed = z
    .array(notificationSchema)
    .check(z.maxLength(10))
    .safeParse(Array.isArray(json) ? json : [json]);
  return parsed.success
    ? { ok: true, notifications: parsed.data }
    : { ok: false, notifications: [], error: 'The notifications parameter has an unknown shape' };
}

/** SPEC 4.6: a show-once-per-session notification is not shown again after it was hidden. */
export function shouldShow(notification: Notification, closedIds: ReadonlySet<string>): boolean {
  const id = notification.showOncePerSessionNotificationId;
  return id === undefined || !closedIds.has(id);
}
