/**
 * The shapes of the content that regional marketing sites provide (SPEC 3, 7.1): the main
 * navigation, the footer, and the checkout copy. Content is data from outside the store, so
 * every response is parsed with these schemas; anything else is treated as a failed load
 * and the built-in content stays. (zod/mini: these load with the first page.)
 */
import * as z from 'zod/mini';

const text = (max: number) => z.string().check(z.trim(), z.minLength(1), z.maxLength(max));

/** A link: an in-store path (/en-gb/cart, /store/...), a marketing page, or https. */
const href = z.string().check(
  z.trim(),
  z.maxLength(2000),
  z.refine(
    (v) => /^(\/(?!\/)|https:\/\/)/.test(v),
    'A link must be a site path or an https address',
  ),
);

export const contentLinkSchema = z.object({
  title: text(200),
  path: href,
  description: z.optional(z.string().check(z.trim(), z.maxLength(500))),
});

export type ContentLink = z.output<typeof contentLinkSchema>;

export const linkListSchema = z.object({
  title: text(200),
  links: z.array(contentLinkSchema).check(z.maxLength(40)),
});

export type LinkList = z.output<typeof linkListSchema>;

/** SPEC 3 menu item: title, linkPath, resourcePath, link lists with title, path, description. */
export const menuItemSchema = z.object({
  title: text(200),
  linkPath: z.optional(href),
  resourcePath: z.optional(z.string().check(z.trim(), z.maxLength(500))),
  linkLists: z.array(linkListSchema).check(z.maxLength(10)),
  promo: z.optional(
    z.object({
      title: text(200),
      description: z.string().check(z.trim(), z.maxLength(500)),
      path: href,
      cta: text(100),
    }),
  ),
});

export type MenuItem = z.output<typeof menuItemSchema>;

export const bannerSchema = z.object({
  id: text(100),
  message: text(500),
  startsAt: z.iso.datetime({ offset: true }),
  endsAt: z.iso.datetime({ offset: true }),
});

export type Banner = z.output<typeof bannerSchema>;

export const navContentSchema = z.object({
  items: z.array(menuItemSchema).check(z.minLength(1), z.maxLength(8)),
  banners: z._default(z.array(bannerSchema).check(z.maxLength(5)), []),
});

export type NavContent = z.output<typeof navContentSchema>;

export const SOCIAL_NETWORKS = ['facebook', 'x', 'linkedin', 'youtube', 'instagram'] as const;

export const footerContentSchema = z.object({
  groups: z.array(linkListSchema).check(z.minLength(1), z.maxLength(8)),
  corporateLinks: z.array(contentLinkSchema).check(z.maxLength(6)),
  social: z
    .array(z.object({ network: z.enum(SOCIAL_NETWORKS), title: text(100), url: href }))
    .check(z.maxLength(8)),
  legal: z.array(contentLinkSchema).check(z.maxLength(10)),
  copyright: text(300),
});

export type FooterContent = z.output<typeof footerContentSchema>;

/** SPEC 7.1: the checkout copy response, read at data.checkout.item. */
export const checkoutCopyResponseSchema = z.object({
  data: z.object({
    checkout: z.object({
      item: z.record(z.string(), z.string().check(z.maxLength(5000))),
    }),
  }),
});

export { activeBanners } from './banners';
