/**
 * What the server said about queued cart changes it could not take (SPEC 8: "Some items in
 * your cart need to be updated..."), shown in the spec's words until dismissed. Notices
 * reach every tab (the sync engine passes them on).
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import { cartNotices$, claimedCommands } from '../infra/cart/cart-loader';
import type { SyncNotice } from '../infra/sync/sync-engine';

const MAX_SHOWN = 5;

export function CartNotices() {
  const { i18n } = useLingui();
  const [notices, setNotices] = useState<SyncNotice[]>([]);

  useEffect(() => {
    const subscription = cartNotices$.subscribe((notice) => {
      if (claimedCommands.has(notice.commandId)) return;
      setNotices((current) =>
        current.some((n) => n.commandId === notice.commandId)
          ? current
          : [...current, notice].slice(-MAX_SHOWN),
      );
    });
    return () => {
      subscription.unsubscribe();
    };
  }, []);

  if (notices.length === 0) return null;
  return (
    <div className="notifications cart-notices" role="alert">
      {notices.map((notice) => (
        <div key={notice.commandId} className="notification notification--warning">
          <p>{i18n._(notice.message)}</p>
          <button
            type="button"
            className="button-secondary"
            onClick={() => {
              setNotices((current) => current.filter((n) => n !== notice));
            }}
          >
            <Trans>Dismiss</Trans>
          </button>
        </div>
      ))}
    </div>
  );
}
