/** The storefront's home page: what the store offers, from the regional navigation content. */
import { Trans, useLingui } from '@lingui/react/macro';
import { useRegionalContent } from '../../../shell/content/regional-content';
import { SmartLink } from '../../../shell/SmartLink';
import { languageTag, storefrontLabel } from '../../../shell/storefront-label';
import { useStorefront } from '../../../shell/use-storefront';

export function HomePage() {
  const { t } = useLingui();
  const storefront = useStorefront();
  const { nav } = useRegionalContent();
  const store = storefrontLabel(storefront);
  const currency =
    new Intl.DisplayNames([languageTag(storefront)], { type: 'currency' }).of(
      storefront.currency,
    ) ?? storefront.currency;
  const promo = nav.items.find((item) => item.promo)?.promo;
  return (
    <div className="page home">
      <title>{t`Assessments Store`}</title>
      <section className="home__hero" aria-labelledby="home-title">
        <h1 id="home-title">
          <Trans>Assessments for clinicians, schools and organisations</Trans>
        </h1>
        <p>
          <Trans>
            Order clinical and educational assessments, digital scoring and reporting, and online
            training. The store keeps working when the connection drops.
          </Trans>
        </p>
        <p className="home__store">
          <Trans>
            You are shopping in the {store} store. Prices are in {currency}.
          </Trans>
        </p>
        {promo ? (
          <p>
            <SmartLink href={promo.path} className="button-link">
              {promo.cta}
            </SmartLink>
          </p>
        ) : null}
      </section>
      {nav.items.map((item) => (
        <section key={item.title} className="home__section" aria-label={item.title}>
          <h2>{item.title}</h2>
          <div className="home__groups">
            {item.linkLists.map((list) => (
              <section key={list.title} className="home__group">
                <h3>{list.title}</h3>
                <ul>
                  {list.links.map((link) => (
                    <li key={`${link.title}|${link.path}`}>
                      <SmartLink href={link.path}>{link.title}</SmartLink>
                    </li>
                  ))}
                </ul>
              </section>
            ))}
          </div>
        </section>
      ))}
    </div>
  );
}
