/**
 * The storefront's error pages (SPEC 2.2, SPEC 8; decision 069): {regional site}/error.{code}
 * .html for every error status, in the storefront's language and frame, saying what happened
 * and where to go next. The same words stand in for a page whose data failed with an error
 * status on a full page load (the server answers with that status), and the server sends the
 * 503 page in place of every page while the store is down for maintenance. Loaded only when
 * shown (error-page.tsx).
 */
import { useLingui } from '@lingui/react';
import { Link } from 'react-router';
import { ERROR_PAGE_MESSAGES, ERROR_PAGE_WORDS } from '../../domain/storefront/error-page-words';
import { errorKindOf, type ErrorStatus } from '../../domain/storefront/error-pages';
import type { MessageDescriptor } from '../../domain/shared/message';
import { useStorefront } from './use-storefront';

export function ErrorPage({ page }: { readonly page: ErrorStatus }) {
  const { i18n } = useLingui();
  const { locale } = useStorefront();
  // A descriptor of domain/ with values (the extractor reads the descriptor where it is).
  const say = (descriptor: MessageDescriptor, values: Record<string, string>) =>
    i18n._(descriptor.id, values, { message: descriptor.message });
  const words = ERROR_PAGE_WORDS[errorKindOf(page)];
  const heading = i18n._(words.heading);
  const code = String(page);
  return (
    <section className="page page--message error-page" aria-labelledby="error-page-title">
      <title>{say(ERROR_PAGE_MESSAGES.title, { heading, code })}</title>
      <meta name="robots" content="noindex" />
      <p className="error-page__code">{say(ERROR_PAGE_MESSAGES.code, { code })}</p>
      <h1 id="error-page-title">{heading}</h1>
      <p>{i18n._(words.text)}</p>
      <p>{i18n._(ERROR_PAGE_MESSAGES.next)}</p>
      <ul className="error-page__next">
        <li>
          <Link to={`/${locale}/`}>{i18n._(ERROR_PAGE_MESSAGES.home)}</Link>
        </li>
        <li>
          <Link to={`/${locale}/search.html`}>{i18n._(ERROR_PAGE_MESSAGES.search)}</Link>
        </li>
        <li>
          <Link to={`/${locale}/order-status`}>{i18n._(ERROR_PAGE_MESSAGES.orderStatus)}</Link>
        </li>
      </ul>
    </section>
  );
}
