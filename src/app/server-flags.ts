/**
 * Server rendering only (decision 038): the flags of a first visit, as the store's bootstrap
 * evaluates them for this visitor's storefront and country, so a rendered page shows what the
 * browser will show (a VAT note, say) and hydrates without a change. Loaded only on the
 * server; the browser has its own bootstrap.
 */
import { resolveFlags, type FlagValues } from '../../domain/flags/flags';
import { bootstrapSchema } from '../../domain/shared/bootstrap';
import type { Locale } from '../../domain/storefront/storefronts';
import { httpFetch } from '../infra/http';

export async function visitorFlags(locale: Locale): Promise<FlagValues | null> {
  try {
    const response = await httpFetch(`/api/bootstrap?locale=${locale}`, {
      headers: { accept: 'application/json' },
    });
    if (!response.ok) return null;
    const bootstrap = bootstrapSchema.safeParse(await response.json());
    return bootstrap.success ? resolveFlags(bootstrap.data.flags) : null;
  } catch {
    return null;
  }
}
