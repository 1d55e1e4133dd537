import { Trans } from '@lingui/react/macro';
import { online$ } from '../infra/connectivity';
import { applyUpdate, updateAvailable$ } from '../infra/service-worker';
import { useObservableValue } from '../infra/use-observable';

/** Says when the store is working offline, and offers a new version when one is ready. */
export function ConnectionBanner() {
  const online = useObservableValue(online$);
  const updateAvailable = useObservableValue(updateAvailable$);
  return (
    <>
      {!online && (
        <div className="banner banner--offline" role="status">
          <Trans>
            You are offline. You can keep browsing; changes are sent when the connection is back.
          </Trans>
        </div>
      )}
      {updateAvailable && (
        <div className="banner banner--update" role="status">
          <span>
            <Trans>A new version of the store is ready.</Trans>
          </span>
          <button type="button" onClick={applyUpdate}>
            <Trans>Update now</Trans>
          </button>
        </div>
      )}
    </>
  );
}
