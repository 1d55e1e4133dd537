/**
 * Mails in the buyer's language from the store's catalogs: a translated message in the
 * catalog's words (plurals too), anything untranslated or broken in English.
 */
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ORDER_CONFIRMATION_MESSAGES as M } from '../../../domain/mail/order-confirmation';
import { ORDER_STATUS_LABELS } from '../../../domain/order/status';
import { tempDir } from '../../../tests/support/temp-dir';
import { loadMailTranslations } from './translations';

const po = (entries: Record<string, string>) =>
  [
    'msgid ""',
    'msgstr ""',
    '"Language: fr\\n"',
    '',
    ...Object.entries(entries).flatMap(([id, text]) => [
      '#. js-lingui-explicit-id',
      `msgid ${JSON.stringify(id)}`,
      `msgstr ${JSON.stringify(text)}`,
      '',
    ]),
  ].join('\n');

describe('mail translations', () => {
  let dir: string | undefined;
  afterEach(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
    dir = undefined;
  });

  it('reads the store’s catalogs: French for fr-ca, English for en-gb and unknown locales', () => {
    const translations = loadMailTranslations();
    expect(translations.translate('fr-ca')(ORDER_STATUS_LABELS.open)).toBe('Ouverte');
    expect(translations.translate('en-gb')(ORDER_STATUS_LABELS.open)).toBe('Open');
    expect(translations.translate('xx')(ORDER_STATUS_LABELS.open)).toBe('Open');
  });

  it('falls back to English for what a catalog leaves untranslated or cannot compile', async () => {
    dir = await tempDir('store-mail-po-');
    for (const language of ['en', 'fr']) await mkdir(path.join(dir, language));
    await writeFile(path.join(dir, 'en', 'messages.po'), po({ [M.heading.id]: M.heading.message }));
    await writeFile(
      path.join(dir, 'fr', 'messages.po'),
      po({
        [M.subject.id]: 'Votre commande {webReference}',
        [M.heading.id]: '',
        [M.greeting.id]: 'Bonjour {name',
        'mail.test.plural': '{count, plural, one {# article} other {# articles}}',
      }),
    );
    const fr = loadMailTranslations(dir).translate('fr-ca');
    expect(fr(M.subject, { webReference: 'W0000000427' })).toBe('Votre commande W0000000427');
    expect(fr(M.heading)).toBe('Thank you for your order');
    expect(fr(M.greeting, { name: 'Dana' })).toBe('Hello Dana,');
    expect(fr({ id: 'mail.test.plural', message: '{count} items' }, { count: 3 })).toBe(
      '3 articles',
    );
    // A language with no catalog at all reads in English.
    expect(loadMailTranslations(dir).translate('nl-nl')(M.subject, { webReference: 'W1' })).toBe(
      'Your order W1',
    );
  });
});
