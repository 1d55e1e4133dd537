/** The storefront of the current page, provided by the storefront layout. */
import { createContext, use } from 'react';
import {
  DEFAULT_LOCALE,
  isLocale,
  storefrontFor,
  storefrontForStorePath,
  type Storefront,
} from '../../domain/storefront/storefronts';
import type { FlagValues } from '../../domain/flags/flags';
import type { LoadedRegionalContent } from './content/load-regional-content';

export interface StorefrontRouteData {
  readonly storefront: Storefront;
  /** False when the address names no storefront or page we know. */
  readonly known: boolean;
  /** The storefront's regional navigation and footer, as loaded (null: built-in ones). */
  readonly content: LoadedRegionalContent | null;
  /** The visitor's flags a server-rendered page was rendered with. */
  readonly flags?: FlagValues;
}

export const StorefrontContext = createContext<Storefront>(storefrontFor(DEFAULT_LOCALE));

export function useStorefront(): Storefront {
  return use(StorefrontContext);
}

/** The storefront a route's params name (/{locale}/... or /store/{storeId}/{language}/...). */
export function storefrontOfParams(
  params: Readonly<Record<string, string | undefined>>,
): Storefront {
  const { locale, storeId, language } = params;
  if (locale !== undefined && isLocale(locale)) return storefrontFor(locale);
  return storefrontForStorePath(storeId ?? '', language ?? '') ?? storefrontFor(DEFAULT_LOCALE);
}
