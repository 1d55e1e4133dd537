/** The shared header (SPEC 2.3): store links, region selector, main menu, support banners. */
import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { activeBanners } from '../../domain/content/banners';
import { AccountMenu } from './AccountMenu';
import { CartLink } from './CartLink';
import { useRegionalContent } from './content/regional-content';
import { menuLinks } from './content/fallback-content';
import { MainMenu } from './MainMenu';
import { SearchBox } from './SearchBox';
import { SmartLink } from './SmartLink';
import { StoreSelector } from './StoreSelector';
import { useStorefront } from './use-storefront';

export function Header() {
  const { t, i18n } = useLingui();
  const storefront = useStorefront();
  const { nav } = useRegionalContent();
  const [menuOpen, setMenuOpen] = useState(false);
  const menuId = useId();
  const banners = activeBanners(nav.banners, new Date().toISOString());
  return (
    <header className="site-header">
      <div className="site-header__top">
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
          <span>
            <Trans>Assessments Store</Trans>
          </span>
        </Link>
        <SearchBox />
        <AccountMenu />
        <CartLink />
        <button
          type="button"
          className="site-header__menu-toggle"
          aria-expanded={menuOpen}
          aria-controls={menuId}
          onClick={() => {
            setMenuOpen(!menuOpen);
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
