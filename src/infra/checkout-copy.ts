/**
 * The wording of checkout from the content service (SPEC 7.1): `graphql/execute.json` with
 * the spec's locale mapping, read at data.checkout.item. Any failure logs 'AEM error' (SPEC 8)
 * and gives null, so the built-in wording stays. Loaded with checkout only.
 */
import { checkoutCopyResponseSchema } from '../../domain/content/schemas';
import { checkoutContentPath } from '../../domain/storefront/addresses';
import type { Locale } from '../../domain/storefront/storefronts';

const TIMEOUT_MS = 8_000;

export async function loadCheckoutCopy(
  locale: Locale,
): Promise<Readonly<Record<string, string>> | null> {
  try {
    const url = checkoutContentPath(locale);
    const response = await fetch(url, {
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    if (!response.ok) throw new Error(`${url} answered ${response.status}`);
    return checkoutCopyResponseSchema.parse(await response.json()).data.checkout.item;
  } catch (error) {
    console.error('AEM error', error);
    return null;
  }
}
