import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  decodeNotifications,
  encodeNotifications,
  NOTIFICATIONS_PARAM,
  shouldShow,
} from './notifications';

describe('notifications parameter (SPEC 3, 4.6, 8)', () => {
  it('round-trips through the query string', () => {
    const value = encodeNotifications([
      { kind: 'account-switched-organization', showOncePerSessionNotificationId: 'switch-1' },
      { kind: 'signed-out', level: 'success' },
    ]);
    const query = `${NOTIFICATIONS_PARAM}=${encodeURIComponent(value)}`;
    const decoded = decodeNotifications(decodeURIComponent(query.split('=')[1] ?? ''));
    expect(decoded).toEqual({
      ok: true,
      notifications: [
        {
          kind: 'account-switched-organization',
          level: 'info',
          showOncePerSessionNotificationId: 'switch-1',
        },
        { kind: 'signed-out', level: 'success' },
      ],
    });
  });

  it('takes a single object as well as a list', () => {
    expect(decodeNotifications('{"kind":"signed-out"}').notifications).toHaveLength(1);
  });

  it('has nothing to show when the parameter is missing', () => {
    expect(decodeNotifications(null)).toEqual({ ok: true, notifications: [] });
  });

  it('ignores a value that is not JSON or not a known notification, without throwing', () => {
    expect(decodeNotifications('%7Bnot json')).toMatchObject({ ok: false, notifications: [] });
    expect(decodeNotifications('[{"kind":"free-text","message":"Pay here"}]')).toMatchObject({
      ok: false,
      notifications: [],
    });
  });

  it('never throws on any value (property)', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.json()), (value) => {
        expect(Array.isArray(decodeNotifications(value).notifications)).toBe(true);
      }),
    );
  });

  it('does not show a show-once notification again after it was hidden', () => {
    const once = {
      kind: 'accounts-merged',
      level: 'info',
      showOncePerSessionNotificationId: 'm1',
    } as const;
    expect(shouldShow(once, new Set())).toBe(true);
    expect(shouldShow(once, new Set(['m1']))).toBe(false);
    expect(shouldShow({ kind: 'signed-out', level: 'info' }, new Set(['m1']))).toBe(true);
  });
});
