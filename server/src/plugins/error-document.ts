/**
 * The error page as plain HTML (decision 069), for when the store cannot render the
 * storefront's own (no server renderer in this build, or it failed): the same words in the
 * storefront's language, with the same links, and nothing that needs the app.
 */
import { escapeHtml } from '../../../domain/mail/html';
import type { Translate } from '../../../domain/mail/order-confirmation';
import { ERROR_PAGE_MESSAGES, ERROR_PAGE_WORDS } from '../../../domain/storefront/error-page-words';
import {
  errorKindOf,
  errorPageLocale,
  errorPageStatus,
} from '../../../domain/storefront/error-pages';
import { storefrontFor } from '../../../domain/storefront/storefronts';

export function plainErrorDocument(pathname: string, status: number, translate: Translate): string {
  const storefront = storefrontFor(errorPageLocale(pathname));
  const page = errorPageStatus(status);
  const words = ERROR_PAGE_WORDS[errorKindOf(page)];
  const heading = translate(words.heading);
  const code = String(page);
  const base = `/${storefront.locale}`;
  const link = (href: string, text: string) =>
    `<li><a href="${escapeHtml(href)}">${escapeHtml(text)}</a></li>`;
  return [
    '<!doctype html>',
    `<html lang="${escapeHtml(storefront.language)}">`,
    '<head><meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '<meta name="robots" content="noindex">',
    `<title>${escapeHtml(translate(ERROR_PAGE_MESSAGES.title, { heading, code }))}</title>`,
    '</head>',
    '<body style="font-family:system-ui,sans-serif;max-width:40rem;margin:2rem auto;padding:0 1rem">',
    '<main id="main">',
    `<p>${escapeHtml(translate(ERROR_PAGE_MESSAGES.code, { code }))}</p>`,
    `<h1>${escapeHtml(heading)}</h1>`,
    `<p>${escapeHtml(translate(words.text))}</p>`,
    `<p>${escapeHtml(translate(ERROR_PAGE_MESSAGES.next))}</p>`,
    '<ul>',
    link(`${base}/`, translate(ERROR_PAGE_MESSAGES.home)),
    link(`${base}/search.html`, translate(ERROR_PAGE_MESSAGES.search)),
    link(`${base}/order-status`, translate(ERROR_PAGE_MESSAGES.orderStatus)),
    '</ul>',
    '</main>',
    '</body>',
    '</html>',
  ].join('\n');
}
