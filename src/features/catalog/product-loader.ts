/**
 * The product page's data, loaded in one place (the route's loader): on the server for a
 * first visit, in the browser when the buyer moves to the page; offline, from the worker's
 * copy or the index kept on this device.
 */
import type { LoaderFunctionArgs } from 'react-router';
import type { Locale } from '../../../domain/storefront/storefronts';
import { preload, type Preloaded } from '../../infra/use-load';
import { storefrontOfParams } from '../../shell/use-storefront';
import { fetchProduct, type Loaded, type ProductView } from './api';

export function productKey(locale: Locale, code: string): string {
  return `${locale}/${code}`;
}

export type ProductData = Preloaded<Loaded<ProductView>>;

export function productLoader({ params }: LoaderFunctionArgs): Promise<ProductData> {
  const { locale } = storefrontOfParams(params);
  const code = (params.code ?? '').toUpperCase();
  return preload(productKey(locale, code), () => fetchProduct(locale, code));
}
