/**
 * What a buyer's page shows until its data is here (decision 038): the server renders it for
 * the cart, checkout, account and order pages, and the browser shows the same while it
 * loads their code and data, so nothing moves when the page hydrates. It fills the screen,
 * so the footer stays below the fold until the page's own content replaces it.
 */
import { Trans } from '@lingui/react/macro';

export function PageSkeleton() {
  return (
    <div className="page page-skeleton" aria-busy="true">
      <p role="status" className="visually-hidden">
        <Trans>Loading…</Trans>
      </p>
      <div className="page-skeleton__heading" />
      <div className="page-skeleton__line" />
      <div className="page-skeleton__line page-skeleton__line--short" />
      <div className="page-skeleton__block" />
    </div>
  );
}
