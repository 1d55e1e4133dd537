/** The shared footer (SPEC 2.4): link groups, corporate links, region, social, legal strip. */
import { useLingui } from '@lingui/react/macro';
import { useRegionalContent } from './content/regional-content';
import { SmartLink } from './SmartLink';
import { StoreSelector } from './StoreSelector';

export function Footer() {
  const { t } = useLingui();
  const { footer, footerMarkup } = useRegionalContent();
  return (
    <footer className="site-footer">
      <div className="site-footer__inner">
        <div className="site-footer__groups">
          {footer.groups.map((group) => (
            <section key={group.title} className="site-footer__group">
              <h2>{group.title}</h2>
              <ul>
                {group.links.map((link) => (
                  <li key={`${link.title}|${link.path}`}>
                    <SmartLink href={link.path}>{link.title}</SmartLink>
                  </li>
                ))}
              </ul>
            </section>
          ))}
        </div>
        <div className="site-footer__row">
          <ul className="site-footer__corporate">
            {footer.corporateLinks.map((link) => (
              <li key={`${link.title}|${link.path}`}>
                <SmartLink href={link.path}>{link.title}</SmartLink>
              </li>
            ))}
          </ul>
          <StoreSelector />
          <ul className="site-footer__social" aria-label={t`Social networks`}>
            {footer.social.map((s) => (
              <li key={s.network}>
                <SmartLink href={s.url}>{s.title}</SmartLink>
              </li>
            ))}
          </ul>
        </div>
        {footerMarkup ? (
          <div
            className="site-footer__markup"
            // Sanitized with DOMPurify in src/infra/content.ts before it got here.
            dangerouslySetInnerHTML={{ __html: footerMarkup }}
          />
        ) : null}
        <nav aria-label={t`Legal`} className="site-footer__legal">
          <ul>
            {footer.legal.map((link) => (
              <li key={`${link.title}|${link.path}`}>
                <SmartLink href={link.path}>{link.title}</SmartLink>
              </li>
            ))}
          </ul>
        </nav>
        <p className="site-footer__copyright">{footer.copyright}</p>
      </div>
    </footer>
  );
}
