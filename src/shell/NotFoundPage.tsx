import { Trans, useLingui } from '@lingui/react/macro';
import { Link, useLocation } from 'react-router';
import { errorPageAt } from '../../domain/storefront/error-pages';
import { requiresSignIn } from '../../domain/storefront/routes';
import { authStatus$ } from '../infra/auth/auth-state';
import { useObservableValue } from '../infra/use-observable';
import { LazyErrorPage } from './error-page';
import { PageSkeleton } from './PageSkeleton';
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

/**
 * An address below a storefront that no route has. Below a part that needs sign-in (my-account)
 * it is a skeleton until sign-in has its answer: the storefront's check then sends a visitor
 * to sign in first (the server, which cannot know, renders the skeleton too).
 */
export function CatchAllPage() {
  const { pathname } = useLocation();
  const status = useObservableValue(authStatus$);
  if (requiresSignIn(pathname) && status === 'processing') return <PageSkeleton />;
  // error.{code}.html with a code that has no page: the default one, answered 404 (decision 069).
  const errorPage = errorPageAt(pathname.slice(pathname.lastIndexOf('/') + 1));
  if (errorPage) return <LazyErrorPage page={errorPage.page} />;
  return <NotFoundPage />;
}
