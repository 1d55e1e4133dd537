/**
 * The built-in header and footer content (SPEC 2.3, 2.4): what every storefront shows when
 * its regional content cannot be loaded, in the page language through Lingui. Store links
 * (order status, quick order, invoices) use the storefront's own store path (SPEC 2.2).
 */
import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { FooterContent, NavContent } from '../../../domain/content/schemas';
import type { Storefront } from '../../../domain/storefront/storefronts';
import { DIGITAL_SOLUTIONS, OTHER_TYPES, PRODUCT_CATEGORIES } from './categories';
import { helpers } from './menu-links';

export function fallbackNav(storefront: Storefront, i18n: I18n): NavContent {
  const { search, page, store, root, link } = helpers(storefront, i18n);
  const list = (entries: readonly (readonly [string, MessageDescriptor])[]) =>
    entries.map(([slug, title]) => link(title, search(slug)));
  return {
    items: [
      {
        title: i18n._(msg`Assessments & Solutions`),
        linkPath: search('all'),
        resourcePath: 'assessments',
        linkLists: [
          { title: i18n._(msg`Product categories`), links: list(PRODUCT_CATEGORIES) },
          { title: i18n._(msg`Digital solutions`), links: list(DIGITAL_SOLUTIONS) },
          { title: i18n._(msg`Other assessment types`), links: list(OTHER_TYPES) },
        ],
        promo: {
          title: i18n._(msg`Digital scoring for your kits`),
          description: i18n._(
            msg`Score and report online, from any device, the moment a session ends.`,
          ),
          path: search('scoring-reporting'),
          cta: i18n._(msg`Explore digital scoring`),
        },
      },
      {
        title: i18n._(msg`Learning & Training`),
        linkPath: page('training'),
        resourcePath: 'learning',
        linkLists: [
          {
            title: i18n._(msg`Featured topics`),
            links: [link(msg`Assessment in telepractice`, page('featured-topics'))],
          },
          {
            title: i18n._(msg`Learn with us`),
            links: [
              link(msg`Training`, page('training')),
              link(msg`Research`, page('research')),
              link(msg`Webinars`, page('webinars')),
              link(msg`Blogs`, page('blog')),
            ],
          },
        ],
      },
      {
        title: i18n._(msg`Ordering & Support`),
        linkPath: page('how-to-order'),
        resourcePath: 'support',
        linkLists: [
          {
            title: i18n._(msg`Ordering how-tos`),
            links: [
              link(msg`How to order`, page('how-to-order')),
              link(msg`Qualification levels`, page('qualifications')),
              link(msg`Payment options`, page('payment-options')),
            ],
          },
          {
            title: i18n._(msg`Account information`),
            links: [
              link(msg`Create an account`, `${root}/register`),
              link(msg`Your account`, `${root}/my-account/profile-details`),
            ],
          },
          {
            title: i18n._(msg`Manage orders`),
            links: [
              link(msg`Order status`, `${store}/order-status`),
              link(msg`Invoices`, `${store}/invoices`),
              link(msg`Quick order`, `${store}/quick-order`),
            ],
          },
          {
            title: i18n._(msg`Contact`),
            links: [
              link(msg`Contact us`, page('contact-us')),
              link(msg`International contacts`, page('international-contacts')),
            ],
          },
        ],
      },
    ],
    banners:
      storefront.region === 'US' || storefront.region === 'CA' ? [supportClosureBanner(i18n)] : [],
  };
}

/**
 * SPEC 2.3: customer support is closed July 3-4 and reopens July 5 at 7:00 AM CT. The
 * built-in banner shows from June 28 of the current year until then.
 */
function supportClosureBanner(i18n: I18n) {
  const year = new Date().getUTCFullYear();
  return {
    id: `support-closure-${year}-07`,
    message: i18n._(msg`Customer support is closed July 3-4. We reopen July 5 at 7:00 AM CT.`),
    startsAt: `${year}-06-28T00:00:00-05:00`,
    endsAt: `${year}-07-05T07:00:00-05:00`,
  };
}

export function fallbackFooter(storefront: Storefront, i18n: I18n): FooterContent {
  const { search, page, store, link } = helpers(storefront, i18n);
  return {
    groups: [
      {
        title: i18n._(msg`Shop assessments`),
        links: [
          link(msg`Professional`, search('all')),
          link(msg`Large scale`, search('large-scale')),
          link(msg`Admissions`, search('graduate-admissions')),
        ],
      },
      {
        title: i18n._(msg`Legal policies`),
        links: [
          link(msg`Terms of sale`, page('terms-of-sale')),
          link(msg`Returns`, page('returns')),
          link(msg`Qualification policy`, page('qualifications')),
        ],
      },
      {
        title: i18n._(msg`Help and support`),
        links: [
          link(msg`Contact us`, page('contact-us')),
          link(msg`Order status`, `${store}/order-status`),
          link(msg`Help articles`, page('help')),
          link(msg`Product platform logins`, page('platform-logins')),
        ],
      },
      {
        title: i18n._(msg`About`),
        links: [
          link(msg`Our story`, page('our-story')),
          link(msg`Careers`, page('careers')),
          link(msg`Seasonal employment`, page('seasonal-employment')),
        ],
      },
    ],
    corporateLinks: [link(msg`Investors`, page('investors')), link(msg`Careers`, page('careers'))],
    social: [
      { network: 'facebook', title: 'Facebook', url: 'https://www.facebook.com/' },
      { network: 'x', title: 'X', url: 'https://x.com/' },
      { network: 'linkedin', title: 'LinkedIn', url: 'https://www.linkedin.com/' },
      { network: 'youtube', title: 'YouTube', url: 'https://www.youtube.com/' },
      { network: 'instagram', title: 'Instagram', url: 'https://www.instagram.com/' },
    ],
    legal: [
      link(msg`Cookies`, page('cookies')),
      link(msg`Terms of use`, page('terms-of-use')),
      link(msg`Privacy`, page('privacy')),
      link(msg`Do Not Sell My Personal Information`, page('do-not-sell')),
      link(msg`Patent notice`, page('patent-notice')),
      link(msg`Accessibility`, page('accessibility')),
    ],
    copyright: i18n._(msg`Copyright 1996-2025 Assessments Store. All rights reserved.`),
  };
}
