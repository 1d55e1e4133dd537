/** The storefront of the current page, provided by the storefront layout. */
import { createContext, use } from 'react';
import {
  DEFAULT_LOCALE,
  storefrontFor,
  type Storefront,
} from '../../domain/storefront/storefronts';

export interface StorefrontRouteData {
  readonly storefront: Storefront;
  /** False when the address names no storefront or page we know. */
  readonly known: boolean;
}

export const StorefrontContext = createContext<Storefront>(storefrontFor(DEFAULT_LOCALE));

export function useStorefront(): Storefront {
  return use(StorefrontContext);
}
