/**
 * The storefront the root of the site opens (SPEC 2.2, 3 "previous locale"): the one the
 * visitor used last, else the one configured for the host, else the one for the visitor's
 * country (and language, in Canada), else en-us. The server answers `/` with a redirect there
 * on a first visit; the installed app, whose worker answers `/` itself, decides the same way.
 */
import { localeForCountry } from './country-locale';
import { resolveLocale, type HostLocales } from './resolve-locale';
import { DEFAULT_LOCALE, isLocale, type Locale } from './storefronts';

/**
 * The cookie that carries the storefront used last to the server, so that `/` redirects there
 * before any script runs. A preference, not an identity: one of the ten locale names.
 */
export const PREVIOUS_LOCALE_COOKIE = 'store_locale';

/** The languages with a sign-in address of their own, /{language}/login (SPEC 2.1). */
export const LOGIN_LANGUAGES = ['en', 'fr', 'nl', 'es'] as const;

const OUTSIDE_STOREFRONTS = new RegExp(
  `^/(?:auth(?:/|$)|(?:${LOGIN_LANGUAGES.join('|')})/login/?$)`,
);

/**
 * Addresses that belong to no storefront, which a storefront's host leaves as they are: the
 * sign-in return (/auth/...) and the languages' sign-in pages (/en/login).
 */
export function belongsToNoStorefront(pathname: string): boolean {
  return OUTSIDE_STOREFRONTS.test(pathname);
}

export interface RootVisit {
  /** The storefront used last, as stored (anything else is ignored). */
  readonly remembered?: string | null | undefined;
  readonly host: string;
  readonly hosts: HostLocales;
  /** The visitor's country, as the proxy in front says it. */
  readonly country?: string | null | undefined;
  /** The visitor's languages, most preferred first. */
  readonly languages?: readonly string[];
}

export function entryLocale(visit: RootVisit): Locale {
  if (visit.remembered && isLocale(visit.remembered)) return visit.remembered;
  const byHost = resolveLocale({ host: visit.host, pathname: '/' }, visit.hosts);
  if (byHost.source === 'host') return byHost.locale;
  return localeForCountry(visit.country, visit.languages) ?? DEFAULT_LOCALE;
}

/** The languages of an Accept-Language header, most preferred first ("*" and q=0 left out). */
export function acceptedLanguages(header: string | undefined): string[] {
  if (!header) return [];
  return header
    .split(',')
    .slice(0, 20)
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params
        .map((param) => /^\s*q\s*=\s*([0-9.]+)\s*$/.exec(param)?.[1])
        .find((value) => value !== undefined);
      return { tag: tag.trim(), q: q === undefined ? 1 : Number(q), index };
    })
    .filter(({ tag, q }) => /^[A-Za-z]{1,8}(-[A-Za-z0-9]{1,8})*$/.test(tag) && q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index)
    .map(({ tag }) => tag);
}
