/**
 * Where each piece of regional content lives below a storefront's marketing site root
 * (SPEC 7.1). The server serves these paths from its content folder.
 */
export const CONTENT_FILES = {
  footer: 'footer-content.json',
  footerMarkup: 'footer-content.html',
  nav: 'first-level-nav-content.json',
  navMarkup: 'first-level-nav-react-content.html',
} as const;

export type ContentFile = keyof typeof CONTENT_FILES;

/** Marketing pages are `{root}/{slug}.html`; a slug is lower-case words and hyphens. */
export const PAGE_SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export function contentUrl(marketingSiteRoot: string, file: ContentFile): string {
  return `${marketingSiteRoot}/${CONTENT_FILES[file]}`;
}

export function marketingPageUrl(marketingSiteRoot: string, slug: string): string {
  return `${marketingSiteRoot}/${slug}.html`;
}
