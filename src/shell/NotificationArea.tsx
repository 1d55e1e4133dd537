/**
 * Notifications handed to a page in the `notifications` query parameter (SPEC 3, 4.6): shown
 * on load, then removed from the address; a show-once-per-session notification stays hidden
 * once closed; a bad value is logged and ignored (SPEC 8).
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import {
  decodeNotifications,
  NOTIFICATION_MESSAGES,
  NOTIFICATIONS_PARAM,
  shouldShow,
  type Notification,
} from '../../domain/notifications/notifications';
import { readJson, writeItem } from '../infra/browser-storage';
import { useHydrated } from '../infra/use-observable';

/** SPEC 3: closed notification ids are kept in browser storage (for the session). */
export const CLOSED_NOTIFICATIONS_KEY = 'closedNotifications';

function closedIds(): Set<string> {
  return new Set(
    readJson('session', CLOSED_NOTIFICATIONS_KEY, (v) =>
      Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [],
    ) ?? [],
  );
}

export function NotificationArea() {
  const { i18n } = useLingui();
  const location = useLocation();
  const navigate = useNavigate();
  const [shown, setShown] = useState<Notification[]>([]);
  const [handled, setHandled] = useState<string | null>(null);
  const hydrated = useHydrated();
  const param = new URLSearchParams(location.search).get(NOTIFICATIONS_PARAM);

  // Take the notifications of a newly arrived address (state adjusted while rendering).
  if (param !== null && handled !== location.key) {
    setHandled(location.key);
    const closed = closedIds();
    setShown(decodeNotifications(param).notifications.filter((n) => shouldShow(n, closed)));
  }

  // Then drop the parameter from the address, logging a value that could not be read.
  useEffect(() => {
    const params = new URLSearchParams(location.search);
    const value = params.get(NOTIFICATIONS_PARAM);
    if (value === null) return;
    const decoded = decodeNotifications(value);
    if (!decoded.ok) console.error('Notification decoding failure:', decoded.error);
    params.delete(NOTIFICATIONS_PARAM);
    const search = params.toString();
    void navigate(
      { pathname: location.pathname, search: search ? `?${search}` : '', hash: location.hash },
      { replace: true },
    );
  }, [location, navigate]);

  // What this session has closed is known only in the browser: nothing shows before hydration.
  if (shown.length === 0 || !hydrated) return null;
  const close = (notification: Notification) => {
    const id = notification.showOncePerSessionNotificationId;
    if (id) writeItem('session', CLOSED_NOTIFICATIONS_KEY, JSON.stringify([...closedIds(), id]));
    setShown((current) => current.filter((n) => n !== notification));
  };
  return (
    <div className="notifications" role="status">
      {shown.map((notification, index) => (
        <div key={index} className={`notification notification--${notification.level}`}>
          <p>{i18n._(NOTIFICATION_MESSAGES[notification.kind])}</p>
          <button
            type="button"
            className="button-secondary"
            onClick={() => {
              close(notification);
            }}
          >
            <Trans>Dismiss</Trans>
          </button>
        </div>
      ))}
    </div>
  );
}
