import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect } from 'react';
import { useRouteError } from 'react-router';
import { GENERAL_ERRORS } from '../../domain/shared/errors';

/** Shown when a page fails to render or load; SPEC 8's generic message. */
export function RouteErrorPage() {
  const { t, i18n } = useLingui();
  const error = useRouteError();
  useEffect(() => {
    console.error(error);
  }, [error]);
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
