import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'react-router';
import { useStorefront } from './use-storefront';

export function NotFoundPage() {
  const { t } = useLingui();
  const storefront = useStorefront();
  return (
    <section className="page page--message" aria-labelledby="not-found-title">
      <title>{t`Page not found | Assessments Store`}</title>
      <h1 id="not-found-title">
        <Trans>Page not found</Trans>
      </h1>
      <p>
        <Trans>We could not find the page you asked for.</Trans>
      </p>
      <p>
        <Link to={`/${storefront.locale}/`}>
          <Trans>Go to the home page</Trans>
        </Link>
      </p>
    </section>
  );
}
