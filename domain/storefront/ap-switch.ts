/**
 * The Asia-Pacific automatic locale switch (SPEC 4.5): a user registered in a country of one
 * Asia-Pacific storefront who is on its sibling storefront is moved to their own, with the
 * currency switch flagged.
 */
import type { Locale } from './storefronts';

/** SPEC 4.5: registration country to locale. */
export const AP_REGISTRATION_LOCALES: Readonly<Record<string, Locale>> = {
  KH: 'ja-jp',
  ID: 'ja-jp',
  JP: 'ja-jp',
  LA: 'ja-jp',
  MM: 'ja-jp',
  KR: 'ja-jp',
  PH: 'ja-jp',
  TW: 'ja-jp',
  TH: 'ja-jp',
  VN: 'ja-jp',
  MO: 'ja-jp',
  HK: 'ja-jp',
  SG: 'zh-sg',
  AU: 'en-au',
  NZ: 'en-nz',
};

/** SPEC 4.5: sibling pairs. */
export const AP_SIBLINGS: Readonly<Partial<Record<Locale, Locale>>> = {
  'ja-jp': 'zh-sg',
  'zh-sg': 'ja-jp',
  'en-au': 'en-nz',
  'en-nz': 'en-au',
};

export interface ApSwitch {
  readonly from: Locale;
  readonly to: Locale;
  readonly registrationCountry: string;
}

/** The switch to make, or null when the user is where they belong (or not in the AP region). */
export function apLocaleSwitch(
  registrationCountry: string | null | undefined,
  currentLocale: Locale,
): ApSwitch | null {
  if (!registrationCountry) return null;
  const country = registrationCountry.toUpperCase();
  const target = AP_REGISTRATION_LOCALES[country];
  if (!target || target === currentLocale) return null;
  if (AP_SIBLINGS[target] !== currentLocale) return null;
  return { from: currentLocale, to: target, registrationCountry: country };
}

/** The current path moved to another storefront: /zh-sg/cart becomes /ja-jp/cart. */
export function pathInLocale(pathname: string, from: Locale, to: Locale): string {
  const prefix = `/${from}`;
  if (pathname === prefix || pathname.startsWith(`${prefix}/`)) {
    return `/${to}${pathname.slice(prefix.length)}`;
  }
  return `/${to}/`;
}
