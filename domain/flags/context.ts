/**
 * The feature-flag context (SPEC 3): kind 'user'; the user id as key, or 'anonymous' for
 * visitors; the site, store, locale and country.
 */

export const ANONYMOUS_KEY = 'anonymous';

export interface FlagContext {
  readonly kind: 'user';
  readonly key: string;
  readonly anonymous: boolean;
  readonly siteUid: string;
  readonly storeUid: string;
  readonly locale: string;
  readonly country: string;
}

export interface FlagContextInput {
  readonly userId: string | null;
  readonly siteUid: string;
  readonly storeUid: string;
  readonly locale: string;
  readonly country: string;
}

/** The context for a signed-in user, or the anonymous one for a visitor. */
export function flagContext(input: FlagContextInput): FlagContext {
  const userId = input.userId?.trim() ?? '';
  const anonymous = userId === '';
  return {
    kind: 'user',
    key: anonymous ? ANONYMOUS_KEY : userId,
    anonymous,
    siteUid: input.siteUid,
    storeUid: input.storeUid,
    locale: input.locale,
    country: input.country,
  };
}

export interface FlagContextPlace {
  readonly storeId: string;
  readonly locale: string;
  readonly defaultCountry: string;
}

/**
 * The one context a page's flags are evaluated with, by the browser and by the server alike
 * (decision 058): the storefront's site and store and locale; for a signed-in user their id
 * and the country they registered in, for a visitor the country a proxy named, else the
 * storefront's own.
 */
export function flagContextFor(
  user: { readonly id: string; readonly registrationCountry: string | null } | null,
  storefront: FlagContextPlace,
  visitorCountry: string | null,
): FlagContext {
  const registered = user?.registrationCountry?.trim().toUpperCase() ?? '';
  return flagContext({
    userId: user?.id ?? null,
    siteUid: storefront.storeId,
    storeUid: storefront.storeId,
    locale: storefront.locale,
    country: registered || (visitorCountry ?? storefront.defaultCountry),
  });
}
