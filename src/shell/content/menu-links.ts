/**
 * The header's store links (SPEC 2.3), the same whatever the regional content says, and the
 * helpers the built-in content (fallback-content.ts) makes its links with.
 */
import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { marketingPageUrl } from '../../../domain/content/paths';
import type { ContentLink } from '../../../domain/content/schemas';
import { storePath, type Storefront } from '../../../domain/storefront/storefronts';

/** The header's menu links (SPEC 2.3) for a storefront. */
export function menuLinks(storefront: Storefront, i18n: I18n): ContentLink[] {
  const { page, store, link } = helpers(storefront, i18n);
  return [
    link(msg`Quick order`, `${store}/quick-order`),
    link(msg`Order status`, `${store}/order-status`),
    link(msg`Invoices`, `${store}/invoices`),
    link(msg`Contact us`, page('contact-us')),
  ];
}

/** Links of the built-in content, in the page language. */
export function helpers(storefront: Storefront, i18n: I18n) {
  const root = `/${storefront.locale}`;
  // Paths, not absolute URLs: the built-in content always points at this store.
  const marketing = `/content/${storefront.locale}`;
  return {
    search: (category: string) => `${root}/search.html?category=${category}`,
    page: (slug: string) => marketingPageUrl(marketing, slug),
    store: storePath(storefront.locale),
    root,
    link: (title: MessageDescriptor, path: string): ContentLink => ({ title: i18n._(title), path }),
  };
}
