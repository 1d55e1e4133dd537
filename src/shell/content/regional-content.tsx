/**
 * The regional content of the current storefront, shared by the header, footer and pages:
 * the content the storefront's loader got, else the built-in content (SPEC 7.1).
 * With the editable header and footer flag on, the editable markup is loaded as well.
 */
import { useLingui } from '@lingui/react';
import { createContext, use, useEffect, useMemo, useState, type ReactNode } from 'react';
import type { FooterContent, NavContent } from '../../../domain/content/schemas';
import type { Storefront } from '../../../domain/storefront/storefronts';
import { loadFooterMarkup, loadNavMarkup } from '../../infra/content';
import { flags$ } from '../../infra/flags';
import { useObservableValue } from '../../infra/use-observable';
import { fallbackFooter, fallbackNav } from './fallback-content';
import type { LoadedRegionalContent } from './load-regional-content';

export interface RegionalContent {
  readonly nav: NavContent;
  /** Sanitized editable navigation, when the flag is on and it loaded. */
  readonly navMarkup: string | null;
  readonly footer: FooterContent;
  /** Sanitized extra footer markup, when the flag is on and it loaded. */
  readonly footerMarkup: string | null;
}

interface LoadedMarkup {
  readonly key: string;
  readonly navMarkup: string | null;
  readonly footerMarkup: string | null;
}

const RegionalContentContext = createContext<RegionalContent | null>(null);

/**
 * `loaded` is what the storefront's route loader got (the same on the server and in the
 * browser, so a server-rendered page hydrates without a change); the editable markup, when
 * its flag is on, is loaded here in the browser.
 */
export function RegionalContentProvider({
  storefront,
  loaded,
  children,
}: {
  storefront: Storefront;
  loaded: LoadedRegionalContent | null;
  children: ReactNode;
}) {
  const { i18n } = useLingui();
  const editable = useObservableValue(flags$)['editable-header-footer'];
  const key = `${storefront.locale}|${String(editable)}`;
  const [markup, setMarkup] = useState<LoadedMarkup | null>(null);

  useEffect(() => {
    if (!editable) return;
    let current = true;
    const { locale } = storefront;
    void Promise.all([loadNavMarkup(locale), loadFooterMarkup(locale)]).then(
      ([navMarkup, footerMarkup]) => {
        if (current) setMarkup({ key, navMarkup, footerMarkup });
      },
    );
    return () => {
      current = false;
    };
  }, [key, storefront, editable]);

  const value = useMemo<RegionalContent>(() => {
    const mine = markup?.key === key ? markup : null;
    return {
      nav: loaded?.nav ?? fallbackNav(storefront, i18n),
      navMarkup: mine?.navMarkup ?? null,
      footer: loaded?.footer ?? fallbackFooter(storefront, i18n),
      footerMarkup: mine?.footerMarkup ?? null,
    };
  }, [markup, loaded, key, storefront, i18n]);

  return <RegionalContentContext value={value}>{children}</RegionalContentContext>;
}

export function useRegionalContent(): RegionalContent {
  const value = use(RegionalContentContext);
  if (!value) throw new Error('useRegionalContent outside a RegionalContentProvider');
  return value;
}
