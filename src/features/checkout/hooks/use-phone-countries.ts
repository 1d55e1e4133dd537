/** The countries a contact's phone number may be from, by name in the storefront's language. */
import { useMemo } from 'react';
import type { Storefront } from '../../../../domain/storefront/storefronts';
import { COUNTRIES } from '../../../../domain/validation/address';
import { phoneCodeOf } from '../../../../domain/validation/contact';
import { languageTag } from '../../../shell/storefront-label';

export interface PhoneCountry {
  readonly code: string;
  readonly name: string;
  readonly phoneCode: string;
}

export function usePhoneCountries(storefront: Storefront): readonly PhoneCountry[] {
  return useMemo(() => {
    const tag = languageTag(storefront);
    const names = new Intl.DisplayNames([tag], { type: 'region' });
    return COUNTRIES.flatMap((c) => {
      const code = phoneCodeOf(c.code);
      return code ? [{ code: c.code, name: names.of(c.code) ?? c.name, phoneCode: code }] : [];
    }).sort((a, b) => a.name.localeCompare(b.name, tag));
  }, [storefront]);
}
