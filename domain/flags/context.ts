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
