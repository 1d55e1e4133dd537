/**
 * Lingui runtime: one catalog per content language (SPEC 2.2), loaded on demand so a page
 * only downloads the language it shows.
 */
import { i18n } from '@lingui/core';
import type { StoreLanguage } from '../../domain/storefront/storefronts';

export { i18n };

export async function activateLanguage(language: StoreLanguage): Promise<void> {
  if (i18n.locale === language) return;
  const { messages } = (await import(`../../locales/${language}/messages.po`)) as {
    messages: Record<string, string>;
  };
  i18n.loadAndActivate({ locale: language, messages });
}
