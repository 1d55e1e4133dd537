import { Trans, useLingui } from '@lingui/react/macro';
import { Suspense, useEffect } from 'react';
import { isRouteErrorResponse, useParams, useRouteError } from 'react-router';
import { GENERAL_ERRORS } from '../../domain/shared/errors';
import { isErrorStatus } from '../../domain/storefront/error-pages';
import { LazyErrorPage } from './error-page';
import { StorefrontContext, storefrontOfParams } from './use-storefront';

/**
 * The HTTP status a failed load ended with, when it ended with one: an API error (infra/api's
 * ApiError, known by its name so the first page's code need not hold the API client).
 */
function statusOf(error: unknown): number | undefined {
  if (error instanceof Error && error.name === 'ApiError' && 'status' in error) {
    return typeof error.status === 'number' ? error.status : undefined;
  }
  return isRouteErrorResponse(error) ? error.status : undefined;
}

/**
 * Shown when a page fails to render or load: a load that ended with an error status shows that
 * status's error page (decision 069), anything else SPEC 8's generic message.
 */
export function RouteErrorPage() {
  const { t, i18n } = useLingui();
  const error = useRouteError();
  const params = useParams();
  useEffect(() => {
    console.error(error);
  }, [error]);
  const status = statusOf(error);
  if (status !== undefined && isErrorStatus(status)) {
    return (
      <StorefrontContext value={storefrontOfParams(params)}>
        <main id="main" className="app__main" tabIndex={-1}>
          <Suspense fallback={null}>
            <LazyErrorPage page={status} />
          </Suspense>
        </main>
      </StorefrontContext>
    );
  }
  return (
    <section className="page page--message" role="alert">
      <title>{t`An error occurred. | Assessments Store`}</title>
      <h1>{i18n._(GENERAL_ERRORS.generic)}</h1>
      <p>
        <a href="/">
          <Trans>Reload the store</Trans>
        </a>
      </p>
    </section>
  );
}
