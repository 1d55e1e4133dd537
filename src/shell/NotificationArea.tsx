/**
 * Notifications handed to a page in the `notifications` query parameter (SPEC 3, 4.6): shown
 * on load, then removed from the address; a show-once-per-session notification stays hidden
 * once closed; a bad value is logged and ignored (SPEC 8). Their codec (and its schema) is
 * loaded when an address brings some, not with every page (decision 041).
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type * as CodecModule from '../../domain/notifications/notifications';
import type { Notification } from '../../domain/notifications/notifications';
import { NOTIFICATIONS_PARAM } from '../../domain/notifications/param';
import { readJson, writeItem } from '../infra/browser-storage';
import { useHydrated } from '../infra/use-observable';

/** SPEC 3: closed notification ids are kept in browser storage (for the session). */
export const CLOSED_NOTIFICATIONS_KEY = 'closedNotifications';

type Codec = typeof CodecModule;

let codec: Codec | undefined;
let loadingCodec: Promise<Codec> | undefined;

function loadCodec(): Promise<Codec> {
  loadingCodec ??= import('../../domain/notifications/notifications').then((module) => {
    codec = module;
    return module;
  });
  return loadingCodec;
}

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
  const [codecReady, setCodecReady] = useState(codec !== undefined);
  const param = new URLSearchParams(location.search).get(NOTIFICATIONS_PARAM);

  // An address with notifications: their codec first.
  useEffect(() => {
    if (param === null || codecReady) return;
    void loadCodec().then(() => {
      setCodecReady(true);
    });
  }, [param, codecReady]);

  // Take the notifications of a newly arrived address (state adjusted while rendering).
  if (codec && param !== null && handled !== location.key) {
    setHandled(location.key);
    const closed = closedIds();
    const { decodeNotifications, shouldShow } = codec;
    setShown(decodeNotifications(param).notifications.filter((n) => shouldShow(n, closed)));
  }

  // Then drop the parameter from the address, logging a value that could not be read.
  useEffect(() => {
    const params = new URLSearchParams(location.search);
    const value = params.get(NOTIFICATIONS_PARAM);
    if (value === null || !codecReady || !codec) return;
    const decoded = codec.decodeNotifications(value);
    if (!decoded.ok) console.error('Notification decoding failure:', decoded.error);
    params.delete(NOTIFICATIONS_PARAM);
    const search = params.toString();
    void navigate(
      { pathname: location.pathname, search: search ? `?${search}` : '', hash: location.hash },
      { replace: true },
    );
  }, [location, navigate, codecReady]);

  // What this session has closed is known only in the browser: nothing shows before hydration.
  if (shown.length === 0 || !hydrated || !codec) return null;
  const messages = codec.NOTIFICATION_MESSAGES;
  const close = (notification: Notification) => {
    const id = notification.showOncePerSessionNotificationId;
    if (id) writeItem('session', CLOSED_NOTIFICATIONS_KEY, JSON.stringify([...closedIds(), id]));
    setShown((current) => current.filter((n) => n !== notification));
  };
  return (
    <div className="notifications" role="status">
      {shown.map((notification, index) => (
        <div key={index} className={`notification notification--${notification.level}`}>
          <p>{i18n._(messages[notification.kind])}</p>
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
