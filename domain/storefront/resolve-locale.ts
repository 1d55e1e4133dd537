/**
 * Which storefront a request is for (SPEC 2.2): the first path segment when it is a locale,
 * a store path /store/{storeId}/{language}, the host when it is configured for a storefront,
 * and otherwise the default.
 */
import { DEFAULT_LOCALE, isLocale, storefrontForStorePath, type Locale } from './storefronts';

/** Hosts configured for a storefront, e.g. { 'store.example.co.uk': 'en-gb' }. */
export type HostLocales = Readonly<Record<string, Locale>>;

export interface ResolvedLocale {
  readonly locale: Locale;
  readonly source: 'path' | 'store-path' | 'host' | 'default';
  /** The path below the locale or store path, always starting with '/'. */
  readonly rest: string;
}

function hostname(host: string): string {
  return host.trim().toLowerCase().replace(/:\d+$/, '').replace(/\.$/, '');
}

export function resolveLocale(
  request: { readonly host: string; readonly pathname: string },
  hosts: HostLocales = {},
): ResolvedLocale {
  const segments = request.pathname.split('/');
  const first = (segments[1] ?? '').toLowerCase();
  if (isLocale(first)) {
    return { locale: first, source: 'path', rest: `/${segments.slice(2).join('/')}` };
  }
  if (first === 'store' && segments.length >= 4) {
    const storefront = storefrontForStorePath(segments[2] ?? '', segments[3] ?? '');
    if (storefront) {
      return {
        locale: storefront.locale,
        source: 'store-path',
        rest: `/${segments.slice(4).join('/')}`,
      };
    }
  }
  const byHost = hosts[hostname(request.host)];
  if (byHost) return { locale: byHost, source: 'host', rest: request.pathname || '/' };
  return { locale: DEFAULT_LOCALE, source: 'default', rest: request.pathname || '/' };
}
