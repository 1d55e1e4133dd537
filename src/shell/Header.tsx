/**
 * The shared header (SPEC 2.3): store links, region selector, main menu, support banners.
 * On a phone (shell.css) it is two rows, the brand, the search and Menu above the account and
 * the cart; Menu shows the store links and the region selector with the main menu. The server
 * renders that layout already (CSS alone decides it), and a new page closes the menu.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { activeBanners } from '../../domain/content/banners';
import { AccountMenu } from './AccountMenu';
import { CartLink } from './CartLink';
import { useRegionalContent } from './content/regional-content';
import { menuLinks } from './content/menu-links';
import { MainMenu } from './MainMenu';
import { SearchBox } from './SearchBox';
import { SmartLink } from './SmartLink';
import { StoreSelector } from './StoreSelector';
import { useStorefront } from './use-storefront';

export function Header() {
  const { t, i18n } = useLingui();
  const storefront = useStorefront();
  const { nav } = useRegionalContent();
  const location = useLocation();
  // The page the menu was opened on: it is open only there.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const menuOpen = openOn === location.key;
  const menuId = useId();
  const linksId = useId();
  const banners = activeBanners(nav.banners, new Date().toISOString());
  return (
    <header className={menuOpen ? 'site-header site-header--menu-open' : 'site-header'}>
      <div id={linksId} className="site-header__top">
        <nav aria-label={t`Store links`} className="utility-links">
          <ul>
            {menuLinks(storefront, i18n).map((link) => (
              <li key={link.path}>
                <SmartLink href={link.path}>{link.title}</SmartLink>
              </li>
            ))}
          </ul>
        </nav>
        <StoreSelector />
      </div>
      <div className="site-header__main">
        <Link to={`/${storefront.locale}/`} className="site-header__brand">
          <img src="/icons/favicon.svg" alt="" width="32" height="32" />
          <span className="site-header__brand-name">
            <Trans>Assessments Store</Trans>
          </span>
        </Link>
        <SearchBox />
        <div className="site-header__buyer">
          <AccountMenu />
          <CartLink />
        </div>
        <button
          type="button"
          className="site-header__menu-toggle"
          aria-expanded={menuOpen}
          aria-controls={`${menuId} ${linksId}`}
          onClick={() => {
            setOpenOn(menuOpen ? null : location.key);
          }}
        >
          <Trans>Menu</Trans>
        </button>
      </div>
      <div className={menuOpen ? 'site-header__nav is-open' : 'site-header__nav'}>
        <MainMenu id={menuId} />
      </div>
      {banners.map((banner) => (
        <p key={banner.id} className="banner banner--notice" role="note">
          {banner.message}
        </p>
      ))}
    </header>
  );
}
