/**
 * The regional content of the current storefront, shared by the header, footer and pages:
 * the built-in content at once, replaced by the loaded content when it arrives (SPEC 7.1).
 * With the editable header and footer flag on, the editable markup is loaded as well.
 */
import { useLingui } from '@lingui/react';
import { createContext, use, useEffect, useMemo, useState, type ReactNode } from 'react';
import type { FooterContent, NavContent } from '../../../domain/content/schemas';
import type { Storefront } from '../../../domain/storefront/storefronts';
import {
  loadFooterContent,
  loadFooterMarkup,
  loadNavContent,
  loadNavMarkup,
} from '../../infra/content';
import { flags$ } from '../../infra/flags';
import { useObservableValue } from '../../infra/use-observable';
import { fallbackFooter, fallbackNav } from './fallback-content';

export interface RegionalContent {
  readonly nav: NavContent;
  /** Sanitized editable navigation, when the flag is on and it loaded. */
  readonly navMarkup: string | null;
  readonly footer: FooterContent;
  /** Sanitized extra footer markup, when the flag is on and it loaded. */
  readonly footerMarkup: string | null;
}

interface Loaded {
  readonly key: string;
  readonly nav: NavContent | null;
  readonly navMarkup: string | null;
  readonly footer: FooterContent | null;
  readonly footerMarkup: string | null;
}

const RegionalContentContext = createContext<RegionalContent | null>(null);

export function RegionalContentProvider({
  storefront,
  children,
}: {
  storefront: Storefront;
  children: ReactNode;
}) {
  const { i18n } = useLingui();
  const editable = useObservableValue(flags$)['editable-header-footer'];
  const key = `${storefront.locale}|${String(editable)}`;
  const [loaded, setLoaded] = useState<Loaded | null>(null);

  useEffect(() => {
    let current = true;
    const { locale } = storefront;
    void Promise.all([
      loadNavContent(locale),
      editable ? loadNavMarkup(locale) : Promise.resolve(null),
      loadFooterContent(locale),
      editable ? loadFooterMarkup(locale) : Promise.resolve(null),
    ]).then(([nav, navMarkup, footer, footerMarkup]) => {
      if (current) setLoaded({ key, nav, navMarkup, footer, footerMarkup });
    });
    return () => {
      current = false;
    };
  }, [key, storefront, editable]);

  const value = useMemo<RegionalContent>(() => {
    const mine = loaded?.key === key ? loaded : null;
    return {
      nav: mine?.nav ?? fallbackNav(storefront, i18n),
      navMarkup: mine?.navMarkup ?? null,
      footer: mine?.footer ?? fallbackFooter(storefront, i18n),
      footerMarkup: mine?.footerMarkup ?? null,
    };
  }, [loaded, key, storefront, i18n]);

  return <RegionalContentContext value={value}>{children}</RegionalContentContext>;
}

export function useRegionalContent(): RegionalContent {
  const value = use(RegionalContentContext);
  if (!value) throw new Error('useRegionalContent outside a RegionalContentProvider');
  return value;
}
