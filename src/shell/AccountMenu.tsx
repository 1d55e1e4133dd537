/**
 * The account area of the header (SPEC 2.7): "Sign in" for a visitor; for a signed-in user
 * their name, opening the account menu (Order History ... Payment Cards, Sign out). A buyer
 * kept signed in offline is told, quietly, that the session is checked once back online.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { signIn, signOut } from '../infra/auth/auth';
import { authStatus$ } from '../infra/auth/auth-state';
import { currentUser$, sessionUnconfirmed$ } from '../infra/session';
import { useObservableValue } from '../infra/use-observable';
import { ACCOUNT_LINKS, accountPath } from './account-links';
import { useStorefront } from './use-storefront';

export function AccountMenu() {
  const { i18n } = useLingui();
  const storefront = useStorefront();
  const location = useLocation();
  const status = useObservableValue(authStatus$);
  const user = useObservableValue(currentUser$);
  const unconfirmed = useObservableValue(sessionUnconfirmed$);
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const noteId = useId();
  const button = useRef<HTMLButtonElement>(null);

  if (status === 'processing') {
    // Until the answer comes: the visitor's controls, hidden, holding their place so the
    // header does not move when they appear (the server renders this too).
    return (
      <div className="account-menu account-menu--pending" aria-busy="true" inert>
        <button type="button" className="account-menu__sign-in" tabIndex={-1} disabled>
          <Trans>Sign in</Trans>
        </button>
        <span>
          <Trans>Register</Trans>
        </span>
      </div>
    );
  }
  if (!user) {
    return (
      <div className="account-menu">
        <button
          type="button"
          className="account-menu__sign-in"
          onClick={() => {
            void signIn(storefront.locale, `${location.pathname}${location.search}`);
          }}
        >
          <Trans>Sign in</Trans>
        </button>
        <Link to={`/${storefront.locale}/register`}>
          <Trans>Register</Trans>
        </Link>
      </div>
    );
  }
  const firstName = user.firstName;
  return (
    <div
      className="account-menu"
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) setOpen(false);
      }}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && open) {
          setOpen(false);
          button.current?.focus();
        }
      }}
    >
      <button
        ref={button}
        type="button"
        className="account-menu__button"
        aria-expanded={open}
        aria-controls={menuId}
        aria-describedby={unconfirmed ? noteId : undefined}
        onClick={() => {
          setOpen(!open);
        }}
      >
        <Trans>Hello, {firstName}</Trans>
      </button>
      {unconfirmed ? (
        <small id={noteId} className="account-menu__note">
          <Trans>Offline: your session is checked when the connection is back.</Trans>
        </small>
      ) : null}
      <ul id={menuId} className="account-menu__list" hidden={!open}>
        {ACCOUNT_LINKS.map(([path, label]) => (
          <li key={path}>
            <Link
              to={accountPath(storefront.locale, path)}
              onClick={() => {
                setOpen(false);
              }}
            >
              {i18n._(label)}
            </Link>
          </li>
        ))}
        <li>
          <button
            type="button"
            className="account-menu__sign-out"
            onClick={() => {
              setOpen(false);
              void signOut('user');
            }}
          >
            <Trans>Sign out</Trans>
          </button>
        </li>
      </ul>
    </div>
  );
}
