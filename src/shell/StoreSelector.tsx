import { Trans } from '@lingui/react/macro';
import { useId } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { pathInLocale } from '../../domain/storefront/ap-switch';
import { allStorefronts, isLocale } from '../../domain/storefront/storefronts';
import { storefrontLabel } from './storefront-label';
import { useStorefront } from './use-storefront';

/** The assessments region selector (SPEC 2.3, 2.4): the same page in another storefront. */
export function StoreSelector() {
  const id = useId();
  const storefront = useStorefront();
  const navigate = useNavigate();
  const location = useLocation();
  return (
    <div className="store-selector">
      <label htmlFor={id}>
        <Trans>Region</Trans>
      </label>
      <select
        id={id}
        data-storefront-select
        value={storefront.locale}
        onChange={(event) => {
          const locale = event.target.value;
          if (isLocale(locale)) {
            void navigate(`${pathInLocale(location.pathname, storefront.locale, locale)}`);
          }
        }}
      >
        {allStorefronts().map((s) => (
          <option key={s.locale} value={s.locale} lang={s.language}>
            {storefrontLabel(s)}
          </option>
        ))}
      </select>
    </div>
  );
}
