/**
 * The store's message catalogs on the server, for mails (decision 027): locales/{en,fr,nl,es}
 * /messages.po read once at start and compiled with Lingui's own compiler, so a translation
 * may use anything Lingui's message format has (placeholders, plurals, selects). A message a
 * catalog does not translate (yet), or translates into something that does not compile,
 * reads as in the English catalog, and failing that as the descriptor's own English text.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { setupI18n, type I18n } from '@lingui/core';
// Lingui's compiler ships with @lingui/core (its dependency, at the same version).
import {
  compileMessage,
  compileMessageOrThrow,
  type CompiledMessage,
} from '@lingui/message-utils/compileMessage';
import type { Translate } from '../../../domain/mail/templates';
import { mailLanguageOf } from '../../../domain/mail/mail-language';
import type { StoreLanguage } from '../../../domain/storefront/storefronts';
import { ROOT_DIR } from '../config';
import { readPoCatalog } from '../i18n/po-catalog';

export const MAIL_LANGUAGES = ['en', 'fr', 'nl', 'es'] as const satisfies readonly StoreLanguage[];

export const LOCALES_DIR = path.join(ROOT_DIR, 'locales');

export interface MailTranslations {
  /** The translation function of a storefront locale's language (`fr-ca` → French). */
  readonly translate: (locale: string) => Translate;
}

/** A catalog's translated messages, compiled; empty or broken translations left out. */
function readCatalog(localesDir: string, language: string): Record<string, CompiledMessage> {
  const file = path.join(localesDir, language, 'messages.po');
  if (!existsSync(file)) return {};
  const compiled: Record<string, CompiledMessage> = {};
  for (const [id, text] of readPoCatalog(readFileSync(file, 'utf8'))) {
    if (text.trim() === '') continue;
    try {
      compiled[id] = compileMessageOrThrow(text);
    } catch {
      // A translation Lingui cannot read falls back to English rather than failing a mail.
    }
  }
  return compiled;
}

export function loadMailTranslations(localesDir: string = LOCALES_DIR): MailTranslations {
  const english = readCatalog(localesDir, 'en');
  const byLanguage = new Map<string, I18n>();
  for (const language of MAIL_LANGUAGES) {
    const messages =
      language === 'en' ? english : { ...english, ...readCatalog(localesDir, language) };
    const i18n = setupI18n({ locale: language, messages: { [language]: messages } });
    // The descriptor's English text, used when no catalog has the message, is compiled on use.
    i18n.setMessagesCompiler(compileMessage);
    byLanguage.set(language, i18n);
  }
  return {
    translate: (locale) => {
      const i18n = byLanguage.get(mailLanguageOf(locale)) ?? byLanguage.get('en');
      if (!i18n) throw new Error('No English catalog for mails');
      return (descriptor, values) =>
        i18n._(descriptor.id, values ?? {}, { message: descriptor.message });
    },
  };
}

/** The catalogs read when first asked for (an operator's `npm run mail`), then kept. */
export function mailTranslationsOnDemand(localesDir: string = LOCALES_DIR): () => MailTranslations {
  let loaded: MailTranslations | undefined;
  return () => (loaded ??= loadMailTranslations(localesDir));
}
