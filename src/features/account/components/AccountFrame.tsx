/**
 * The frame of every account page (SPEC 2.7): the page's heading and, beside it on a tablet
 * (above it on a phone), the account area's own navigation, the account menu's entries with
 * the current one marked. Offline, a page shows what it saw before and says that changes need
 * the connection.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useId, type ReactNode } from 'react';
import { Link, useLocation, useRevalidator } from 'react-router';
import { online$ } from '../../../infra/connectivity';
import { useObservableValue } from '../../../infra/use-observable';
import { ACCOUNT_LINKS, accountPath } from '../../../shell/account-links';
import { useStorefront } from '../../../shell/use-storefront';
import '../account.css';

export interface AccountFrameProps {
  /** The account menu entry this page belongs to (its path under my-account). */
  readonly current: string;
  /** The page's title in the browser's tab (already translated). */
  readonly title: string;
  readonly heading: ReactNode;
  readonly children: ReactNode;
}

export function AccountFrame({ current, title, heading, children }: AccountFrameProps) {
  const { t, i18n } = useLingui();
  const storefront = useStorefront();
  const navId = useId();
  return (
    <div className="page account">
      <title>{t`${title} | Assessments Store`}</title>
      <nav className="account__nav" aria-labelledby={navId}>
        <h2 id={navId} className="account__nav-heading">
          <Trans>Your account</Trans>
        </h2>
        <ul>
          {ACCOUNT_LINKS.map(([path, label]) => (
            <li key={path}>
              <Link
                to={accountPath(storefront.locale, path)}
                aria-current={path === current ? 'page' : undefined}
              >
                {i18n._(label)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <div className="account__main">
        <h1>{heading}</h1>
        {children}
      </div>
    </div>
  );
}

/**
 * Said while offline on a page whose data can be read but not changed: what is shown was
 * saved before, and changes wait for the connection.
 */
export function ChangesNeedConnection({ savedAt }: { readonly savedAt?: string | null }) {
  const online = useObservableValue(online$);
  const { i18n } = useLingui();
  if (online) return null;
  const when = savedAt
    ? new Intl.DateTimeFormat(i18n.locale, { dateStyle: 'medium', timeStyle: 'short' }).format(
        new Date(savedAt),
      )
    : null;
  return (
    <p className="account__offline" role="status">
      {when ? (
        <Trans>
          You are offline. This is what the store showed on {when}; changes need the connection.
        </Trans>
      ) : (
        <Trans>You are offline. Changes need the connection.</Trans>
      )}
    </p>
  );
}

/** Whether the browser is online, for disabling a page's changes while it is not. */
export function useOnline(): boolean {
  return useObservableValue(online$);
}

/**
 * Back online after the page showed what this device kept: the page's data as the store has
 * it now.
 */
export function useReloadWhenOnline(data: {
  readonly fresh: boolean;
  readonly signedIn: boolean;
}): void {
  const online = useOnline();
  const revalidator = useRevalidator();
  useEffect(() => {
    if (online && !data.fresh && data.signedIn && revalidator.state === 'idle') {
      void revalidator.revalidate();
    }
  }, [online, data.fresh, data.signedIn, revalidator]);
}

/** What a visitor sees on an account page: a link to sign in and come back to it. */
export function SignInToSee({ children }: { readonly children: ReactNode }) {
  const storefront = useStorefront();
  const location = useLocation();
  const returnTo = `${location.pathname}${location.search}`;
  return (
    <p>
      <Link to={`/${storefront.locale}/login?returnTo=${encodeURIComponent(returnTo)}`}>
        {children}
      </Link>
    </p>
  );
}
