/** Why an order page has nothing to show: offline, or the store's answer in words. */
import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { useRevalidator } from 'react-router';
import type { LoadProblem } from '../orders-loader';

export function LoadProblemView({ problem }: { problem: LoadProblem }) {
  const { i18n } = useLingui();
  const revalidator = useRevalidator();
  return (
    <div className="orders__problem" role="alert">
      {problem.kind === 'offline' ? (
        <p>
          <Trans>You are offline. Orders are shown once the connection is back.</Trans>
        </p>
      ) : (
        <p>{i18n._(problem.message)}</p>
      )}
      <button
        type="button"
        className="button-secondary"
        onClick={() => {
          void revalidator.revalidate();
        }}
      >
        <Trans>Try again</Trans>
      </button>
    </div>
  );
}
