/**
 * The regional navigation and footer of a storefront (SPEC 7.1), loaded by the storefront's
 * route loader so that a server-rendered page carries them and the browser starts with the
 * same. In the browser an answer is kept for the page's life: moving between pages of one
 * storefront never asks again. A failed answer is null (the built-in content is used
 * silently, SPEC 8) and is asked again next time.
 */
import type { FooterContent, NavContent } from '../../../domain/content/schemas';
import type { Locale } from '../../../domain/storefront/storefronts';
import { loadFooterContent, loadNavContent } from '../../infra/content';
import { isServer } from '../../infra/http';

export interface LoadedRegionalContent {
  readonly nav: NavContent | null;
  readonly footer: FooterContent | null;
}

const kept = new Map<Locale, LoadedRegionalContent>();

export async function loadRegionalContent(locale: Locale): Promise<LoadedRegionalContent> {
  const hit = kept.get(locale);
  if (hit) return hit;
  const [nav, footer] = await Promise.all([loadNavContent(locale), loadFooterContent(locale)]);
  const content = { nav, footer };
  if (!isServer && nav && footer) kept.set(locale, content);
  return content;
}

/** The content a server-rendered page came with: the browser need not ask for it again. */
export function keepRegionalContent(locale: Locale, content: LoadedRegionalContent): void {
  if (!isServer && content.nav && content.footer) kept.set(locale, content);
}
